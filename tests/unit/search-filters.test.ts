import { describe, expect, it } from 'vitest';
import { indexPeriods, type Period } from '@/lib/rules';
import { fieldMessages } from '@/lib/site/browser/messages';
import { fxRates } from '@/lib/site/replica/fx';
import { indexOfEntries, type ReplicaEntry, replicaEntryOf } from '@/lib/site/replica/in-memory';
import type { Facets } from '@/lib/site/replica/types';
import { facetsOf, NO_FILTERS } from '@/lib/site/search/filters';
import { searchIndex } from '@/lib/site/search/from-replica';
import { parseSearchRequest } from '@/lib/site/search/request';

/*
 * The results page's filters (issue 29, item 1) over a replica index of 150 rentals drawn from a seeded
 * random stream: for 200 random combinations read from a URL, every choice's count is the number of results
 * that choosing it leaves (the search run again with it), the histogram holds exactly the results' nightly
 * prices, and a URL the filters cannot read is refused in words.
 */

const TODAY = '2026-11-23';
const TYPES = ['villa', 'apartment', 'chalet', 'farm_house'];
const CATEGORIES: Record<string, string[]> = {
  Outdoor: ['Private pool', 'Barbecue', 'Garden'],
  Entertainment: ['Wi-Fi', 'Smart TV'],
  Essentials: ['Air conditioning', 'Heating', 'Linens'],
  Services: ['Parking', 'Concierge'],
};
const POLICY = ['yes', 'no', 'on_request', null];

/** A small deterministic random stream (mulberry32). */
function stream(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!;
  return { next, pick, chance: (p: number) => next() < p };
}

const rng = stream(29);
function entry(id: number): ReplicaEntry {
  const periods: Period[] = [
    {
      start: '2026-01-01',
      end: '2028-12-31',
      rooms: 9,
      nightly: 80 + Math.floor(rng.next() * 900),
      weekly: null,
      monthly: null,
      minStay: 1,
    },
  ];
  indexPeriods(periods);
  const amenities = Object.entries(CATEGORIES).map(([category, items]) => ({
    category,
    items: items.filter(() => rng.chance(0.5)),
  }));
  return replicaEntryOf(
    id,
    1,
    {
      id,
      name: `Rental ${id}`,
      type: rng.pick(TYPES),
      bedrooms: 2,
      bathrooms: 1 + Math.floor(rng.next() * 5),
      sleeps: 6,
      rating: rng.chance(0.15) ? null : Math.round((2.5 + rng.next() * 2.5) * 10) / 10,
      latitude: null,
      longitude: null,
      updated_at: '2026-01-01T00:00:00Z',
      location: { id: 1, name: 'Somewhere', path: ['Somewhere'], url: '' },
      // Some rentals' details are not loaded yet: they have no amenities or policies to match.
      ...(rng.chance(0.05)
        ? {}
        : {
            amenities,
            policies: {
              pets: rng.pick(POLICY),
              children: rng.pick(POLICY),
              wheelchair_accessible: rng.pick(POLICY),
            },
          }),
    } as unknown as ReplicaEntry['summary'],
    {
      currency: 'EUR',
      periods,
      defaultRate: null,
      fees: [],
      taxRates: [],
      promotions: [],
      priceOnRequest: id % 37 === 0,
    },
    { to: '2028-12-31', ranges: [] },
    TODAY,
  );
}
const entries = Array.from({ length: 150 }, (_, i) => entry(i + 1));
const byId = new Map(entries.map((e) => [e.id, e]));
const index = indexOfEntries(entries);

function search(qs: URLSearchParams) {
  const parsed = parseSearchRequest(qs, {
    currencies: ['EUR', 'USD'],
    defaultCurrency: 'EUR',
    perPage: '200',
    today: TODAY,
  });
  if (!parsed.ok) throw new Error(`refused: ${JSON.stringify(parsed.errors)}`);
  return searchIndex(index, parsed.request, TODAY, fxRates());
}

