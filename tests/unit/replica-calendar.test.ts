import { describe, expect, it } from 'vitest';
import { addDays, daysBetween } from '@/lib/dates';
import { availabilityProblem, bedroomsPriced, nightlyAmount, rateForNight } from '@/lib/rules';
import {
  dayNumberOf,
  freeFor,
  packCalendars,
  packedFree,
  sliceRent,
  stayCalendar,
} from '@/lib/site/replica/calendar';
import { fxRates } from '@/lib/site/replica/fx';
import type { SearchRequest } from '@/lib/site/search';
import { cardPrice, stayCeilings, stayFloors } from '@/lib/site/search/card-price';
import { searchIndex } from '@/lib/site/search/from-replica';
import { walkBoundsOf, walkOf } from '@/lib/site/search/walk';
import { demoReplicaIndex } from '../../scripts/bench/replica-demo';

/*
 * The replica's calendars (booked-night bitmaps, each night's rate per bedrooms) and the search that prices
 * only the cards that can reach the page, held to the shared rules and to pricing every match, on a demo
 * catalog large enough to have every kind of rental: booked, seasonal, weekly and monthly rates, promotions,
 * fees, taxes, other currencies, price on request, nights without a published rate.
 */

const NOW = '2026-11-23T12:00:00Z';
const TODAY = NOW.slice(0, 10);
const index = demoReplicaIndex(600, NOW, 7);
const entries = [...index.entries.values()];
const fx = fxRates();

const stays = Array.from({ length: 40 }, (_, i) => {
  const checkin = addDays(TODAY, 1 + ((i * 37) % 500));
  return { checkin, checkout: addDays(checkin, [1, 3, 7, 10, 28, 30][i % 6]!) };
});

/** A stay's rent night by night as the quote picks each night's rate: the sum, nights without, fallback used. */
function byTheRules(e: (typeof entries)[number], bedrooms: number, checkin: string, nights: number) {
  let rent = 0;
  let gaps = 0;
  let fallback = false;
  for (let i = 0; i < nights; i++) {
    const { rate, source } = rateForNight(
      addDays(checkin, i),
      bedrooms,
      e.rates.periods,
      e.rates.defaultRate,
    );
    if (!rate) gaps++;
    else rent += nightlyAmount(rate, nights);
    if (source === 'estimated') fallback = true;
  }
  return { rent, gaps, fallback };
}

