CREATE TABLE "site_proposals" (
	"id" text PRIMARY KEY NOT NULL,
	"edit_hash" text NOT NULL,
	"share_token" text NOT NULL,
	"status" text NOT NULL,
	"title" text NOT NULL,
	"client_name" text NOT NULL,
	"note" text,
	"reference" text NOT NULL,
	"advisor" jsonb NOT NULL,
	"options" jsonb NOT NULL,
	"expires_on" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"views" integer DEFAULT 0 NOT NULL,
	"first_viewed_at" timestamp with time zone,
	"last_viewed_at" timestamp with time zone,
	"chosen_option" text,
	"chosen_lead" text,
	"chosen_at" timestamp with time zone,
	CONSTRAINT "site_proposals_edit_hash_unique" UNIQUE("edit_hash"),
	CONSTRAINT "site_proposals_share_token_unique" UNIQUE("share_token")
);
--> statement-breakpoint
CREATE TABLE "site_shortlist_items" (
	"id" text PRIMARY KEY NOT NULL,
	"shortlist" text NOT NULL,
	"property_id" integer NOT NULL,
	"checkin" text,
	"checkout" text,
	"adults" integer NOT NULL,
	"children" integer NOT NULL,
	"bedrooms" integer,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_shortlists" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "site_shortlist_items" ADD CONSTRAINT "site_shortlist_items_shortlist_site_shortlists_token_hash_fk" FOREIGN KEY ("shortlist") REFERENCES "public"."site_shortlists"("token_hash") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "site_shortlist_items_property" ON "site_shortlist_items" USING btree ("shortlist","property_id");