import { beforeAll, describe, expect, it } from 'vitest';
import * as search from '@/app/api/search/route';
import { catalogClient } from '@/lib/catalog-client';
import { addDays } from '@/lib/dates';
import { Random } from '@/lib/sandbox/demo/random';
import { replicaIndex } from '@/lib/site/replica/in-memory';
import { runReplicaWork } from '@/lib/site/replica/load';
import type { CardPrice } from '@/lib/site/replica/types';
import { serveService } from './http';
import { allPages, api, setupService } from './service';
import { call, setupSite } from './site';

/*
 * The search tells the truth about what can be booked (issue 25): over the site's replica of the built-in
 * catalog, 300 seeded random dated searches through /api/search, every card it counts asked of the
 * catalog's own quote endpoint, which must not refuse it; every rental the catalog finds free on the dates
 * but the search leaves out, refused by the quote; and no card without a whole price before one with.
 */

setupService({ properties: 200, seed: 83 });
let upstream: Awaited<ReturnType<typeof serveService>>;
beforeAll(async () => {
  upstream = await serveService();
});
const site = setupSite({
  upstream: () => upstream.url,
  env: {
    UPSTREAM_TIMEOUT_MS: '15000',
    UPSTREAM_BUDGET_PER_MINUTE: '10000000',
    UPSTREAM_BUDGET_PER_HOUR: '10000000',
    SVC_RATE_LIMIT_PER_MINUTE: '10000000',
    SVC_RATE_LIMIT_PER_HOUR: '10000000',
    SITE_RATE_LIMIT_PER_MINUTE: '10000000',
  },
});

const today = new Date().toISOString().slice(0, 10);
const quick = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.min(ms, 20)));

type Card = { id: number; price: CardPrice };
type Page = {
  properties: Card[];
  pagination: { total: number; next: string | null };
  source: string;
  unbookable: { minStay: number; shortest: number | null; tooSmall: number } | null;
};

/** Every card of a search through the site's route, page after page, with the first page's answer. */
async function searchAll(query: URLSearchParams) {
  const first = await call<Page>(search.GET, `/api/search?${query}&per_page=200`);
  expect(first.status, query.toString()).toBe(200);
  const cards = [...first.body.properties];
  let next = first.body.pagination.next;
  while (next) {
    const page = await call<Page>(search.GET, next);
    cards.push(...page.body.properties);
    next = page.body.pagination.next;
  }
  return { first: first.body, cards };
}

/** The catalog's own quote for a rental and a stay, asked once per stay and party. */
const quotes = new Map<string, Promise<{ status: number; body: any }>>();
function quote(id: number, stay: string) {
  const path = `/properties/${id}/quote?${stay}`;
  let answer = quotes.get(path);
  if (!answer) {
    answer = api(path);
    quotes.set(path, answer);
  }
  return answer;
}

/** A card's price is a whole one: a figure that is the stay's total. */
const whole = (p: CardPrice) => p.kind === 'stay' && p.amount !== null;

/**
 * A dated search as a traveller might ask it: dates up to the furthest check-in (rates run out well before
 * it), short stays often, a party named or not, bedrooms, a place, a sort, a display currency. With the
 * quote's query for its stay and party, and the catalog's query for the same filters.
 */
function randomSearch(rng: Random, locations: number[]) {
  const checkin = addDays(today, rng.chance(0.6) ? rng.int(0, 400) : rng.int(400, 1000));
  const checkout = addDays(checkin, rng.chance(0.5) ? rng.int(1, 3) : rng.int(4, 30));
  const query = new URLSearchParams({ checkin, checkout });
  const catalog = new URLSearchParams({ checkin, checkout, per_page: '200' });
  const named = rng.chance(0.7);
  const adults = named ? rng.int(1, 6) : 2;
  const children = named && rng.chance(0.4) ? rng.int(0, 3) : 0;
  if (named) {
    query.set('adults', String(adults));
    query.set('children', String(children));
    catalog.set('guests', String(adults + children));
  }
  const stay = new URLSearchParams({ checkin, checkout, adults: String(adults), children: String(children) });
  if (rng.chance(0.3)) {
    const bedrooms = String(rng.int(1, 5));
    for (const q of [query, stay]) q.set('bedrooms', bedrooms);
    catalog.set('rooms', bedrooms);
  }
  if (rng.chance(0.5)) {
    const location = String(rng.pick(locations));
    query.set('location', location);
    catalog.set('location', location);
  }
  query.set('sort', rng.pick(['price', '-price', 'id', '-updated', 'sleeps', '-bedrooms']));
  if (rng.chance(0.3)) query.set('currency', 'USD');
  return { query, stay: stay.toString(), catalog };
}

