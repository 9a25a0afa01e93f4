import { describe, expect, it } from 'vitest';
import { indexPeriods, type Period } from '@/lib/rules';
import { fxRates } from '@/lib/site/replica/fx';
import { indexOfEntries, type ReplicaEntry, replicaEntryOf } from '@/lib/site/replica/in-memory';
import type { ReplicaSummary } from '@/lib/site/replica/types';
import type { SearchRequest } from '@/lib/site/search';
import { cardPrice, stayFigures } from '@/lib/site/search/card-price';
import { searchIndex } from '@/lib/site/search/from-replica';

/*
 * A page of a search by lowest price is priced lazily (cheapestFirst: each match's bound, then its floor,
 * then its card's price, in a heap). Whatever it skips, its pages must be those of pricing every match and
 * sorting: the same rentals in the same order, ties by id, a card without a whole price after every priced
 * one. Here with many equal prices, seasons that make floors differ from prices, weekly rates, fees in
 * another currency and rentals on request, over pages deep enough that the heap is left with thousands.
 */

const TODAY = '2026-11-23';
const fx = fxRates();

/** A small deterministic random stream (mulberry32). */
function stream(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const next = stream(41);
const pick = <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]!;

/**
 * One to three promotions around the stays asked below: windows that start or end inside a stay or cover
 * it whole, overlapping ones with different percents, minimum stays a stay may fall short of.
 */
function offers() {
  return Array.from({ length: 1 + Math.floor(next() * 3) }, () => {
    const start = `2027-0${pick([1, 1, 2, 3])}-${String(1 + Math.floor(next() * 28)).padStart(2, '0')}`;
    const end = `2027-0${pick([1, 2, 3, 3])}-${String(1 + Math.floor(next() * 28)).padStart(2, '0')}`;
    return { start, end, percent: pick([5, 10, 12.5, 15, 33]), minNights: pick([1, 3, 7, 10]) };
  });
}

function entry(id: number): ReplicaEntry {
  // Few distinct rates: many rentals cost the same, so ties decide much of the order.
  const base = pick([100, 120, 120, 150, 150, 150, 200]);
  const periods: Period[] = [
    {
      start: '2026-01-01',
      end: '2027-01-31',
      rooms: 9,
      nightly: base,
      weekly: null,
      monthly: null,
      minStay: 1,
    },
    {
      start: '2027-02-01',
      end: '2028-12-31',
      rooms: 9,
      nightly: base + pick([0, 0, 30]),
      weekly: next() < 0.3 ? base * 6 : null,
      monthly: null,
      minStay: 1,
    },
  ];
  indexPeriods(periods);
  const summary = {
    id,
    name: `Rental ${id}`,
    type: 'villa',
    bedrooms: 2,
    bathrooms: 1,
    sleeps: 6,
    rating: null,
    latitude: null,
    longitude: null,
    updated_at: '2026-01-01T00:00:00Z',
    location: { id: 1, name: 'Somewhere', path: ['Somewhere'], url: '' },
  } as unknown as ReplicaSummary;
  const rates = {
    currency: pick(['EUR', 'EUR', 'GBP']),
    periods,
    defaultRate: null,
    fees: [
      ...(next() < 0.4 ? [{ type: 'per_stay', amount: 50, taxable: true, refundable: false }] : []),
      ...(next() < 0.3 ? [{ type: 'percent', amount: 7.5, taxable: false, refundable: false }] : []),
    ],
    taxRates: next() < 0.5 ? [pick([5, 10, 12.5])] : [],
    promotions: next() < 0.4 ? offers() : [],
    priceOnRequest: next() < 0.04,
  };
  return replicaEntryOf(id, 1, summary, rates as never, { to: '2028-12-31', ranges: [] }, TODAY);
}

const entries = Array.from({ length: 3000 }, (_, i) => entry(i + 1));
const index = indexOfEntries(entries);

const ask = (
  checkin: string,
  checkout: string,
  page: number,
  perPage: number,
  sort: 'price' | '-price',
): SearchRequest => ({
  stay: { checkin, checkout, adults: 2, children: 0 },
  sort,
  price: {},
  page,
  perPage,
  currency: 'EUR',
  params: '',
});

/** Every match priced and sorted: by the nightly figure in EUR (`sign` -1: highest first), none last, then by id. */
function everyPriced(checkin: string, checkout: string, sign: number): number[] {
  const figure = (e: ReplicaEntry) => {
    const p = cardPrice(
      e,
      { stay: { checkin, checkout, adults: 2, children: 0 }, currency: 'EUR', today: TODAY },
      fx,
    );
    return p.converted ? p.converted.nightly : p.nightly;
  };
  return entries
    .map((e) => ({ id: e.id, n: figure(e) }))
    .sort((a, b) =>
      a.n === null || b.n === null
        ? (a.n === null ? 1 : 0) - (b.n === null ? 1 : 0) || a.id - b.id
        : sign * (a.n - b.n) || a.id - b.id,
    )
    .map((x) => x.id);
}

describe('a search by price, priced lazily', () => {
  it.each([
    ['lowest', 'price', 1],
    ['highest', '-price', -1],
  ] as const)(
    'by %s price gives every page as pricing every match and sorting would, ties by id',
    (_, sort, sign) => {
      for (const [checkin, checkout] of [
        ['2027-01-10', '2027-01-15'],
        ['2027-01-28', '2027-02-06'], // across the seasons: floors and prices part
        ['2027-03-01', '2027-03-08'], // a week: the weekly rates
      ] as const) {
        const order = everyPriced(checkin, checkout, sign);
        for (const [page, perPage] of [
          [1, 24],
          [3, 24],
          [1, 200],
          [14, 200],
        ] as const) {
          const got = searchIndex(index, ask(checkin, checkout, page, perPage, sort), TODAY, fx);
          const want = order.slice((page - 1) * perPage, page * perPage);
          expect(
            got.properties.map((p) => p.id),
            `${checkin} page ${page} of ${perPage}`,
          ).toEqual(want);
        }
      }
    },
  );
});

describe('a card’s figure without the card', () => {
  it('equals the card’s compared figure to the cent, for every rental and stay, promotions included', () => {
    let answered = 0;
    for (const [checkin, checkout] of [
      ['2027-01-10', '2027-01-15'],
      ['2027-01-28', '2027-02-06'],
      ['2027-03-01', '2027-03-29'],
    ] as const) {
      const stay = { checkin, checkout, adults: 3, children: 1 };
      for (const currency of ['EUR', 'USD']) {
        const fast = stayFigures(stay, currency, fx);
        for (const e of entries) {
          const n = fast(e);
          if (n === undefined) continue;
          answered++;
          const p = cardPrice(e, { stay, currency, today: TODAY }, fx);
          expect(n, `${e.id} ${checkin} ${currency}`).toBe(p.converted ? p.converted.nightly : p.nightly);
        }
      }
    }
    // Inside the calendars, every one, promotions included: 3 stays, 2 currencies, 3,000 rentals.
    expect(answered).toBe(3 * 2 * entries.length);
    const promoted = entries.filter((e) => e.rates.promotions?.length).length;
    expect(promoted).toBeGreaterThan(entries.length / 4);
  });
});
