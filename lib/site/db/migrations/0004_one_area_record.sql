-- The change-feed sync's record of area times (site_property_areas) joins the replica's rows, the site's one
-- record of them (lib/site/area-times.ts). Where both hold a live property, the sync's times are kept: a move
-- only the replica had recorded is seen again by the next sync run, which expires its cache tags as before
-- (and the replica fetches that area once more). A property only the sync knew gets a row, every area due.
-- A row the replica marked removed stays removed.
UPDATE "site_replica_properties" AS r
SET "content_at" = a."content", "rates_at" = a."rates", "availability_at" = a."availability", "images_at" = a."images"
FROM "site_property_areas" AS a
WHERE r."property_id" = a."property_id" AND NOT r."removed";
--> statement-breakpoint
INSERT INTO "site_replica_properties" ("property_id", "content_at", "rates_at", "availability_at", "images_at", "due")
SELECT a."property_id", a."content", a."rates", a."availability", a."images", '{content,rates,availability}'::text[]
FROM "site_property_areas" AS a
ON CONFLICT ("property_id") DO NOTHING;
--> statement-breakpoint
DROP TABLE "site_property_areas" CASCADE;