/** The URL with one choice made: a list gains it (types: replaces it), a least value is set to it. */
function choosing(qs: URLSearchParams, group: keyof Omit<Facets, 'histogram'>, value: string) {
  const out = new URLSearchParams(qs);
  const key = {
    types: 'type',
    amenities: 'amenities',
    bathrooms: 'bathrooms',
    rating: 'rating',
    policies: 'policies',
  }[group];
  if (group === 'amenities' || group === 'policies') {
    const held = out.get(key)?.split(',') ?? [];
    out.set(key, [...new Set([...held, value])].join(','));
  } else out.set(key, value);
  return out;
}

function randomQuery(): URLSearchParams {
  const q = new URLSearchParams();
  if (rng.chance(0.4)) q.set('type', TYPES.filter(() => rng.chance(0.4)).join(',') || rng.pick(TYPES));
  if (rng.chance(0.5))
    q.set(
      'amenities',
      ['private-pool', 'wi-fi', 'parking', 'air-conditioning'].filter(() => rng.chance(0.35)).join(','),
    );
  if (rng.chance(0.4)) q.set('bathrooms', String(1 + Math.floor(rng.next() * 4)));
  if (rng.chance(0.4)) q.set('rating', rng.pick(['3', '3.5', '4', '4.5']));
  if (rng.chance(0.4))
    q.set('policies', ['pets', 'children', 'wheelchair_accessible'].filter(() => rng.chance(0.4)).join(','));
  if (rng.chance(0.3)) q.set('price_min', String(Math.floor(rng.next() * 400)));
  if (rng.chance(0.3)) q.set('price_max', String(400 + Math.floor(rng.next() * 600)));
  if (rng.chance(0.3)) q.set('currency', 'USD');
  if (rng.chance(0.5)) {
    q.set('checkin', '2027-03-06');
    q.set('checkout', '2027-03-13');
  }
  for (const [k, v] of [...q]) if (!v) q.delete(k);
  return q;
}

