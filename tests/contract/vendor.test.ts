import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as search from '@/app/api/search/route';
import { catalog, catalogClient, hasNextPage, tags } from '@/lib/catalog-client';
import type { TolerantPropertyChange } from '@/lib/contract';
import { addDays, today } from '@/lib/dates';
import { recordFeed } from '@/lib/site/area-times';
import { replicaProperties } from '@/lib/site/db/schema';
import { calendarWindow, propertyAreas } from '@/lib/site/property-page';
import { fxRates } from '@/lib/site/replica/fx';
import { replicaChanged, replicaIndex } from '@/lib/site/replica/in-memory';
import { availabilityWindow, runReplicaWork } from '@/lib/site/replica/load';
import { searchIndex } from '@/lib/site/search/from-replica';
import { runCatalogSync } from '@/lib/site/sync';
import { FAULTS, startVendor, TREATMENTS, type Vendor } from '../../scripts/foreign/vendor';
import { serveService, switchableUpstream } from './http';
import { rows, setupService } from './service';
import { call, configure, setupSite } from './site';

/*
 * The site's server side against a vendor we did not write (scripts/foreign/vendor.ts): the built-in
 * service behind a proxy that answers only as the API document allows — `next` left out on the last page,
 * removed items with nothing but `id` and `status`, holds to 9999-12-31 returned whole, unknown fields
 * and values, and single areas of single properties failing or slow. Each finding of the foreign-upstream
 * probe is held here; the foreign lane (tests/foreign) runs the production build through the same vendor.
 */

const service = setupService({ properties: 60, seed: 47 });
let real: Awaited<ReturnType<typeof serveService>>;
let vendor: Vendor;
let faulty: Vendor;
beforeAll(async () => {
  real = await serveService();
  const origin = real.url.replace(/\/v2$/, '');
  vendor = await startVendor(
    { changes: ['unknown-fields', 'nulls', 'open-ended', 'minimal-changes', 'no-next', 'extreme'] },
    origin,
  );
  faulty = await startVendor({ slowMs: 2000 }, origin);
});
afterAll(async () => {
  await vendor?.close();
  await faulty?.close();
});
let target = () => vendor.url;
const site = setupSite({
  upstream: () => target(),
  env: {
    UPSTREAM_TIMEOUT_MS: '1000',
    UPSTREAM_BUDGET_PER_MINUTE: '10000000',
    UPSTREAM_BUDGET_PER_HOUR: '10000000',
    SVC_RATE_LIMIT_PER_MINUTE: '10000000',
    SVC_RATE_LIMIT_PER_HOUR: '10000000',
  },
});
/** Points the site's client at another upstream (a fresh client: no cache, no paused budget). */
async function use(upstream: () => string) {
  target = upstream;
  configure({ SVC_BASE_URL: upstream() });
}

let live: number[] = [];
beforeAll(async () => {
  live = (
    await rows<{ id: number }>(service.db, sql`SELECT id FROM properties WHERE status = 'live' ORDER BY id`)
  ).map((r) => r.id);
});
const quick = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.min(ms, 20)));

describe('listings that end as the document allows', () => {
  it('reads a last page whose `next` is absent, empty or null, and stops there', () => {
    expect(hasNextPage({}, 3, 50)).toBe(false);
    expect(hasNextPage({ next: '' }, 3, 50)).toBe(false);
    expect(hasNextPage({ next: null }, 3, 50)).toBe(false);
    expect(hasNextPage({ next: '/properties?page=4' }, 3, 50)).toBe(true);
    // A page past the end is empty, and a `next` that never ends stops at the ceiling.
    expect(hasNextPage({ next: '/properties?page=4' }, 3, 0)).toBe(false);
    expect(hasNextPage({ next: '/properties?page=1001' }, 1000, 50)).toBe(false);
  });

  it('answers the last page of an upstream search (it was a 502: `next` missing failed the parse)', async () => {
    await use(() => vendor.url);
    const first = await call(search.GET, '/api/search?per_page=20&sort=id');
    expect(first.status).toBe(200);
    expect(first.body.source).toBe('upstream');
    // The replica has not started here: the results say prices are loading, and the browser keeps no copy.
    expect(first.body.loading).toEqual({ percent: 0, seconds_left: null });
    expect(first.headers.get('cache-control')).toBe('no-store');
    const pages = first.body.pagination.total_pages;
    expect(pages).toBeGreaterThan(1);
    const last = await call(search.GET, `/api/search?per_page=20&sort=id&page=${pages}`);
    expect(last.status).toBe(200);
    expect(last.body.pagination.next).toBeNull();
    expect(last.body.properties.length).toBeGreaterThan(0);
    // The vendor did leave it out.
    const raw = await fetch(`${vendor.url}/properties?per_page=20&page=${pages}`, {
      headers: { 'X-SVC-API-TOKEN': 'svc_test_demo_full_access' },
    }).then((r) => r.json());
    expect('next' in raw.pagination).toBe(false);
  });
});

