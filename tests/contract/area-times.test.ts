import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addBookedRange, editRates } from '@/lib/catalog-api/writers';
import { catalog, catalogClient, tags } from '@/lib/catalog-client';
import { addDays, today } from '@/lib/dates';
import { executeRows, openPostgres } from '@/lib/db/open';
import { recordFeed } from '@/lib/site/area-times';
import * as schema from '@/lib/site/db/schema';
import { replicaProperties } from '@/lib/site/db/schema';
import { logger } from '@/lib/site/logger';
import { runReplicaWork } from '@/lib/site/replica/load';
import { runCatalogSync } from '@/lib/site/sync';
import { serveService } from './http';
import { freshPostgres, rows, setupService } from './service';
import { setupSite } from './site';

/*
 * The site's one record of area times (the replica's rows, lib/site/area-times.ts) against the real service
 * over HTTP. Whoever sees a move first, the change-feed sync or the replica's own listing or reconciling
 * feed, records it and expires its cache tags: the cache never keeps the area because the other one
 * recorded the new time first. And the migration that made it one record carries the sync's old rows over.
 */

const service = setupService({ properties: 60, seed: 83 });
let upstream: Awaited<ReturnType<typeof serveService>>;
beforeAll(async () => {
  upstream = await serveService();
});
const unlimited = {
  UPSTREAM_TIMEOUT_MS: '15000',
  UPSTREAM_BUDGET_PER_MINUTE: '10000000',
  UPSTREAM_BUDGET_PER_HOUR: '10000000',
};
const site = setupSite({ upstream: () => upstream.url, env: unlimited });

/** Expiries go to this process's cache, as the broadcast would hand them to it. */
const expire = (list: string[]) => {
  for (const tag of list) catalog().cache.expireTag(tag);
};
const sync = () =>
  runCatalogSync({ db: site.db, client: catalogClient(), expire, clear: () => catalog().cache.clear() });
const quick = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.min(ms, 20)));
const replicaWork = () =>
  runReplicaWork({ db: site.db, client: catalogClient(), holder: 'test', sleep: quick, expire });

const liveIds = async () =>
  (
    await rows<{ id: number }>(service.db, sql`SELECT id FROM properties WHERE status = 'live' ORDER BY id`)
  ).map((r) => r.id);

/** Requests to the upstream for one property's area as pages read it (the replica's own carry `from`). */
const pageReads = (requests: string[], id: number, area: string) =>
  requests.filter((r) => r === `GET /v2/properties/${id}/${area}`);

/** Seconds from now, as the catalog's writers stamp a change. */
const soon = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();

describe('a move seen first by the replica', { timeout: 180_000 }, () => {
  it('expires the area’s cache when the replica’s listing records it before the sync', async () => {
    // The sync's first run: every property recorded, the cache cleared.
    await sync();
    const [moved, still] = await liveIds();
    // A page views both rentals' rates: asked once, then cached.
    const before = (await catalog().rates(moved!)).data;
    await catalog().rates(still!);
    expect(pageReads(upstream.take(), moved!, 'rates')).toHaveLength(1);
    await catalog().rates(moved!);
    expect(pageReads(upstream.take(), moved!, 'rates')).toEqual([]);

    // The catalog edits one rate sheet; the replica's first load lists the catalog before the sync runs again.
    await editRates(service.db, moved!, 1.5, soon(1));
    const progress = await replicaWork();
    expect(progress?.phase).toBe('complete');
    const [row] = await site.db
      .select({ ratesAt: replicaProperties.ratesAt })
      .from(replicaProperties)
      .where(sql`property_id = ${moved}`);
    expect(row?.ratesAt).toBe((await catalog().property(moved!)).data.updated.rates);
    upstream.take();

    // The page asks again: the moved rates come from the upstream, afresh; the others still from the cache.
    const after = (await catalog().rates(moved!)).data;
    await catalog().rates(still!);
    const requests = upstream.take();
    expect(pageReads(requests, moved!, 'rates')).toHaveLength(1);
    expect(pageReads(requests, still!, 'rates')).toEqual([]);
    expect(after.rates[0]?.nightly).not.toBe(before.rates[0]?.nightly);

    // The sync then finds the time already recorded: nothing of that rental left for it to expire.
    const next = await sync();
    expect(next.expired).not.toContain(tags.area(moved!, 'rates'));
  });

  it('expires the area’s cache when the replica’s reconciling feed records it before the sync', async () => {
    const [, , moved] = await liveIds();
    const cached = (await catalog().availability(moved!)).data;
    upstream.take();
    // The first pass's paging done, its reconciling feed still to come; meanwhile a stay is booked.
    await site.db.execute(sql`UPDATE site_replica_state SET phase = 'areas', completed_at = NULL`);
    // A free week within the two years a page's calendar reads.
    let booked = false;
    for (let day = 400; !booked && day < 720; day += 8) {
      const stay = {
        checkin: addDays(today(), day),
        checkout: addDays(today(), day + 7),
        status: 'confirmed' as const,
      };
      booked = await addBookedRange(service.db, moved!, stay, soon(2));
    }
    expect(booked).toBe(true);
    expect((await replicaWork())?.phase).toBe('complete');
    upstream.take();

    const fresh = (await catalog().availability(moved!)).data;
    expect(pageReads(upstream.take(), moved!, 'availability')).toHaveLength(1);
    expect(fresh.booked.length).toBe(cached.booked.length + 1);
    expect((await sync()).expired).not.toContain(tags.area(moved!, 'availability'));
  });
});

