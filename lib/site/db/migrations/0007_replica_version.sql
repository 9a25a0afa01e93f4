CREATE TABLE "site_replica_version" (
	"id" integer PRIMARY KEY NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "site_replica_version" ("id", "n") VALUES (1, 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE FUNCTION site_replica_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE site_replica_version SET n = n + 1 WHERE id = 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Deferred to the commit: the version row is locked only as a change commits, never while a transaction still
-- holds (or waits for) rental rows, so two writers cannot deadlock on it.
CREATE CONSTRAINT TRIGGER site_replica_version_added AFTER INSERT OR DELETE ON site_replica_properties
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION site_replica_version_bump();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER site_replica_version_moved AFTER UPDATE ON site_replica_properties
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.seq IS DISTINCT FROM NEW.seq)
  EXECUTE FUNCTION site_replica_version_bump();
--> statement-breakpoint
CREATE TRIGGER site_replica_version_emptied AFTER TRUNCATE ON site_replica_properties
  FOR EACH STATEMENT EXECUTE FUNCTION site_replica_version_bump();