describe('the filters, with counts', () => {
  it('offers what travellers ask for first, as the catalog names it, then what most rentals list', () => {
    const { facets } = search(new URLSearchParams());
    const offered = facets.amenities.map((a) => a.value);
    expect(offered.slice(0, 4)).toEqual(['private-pool', 'wi-fi', 'parking', 'air-conditioning']);
    expect(new Set(offered).size).toBe(offered.length);
    expect(offered.length).toBeLessThanOrEqual(10);
    expect(facets.amenities.find((a) => a.value === 'wi-fi')?.label).toBe('Wi-Fi');
    expect(facets.types.map((t) => t.label)).toContain('Farm house');
  });

  it('for 200 random combinations, each choice’s count is what choosing it leaves', () => {
    let checked = 0;
    let nonZero = 0;
    for (let i = 0; i < 200; i++) {
      const q = randomQuery();
      const answer = search(q);
      const { histogram, ...groups } = answer.facets;
      for (const [group, choices] of Object.entries(groups) as [
        keyof typeof groups,
        { value: string; count: number }[],
      ][])
        for (const c of choices) {
          const after = search(choosing(q, group, c.value));
          expect(after.total, `${q} + ${group}=${c.value}`).toBe(c.count);
          checked++;
          if (c.count > 0) nonZero++;
        }
      // The histogram holds every result's nightly price, none else (the price range left out of it).
      const noRange = new URLSearchParams(q);
      noRange.delete('price_min');
      noRange.delete('price_max');
      const priced = search(noRange).properties.filter(
        (p) => (p.price.converted ?? p.price).nightly !== null,
      );
      expect(histogram?.bins.reduce((a, b) => a + b, 0) ?? 0).toBe(priced.length);
      if (histogram) {
        const top = histogram.min + histogram.step * histogram.bins.length;
        for (const p of priced) {
          const n = (p.price.converted ?? p.price).nightly!;
          expect(n).toBeGreaterThanOrEqual(histogram.min);
          expect(n).toBeLessThan(top);
        }
        expect(histogram.currency).toBe(q.get('currency') ?? 'EUR');
      }
    }
    expect(checked).toBeGreaterThan(2000);
    expect(nonZero).toBeGreaterThan(checked / 3);
  });

  it('counts a whole-catalog search without filters from packed codes as it counts rental by rental', () => {
    // Both without dates and dated (the whole catalog's walk answers these from its arrays).
    for (const qs of [
      '',
      'checkin=2027-03-06&checkout=2027-03-13',
      'checkin=2027-03-06&checkout=2027-03-08&adults=5',
    ]) {
      const { facets, total } = search(new URLSearchParams(qs));
      const found = search(new URLSearchParams(`${qs}${qs ? '&' : ''}sort=id`));
      const entriesFound = found.properties.map((p) => byId.get(p.id)!);
      expect(total).toBe(entriesFound.length);
      const { histogram: _h, ...counts } = facets;
      expect(counts, qs || 'no dates').toEqual(facetsOf(index, entriesFound, NO_FILTERS));
    }
  });

  it('narrows the results to rentals that have what was chosen', () => {
    const page = search(
      new URLSearchParams('type=chalet,villa&amenities=wi-fi&bathrooms=2&rating=4&policies=pets'),
    );
    expect(page.total).toBeGreaterThan(0);
    for (const p of page.properties) {
      const s = index.entries.get(p.id)!.summary;
      expect(['chalet', 'villa']).toContain(s.type);
      expect(s.bathrooms).toBeGreaterThanOrEqual(2);
      expect(s.rating).toBeGreaterThanOrEqual(4);
      expect(s.policies?.pets).toBe('yes');
      const items = s.amenities!.flatMap((a) => a.items);
      expect(items).toContain('Wi-Fi');
      // A card carries no amenity list: the counts say what the filters need.
      expect(p).not.toHaveProperty('amenities');
    }
  });

  it('draws a large answer’s histogram from an even sample, said so, with the exact one’s shape', () => {
    // 1,500 rentals: more results than the histogram prices (200), so a search sorted by price prices only
    // its first cards and a sample; with a price range it prices every result.
    const many = Array.from({ length: 1500 }, (_, i) => entry(1000 + i));
    const big = indexOfEntries(many);
    const ask = (sort: string) => {
      const q = new URLSearchParams(`checkin=2027-03-06&checkout=2027-03-13&sort=${sort}&type=villa,chalet`);
      const parsed = parseSearchRequest(q, { currencies: ['EUR'], defaultCurrency: 'EUR', today: TODAY });
      if (!parsed.ok) throw new Error('refused');
      return searchIndex(big, parsed.request, TODAY, fxRates()).facets.histogram!;
    };
    const sampled = ask('price');
    // A price range prices every result (each must be compared with it): the exact histogram.
    const exact = ask('price&price_max=1000000');
    expect(sampled.sampled).toBe(true);
    expect(exact.sampled).toBe(false);
    const count = (h: typeof exact) => h.bins.reduce((a, b) => a + b, 0);
    expect(count(sampled)).toBeLessThanOrEqual(200);
    expect(count(exact)).toBeGreaterThan(600);
    // The quartiles read from each histogram's bars differ by at most a bar and a half of the exact one.
    const quantile = (h: typeof exact, q: number) => {
      let seen = 0;
      for (const [i, n] of h.bins.entries()) {
        seen += n;
        if (seen >= q * count(h)) return h.min + (i + 0.5) * h.step;
      }
      return h.min + h.step * h.bins.length;
    };
    for (const q of [0.25, 0.5, 0.75])
      expect(Math.abs(quantile(sampled, q) - quantile(exact, q))).toBeLessThanOrEqual(1.5 * exact.step);
  });

  it('refuses filters it cannot read, in words beside the field', () => {
    const refused = (qs: string) => {
      const parsed = parseSearchRequest(new URLSearchParams(qs), {
        currencies: ['EUR'],
        defaultCurrency: 'EUR',
        today: TODAY,
      });
      return parsed.ok ? null : fieldMessages(parsed.errors);
    };
    expect(refused('policies=smoking')).toEqual({ policies: 'Choose one of the offered policies options' });
    expect(refused('rating=4.3')).toEqual({ rating: 'Please check rating' });
    expect(refused('bathrooms=0')).toHaveProperty('bathrooms');
    expect(refused('type=Villa%20!')).toHaveProperty('type');
    expect(refused('type=villa,apartment&rating=4.5&bathrooms=2')).toBeNull();
  });
});
