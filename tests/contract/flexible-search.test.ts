import { beforeAll, describe, expect, it } from 'vitest';
import * as search from '@/app/api/search/route';
import { catalogClient } from '@/lib/catalog-client';
import { addDays } from '@/lib/dates';
import { availabilityProblem, minorUnits, priceStay, ruleProblem } from '@/lib/rules';
import { Random } from '@/lib/sandbox/demo/random';
import { replicaIndex } from '@/lib/site/replica/in-memory';
import { runReplicaWork } from '@/lib/site/replica/load';
import type { CardPrice } from '@/lib/site/replica/types';
import { serveService } from './http';
import { api, setupService } from './service';
import { call, setupSite } from './site';

/*
 * Flexible dates tell the truth (issue 29, item 5): over the site's replica of the built-in catalog, 200
 * seeded random flexible searches ("a week / a weekend / N nights in <months>") through /api/search. Every
 * card's stay is one the catalog's own quote takes (not refused: free, long enough, the party fits) and its
 * total is the quote's; and no cheaper stay of that length with a check-in in those months exists for that
 * rental, nor any stay at all for a rental left out, by brute force over every check-in with the shared
 * rules on the replica's rows. Cards come sorted by their stays' totals.
 */

setupService({ properties: 90, seed: 529 });
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

type Card = { id: number; price: CardPrice; stay?: { checkin: string; checkout: string } };
type Page = { properties: Card[]; pagination: { total: number }; source: string };

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

/** The months from today's on, as `YYYY-MM`. */
function monthsAhead(n: number): string[] {
  const [y, m] = today.split('-').map(Number) as [number, number];
  return Array.from({ length: n }, (_, i) => {
    const k = y * 12 + (m - 1) + i;
    return `${Math.floor(k / 12)}-${String((k % 12) + 1).padStart(2, '0')}`;
  });
}

function randomFlexible(rng: Random, locations: number[]) {
  const months = monthsAhead(15);
  const flex = rng.pick(['week', 'weekend', String(rng.int(1, 14))]);
  const start = rng.int(0, months.length - 3);
  const asked = months.slice(start, start + rng.int(1, 3));
  const query = new URLSearchParams({ flex, months: asked.join(',') });
  const adults = rng.chance(0.7) ? rng.int(1, 6) : 2;
  const children = rng.chance(0.3) ? rng.int(0, 3) : 0;
  query.set('adults', String(adults));
  if (children) query.set('children', String(children));
  if (rng.chance(0.4)) query.set('location', String(rng.pick(locations)));
  if (rng.chance(0.3)) query.set('currency', 'USD');
  const nights = flex === 'week' ? 7 : flex === 'weekend' ? 2 : Number(flex);
  return { query, nights, weekend: flex === 'weekend', months: asked, party: { adults, children } };
}

/** Every check-in a flexible search may offer, walked day by day (not flexible.ts's own walk). */
function windowDays(months: string[], weekend: boolean): string[] {
  const days: string[] = [];
  for (let day = today; day.slice(0, 7) <= months.at(-1)!; day = addDays(day, 1))
    if (months.includes(day.slice(0, 7)) && (!weekend || new Date(`${day}T12:00:00Z`).getUTCDay() === 5))
      days.push(day);
  return days;
}

type Search = ReturnType<typeof randomFlexible>;
type Index = Awaited<ReturnType<typeof replicaIndex>>;
type Entry = Index['entries'] extends Map<number, infer E> ? E : never;

/** The cheapest whole total of the rental's free stays over the check-ins, and how many are free (lib/rules). */
function cheapestByRules(e: Entry, s: Search, days: string[]) {
  let cheapest: number | null = null;
  let free = 0;
  for (const checkin of days) {
    const checkout = addDays(checkin, s.nights);
    if (availabilityProblem(e.occupancy, checkin, checkout)) continue;
    const ruled = {
      checkin,
      checkout,
      ...s.party,
      property: {
        bedrooms: e.summary.bedrooms,
        sleeps: e.summary.sleeps,
        priceOnRequest: e.rates.priceOnRequest ?? false,
      },
      periods: e.rates.periods,
      defaultRate: e.rates.defaultRate,
    };
    if (ruleProblem(ruled)) continue;
    free++;
    if (e.rates.priceOnRequest) continue;
    const priced = priceStay({
      ...ruled,
      minorUnits: minorUnits(e.rates.currency),
      fees: e.rates.fees,
      taxRates: e.rates.taxRates,
      promotions: e.rates.promotions ?? [],
    });
    if (priced.accuracy !== 'incomplete') cheapest = Math.min(cheapest ?? Infinity, priced.totals.total);
  }
  return { cheapest, free };
}

/**
 * Brute force with the shared rules on the replica's rows: every check-in of the window, every rental the
 * catalog's filters find (place, size). A rental with a free stay has a card at its cheapest total; one
 * without has none. Returns how many other free stays were weighed.
 */
