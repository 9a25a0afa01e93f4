import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '@/lib/db/open';
import { openSiteDatabase, type SiteDatabase } from '@/lib/site/db/client';
import { replicaChanged, replicaIndex } from '@/lib/site/replica/in-memory';
import { freshPostgres } from './service';

/*
 * How an instance knows the replica moved: `site_replica_version`, bumped by a trigger in the transaction of
 * every change to a rental's row (migration 0007), read once a second in place of counting and summing every
 * row's `seq`. An index that reads it must see every committed change, a change committed late included (a
 * transaction that took its `seq` before another's and committed after it), and two writers must not wait on
 * each other for it. On Postgres when TEST_DATABASE_URL names one (two connections at once), else PGlite.
 */

let handle: SiteDatabase;
let drop: (() => Promise<void>) | undefined;
beforeAll(async () => {
  const pg = await freshPostgres('replica_version');
  drop = pg?.drop;
  handle = await openSiteDatabase(pg?.url ?? 'memory://');
});
afterAll(async () => {
  await handle.close();
  await drop?.();
});

const db = () => handle.db;
/** The index as a search would have it after this process heard of a change (no one-second wait). */
const fresh = () => {
  replicaChanged();
  return replicaIndex(db());
};
const add = (id: number) =>
  db().execute(sql`INSERT INTO site_replica_properties (property_id) VALUES (${id})`);
const version = async () =>
  Number(
    (
      await executeRows<{ n: string }>(db(), sql`SELECT n::text AS n FROM site_replica_version WHERE id = 1`)
    )[0]?.n ?? 0,
  );
const touch = (id: number) =>
  db().execute(
    sql`UPDATE site_replica_properties SET seq = nextval('site_replica_seq') WHERE property_id = ${id}`,
  );

describe('the replica’s version', () => {
  it('moves with each row added, given a new seq or deleted, and only then', async () => {
    const empty = await fresh();
    await add(1);
    const added = await fresh();
    expect(added.version).not.toBe(empty.version);
    expect(added.seqs.has(1)).toBe(true);

    // A write that gives the row no new seq changes nothing an index holds: the same index answers.
    await db().execute(sql`UPDATE site_replica_properties SET due = '{rates}' WHERE property_id = 1`);
    expect(await fresh()).toBe(added);

    await touch(1);
    const moved = await fresh();
    expect(moved).not.toBe(added);
    expect(moved.seqs.get(1)).toBeGreaterThan(added.seqs.get(1)!);

    await db().execute(sql`DELETE FROM site_replica_properties WHERE property_id = 1`);
    const deleted = await fresh();
    expect(deleted.seqs.has(1)).toBe(false);
  });

  it('moves once for a transaction of many rows, and is read in one lookup', async () => {
    const before = await version();
    await db().execute(
      sql`INSERT INTO site_replica_properties (property_id) SELECT g FROM generate_series(100, 20099) AS g`,
    );
    await db().execute(sql`UPDATE site_replica_properties SET seq = nextval('site_replica_seq')`);
    // One bump a transaction, not one a row (20,000 updates of one row took ~10 s on PGlite).
    expect(await version()).toBe(before + 2);
    const index = await fresh();
    expect(index.seqs.size).toBeGreaterThanOrEqual(20_000);
    const plan = await db().execute(sql`EXPLAIN SELECT n FROM site_replica_version WHERE id = 1`);
    // An index scan of the one-row table, never a scan of the rentals.
    expect(JSON.stringify(plan)).not.toContain('site_replica_properties');
  });
});

describe('the version’s row', () => {
  it('comes back if it is lost, and the next change still moves the index', async () => {
    await db().execute(sql`DELETE FROM site_replica_version`);
    const before = await fresh();
    await add(50_000);
    expect(await version()).toBe(1);
    const after = await fresh();
    expect(after.seqs.has(50_000)).toBe(true);
    expect(after.version).not.toBe(before.version);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('two writers at once (Postgres)', { timeout: 30_000 }, () => {
  it('sees a change committed after a later one, and neither writer waits for the other', async () => {
    await add(10);
    await add(11);
    const before = await fresh();
    let releaseFirst!: () => void;
    const firstMayCommit = new Promise<void>((r) => {
      releaseFirst = r;
    });
    let firstWrote!: () => void;
    const firstHasWritten = new Promise<void>((r) => {
      firstWrote = r;
    });
    // The first takes its seq, then waits to commit until the second has committed.
    const first = db().transaction(async (tx) => {
      await tx.execute(
        sql`UPDATE site_replica_properties SET seq = nextval('site_replica_seq') WHERE property_id = 10`,
      );
      firstWrote();
      await firstMayCommit;
    });
    await firstHasWritten;
    await db().transaction(async (tx) => {
      await tx.execute(
        sql`UPDATE site_replica_properties SET seq = nextval('site_replica_seq') WHERE property_id = 11`,
      );
    });
    const between = await fresh();
    expect(between.seqs.get(11)).toBeGreaterThan(before.seqs.get(11)!);
    expect(between.seqs.get(10)).toBe(before.seqs.get(10));
    releaseFirst();
    await first;
    const after = await fresh();
    // Its seq is below the one already seen, yet the version moved with its commit.
    expect(after.seqs.get(10)).toBeGreaterThan(before.seqs.get(10)!);
    expect(after.seqs.get(10)).toBeLessThan(after.seqs.get(11)!);
  });
});
