import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as mapPlaces from '@/app/api/map/places/route';
import * as search from '@/app/api/search/route';
import { runActivityBatch } from '@/lib/catalog-api/activity';
import { removeProperty } from '@/lib/catalog-api/writers';
import { catalog, catalogClient, tags, UpstreamError } from '@/lib/catalog-client';
import { RequestBudget } from '@/lib/catalog-client/budget';
import { createCatalogClient } from '@/lib/catalog-client/client';
import { addDays } from '@/lib/dates';
import { forgetProcessSingleton } from '@/lib/process-singleton';
import { Random } from '@/lib/sandbox/demo/random';
import { installSiteDatabase, openSiteDatabase } from '@/lib/site/db/client';
import { replicaProperties, searchedPlaces } from '@/lib/site/db/schema';
import { flushSearches } from '@/lib/site/replica/demand';
import { fxRates } from '@/lib/site/replica/fx';
import { replicaChanged, replicaIndex } from '@/lib/site/replica/in-memory';
import { loadProgress, replicaProgress, runReplicaWork } from '@/lib/site/replica/load';
import type { SearchRequest } from '@/lib/site/search';
import { cardPrice } from '@/lib/site/search/card-price';
import { searchIndex } from '@/lib/site/search/from-replica';
import { runCatalogSync } from '@/lib/site/sync';
import { listen, serveService } from './http';
import { rows, setupService } from './service';
import { call, setupSite } from './site';

/*
 * The site's replica of the catalog against the built-in service over HTTP: the first load (calls counted),
 * search from the replica equal to the catalog's own answer for the same filters, card prices equal to the
 * quote to the cent, the change feed keeping it equal to a fresh load, a restart mid-load and a 429 storm.
 */

const PROPERTIES = 240;
const service = setupService({ properties: PROPERTIES, seed: 61 });
let upstream: Awaited<ReturnType<typeof serveService>>;
beforeAll(async () => {
  upstream = await serveService();
});
const unlimited = {
  UPSTREAM_TIMEOUT_MS: '15000',
  UPSTREAM_BUDGET_PER_MINUTE: '10000000',
  UPSTREAM_BUDGET_PER_HOUR: '10000000',
  SVC_RATE_LIMIT_PER_MINUTE: '10000000',
  SVC_RATE_LIMIT_PER_HOUR: '10000000',
};
const site = setupSite({ upstream: () => upstream.url, env: unlimited });

const today = new Date().toISOString().slice(0, 10);
const fx = fxRates();
const quick = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.min(ms, 20)));

const liveIds = async () =>
  (
    await rows<{ id: number }>(service.db, sql`SELECT id FROM properties WHERE status = 'live' ORDER BY id`)
  ).map((r) => r.id);

const load = (db = site.db, holder = 'test') =>
  runReplicaWork({ db, client: catalogClient(), holder, sleep: quick });

/** Every id the catalog answers for a query, following its pages. */
async function upstreamIds(query: Record<string, string | number | undefined>) {
  const ids: number[] = [];
  for (let page = 1; ; page++) {
    const { data } = await catalogClient().listProperties({ ...query, page, per_page: 200 });
    ids.push(...data.properties.map((p) => p.id));
    if (!data.pagination.next) return ids;
  }
}

/** A search as the site asks it, written with the catalog's filters (`guests`, `rooms`) where it has them. */
type Query = {
  location?: number;
  checkin?: string;
  checkout?: string;
  guests?: number;
  rooms?: number;
  adults?: number;
  children?: number;
  bedrooms?: number;
  sort?: SearchRequest['sort'];
  currency?: string;
  priceMin?: number;
  priceMax?: number;
};
const baseQuery = (q: Query): SearchRequest => ({
  location: q.location,
  stay: {
    checkin: q.checkin,
    checkout: q.checkout,
    adults: q.adults ?? 2,
    children: q.children ?? 0,
    bedrooms: q.bedrooms ?? q.rooms,
  },
  sleeps: q.guests,
  sort: q.sort ?? 'id',
  price: { min: q.priceMin, max: q.priceMax },
  currency: q.currency ?? 'EUR',
  page: 1,
  perPage: 100_000,
  params: '',
});

