import { describe, expect, it } from 'vitest';
import { addDays, addYears, today } from '@/lib/dates';
import { indexPeriods, type Period } from '@/lib/rules';
import { fieldMessages } from '@/lib/site/browser/messages';
import { RATES_NOT_PUBLISHED } from '@/lib/site/browser/price-words';
import { fxRates } from '@/lib/site/replica/fx';
import { indexOfEntries, type ReplicaEntry, replicaEntryOf } from '@/lib/site/replica/in-memory';
import type { SearchRequest } from '@/lib/site/search';
import { searchIndex } from '@/lib/site/search/from-replica';
import { parseSearchRequest } from '@/lib/site/search/request';

/*
 * What a dated search may call free and how it orders prices (issue 25), over a small replica index made by
 * hand: a stay the rules refuse (minimum stay, capacity) is left out and counted, never listed; a stay with
 * nights not yet priced has no figure and sorts after every priced one, with those on request; a stay that
 * starts in the past is not searched.
 */

const TODAY = '2026-11-23';
const year = (nightly: number, minStay = 1, end = '2027-12-31'): Period[] => [
  { start: '2027-01-01', end, rooms: 6, nightly, weekly: null, monthly: null, minStay },
];

function entry(
  id: number,
  o: { periods?: Period[]; sleeps?: number; onRequest?: boolean; booked?: [string, string] },
): ReplicaEntry {
  const periods = o.periods ?? [];
  indexPeriods(periods);
  return replicaEntryOf(
    id,
    1,
    {
      id,
      name: `Rental ${id}`,
      bedrooms: 2,
      sleeps: o.sleeps ?? 4,
      latitude: null,
      longitude: null,
      updated_at: '2026-01-01T00:00:00Z',
      location: { id: 1, name: 'Somewhere', path: ['Somewhere'] },
    } as unknown as ReplicaEntry['summary'],
    {
      currency: 'EUR',
      periods,
      defaultRate: null,
      fees: [],
      taxRates: [],
      promotions: [],
      priceOnRequest: o.onRequest ?? false,
    },
    {
      to: '2028-12-31',
      ranges: o.booked
        ? [{ checkin: o.booked[0], checkout: o.booked[1], checkin_full_day: false, checkout_full_day: false }]
        : [],
    },
    TODAY,
  );
}

const entries = [
  entry(1, { periods: year(200) }),
  entry(2, { periods: year(100) }),
  entry(3, { periods: year(50, 3) }), // the cheapest, for three nights or more
  entry(4, { periods: year(10, 1, '2027-01-03') }), // rates published for three nights only
  entry(5, { onRequest: true }),
  entry(6, { periods: year(80), sleeps: 1 }),
  entry(7, { periods: year(90), booked: ['2027-01-01', '2027-01-10'] }),
];
const index = indexOfEntries(entries);

const search = (checkin: string, checkout: string, more: Partial<SearchRequest> = {}) =>
  searchIndex(
    index,
    {
      stay: { checkin, checkout, adults: 2, children: 0 },
      sort: 'id',
      price: {},
      page: 1,
      perPage: 50,
      currency: 'EUR',
      params: '',
      ...more,
    },
    TODAY,
    fxRates(),
  );
const ids = (page: ReturnType<typeof search>) => page.properties.map((p) => p.id);