describe('the change feed as the document describes its items', () => {
  it('syncs through removed items that carry only `id` and `status`, and moves its cursor', async () => {
    await use(() => vendor.url);
    const expired: string[][] = [];
    const deps = {
      db: site.db,
      client: catalogClient(),
      expire: (t: string[]) => void expired.push(t),
      clear: () => {},
    };
    const first = await runCatalogSync(deps);
    expect(first.since).toBeNull();
    // Every later run asks with `since`: the vendor then names a property we never listed, removed, with
    // nothing but its id and status, and leaves `next` empty on the last page.
    const second = await runCatalogSync(deps);
    expect(second.since).not.toBeNull();
    expect(second.removed).toContain(2_000_000_000);
    const third = await runCatalogSync(deps);
    expect(new Date(third.startedAt).getTime()).toBeGreaterThan(new Date(second.startedAt).getTime());
  });

  it('treats a live item without area times, or of a status it does not know, as changed everywhere', async () => {
    const proxy = await switchableUpstream(() => real.url);
    await use(() => proxy.url);
    const deps = { db: site.db, client: catalogClient(), expire: () => {}, clear: () => {} };
    await runCatalogSync(deps);
    const [a, b] = live;
    proxy.set({
      kind: 'rewrite',
      edit: (body) =>
        body.changes
          ? {
              ...body,
              changes: [
                ...body.changes,
                { id: a, status: 'live' },
                { id: b, status: 'paused', updated_at: '2030-01-01T00:00:00Z' },
              ],
            }
          : body,
    });
    // Each time it is listed so: nothing tells what moved since.
    for (let i = 0; i < 2; i++) {
      const run = await runCatalogSync(deps);
      for (const id of [a, b])
        for (const area of ['content', 'rates', 'availability', 'images'] as const)
          expect(run.expired).toContain(tags.area(id!, area));
      expect(run.removed).not.toContain(a);
      expect(run.removed).not.toContain(b);
    }
  });
});