async function replicaIds(q: Query) {
  const index = await replicaIndex(site.db);
  const page = searchIndex(index, baseQuery(q), today, fx);
  return { ids: page.properties.map((p) => p.id), unbookable: page.unbookable };
}

/** The replica's rows that a fresh load would also hold, in a comparable shape. */
async function comparable(db: typeof site.db) {
  const all = await db.select().from(replicaProperties).where(sql`NOT removed`);
  return Object.fromEntries(
    all.map((r) => [r.propertyId, { summary: r.summary, rates: r.rates, booked: r.booked, due: r.due }]),
  );
}

let firstLoadCalls = 0;

// Generous: a busy 2-core machine loads a few hundred properties in seconds when quiet, a minute when not.
describe('the replica', { timeout: 180_000 }, () => {
  it('loads every live property: catalog pages, then each rate sheet and calendar, in counted calls', async () => {
    upstream.take();
    const started = performance.now();
    const progress = await load();
    const seconds = (performance.now() - started) / 1000;
    const ids = await liveIds();
    expect(progress).toMatchObject({ phase: 'complete', properties: ids.length, due: 0 });
    const requests = upstream.take();
    firstLoadCalls = progress!.calls;
    // 1 location catalog + ceil(n/200) catalog pages + n rate sheets + n calendars + n details (the
    // filters' amenities and policies) + ceil(n/1000) feed pages.
    const expected = 1 + Math.ceil(ids.length / 200) + 3 * ids.length + Math.ceil(ids.length / 1000);
    expect(requests).toHaveLength(expected);
    expect(firstLoadCalls).toBe(expected);
    expect(requests.filter((r) => r.includes('/rates?'))).toHaveLength(ids.length);
    expect(requests.filter((r) => /\/properties\/\d+(\?|$)/.test(r))).toHaveLength(ids.length);
    // Every rental's detail facts are held for the filters: amenities by category, policies, reviews counted.
    const index = await replicaIndex(site.db);
    for (const e of index.entries.values()) {
      expect(e.summary.amenities?.length, `amenities of ${e.id}`).toBeGreaterThan(0);
      expect(e.summary.policies).toHaveProperty('pets');
      expect(e.summary.review_count).toBeGreaterThanOrEqual(0);
    }
    console.info(`replica first load: ${ids.length} properties, ${expected} calls, ${seconds.toFixed(1)} s`);
  });

  it('places the maps’ labels at the median of each place’s live rentals, beneath it included', async () => {
    const res = await call<{
      places: { id: number; name: string; latitude: number; longitude: number; count: number }[];
    }>(mapPlaces.GET, '/api/map/places');
    expect(res.status).toBe(200);
    // Worked out here from the catalog's own tables: every place with a live, positioned rental in or under it.
    const expected = await rows<{ id: number; name: string; lat: number[]; lng: number[] }>(
      service.db,
      sql`SELECT l.id, l.name, array_agg(p.latitude ORDER BY p.latitude) AS lat, array_agg(p.longitude ORDER BY p.longitude) AS lng
          FROM locations l
          JOIN location_closure c ON c.ancestor_id = l.id
          JOIN properties p ON p.location_id = c.location_id
          WHERE p.status = 'live' AND p.latitude IS NOT NULL AND p.longitude IS NOT NULL
          GROUP BY l.id, l.name ORDER BY l.id`,
    );
    const median = (xs: number[]) => {
      const m = xs.length >> 1;
      return Math.round((xs.length % 2 ? xs[m]! : (xs[m - 1]! + xs[m]!) / 2) * 1e4) / 1e4;
    };
    expect(expected.length).toBeGreaterThan(10);
    expect([...res.body.places].sort((a, b) => a.id - b.id)).toEqual(
      expected.map((l) => ({
        id: l.id,
        name: l.name,
        depth: expect.any(Number),
        latitude: median(l.lat.map(Number)),
        longitude: median(l.lng.map(Number)),
        count: l.lat.length,
      })),
    );
  });

  it('finds the catalog’s properties, less the stays the rules refuse, for 200 random searches', async () => {
    const { data } = await catalogClient().listLocations();
    const locations = data.locations.map((l) => l.id);
    const rng = new Random(1301);
    const sorts = ['id', '-id', 'bedrooms', '-bedrooms', 'sleeps', '-sleeps', 'updated', '-updated'] as const;
    let compared = 0;
    for (let i = 0; i < 200; i++) {
      const q: Record<string, string | number | undefined> = {};
      if (rng.chance(0.7)) q.location = rng.pick(locations);
      if (rng.chance(0.6)) {
        q.checkin = addDays(today, rng.int(0, 500));
        q.checkout = addDays(q.checkin as string, rng.int(1, 21));
      }
      if (rng.chance(0.5)) q.guests = rng.int(1, 12);
      if (rng.chance(0.4)) q.rooms = rng.int(1, 6);
      q.sort = rng.pick(sorts);
      const expected = await upstreamIds(q);
      const got = await replicaIds({
        location: q.location as number | undefined,
        checkin: q.checkin as string | undefined,
        checkout: q.checkout as string | undefined,
        guests: q.guests as number | undefined,
        rooms: q.rooms as number | undefined,
        sort: q.sort as SearchRequest['sort'],
      });
      // The catalog's answer in its order (every sort breaks ties by id), less the rentals free on the dates
      // whose own rules refuse the stay (the catalog's filter knows booked dates, not minimum stays), counted.
      const left = got.unbookable ? got.unbookable.minStay + got.unbookable.tooSmall : 0;
      expect(got.ids, JSON.stringify(q)).toEqual(expected.filter((id) => got.ids.includes(id)));
      expect(expected.length - got.ids.length, JSON.stringify(q)).toBe(left);
      if (!q.checkin) expect(got.unbookable).toBeNull();
      compared++;
    }
    expect(compared).toBe(200);
  });

  it('prices a card as the service quotes the stay, to the cent, for 300 (property, stay, party) samples', async () => {
    const index = await replicaIndex(site.db);
    const ids = [...index.entries.keys()].sort((a, b) => a - b);
    const rng = new Random(2207);
    let priced = 0;
    let refused = 0;
    let onRequest = 0;
    let incomplete = 0;
    for (let tries = 0; priced < 300 && tries < 2000; tries++) {
      const id = rng.pick(ids);
      const checkin = addDays(today, rng.int(0, 420));
      const checkout = addDays(checkin, rng.int(1, 30));
      const adults = rng.int(1, 6);
      const children = rng.int(0, 3);
      const bedrooms = rng.chance(0.3) ? rng.int(1, 5) : undefined;
      const q = baseQuery({ checkin, checkout, adults, children, bedrooms });
      const card = cardPrice(index.entries.get(id)!, { stay: q.stay, currency: q.currency, today }, fx);
      const quote = await catalogClient()
        .getQuote(id, { checkin, checkout, adults, children, ...(bedrooms ? { bedrooms } : {}) })
        .then((answer) => answer.data)
        .catch((e: unknown) => (e instanceof Error ? e : new Error(String(e))));
      const sample = JSON.stringify({ id, checkin, checkout, adults, children, bedrooms });
      if (quote instanceof UpstreamError) {
        expect(quote.status, sample).toBe(400);
        expect(card.kind, sample).toBe('unavailable');
        refused++;
      } else if (quote instanceof Error) {
        throw quote;
      } else if (quote.price_on_request) {
        expect(card.kind, sample).toBe('on_request');
        onRequest++;
      } else if (quote.accuracy === 'incomplete') {
        // Nights without a rate are left out of the quote's sum: the card shows no figure for it.
        expect(card, sample).toMatchObject({
          kind: 'stay',
          amount: null,
          nightly: null,
          accuracy: 'incomplete',
        });
        incomplete++;
      } else {
        expect(card.kind, sample).toBe('stay');
        expect(card.amount, sample).toBe(quote.totals.total);
        expect(card.accuracy, sample).toBe(quote.accuracy);
        priced++;
      }
    }
    expect(priced).toBe(300);
    console.info(
      `card prices: ${priced} equal to the quote, ${refused} refused by both, ${onRequest} on request, ${incomplete} incomplete`,
    );
  });

  it('sorts and filters by the nightly price in the display currency, no price last', async () => {
    const index = await replicaIndex(site.db);
    const checkin = addDays(today, 60);
    const checkout = addDays(checkin, 7);
    const asc = searchIndex(
      index,
      baseQuery({ checkin, checkout, sort: 'price', currency: 'USD' }),
      today,
      fx,
    );
    const nightly = asc.properties.map((p) => p.price.converted?.nightly ?? p.price.nightly);
    const priced = nightly.filter((n): n is number => n !== null);
    expect(priced.length).toBeGreaterThan(20);
    expect(priced).toEqual([...priced].sort((a, b) => a - b));
    expect(nightly.slice(priced.length).every((n) => n === null)).toBe(true);
    const desc = searchIndex(
      index,
      baseQuery({ checkin, checkout, sort: '-price', currency: 'USD' }),
      today,
      fx,
    );
    const down = desc.properties
      .map((p) => p.price.converted?.nightly ?? p.price.nightly)
      .filter((n) => n !== null);
    expect(down).toEqual([...priced].reverse().sort((a, b) => (b as number) - (a as number)));
    // A range: everything inside it, and nothing priced outside it left out.
    const [lo, hi] = [priced[Math.floor(priced.length / 4)]!, priced[Math.floor((priced.length * 3) / 4)]!];
    const ranged = searchIndex(
      index,
      baseQuery({
        checkin,
        checkout,
        sort: 'price',
        currency: 'USD',
        priceMin: Math.ceil(lo),
        priceMax: Math.floor(hi),
      }),
      today,
      fx,
    );
    const inside = priced.filter((n) => n >= Math.ceil(lo) && n <= Math.floor(hi));
    expect(ranged.total).toBe(inside.length);
    // A property in another currency is converted at the snapshot's rate.
    const foreign = asc.properties.find((p) => p.price.currency !== 'USD' && p.price.amount !== null)!;
    const rate = fx.rates.USD! / fx.rates[foreign.price.currency]!;
    expect(foreign.price.converted!.amount).toBeCloseTo(foreign.price.amount! * rate, 1);
    // Without dates: "from" the lowest nightly rate, never above any stay's average.
    const from = searchIndex(index, baseQuery({ sort: 'price' }), today, fx).properties[0]!;
    expect(from.price.kind).toBe('from');
  });

  it('answers /api/search with no upstream call, in the mode of the client’s latest answer', async () => {
    await replicaIndex(site.db);
    // Not even the location catalog's cache, expired: the mode is the one the load's answers carried.
    catalog().cache.expireTag(tags.locations);
    upstream.take();
    const checkin = addDays(today, 30);
    const res = await call<{ source: string; properties: { price: { kind: string } }[] }>(
      search.GET,
      `/api/search?checkin=${checkin}&checkout=${addDays(checkin, 5)}&sort=price&per_page=5`,
    );
    expect(res.status).toBe(200);
    expect(res.body.source).toBe('replica');
    expect(res.body.properties[0]?.price.kind).toBe('stay');
    expect(res.headers.get('x-catalog-mode')).toBe('test');
    expect(upstream.take()).toEqual([]);
  });

  it('after catalog activity and one sync, equals a fresh load (rates, availability, removals)', async () => {
    const cache = catalog().cache;
    const sync = () =>
      runCatalogSync({
        db: site.db,
        client: catalogClient(),
        expire: (list) => {
          for (const tag of list) cache.expireTag(tag);
        },
        clear: () => cache.clear(),
      });
    await sync(); // the baseline
    for (let i = 0; i < 3; i++)
      await runActivityBatch(
        service.db,
        new Random(90 + i),
        new Date(Date.now() + 1000 * (i + 1)).toISOString(),
      );
    const [gone] = await liveIds();
    await removeProperty(service.db, gone!, new Date(Date.now() + 4000).toISOString());
    upstream.take();
    await sync();
    const [row] = await site.db.select().from(replicaProperties).where(sql`property_id = ${gone}`);
    expect(row?.removed).toBe(true);
    const progress = await load();
    expect(progress?.due).toBe(0);
    // Only the moved areas were fetched again, a few calls for a few changes.
    expect(upstream.take().length).toBeLessThan(60);
    const fresh = await openSiteDatabase('memory://');
    try {
      await load(fresh.db, 'fresh');
      expect(await comparable(site.db)).toEqual(await comparable(fresh.db));
      expect(Object.keys(await comparable(site.db)).map(Number)).toEqual(await liveIds());
    } finally {
      await fresh.close();
    }
  });

  it('resumes after a restart mid-load: no property missing or doubled, nothing fetched twice', async () => {
    const db = (await openSiteDatabase('memory://')).db;
    const stop = new AbortController();
    let seen = 0;
    const counting = createCatalogClient({
      baseUrl: upstream.url,
      apiKey: 'svc_test_demo_full_access',
      budget: new RequestBudget(1e7, 1e7),
      fetch: (input, init) => {
        if (++seen === 150) stop.abort();
        return fetch(input, init);
      },
    });
    const interrupted = await runReplicaWork({
      db,
      client: counting,
      holder: 'first',
      signal: stop.signal,
      sleep: quick,
    });
    expect(interrupted).toBeNull();
    const midway = await replicaProgress(db);
    expect(midway?.phase).not.toBe('complete');
    expect(midway?.due).toBeGreaterThan(0);
    // What the results say meanwhile ("Prices are loading: 62 %, about 3 min left"): some rentals in, not all.
    const meanwhile = loadProgress(midway);
    expect(meanwhile?.percent).toBeGreaterThan(0);
    expect(meanwhile?.percent).toBeLessThan(100);
    expect(meanwhile?.secondsLeft).toBeGreaterThan(0);
    expect(loadProgress(null)).toEqual({ percent: 0, secondsLeft: null });
    expect(loadProgress(await replicaProgress(site.db))).toBeNull();
    upstream.take();
    const resumed = await runReplicaWork({ db, client: catalogClient(), holder: 'second', sleep: quick });
    expect(resumed).toMatchObject({ phase: 'complete', due: 0, properties: (await liveIds()).length });
    const again = upstream.take();
    // What the first process fetched is not fetched again: the second pass only finishes the work.
    expect(again.length).toBeLessThan(firstLoadCalls - 100);
    const ids = (
      await db.select({ id: replicaProperties.propertyId }).from(replicaProperties).where(sql`NOT removed`)
    ).map((r) => r.id);
    expect(ids.sort((a, b) => a - b)).toEqual(await liveIds());
  });

  it('prices the places searched first, and answers from what is in, saying how many are still being priced', async () => {
    // A place whose rentals come late by id: loading in id order would reach them last.
    const [place] = await rows<{ id: number; first: number; n: number }>(
      service.db,
      sql`SELECT location_id AS id, min(id)::int AS first, count(*)::int AS n FROM properties
          WHERE status = 'live' GROUP BY location_id HAVING count(*) BETWEEN 3 AND 12
          ORDER BY min(id) DESC LIMIT 1`,
    );
    expect(place!.first).toBeGreaterThan(100);
    // The new database first: its first opening in a process (the Postgres lane's first PGlite) holds the
    // event loop for seconds, and the catalog's idle connections close meanwhile under the next calls. A few
    // calls that may fail take them out of the client's pool before the test's own.
    const handle = await openSiteDatabase('memory://');
    for (let tries = 0; tries < 8; tries++) {
      const ok = await catalogClient()
        .listLocations()
        .then(() => true)
        .catch(() => false);
      if (ok) break;
    }
    const theirs = await upstreamIds({ location: place!.id });
    installSiteDatabase(handle);
    const forget = () => {
      forgetProcessSingleton('site.replica-index');
      forgetProcessSingleton('site.replica-loading');
    };
    forget();
    try {
      // Before the load: the catalog answers (no prices), and the place is counted as searched. (Asked again
      // if the catalog did not answer: on a machine busy with other lanes its socket may miss once.)
      const ask = () =>
        call<{ source: string; loading?: { percent: number } }>(
          search.GET,
          `/api/search?location=${place!.id}`,
        );
      let before = await ask();
      for (let tries = 1; before.status === 503 && tries < 5; tries++) before = await ask();
      expect(before.body).toMatchObject({ source: 'upstream', loading: { percent: 0 } });
      // The load, stopped once the place's rentals are in (looked at every 20 ms), or, should they never
      // come, after the calls a whole load of the listing and those rentals would take several times over
      // (3 calls each, 4 at a time). Stopped by a count of calls alone, on a machine busy with other lanes
      // the place's last rental was once not in: calls for other rentals (4 at a time), or tried again, had
      // used the count.
      const stop = new AbortController();
      let calls = 0;
      const stopping = createCatalogClient({
        baseUrl: upstream.url,
        apiKey: 'svc_test_demo_full_access',
        budget: new RequestBudget(1e7, 1e7),
        fetch: (input, init) => {
          if (++calls === 4 * (3 + 3 * place!.n) + 12) stop.abort();
          return fetch(input, init);
        },
      });
      // The rentals the replica has priced (rates and booked dates in, not removed).
      const priced = async () =>
        (
          await handle.db
            .select({ id: replicaProperties.propertyId })
            .from(replicaProperties)
            .where(sql`rates IS NOT NULL AND booked IS NOT NULL AND NOT removed`)
        ).map((r) => r.id);
      const placeIn = async () => {
        const ids = new Set(await priced());
        return theirs.every((id) => ids.has(id));
      };
      const watching = (async () => {
        while (!stop.signal.aborted) {
          if (await placeIn()) stop.abort();
          else await new Promise((resolve) => setTimeout(resolve, 20));
        }
      })();
      await runReplicaWork({
        db: handle.db,
        client: stopping,
        holder: 'demand',
        signal: stop.signal,
        sleep: quick,
      });
      stop.abort();
      await watching;
      const loaded = await priced();
      expect(loaded).toEqual(expect.arrayContaining(theirs));
      expect(loaded.length).toBeLessThan(theirs.length + 8);

      // The place searched: every rental priced, as the catalog lists them; none said to be still pricing.
      type Answer = {
        source: string;
        properties: { id: number; price: { kind: string } }[];
        pagination: { total: number };
        loading?: { percent: number; seconds_left: number | null; pending?: number };
      };
      const checkin = addDays(today, 40);
      const dated = `checkin=${checkin}&checkout=${addDays(checkin, 7)}`;
      // The index the first search began to build may be younger than the load's last word, and the
      // progress it read is kept two seconds: look again.
      replicaChanged();
      await replicaIndex(handle.db);
      forgetProcessSingleton('site.replica-loading');
      const there = await call<Answer>(search.GET, `/api/search?location=${place!.id}&per_page=50`);
      expect(there.body.source).toBe('replica');
      expect(there.body.properties.map((p) => p.id).sort((a, b) => a - b)).toEqual(theirs);
      expect(there.body.loading).toMatchObject({ pending: 0 });
      // The whole catalog: what is in, priced, and how many of the rest are still being priced.
      const everywhere = await call<Answer>(search.GET, `/api/search?${dated}&sort=price&per_page=50`);
      expect(everywhere.body.source).toBe('replica');
      expect(everywhere.body.properties.length).toBeGreaterThan(0);
      for (const p of everywhere.body.properties) {
        expect(loaded).toContain(p.id);
        expect(['stay', 'on_request']).toContain(p.price.kind);
      }
      const live = await liveIds();
      expect(everywhere.body.loading).toMatchObject({ pending: live.length - loaded.length });
      expect(everywhere.body.loading!.percent).toBeLessThan(100);
      expect(everywhere.body.loading!.seconds_left).toBeGreaterThan(0);
      // Not kept by a browser while the load runs: the results ask again as the rest comes in.
      expect(everywhere.headers.get('cache-control')).not.toContain('max-age=60');
      // A place none of whose rentals is in: the catalog answers, as before the load.
      const [other] = await rows<{ id: number }>(
        service.db,
        sql`SELECT location_id AS id FROM properties WHERE status = 'live'
            AND location_id NOT IN (SELECT location_id FROM properties WHERE id = ANY(${`{${loaded.join(',')}}`}::int[]))
            GROUP BY location_id HAVING count(*) >= 2 ORDER BY location_id LIMIT 1`,
      );
      const elsewhere = await call<Answer>(search.GET, `/api/search?location=${other!.id}`);
      expect(elsewhere.body.source).toBe('upstream');
      expect(elsewhere.body.loading?.percent).toBeLessThan(100);
      // Counted: a first page of a place of the catalog; not a place it does not have, nor a later page.
      await call(search.GET, `/api/search?location=${other!.id}&page=2&per_page=1`);
      await call(search.GET, '/api/search?location=987654');
      await flushSearches(handle.db);
      const counted = await handle.db.select().from(searchedPlaces);
      // The place: before the load and once during it; the other place once.
      expect(Object.fromEntries(counted.map((c) => [c.locationId, c.searches]))).toEqual({
        [place!.id]: 2,
        [other!.id]: 1,
      });
    } finally {
      installSiteDatabase(site.handle);
      forget();
    }
  });

  it('pauses on a 429 storm and resumes when it passes', async () => {
    let n = 0;
    const stormy = await listen(async (req, res) => {
      n++;
      if (n > 40 && n <= 50) {
        res.writeHead(429, { 'Content-Type': 'application/json', 'Retry-After': '1' });
        res.end(
          JSON.stringify({
            error: { code: 'rate_limited', message: 'Too many requests.', request_id: null },
          }),
        );
        return;
      }
      const target = await fetch(`${upstream.url.replace(/\/v2$/, '')}${req.url}`, {
        headers: req.headers as Record<string, string>,
      });
      res.writeHead(target.status, Object.fromEntries(target.headers));
      res.end(Buffer.from(await target.arrayBuffer()));
    });
    const db = (await openSiteDatabase('memory://')).db;
    const waits: number[] = [];
    const client = createCatalogClient({
      baseUrl: `${stormy.url}/v2`,
      apiKey: 'svc_test_demo_full_access',
      budget: new RequestBudget(1e7, 1e7),
    });
    const progress = await runReplicaWork({
      db,
      client,
      holder: 'storm',
      sleep: (ms) => {
        waits.push(ms);
        return quick(ms);
      },
    });
    expect(progress).toMatchObject({ phase: 'complete', due: 0, properties: (await liveIds()).length });
    expect(n).toBeGreaterThan(50);
    expect(waits.length).toBeGreaterThan(0);
    expect(Math.max(...waits)).toBeGreaterThanOrEqual(1000);
  });
});
