import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { runActivityBatch } from '@/lib/catalog-api/activity';
import { removeProperty } from '@/lib/catalog-api/writers';
import { catalog, catalogClient, tags } from '@/lib/catalog-client';
import { AREAS } from '@/lib/contract';
import { Random } from '@/lib/sandbox/demo/random';
import { replicaProperties } from '@/lib/site/db/schema';
import { lastSync, runCatalogSync } from '@/lib/site/sync';
import { serveService } from './http';
import { rows, setupService } from './service';
import { setupSite } from './site';

/*
 * The change-feed sync against the built-in service over HTTP: after a catalog activity batch and one
 * sync run, exactly the changed areas are fetched again, and nothing else.
 */

const service = setupService({ properties: 80, seed: 47 });
let upstream: Awaited<ReturnType<typeof serveService>>;
beforeAll(async () => {
  upstream = await serveService();
});
// A generous timeout: this file measures which areas are fetched, not how fast a busy machine answers.
const site = setupSite({ upstream: () => upstream.url, env: { UPSTREAM_TIMEOUT_MS: '10000' } });

const liveIds = async () =>
  (
    await rows<{ id: number }>(service.db, sql`SELECT id FROM properties WHERE status = 'live' ORDER BY id`)
  ).map((r) => r.id);

const sync = () => {
  const cache = catalog().cache;
  return runCatalogSync({
    db: site.db,
    client: catalogClient(),
    expire: (list) => {
      for (const tag of list) cache.expireTag(tag);
    },
    clear: () => cache.clear(),
  });
};

/**
 * Reads every area of every property through the cached catalog, as page views would: eight properties at
 * a time (hundreds at once would only measure how long the in-process service takes to queue them). A 404
 * (a removed property) is an answer; any other failure fails the test.
 */
async function viewAll(ids: number[]) {
  const c = catalog();
  const gone = (e: unknown) => {
    if ((e as { status?: number }).status !== 404) throw e;
  };
  for (let i = 0; i < ids.length; i += 8) {
    await Promise.all(
      ids.slice(i, i + 8).map(async (id) => {
        await c.property(id).catch(gone);
        await c.rates(id).catch(gone);
        await c.availability(id).catch(gone);
        await c.images(id).catch(gone);
      }),
    );
  }
}

/** What reached the upstream, as `property:{id}:{area}` tags. */
function fetchedAreas(requests: string[]): string[] {
  return requests
    .map((r) => r.match(/^GET \/v2\/properties\/(\d+)(?:\/(rates|availability|images))?/))
    .filter((m): m is RegExpMatchArray => m !== null)
    .map((m) => `property:${m[1]}:${m[2] ?? 'content'}`)
    .sort();
}

let viewed: number[] = [];

describe('the change-feed sync', () => {
  it('sets a baseline on its first run, then refetches exactly the areas an activity batch changed', async () => {
    const first = await sync();
    const ids = await liveIds();
    expect(first).toMatchObject({ since: null, listed: ids.length, added: ids.length, pages: 1 });
    // The site's record of area times (the replica's rows) holds every live property.
    expect(await site.db.select().from(replicaProperties).where(sql`NOT removed`)).toHaveLength(ids.length);

    // Warm: every area of every property once, then nothing more reaches the upstream.
    await viewAll(ids);
    expect(fetchedAreas(upstream.take())).toHaveLength(ids.length * 4);
    await viewAll(ids);
    expect(upstream.take()).toEqual([]);

    // The catalog changes (bookings, a hold, a rate edit, reordered photos, perhaps a removal).
    const changes = await runActivityBatch(
      service.db,
      new Random(5),
      new Date(Date.now() + 1000).toISOString(),
    );
    expect(changes.length).toBeGreaterThan(3);
    const expected = new Set<string>();
    for (const c of changes) {
      if (c.change === 'removed' || c.change === 'published')
        for (const a of AREAS) expected.add(tags.area(c.propertyId, a));
      else expected.add(tags.area(c.propertyId, c.change));
    }

    const second = await sync();
    expect(second.since).not.toBeNull();
    expect(new Set(second.expired)).toEqual(new Set([...expected, tags.catalog]));

    // Views of every property known before or after (a published draft is new, a removed one is gone).
    viewed = [...new Set([...ids, ...(await liveIds())])];
    await viewAll(viewed);
    expect(fetchedAreas(upstream.take())).toEqual([...expected].sort());
  });

  it('resumes from its stored cursor: a run with nothing new expires nothing', async () => {
    const state = await lastSync(site.db);
    expect(state?.cursor).toBeInstanceOf(Date);
    const quiet = await sync();
    expect(quiet.since).toBe(
      new Date(state!.cursor!.getTime() - 65 * 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    );
    expect(quiet.expired).toEqual([]);
    upstream.take();
    await viewAll(viewed);
    expect(fetchedAreas(upstream.take())).toEqual([]);
  });

  it('drops a removed property and expires its areas and the searches', async () => {
    const [id] = await liveIds();
    await catalog().search({ per_page: 10 });
    await removeProperty(service.db, id!, new Date(Date.now() + 2000).toISOString());
    const run = await sync();
    expect(run.removed).toContain(id);
    expect(run.expired).toEqual(
      expect.arrayContaining([...AREAS.map((a) => tags.area(id!, a)), tags.catalog]),
    );
    // The record no longer holds it as live (its row stays, removed, for the replica's other instances).
    expect(
      await site.db.select().from(replicaProperties).where(sql`property_id = ${id} AND NOT removed`),
    ).toEqual([]);
    upstream.take();
    await catalog().search({ per_page: 10 });
    expect(upstream.take()).toHaveLength(1);
    // The page of a property that left the catalog is not found.
    await expect(catalog().property(id!)).rejects.toMatchObject({ status: 404 });
  });
});
