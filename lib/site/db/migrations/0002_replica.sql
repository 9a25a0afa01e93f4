CREATE SEQUENCE IF NOT EXISTS "site_replica_seq";
--> statement-breakpoint
CREATE TABLE "site_replica_properties" (
	"property_id" integer PRIMARY KEY NOT NULL,
	"summary" jsonb,
	"rates" jsonb,
	"booked" jsonb,
	"content_at" text,
	"rates_at" text,
	"availability_at" text,
	"images_at" text,
	"due" text[] DEFAULT '{}'::text[] NOT NULL,
	"removed" boolean DEFAULT false NOT NULL,
	"seq" integer DEFAULT nextval('site_replica_seq') NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_replica_state" (
	"name" text PRIMARY KEY NOT NULL,
	"phase" text NOT NULL,
	"next_page" integer DEFAULT 1 NOT NULL,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"calls" integer DEFAULT 0 NOT NULL,
	"locations" jsonb,
	"locations_at" timestamp with time zone,
	"holder" text,
	"lease_until" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "site_replica_seq_idx" ON "site_replica_properties" USING btree ("seq");