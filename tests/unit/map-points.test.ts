import { describe, expect, it } from 'vitest';
import { indexPeriods, type Period } from '@/lib/rules';
import { fxRates } from '@/lib/site/replica/fx';
import {
  indexOfEntries,
  type ReplicaEntry,
  type ReplicaIndex,
  replicaEntryOf,
} from '@/lib/site/replica/in-memory';
import { searchIndex, searchPoints } from '@/lib/site/search/from-replica';
import { parseSearchRequest } from '@/lib/site/search/request';

/*
 * The results map's points (issue 29, item 2): every result of the search with a position, on every page
 * of it, not only the list's page; each with its card's price where the search priced it (the same figure
 * as the card), none where it did not; rentals without a position left off.
 */

const TODAY = '2026-11-23';

function entry(id: number): ReplicaEntry {
  const periods: Period[] = [
    {
      start: '2026-01-01',
      end: '2028-12-31',
      rooms: 9,
      nightly: 60 + ((id * 37) % 700),
      weekly: null,
      monthly: null,
      minStay: 1,
    },
  ];
  indexPeriods(periods);
  const placed = id % 10 !== 0;
  return replicaEntryOf(
    id,
    1,
    {
      id,
      name: `Rental ${id}`,
      type: 'villa',
      bedrooms: 2,
      bathrooms: 1,
      sleeps: 2 + (id % 5),
      rating: null,
      latitude: placed ? 40 + (id % 50) / 10 : null,
      longitude: placed ? 10 + (id % 70) / 10 : null,
      updated_at: '2026-01-01T00:00:00Z',
      location: { id: 1, name: 'Somewhere', path: ['Somewhere'], url: '' },
    } as unknown as ReplicaEntry['summary'],
    {
      currency: 'EUR',
      periods,
      defaultRate: null,
      fees: [],
      taxRates: [],
      promotions: [],
      priceOnRequest: false,
    },
    {
      to: '2028-12-31',
      ranges:
        id % 7 === 0
          ? [
              {
                checkin: '2027-03-08',
                checkout: '2027-03-10',
                checkin_full_day: true,
                checkout_full_day: true,
              },
            ]
          : [],
    },
    TODAY,
  );
}

function indexOf(n: number): ReplicaIndex {
  return indexOfEntries(
    Array.from({ length: n }, (_, i) => entry(i + 1)),
    { version: `points-${n}` },
  );
}

const request = (qs: string) => {
  const parsed = parseSearchRequest(new URLSearchParams(qs), {
    currencies: ['EUR'],
    defaultCurrency: 'EUR',
    today: TODAY,
  });
  if (!parsed.ok) throw new Error('refused');
  return parsed.request;
};

/** Every result of the search, page by page, as the list gives them. */
function everyResult(index: ReplicaIndex, qs: string) {
  const out = [];
  for (let page = 1; ; page++) {
    const got = searchIndex(index, request(`${qs}&page=${page}`), TODAY, fxRates());
    out.push(...got.properties);
    if (page * 12 >= got.total) return out;
  }
}

describe('the results map’s points', () => {
  it('are every placed result of a search, on every page, with the card’s price where priced', () => {
    const index = indexOf(1200);
    for (const qs of ['sleeps=4', 'checkin=2027-03-06&checkout=2027-03-13&sort=price&sleeps=3', 'sort=-id']) {
      const { points, total } = searchPoints(index, request(qs), TODAY, fxRates());
      const results = everyResult(index, qs);
      expect(total, qs).toBe(results.length);
      const placed = results.filter((p) => p.latitude !== null).map((p) => p.id);
      expect(points.map((p) => p.id).sort((a, b) => a - b)).toEqual(placed.sort((a, b) => a - b));
      const cards = new Map(results.map((p) => [p.id, p.price]));
      for (const p of points) if (p.price) expect(p.price, `${qs} #${p.id}`).toEqual(cards.get(p.id));
    }
  });

  it('price no rental for the map alone: a large price-sorted answer prices only its page’s cards', () => {
    const index = indexOf(1200);
    const qs = 'checkin=2027-03-06&checkout=2027-03-13&sort=price';
    // The results page asks for its first page, then the map for every result.
    const page = searchIndex(index, request(qs), TODAY, fxRates());
    const { points, total } = searchPoints(index, request(qs), TODAY, fxRates());
    expect(total).toBeGreaterThan(1000);
    const priced = points.filter((p) => p.price !== null).map((p) => p.id);
    // The page's cards, no more: the histogram's sample and the order's candidates need no card.
    expect(priced.sort((a, b) => a - b)).toEqual(page.properties.map((p) => p.id).sort((a, b) => a - b));
  });
});