describe('a dated search lists only stays that can be booked', () => {
  it('leaves out a stay under the minimum and a party too large, and counts them once', () => {
    const night = search('2027-01-01', '2027-01-02');
    // 3 needs three nights, 6 sleeps one (two adults by default), 7 is booked: free is 1, 2, 4 and 5.
    expect(ids(night)).toEqual([1, 2, 4, 5]);
    expect(night.total).toBe(4);
    expect(night.unbookable).toEqual({ minStay: 1, shortest: 3, tooSmall: 1 });
    expect(night.properties.some((p) => p.price.kind === 'unavailable')).toBe(false);
  });

  it('counts a rental as free once the stay meets its minimum and the party fits', () => {
    const week = search('2027-01-01', '2027-01-08');
    expect(ids(week)).toEqual([1, 2, 3, 4, 5]);
    expect(week.unbookable).toEqual({ minStay: 0, shortest: null, tooSmall: 1 });
    const alone = search('2027-01-01', '2027-01-08', {
      stay: { checkin: '2027-01-01', checkout: '2027-01-08', adults: 1, children: 0 },
      sleeps: 1,
    });
    expect(ids(alone)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(alone.unbookable).toEqual({ minStay: 0, shortest: null, tooSmall: 0 });
  });

  it('says nothing left out without dates', () => {
    const any = searchIndex(
      index,
      {
        stay: { adults: 2, children: 0 },
        sort: 'id',
        price: {},
        page: 1,
        perPage: 50,
        currency: 'EUR',
        params: '',
      },
      TODAY,
      fxRates(),
    );
    expect(any.total).toBe(7);
    expect(any.unbookable).toBeNull();
  });
});

describe('a stay with nights not yet priced', () => {
  it('has no figure, and words that send the traveller to an agent', () => {
    const week = search('2027-01-01', '2027-01-08');
    const partial = week.properties.find((p) => p.id === 4)!;
    expect(partial.price).toMatchObject({
      kind: 'stay',
      amount: null,
      nightly: null,
      nights: 7,
      accuracy: 'incomplete',
      reason: RATES_NOT_PUBLISHED,
      converted: null,
    });
    // In another display currency, still no figure to convert.
    const usd = search('2027-01-01', '2027-01-08', { currency: 'USD' }).properties.find((p) => p.id === 4)!;
    expect(usd.price.amount).toBeNull();
    expect(usd.price.converted).toBeNull();
  });

  it('sorts after every priced stay either way, with those on request; never inside a price range', () => {
    // Its three priced nights would sum to 30, the cheapest figure of all, were it shown.
    expect(ids(search('2027-01-01', '2027-01-08', { sort: 'price' }))).toEqual([3, 2, 1, 4, 5]);
    expect(ids(search('2027-01-01', '2027-01-08', { sort: '-price' }))).toEqual([1, 2, 3, 4, 5]);
    const ranged = search('2027-01-01', '2027-01-08', { sort: 'price', price: { min: 0, max: 1000 } });
    expect(ids(ranged)).toEqual([3, 2, 1]);
  });
});

describe('a stay that cannot be had is not searched', () => {
  const rules = { currencies: ['EUR'], defaultCurrency: 'EUR', today: TODAY };
  const parse = (qs: string) => parseSearchRequest(new URLSearchParams(qs), rules);

  it('refuses a check-in in the past, in people’s words', () => {
    const past = parse('checkin=2025-06-10&checkout=2025-06-17');
    expect(past).toEqual({ ok: false, errors: { checkin: 'must be today or later' } });
    expect(fieldMessages(past.ok ? {} : past.errors)).toEqual({ checkin: 'Check-in can’t be in the past' });
    expect(parse('checkin=2026-11-22&checkout=2026-11-23').ok).toBe(false);
    expect(parse(`checkin=${TODAY}&checkout=2026-11-24`).ok).toBe(true);
  });

  it('refuses a check-in beyond the furthest one, in people’s words', () => {
    // The catalog's schema reads the clock's today for this rule.
    const now = today();
    const at = (checkin: string) =>
      parseSearchRequest(new URLSearchParams({ checkin, checkout: addDays(checkin, 7) }), {
        ...rules,
        today: now,
      });
    const far = at(addDays(addYears(now, 3), 1));
    expect(far.ok ? {} : fieldMessages(far.errors)).toEqual({
      checkin: 'Check-in can be at most 3 years ahead',
    });
    expect(at(addYears(now, 3)).ok).toBe(true);
  });

  it('says so of the other problems too, once each', () => {
    const past = parse('checkin=2025-06-10&checkout=2025-06-17&adults=0');
    expect(past.ok ? {} : fieldMessages(past.errors)).toEqual({
      checkin: 'Check-in can’t be in the past',
      adults: 'Adults must be a whole number between 1 and 50',
    });
  });
});

describe('a whole-catalog search after the sync changed some rentals', () => {
  // 400 rentals in one place, so the same search is answered by the walk (no place) and rental by rental
  // (the place): the next index version's walk is the previous one with the changed rentals written again.
  const unchanged = (id: number) => entry(id, { periods: year(60 + (id % 37) * 5, 1 + (id % 3)) });
  // Changed: a new rate, a stay booked, a party it no longer sleeps, price on request.
  const changed = (id: number) =>
    [
      // Half of these now ask five nights: refused for the three asked.
      entry(id, { periods: year(20 + (id % 5), (id / 10) % 8 === 0 ? 5 : 1) }),
      entry(id, { periods: year(70), booked: ['2027-02-01', '2027-02-20'] }),
      entry(id, { periods: year(80), sleeps: 1 }),
      entry(id, { onRequest: true }),
    ][(id / 10) % 4]!;
  const first = Array.from({ length: 400 }, (_, i) => unchanged(i + 1));
  // The next version holds the unchanged rentals' very entries (as an index reloading changed rows does).
  const many = (change: (id: number) => boolean) => first.map((e) => (change(e.id) ? changed(e.id) : e));
  const place = { descendants: new Map([[1, new Set([1])]]) };
  const ask = (
    ix: ReturnType<typeof indexOfEntries>,
    location?: number,
    sort: SearchRequest['sort'] = 'price',
  ) =>
    searchIndex(
      ix,
      {
        location,
        stay: { checkin: '2027-02-05', checkout: '2027-02-08', adults: 2, children: 0 },
        sort,
        price: {},
        page: 1,
        perPage: 400,
        currency: 'EUR',
        params: '',
      },
      TODAY,
      fxRates(),
    );

  it('answers as a rental-by-rental search of the same version', () => {
    const before = indexOfEntries(
      many(() => false),
      place,
    );
    expect(ids(ask(before))).toEqual(ids(ask(before, 1)));
    // The same rentals in the same places, 40 of them changed: the walk is patched, not made again.
    const after = indexOfEntries(
      many((id) => id % 10 === 0),
      place,
    );
    for (const sort of ['price', '-price', 'id'] as const) {
      const walked = ask(after, undefined, sort);
      const one = ask(after, 1, sort);
      expect(ids(walked), sort).toEqual(ids(one));
      expect(walked.unbookable, sort).toEqual(one.unbookable);
      expect(walked.facets, sort).toEqual(one.facets);
    }
    // And the changes show: booked on the dates, too small, on request (last), a longer minimum, cheaper.
    expect(ids(ask(before))).toContain(10);
    expect(ids(ask(before))).toContain(80);
    expect(ids(ask(after))).not.toContain(80);
    expect(ids(ask(after))).not.toContain(10);
    expect(ids(ask(after))).not.toContain(20);
    expect(ids(ask(after)).at(-1)).toBe(390);
    expect(ids(ask(after))[0]).toBe(40);
  });
});