describe('a rental calendar answers what the rules answer', () => {
  it('is free for the same stays as availabilityProblem says, inside and outside its horizon', () => {
    let free = 0;
    let booked = 0;
    for (const e of entries)
      for (const s of [...stays, { checkin: addDays(TODAY, 600), checkout: addDays(TODAY, 607) }]) {
        const truth = availabilityProblem(e.occupancy, s.checkin, s.checkout) === null;
        expect(freeFor(e.calendar, e.occupancy, s.checkin, s.checkout)).toBe(truth);
        if (truth) free++;
        else booked++;
      }
    expect(free).toBeGreaterThan(100);
    expect(booked).toBeGreaterThan(100);
    // Days kept free by full-day flags (held in the calendar's own bitmap): a stay starting or ending on
    // each, as the rules say, the calendar's last day and the day after it included.
    let kept = 0;
    for (const e of entries) {
      const { checkin, checkout } = e.occupancy.keptFree();
      const end = addDays(e.calendar!.base, e.calendar!.days);
      for (const [from, to] of [
        ...checkin.map((d) => [d, addDays(d, 2)] as const),
        ...checkout.map((d) => [addDays(d, -2), d] as const),
        [addDays(end, -3), end] as const,
      ]) {
        if (from < TODAY) continue;
        const truth = availabilityProblem(e.occupancy, from, to) === null;
        expect(freeFor(e.calendar, e.occupancy, from, to), `${e.id} ${from}–${to}`).toBe(truth);
        if (!truth) kept++;
      }
    }
    expect(kept).toBeGreaterThan(50);
    // Packed side by side for a whole-catalog walk, the calendars answer the same (or leave it to the rules).
    const pack = packCalendars(entries.map((e) => e.calendar));
    let packed = 0;
    for (const [p, e] of entries.entries())
      for (const s of [
        ...stays,
        ...e.occupancy.keptFree().checkin.map((d) => ({ checkin: d, checkout: addDays(d, 3) })),
      ]) {
        if (s.checkin < TODAY) continue;
        const free = packedFree(pack, p, dayNumberOf(s.checkin), daysBetween(s.checkin, s.checkout));
        if (free === null) continue;
        expect(free, `${e.id} ${s.checkin}`).toBe(
          availabilityProblem(e.occupancy, s.checkin, s.checkout) === null,
        );
        packed++;
      }
    expect(packed).toBeGreaterThan(10_000);
  });

  it("sums each night's rate for the bedrooms priced as rateForNight picks it", () => {
    let estimated = 0;
    let missing = 0;
    // The bedrooms a party needs, and any other: none, many, and more than any rate tier has.
    for (const e of entries.slice(0, 300))
      for (const s of stays.slice(0, 12))
        for (const bedrooms of [
          bedroomsPriced({ adults: 4, children: 0, property: e.summary }),
          0,
          1,
          2,
          3,
          5,
          8,
          5_000_000,
        ]) {
          const nights = daysBetween(s.checkin, s.checkout);
          const { rent, gaps, fallback } = byTheRules(e, bedrooms, s.checkin, nights);
          const slice = sliceRent(e.calendar, bedrooms, s.checkin, nights)!;
          expect(slice.missing).toBe(gaps);
          expect(slice.estimated).toBe(fallback);
          expect(slice.rent).toBeCloseTo(rent, 6);
          if (fallback) estimated++;
          if (gaps) missing++;
        }
    expect(estimated + missing).toBeGreaterThan(0);
  });

  it('costs one row per rate tier, whatever the bedrooms a vendor gives', () => {
    const e = entries.find((x) => new Set(x.rates.periods.map((p) => p.rooms)).size > 1)!;
    const started = process.cpuUsage();
    const calendar = stayCalendar(e.occupancy, e.rates, e.calendar.base);
    expect(process.cpuUsage(started).user).toBeLessThan(200_000);
    expect(calendar.nightRates.length).toBe(new Set(e.rates.periods.map((p) => p.rooms)).size + 1);
    const s = stays[3]!;
    const nights = daysBetween(s.checkin, s.checkout);
    expect(sliceRent(calendar, 5_000_000, s.checkin, nights)!.rent).toBeCloseTo(
      byTheRules(e, 5_000_000, s.checkin, nights).rent,
      6,
    );
  });

  it('cannot say outside its horizon', () => {
    const e = entries[0]!;
    expect(sliceRent(e.calendar, 1, addDays(TODAY, 700), 3)).toBeNull();
    expect(sliceRent(e.calendar, 1, addDays(TODAY, -30), 3)).toBeNull();
  });
});

/**
 * Every rental's first bound in a whole-catalog search (`sign` 1: from below, by lowest price; -1: from
 * above, by highest, un-negated) beside what it stands for (its floor, or its ceiling), for 40 stays, three
 * parties and two display currencies.
 */
function boundsBeside(sign: 1 | -1) {
  const walk = walkOf(index);
  const pairs: { bound: number; exact: number; label: string }[] = [];
  for (const s of stays)
    for (const [adults, children, currency] of [
      [2, 0, 'EUR'],
      [5, 1, 'EUR'],
      [1, 0, 'USD'],
    ] as const) {
      const stay = { ...s, adults, children };
      const bounds = new Float64Array(walk.entries.length);
      walkBoundsOf(walk, stay, currency, fx, sign)!(
        walk.entries.map((_, p) => p),
        bounds,
      );
      const exact = sign === 1 ? stayFloors(stay, currency, fx) : stayCeilings(stay, currency, fx);
      for (const [p, e] of walk.entries.entries())
        pairs.push({
          // The search orders by highest price by minus the bound.
          bound: sign * bounds[p]!,
          exact: exact(e),
          label: `${e.id} ${s.checkin} ${adults}+${children} ${currency}`,
        });
    }
  return pairs;
}