describe('the replica through a vendor we did not write', { timeout: 180_000 }, () => {
  it('loads with open-ended holds kept to its horizon, and searches them in an instant', async () => {
    await use(() => vendor.url);
    const progress = await runReplicaWork({
      db: site.db,
      client: catalogClient(),
      holder: 'vendor',
      sleep: quick,
      changed: replicaChanged,
    });
    expect(progress).toMatchObject({ phase: 'complete', due: 0, properties: live.length });
    const window = availabilityWindow(today());
    const open = live.filter(TREATMENTS.openEnded);
    expect(open.length).toBeGreaterThan(2);
    const stored = await site.db.select().from(replicaProperties);
    for (const row of stored) {
      for (const r of row.booked?.ranges ?? []) {
        expect(r.checkin >= window.from).toBe(true);
        expect(r.checkout <= addDays(window.to, 1)).toBe(true);
      }
    }
    // Free until the hold starts (150 days after the window's first), never after it.
    const index = await replicaIndex(site.db);
    const q = (checkin: string) =>
      searchIndex(
        index,
        {
          stay: { checkin, checkout: addDays(checkin, 7), adults: 2, children: 0 },
          sort: 'id',
          price: {},
          page: 1,
          perPage: 1000,
          currency: 'EUR',
          params: '',
        },
        today(),
        fxRates(),
      ).properties.map((p) => p.id);
    const later = q(addDays(today(), 400));
    for (const id of open) expect(later).not.toContain(id);
    expect(later.length).toBeGreaterThan(0);
  });

  it('fetches every area of a property the feed names without times, and drops one that is not there', async () => {
    await use(() => vendor.url);
    const [a] = live;
    const result = await recordFeed(
      site.db,
      [
        { id: a!, status: 'live' },
        { id: 1_999_999_999, status: 'paused' },
      ] as TolerantPropertyChange[],
      { full: false },
    );
    expect(result).toMatchObject({ due: 1, added: 1, removed: 0 });
    const due = await site.db
      .select({ id: replicaProperties.propertyId, due: replicaProperties.due })
      .from(replicaProperties)
      .where(sql`${replicaProperties.due} <> '{}'`);
    expect(due.map((r) => r.id).sort()).toEqual([a, 1_999_999_999].sort());
    const progress = await runReplicaWork({
      db: site.db,
      client: catalogClient(),
      holder: 'vendor',
      sleep: quick,
      changed: replicaChanged,
    });
    expect(progress).toMatchObject({ due: 0, properties: live.length });
    const [gone] = await site.db
      .select({ removed: replicaProperties.removed })
      .from(replicaProperties)
      .where(sql`${replicaProperties.propertyId} = 1999999999`);
    expect(gone?.removed).toBe(true);
  });

  it('skips a property whose areas fail and loads the rest; the next pass loads it once they answer', async () => {
    await site.db.execute(sql`DELETE FROM site_replica_properties`);
    await site.db.execute(sql`DELETE FROM site_replica_state`);
    await use(() => faulty.url);
    const progress = await runReplicaWork({
      db: site.db,
      client: catalogClient(),
      holder: 'faulty',
      sleep: quick,
      changed: replicaChanged,
    });
    const failing = live.filter((id) => FAULTS.ratesFail(id) || FAULTS.availabilitySlow(id));
    const gone = live.filter(FAULTS.goneBetweenReads);
    expect(failing.length).toBeGreaterThan(0);
    expect(progress?.phase).toBe('complete');
    // Every property but the failing ones is searchable; the failing ones wait, due; the gone ones are removed.
    expect(progress?.due).toBe(failing.filter((id) => !gone.includes(id)).length);
    const index = await replicaIndex(site.db);
    for (const id of live) expect(index.entries.has(id)).toBe(!failing.includes(id) && !gone.includes(id));
    // The vendor mends; the next pass loads what was skipped.
    await use(() => vendor.url);
    const next = await runReplicaWork({
      db: site.db,
      client: catalogClient(),
      holder: 'faulty',
      sleep: quick,
      changed: replicaChanged,
    });
    expect(next?.due).toBe(0);
  });
});

describe('a property page whose areas fail one by one', () => {
  it('keeps the page and drops only the section whose read failed', async () => {
    await use(() => faulty.url);
    const detail = async (id: number) => (await catalog().property(id)).data;
    const images = live.find(
      (id) =>
        FAULTS.imagesFail(id) &&
        !FAULTS.ratesFail(id) &&
        !FAULTS.goneBetweenReads(id) &&
        !FAULTS.availabilitySlow(id),
    )!;
    const withoutPhotos = await propertyAreas(await detail(images));
    expect(withoutPhotos.photos).toEqual([]);
    expect(withoutPhotos.booking.missing).toEqual([]);
    expect(withoutPhotos.rates).not.toBeNull();

    const rates = live.find((id) => FAULTS.ratesFail(id) && !FAULTS.goneBetweenReads(id))!;
    const withoutRates = await propertyAreas(await detail(rates));
    expect(withoutRates.rates).toBeNull();
    expect(withoutRates.booking.missing).toContain('rates');
    expect(withoutRates.booking.fromNightly).toBeNull();

    // Listed, then gone on its own areas: a page without photos, rates or dates, not a failure.
    const gone = live.find(FAULTS.goneBetweenReads)!;
    const empty = await propertyAreas(await detail(gone));
    expect(empty.booking.missing).toEqual(['rates', 'availability']);
  });

  it('sends the calendar only the booked dates it can show, however far a hold runs', async () => {
    await use(() => vendor.url);
    const id = live.find(TREATMENTS.openEnded)!;
    const { booking } = await propertyAreas((await catalog().property(id)).data);
    const { from, to } = calendarWindow(today());
    expect(booking.booked.length).toBeGreaterThan(0);
    for (const r of booking.booked) {
      expect(r.checkin >= from).toBe(true);
      expect(r.checkout <= addDays(to, 1)).toBe(true);
    }
  });
});
