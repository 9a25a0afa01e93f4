CREATE TABLE "agents" (
	"id" serial PRIMARY KEY NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"extension" text NOT NULL,
	"region_id" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "amenities" (
	"property_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"category" text NOT NULL,
	"items" text[] NOT NULL,
	CONSTRAINT "amenities_property_id_position_pk" PRIMARY KEY("property_id","position")
);
--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"key_hash" text NOT NULL,
	"hint" text NOT NULL,
	"label" text NOT NULL,
	"mode" text NOT NULL,
	"scopes" text[] NOT NULL,
	"allow_list" integer[],
	"partner_name" text NOT NULL,
	"advisor_name" text,
	"created_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "bathrooms" (
	"property_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"features" text[] NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	CONSTRAINT "bathrooms_property_id_position_pk" PRIMARY KEY("property_id","position")
);
--> statement-breakpoint
CREATE TABLE "bedrooms" (
	"property_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"sleeps" smallint NOT NULL,
	"beds" jsonb NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	CONSTRAINT "bedrooms_property_id_position_pk" PRIMARY KEY("property_id","position")
);
--> statement-breakpoint
CREATE TABLE "booked_ranges" (
	"id" serial PRIMARY KEY NOT NULL,
	"property_id" integer NOT NULL,
	"checkin" date NOT NULL,
	"checkout" date NOT NULL,
	"checkin_full_day" boolean DEFAULT false NOT NULL,
	"checkout_full_day" boolean DEFAULT false NOT NULL,
	"status" text NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "default_rates" (
	"property_id" integer PRIMARY KEY NOT NULL,
	"id" integer NOT NULL,
	"name" text NOT NULL,
	"rooms" smallint NOT NULL,
	"nightly" numeric(12, 2) NOT NULL,
	"weekly" numeric(12, 2),
	"monthly" numeric(12, 2),
	"min_stay" smallint NOT NULL,
	"balance_days" smallint NOT NULL,
	"currency" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fees" (
	"property_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"currency" text NOT NULL,
	"type" text NOT NULL,
	"type_text" text NOT NULL,
	"refundable" boolean NOT NULL,
	"taxable" boolean NOT NULL,
	CONSTRAINT "fees_property_id_position_pk" PRIMARY KEY("property_id","position")
);
--> statement-breakpoint
CREATE TABLE "images" (
	"id" integer PRIMARY KEY NOT NULL,
	"property_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"caption" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"scene" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inquiries" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"reference" text,
	"property_id" integer,
	"destination_id" integer,
	"destination_name" text,
	"budget_min" integer,
	"budget_max" integer,
	"checkin" date NOT NULL,
	"checkout" date NOT NULL,
	"adults" smallint NOT NULL,
	"children" smallint NOT NULL,
	"bedrooms" smallint,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"message" text,
	"agent_id" integer NOT NULL,
	"key_id" integer NOT NULL,
	"source" text NOT NULL,
	"advisor_name" text
);
--> statement-breakpoint
CREATE TABLE "location_closure" (
	"ancestor_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	CONSTRAINT "location_closure_ancestor_id_location_id_pk" PRIMARY KEY("ancestor_id","location_id")
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" integer PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"name" text NOT NULL,
	"path" text[] NOT NULL,
	"depth" smallint NOT NULL,
	"region_id" integer NOT NULL,
	"latitude" double precision,
	"longitude" double precision
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" serial PRIMARY KEY NOT NULL,
	"property_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"percent" numeric(5, 2) NOT NULL,
	"min_nights" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "properties" (
	"id" integer PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'live' NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"location_id" integer NOT NULL,
	"bedrooms" smallint NOT NULL,
	"bathrooms" smallint NOT NULL,
	"sleeps" smallint NOT NULL,
	"rating" numeric(2, 1),
	"latitude" double precision,
	"longitude" double precision,
	"description" text,
	"location_description" text,
	"amenity_notes" text,
	"staff" text[] DEFAULT '{}'::text[] NOT NULL,
	"inclusions" text,
	"house_rules" text,
	"checkin_time" text DEFAULT '16:00' NOT NULL,
	"checkout_time" text DEFAULT '10:00' NOT NULL,
	"arrival_notes" text DEFAULT '' NOT NULL,
	"policies" jsonb NOT NULL,
	"bedroom_notes" text DEFAULT '' NOT NULL,
	"bathroom_notes" text DEFAULT '' NOT NULL,
	"currency_code" text NOT NULL,
	"rate_notes" text,
	"price_on_request" boolean DEFAULT false NOT NULL,
	"content_updated_at" timestamp with time zone,
	"rates_updated_at" timestamp with time zone,
	"availability_updated_at" timestamp with time zone,
	"images_updated_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "rate_periods" (
	"id" integer PRIMARY KEY NOT NULL,
	"property_id" integer NOT NULL,
	"name" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"rooms" smallint NOT NULL,
	"nightly" numeric(12, 2) NOT NULL,
	"weekly" numeric(12, 2),
	"monthly" numeric(12, 2),
	"min_stay" smallint NOT NULL,
	"balance_days" smallint NOT NULL,
	"currency" text NOT NULL,
	"cancellation_name" text NOT NULL,
	"cancellation_description" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"property_id" integer NOT NULL,
	"author" text NOT NULL,
	"date" date NOT NULL,
	"title" text NOT NULL,
	"text" text NOT NULL,
	"rating" smallint NOT NULL,
	"approved" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_state" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "taxes" (
	"property_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"name" text NOT NULL,
	"rate" numeric(6, 3) NOT NULL,
	"description" text NOT NULL,
	CONSTRAINT "taxes_property_id_position_pk" PRIMARY KEY("property_id","position")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_hash_idx" ON "api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "booked_ranges_property_idx" ON "booked_ranges" USING btree ("property_id","checkin","checkout");--> statement-breakpoint
CREATE INDEX "images_property_idx" ON "images" USING btree ("property_id","position");--> statement-breakpoint
CREATE INDEX "inquiries_email_idx" ON "inquiries" USING btree (lower("email"),"created_at");--> statement-breakpoint
CREATE INDEX "location_closure_loc_idx" ON "location_closure" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "locations_parent_idx" ON "locations" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "locations_path_idx" ON "locations" USING btree ("path");--> statement-breakpoint
CREATE INDEX "promotions_property_idx" ON "promotions" USING btree ("property_id");--> statement-breakpoint
CREATE INDEX "properties_status_id_idx" ON "properties" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "properties_location_idx" ON "properties" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "properties_updated_idx" ON "properties" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "properties_removed_idx" ON "properties" USING btree ("removed_at");--> statement-breakpoint
CREATE INDEX "rate_periods_property_idx" ON "rate_periods" USING btree ("property_id","start_date");--> statement-breakpoint
CREATE INDEX "reviews_property_idx" ON "reviews" USING btree ("property_id","date");