/** The share of bounds within 1 % of what they stand for. */
const tightShare = (pairs: ReturnType<typeof boundsBeside>) =>
  pairs.filter((p) => Number.isFinite(p.exact) && Math.abs(p.exact - p.bound) < Math.abs(p.exact) * 0.01)
    .length / pairs.length;

describe('a whole-catalog search’s first bound of a rental’s price', () => {
  it('by highest price is never below its ceiling, nor NaN', () => {
    const pairs = boundsBeside(-1);
    for (const { bound, exact, label } of pairs) {
      expect(Number.isNaN(bound), label).toBe(false);
      expect(bound, label).toBeGreaterThanOrEqual(exact);
    }
    // The calendar's blocks make it close: a quarter within 1 % of the ceiling.
    expect(tightShare(pairs)).toBeGreaterThan(0.25);
  });

  it('is never above its floor, nor NaN, for every rental, stay, party and display currency', () => {
    const pairs = boundsBeside(1);
    for (const { bound, exact, label } of pairs) {
      expect(Number.isNaN(bound), label).toBe(false);
      expect(bound, label).toBeLessThanOrEqual(exact);
    }
    // The calendar's blocks and the fees make it close: four in ten bounds within 1 % of the floor.
    expect(tightShare(pairs)).toBeGreaterThan(0.4);
  });
});

describe('search by lowest price gives the pages of pricing every match', () => {
  const request = (s: (typeof stays)[number], more: Partial<SearchRequest>): SearchRequest => ({
    location: undefined,
    stay: { ...s, adults: 2, children: 0, bedrooms: undefined },
    sleeps: undefined,
    sort: 'price',
    price: { min: undefined, max: undefined },
    currency: 'EUR',
    page: 1,
    perPage: 12,
    params: '',
    ...more,
  });
  /** Every match priced as its card, sorted by the compared figure (none last), then by id. */
  const everyMatch = (r: SearchRequest) => {
    const all = searchIndex(index, { ...r, sort: 'id', page: 1, perPage: 100_000 }, TODAY, fx).properties;
    const ask = { stay: r.stay, currency: r.currency, today: TODAY };
    const priced = all.map((p) => {
      const price = cardPrice(index.entries.get(p.id)!, ask, fx);
      return { id: p.id, n: price.converted ? price.converted.nightly : price.nightly, amount: price.amount };
    });
    priced.sort((a, b) =>
      a.n === null || b.n === null
        ? (a.n === null ? 1 : 0) - (b.n === null ? 1 : 0) || a.id - b.id
        : a.n - b.n || a.id - b.id,
    );
    return priced;
  };
  const busiest = [...index.descendants.entries()]
    .map(
      ([id, set]) => [id, [...set].reduce((n, l) => n + (index.byLocation.get(l)?.length ?? 0), 0)] as const,
    )
    .filter(([, n]) => n > 20)
    .map(([id]) => id);

  it('on every page, for the whole catalog, a region, a party, another display currency', () => {
    expect(busiest.length).toBeGreaterThan(2);
    let compared = 0;
    for (const [i, s] of stays.slice(0, 16).entries()) {
      const more: Partial<SearchRequest>[] = [
        {},
        { location: busiest[i % busiest.length] },
        { sleeps: 6, stay: { ...s, adults: 6, children: 0, bedrooms: undefined } },
        { currency: 'USD' },
      ];
      for (const m of more) {
        const truth = everyMatch(request(s, m));
        for (const page of [1, 2, 4]) {
          const got = searchIndex(index, request(s, { ...m, page }), TODAY, fx);
          const want = truth.slice((page - 1) * 12, page * 12);
          expect(got.total).toBe(truth.length);
          expect(got.properties.map((p) => p.id)).toEqual(want.map((w) => w.id));
          // The card's price is the quote's, to the cent.
          expect(got.properties.map((p) => p.price.amount)).toEqual(want.map((w) => w.amount));
          compared += want.length;
        }
      }
    }
    expect(compared).toBeGreaterThan(1000);
  });
});
