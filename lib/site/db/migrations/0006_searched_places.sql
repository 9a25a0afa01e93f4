CREATE TABLE "site_searched_places" (
	"location_id" integer PRIMARY KEY NOT NULL,
	"searches" integer DEFAULT 0 NOT NULL,
	"last_at" timestamp with time zone
);