/** Every card counted: the catalog's quote for its stay and party is not refused, and says what it says. */
async function everyCardQuoted(cards: Card[], stay: string, asked: string) {
  for (const card of cards) {
    const answer = await quote(card.id, stay);
    expect(answer.status, `${asked} → #${card.id}: ${JSON.stringify(answer.body)}`).toBe(200);
    if (answer.body.price_on_request) expect(card.price.kind, asked).toBe('on_request');
    else if (answer.body.accuracy === 'incomplete')
      expect(card.price, asked).toMatchObject({ kind: 'stay', amount: null });
    else expect(card.price.amount, asked).toBe(answer.body.totals.total);
  }
}

/**
 * The rentals the catalog finds free on the dates that the search leaves out: each refused by the quote.
 * Returns how many; every card counted is one the catalog finds.
 */
async function leftOut(catalog: URLSearchParams, cards: Card[], stay: string, asked: string) {
  const free = (await allPages(`/properties?${catalog}`)).map((p: { id: number }) => p.id);
  const counted = new Set(cards.map((c) => c.id));
  expect(counted.size, asked).toBe(cards.length);
  expect(
    [...counted].every((id) => free.includes(id)),
    asked,
  ).toBe(true);
  const left = free.filter((id: number) => !counted.has(id));
  for (const id of left) expect((await quote(id, stay)).status, `${asked} → #${id} left out`).toBe(400);
  return left.length;
}

describe('a search counts only stays that can be booked', { timeout: 600_000 }, () => {
  beforeAll(async () => {
    const progress = await runReplicaWork({
      db: site.db,
      client: catalogClient(),
      holder: 'test',
      sleep: quick,
    });
    expect(progress?.phase).toBe('complete');
    await replicaIndex(site.db);
  }, 300_000);

  it('refuses a stay that starts in the past, in people’s words, once', async () => {
    const res = await call(
      search.GET,
      `/api/search?checkin=${addDays(today, -1)}&checkout=${addDays(today, 6)}`,
    );
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      code: 'validation_failed',
      fields: { checkin: 'must be today or later' },
    });
    // Today itself can be booked.
    const now = await call<Page>(search.GET, `/api/search?checkin=${today}&checkout=${addDays(today, 7)}`);
    expect(now.status).toBe(200);
  });

  it('for 300 random searches: every card counted is quoted, none refused; what it leaves out is', async () => {
    const { data } = await catalogClient().listLocations();
    const locations = data.locations.map((l) => l.id);
    const rng = new Random(2511);
    const seen = { cards: 0, left: 0, incomplete: 0, onRequest: 0, minStay: 0, tooSmall: 0 };
    for (let i = 0; i < 300; i++) {
      const s = randomSearch(rng, locations);
      const asked = s.query.toString();
      const { first, cards } = await searchAll(s.query);
      expect(first.source, asked).toBe('replica');
      expect(first.pagination.total, asked).toBe(cards.length);
      await everyCardQuoted(cards, s.stay, asked);
      if (s.query.get('sort')?.endsWith('price')) {
        // Sorted by price: no card without a whole price before one with it, either way.
        const firstWithout = cards.findIndex((c) => !whole(c.price));
        if (firstWithout >= 0)
          expect(
            cards.slice(firstWithout).some((c) => whole(c.price)),
            asked,
          ).toBe(false);
      }
      const left = await leftOut(s.catalog, cards, s.stay, asked);
      expect(left, asked).toBe((first.unbookable?.minStay ?? 0) + (first.unbookable?.tooSmall ?? 0));
      seen.cards += cards.length;
      seen.left += left;
      seen.onRequest += cards.filter((c) => c.price.kind === 'on_request').length;
      seen.incomplete += cards.filter((c) => c.price.kind === 'stay' && c.price.amount === null).length;
      seen.minStay += first.unbookable?.minStay ?? 0;
      seen.tooSmall += first.unbookable?.tooSmall ?? 0;
    }
    // The searches met every case they are about.
    expect(seen.cards).toBeGreaterThan(1000);
    expect(seen.incomplete).toBeGreaterThan(10);
    expect(seen.onRequest).toBeGreaterThan(0);
    expect(seen.minStay).toBeGreaterThan(10);
    console.info(`search truth: ${JSON.stringify(seen)}, ${quotes.size} quotes asked`);
  });
});
