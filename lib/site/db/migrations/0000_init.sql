CREATE TABLE "site_leads" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"reference" text NOT NULL,
	"request" jsonb NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"claimed_until" timestamp with time zone,
	"last_error" jsonb,
	"upstream_id" integer,
	"agent" jsonb,
	"test" boolean,
	"request_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "site_property_areas" (
	"property_id" integer PRIMARY KEY NOT NULL,
	"content" text,
	"rates" text,
	"availability" text,
	"images" text
);
--> statement-breakpoint
CREATE TABLE "site_sync_state" (
	"name" text PRIMARY KEY NOT NULL,
	"cursor" timestamp with time zone,
	"last_run_at" timestamp with time zone,
	"last_summary" jsonb
);
--> statement-breakpoint
CREATE INDEX "site_leads_due" ON "site_leads" USING btree ("status","next_attempt_at");