function bruteForce(index: Index, s: Search, days: string[], cards: Card[], asked: string) {
  const places = s.query.has('location') ? index.descendants.get(Number(s.query.get('location'))) : null;
  const party = s.party.adults + s.party.children;
  let weighed = 0;
  for (const e of index.entries.values()) {
    if (places && !places.has(e.summary.location.id)) continue;
    if (e.summary.sleeps < party) continue;
    const { cheapest, free } = cheapestByRules(e, s, days);
    const card = cards.find((c) => c.id === e.id);
    if (!free) {
      expect(card, `${asked} #${e.id} has no free stay`).toBeUndefined();
      continue;
    }
    expect(card, `${asked} #${e.id} has ${free} free stays but no card`).toBeDefined();
    if (cheapest === null) expect(card!.price.amount, `${asked} #${e.id}`).toBeNull();
    else expect(card!.price.amount, `${asked} #${e.id}: a cheaper stay exists`).toBe(cheapest);
    weighed += free - 1;
  }
  return weighed;
}

/** Each card's stay is in the window, of the length asked, and (the first four) the quote's at its total. */
async function cardsQuoted(s: Search, days: string[], cards: Card[], asked: string) {
  let quoted = 0;
  for (const [n, card] of cards.entries()) {
    expect(card.stay, asked).toBeDefined();
    const { checkin, checkout } = card.stay!;
    expect(days, `${asked} #${card.id}`).toContain(checkin);
    expect(addDays(checkin, s.nights)).toBe(checkout);
    if (n >= 4) continue;
    const stay = new URLSearchParams({
      checkin,
      checkout,
      adults: String(s.party.adults),
      children: String(s.party.children),
    });
    const q = await quote(card.id, stay.toString());
    expect(q.status, `${asked} → #${card.id} ${stay}: ${JSON.stringify(q.body)}`).toBe(200);
    if (q.body.price_on_request) expect(card.price.kind).toBe('on_request');
    else if (q.body.accuracy === 'incomplete') expect(card.price.amount).toBeNull();
    else expect(card.price.amount, `${asked} → #${card.id}`).toBe(q.body.totals.total);
    quoted++;
  }
  return quoted;
}

describe('flexible dates', { timeout: 900_000 }, () => {
  beforeAll(async () => {
    const progress = await runReplicaWork({
      db: site.db,
      client: catalogClient(),
      holder: 'test',
      sleep: quick,
    });
    expect(progress?.phase).toBe('complete');
  }, 300_000);

  it('refuses what it cannot read, in words', async () => {
    const bad = await call(search.GET, '/api/search?flex=fortnight&months=2027-13');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['flex', 'months']);
    const past = await call(
      search.GET,
      `/api/search?flex=week&months=${monthsAhead(1)[0]!.replace(/^\d{4}/, (y) => String(Number(y) - 1))}`,
    );
    expect(past.status).toBe(400);
    expect(past.body.error.fields).toHaveProperty('months');
    const alone = await call(search.GET, '/api/search?flex=week');
    expect(alone.status).toBe(400);
    expect(alone.body.error.fields).toHaveProperty('months');
  });

  it('for 200 random searches: each card’s stay is the quote’s, at its total, and the cheapest', async () => {
    const { data } = await catalogClient().listLocations();
    const locations = data.locations.map((l) => l.id);
    const index = await replicaIndex(site.db);
    const rng = new Random(2905);
    const seen = { cards: 0, quoted: 0, leftOut: 0 };
    for (let i = 0; i < 200; i++) {
      const s = randomFlexible(rng, locations);
      const asked = s.query.toString();
      const page = await call<Page>(search.GET, `/api/search?${asked}&per_page=5&page=2`);
      const res = await call<Page>(search.GET, `/api/search?${asked}&per_page=200`);
      expect(res.status, asked).toBe(200);
      expect(res.body.source, asked).toBe('replica');
      const cards = res.body.properties;
      expect(res.body.pagination.total, asked).toBe(cards.length);
      const days = windowDays(s.months, s.weekend);
      // Sorted by the stays' totals (display currency), no figure last.
      const figures = cards.map((c) => (c.price.converted ?? c.price).amount);
      const firstNone = figures.indexOf(null);
      const ordered = (firstNone < 0 ? figures : figures.slice(0, firstNone)) as number[];
      expect(ordered, asked).toEqual([...ordered].sort((a, b) => a - b));
      if (firstNone >= 0)
        expect(
          figures.slice(firstNone).every((f) => f === null),
          asked,
        ).toBe(true);

      // The second page of 5, asked first (a new search: its cards priced only as far as its pages need),
      // is cards 6 to 10 of every card priced and sorted, stays and totals alike.
      expect(page.body.pagination.total, asked).toBe(cards.length);
      expect(
        page.body.properties.map((c) => [c.id, c.stay, c.price.amount]),
        asked,
      ).toEqual(cards.slice(5, 10).map((c) => [c.id, c.stay, c.price.amount]));

      seen.quoted += await cardsQuoted(s, days, cards, asked);
      seen.leftOut += bruteForce(index, s, days, cards, asked);
      seen.cards += cards.length;
    }
    expect(seen.cards).toBeGreaterThan(2000);
    expect(seen.quoted).toBeGreaterThan(400);
    console.info(
      `flexible: ${seen.cards} cards, ${seen.quoted} quoted, ${seen.leftOut} other free stays weighed`,
    );
  });
});
