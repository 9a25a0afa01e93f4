CREATE TABLE "site_replica_version" (
	"id" integer PRIMARY KEY NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	"xact" text
);
--> statement-breakpoint
INSERT INTO "site_replica_version" ("id", "n") VALUES (1, 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Once per transaction: the first of its changed rows moves the version (and notes the transaction); the
-- others find it noted and change nothing, so a transaction of 30,000 rows costs one update, not 30,000 of
-- one row. An upsert, so a lost row comes back.
CREATE FUNCTION site_replica_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO site_replica_version AS v (id, n, xact) VALUES (1, 1, pg_current_xact_id()::text)
    ON CONFLICT (id) DO UPDATE SET n = v.n + 1, xact = EXCLUDED.xact
    WHERE v.xact IS DISTINCT FROM EXCLUDED.xact;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Deferred to the commit: a writer takes the version row last, as it commits, never before it takes or waits
-- for a rental's row, so two writers cannot deadlock on it.
CREATE CONSTRAINT TRIGGER site_replica_version_added AFTER INSERT OR DELETE ON site_replica_properties
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION site_replica_version_bump();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER site_replica_version_moved AFTER UPDATE ON site_replica_properties
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.seq IS DISTINCT FROM NEW.seq)
  EXECUTE FUNCTION site_replica_version_bump();
--> statement-breakpoint
CREATE TRIGGER site_replica_version_emptied AFTER TRUNCATE ON site_replica_properties
  FOR EACH STATEMENT EXECUTE FUNCTION site_replica_version_bump();