describe('the migration to one record (0004_one_area_record)', () => {
  it('carries the sync’s area times into the replica’s rows, and drops its table', async () => {
    const real = path.join(process.cwd(), 'lib/site/db/migrations');
    // The migrations as they stood before this one.
    const earlier = mkdtempSync(path.join(os.tmpdir(), 'site-migrations-'));
    cpSync(real, earlier, { recursive: true });
    const journal = JSON.parse(readFileSync(path.join(earlier, 'meta/_journal.json'), 'utf8'));
    const at = journal.entries.findIndex((e: { tag: string }) => e.tag === '0004_one_area_record');
    expect(at).toBeGreaterThan(0);
    journal.entries = journal.entries.slice(0, at);
    writeFileSync(path.join(earlier, 'meta/_journal.json'), JSON.stringify(journal));
    const pg = await freshPostgres('site_migration');
    // A database that outlives being closed and opened again: Postgres, or PGlite on disk.
    const target = pg?.url ?? path.join(earlier, 'db');
    const options = { schema, migrationsTable: 'site_migrations', logger };
    const old = await openPostgres({ ...options, target, migrationsFolder: earlier });
    try {
      const run = (q: ReturnType<typeof sql>) => executeRows(old.db, q);
      // 1: both know it (the replica had seen a newer rates time); 2: only the sync; 3: only the replica;
      // 4: the replica found it gone.
      await run(sql`INSERT INTO site_property_areas VALUES
        (1, 'c1', 'r1-sync', 'a1', 'i1'), (2, 'c2', 'r2', 'a2', 'i2'), (4, 'c4', 'r4', 'a4', 'i4')`);
      await run(sql`INSERT INTO site_replica_properties
        (property_id, content_at, rates_at, availability_at, images_at, due, removed) VALUES
        (1, 'c1', 'r1-replica', 'a1', 'i1', '{rates}', false), (3, 'c3', 'r3', 'a3', 'i3', '{}', false),
        (4, 'c4-old', 'r4-old', 'a4-old', 'i4-old', '{}', true)`);
    } finally {
      await old.close();
    }
    const migrated = await openPostgres({ ...options, target, migrationsFolder: real });
    try {
      const after = await executeRows<Record<string, unknown>>(
        migrated.db,
        sql`SELECT property_id, content_at, rates_at, availability_at, images_at, due, removed
            FROM site_replica_properties ORDER BY property_id`,
      );
      expect(after).toEqual([
        {
          property_id: 1,
          content_at: 'c1',
          rates_at: 'r1-sync',
          availability_at: 'a1',
          images_at: 'i1',
          due: ['rates'],
          removed: false,
        },
        {
          property_id: 2,
          content_at: 'c2',
          rates_at: 'r2',
          availability_at: 'a2',
          images_at: 'i2',
          due: ['content', 'rates', 'availability'],
          removed: false,
        },
        {
          property_id: 3,
          content_at: 'c3',
          rates_at: 'r3',
          availability_at: 'a3',
          images_at: 'i3',
          due: [],
          removed: false,
        },
        {
          property_id: 4,
          content_at: 'c4-old',
          rates_at: 'r4-old',
          availability_at: 'a4-old',
          images_at: 'i4-old',
          due: [],
          removed: true,
        },
      ]);
      const [gone] = await executeRows<{ t: string | null }>(
        migrated.db,
        sql`SELECT to_regclass('site_property_areas')::text AS t`,
      );
      expect(gone?.t).toBeNull();
      // The record answers as the sync's did: the times it had are no move; the replica's newer one is.
      const same = { content: 'c1', rates: 'r1-sync', availability: 'a1', images: 'i1' };
      const feed = [
        { id: 1, status: 'live', updated_at: 'x', updated: { ...same, rates: 'r1-replica' } },
        {
          id: 2,
          status: 'live',
          updated_at: 'x',
          updated: { content: 'c2', rates: 'r2', availability: 'a2', images: 'i2' },
        },
      ];
      const recorded = await recordFeed(migrated.db, feed, { full: false });
      expect(recorded.expired.sort()).toEqual([tags.area(1, 'rates'), tags.catalog].sort());
      expect(recorded.added).toBe(0);
    } finally {
      await migrated.close();
      rmSync(earlier, { recursive: true, force: true });
      await pg?.drop();
    }
  });
});
