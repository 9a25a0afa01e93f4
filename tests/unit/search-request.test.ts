import { describe, expect, it } from 'vitest';
import { addDays, today } from '@/lib/dates';
import { fieldMessages } from '@/lib/site/browser/messages';
import { parseSearchRequest, readSearch, type SearchRequest } from '@/lib/site/search/request';

/*
 * A search's URL read once into one SearchRequest (lib/site/search/request.ts): every form of URL the site
 * accepts, old links included, each carried whole (the party, the stay, the sort); and what it refuses, in
 * the words a person reads beside the filters.
 */

const checkin = addDays(today(), 60);
const checkout = addDays(today(), 67);
/** A day no calendar has, next year. */
const noSuchDay = `${Number(today().slice(0, 4)) + 1}-02-30`;

/** The request a URL makes, or the sentences its problems read as. */
function read(qs: string, options: Parameters<typeof readSearch>[1] = {}) {
  const search = readSearch(new URLSearchParams(qs), options);
  return search.ok ? search.request : { refused: fieldMessages(search.errors) };
}

/** A URL with nothing in it asks for this; every case below says only what it changes. */
const NOTHING: SearchRequest = {
  location: undefined,
  stay: { checkin: undefined, checkout: undefined, adults: 2, children: 0, bedrooms: undefined },
  sleeps: undefined,
  sort: 'id',
  price: { min: undefined, max: undefined },
  currency: 'EUR',
  bounds: undefined,
  page: 1,
  perPage: 12,
  params: '',
};
const asking = (changes: Partial<SearchRequest>): SearchRequest => ({ ...NOTHING, ...changes });

describe('a search URL, read once', () => {
  it('with nothing in it: every rental, our selection, for two adults, in the display currency', () => {
    expect(read('')).toEqual(NOTHING);
  });

  it('holds every filter at once: destination, stay, party, bedrooms, sort, price, currency, area, page', () => {
    const qs = `location=4&checkin=${checkin}&checkout=${checkout}&adults=3&children=2&bedrooms=2&sort=-sleeps&price_min=100&price_max=300&currency=USD&bounds=10%2C42.5%2C12%2C44&page=3`;
    expect(read(qs)).toEqual(
      asking({
        location: 4,
        stay: { checkin, checkout, adults: 3, children: 2, bedrooms: 2 },
        sleeps: 5,
        sort: '-sleeps',
        price: { min: 100, max: 300 },
        currency: 'USD',
        bounds: { west: 10, south: 42.5, east: 12, north: 44 },
        page: 3,
        params: qs,
      }),
    );
  });

  it('carries the party whole: adults and children as written, everyone staying as what a rental must sleep', () => {
    expect(read('adults=1')).toMatchObject({ stay: { adults: 1, children: 0 }, sleeps: 1 });
    // Children alone travel with the default two adults.
    expect(read('children=1')).toMatchObject({ stay: { adults: 2, children: 1 }, sleeps: 3 });
    expect(read('adults=50&children=50')).toMatchObject({ stay: { adults: 50, children: 50 }, sleeps: 100 });
    // A URL without a party is priced for two adults but not narrowed by size.
    expect(read('bedrooms=3')).toEqual(
      asking({ stay: { ...NOTHING.stay, bedrooms: 3 }, sleeps: undefined, params: 'bedrooms=3' }),
    );
  });

  it('reads old links: `guests` as adults and as what a rental must sleep, `rooms` as bedrooms', () => {
    expect(read('guests=4&rooms=3')).toEqual(
      asking({ stay: { ...NOTHING.stay, adults: 4, bedrooms: 3 }, sleeps: 4, params: 'bedrooms=3&guests=4' }),
    );
    // More guests than a party may hold adults: still what a rental must sleep; the party stays the default.
    expect(read('guests=80')).toMatchObject({ stay: { adults: 2, children: 0 }, sleeps: 80 });
    // A URL's own adults or children win over an old `guests`, and its bedrooms over `rooms`.
    expect(read('adults=3&guests=9&bedrooms=2&rooms=5')).toEqual(
      asking({ stay: { ...NOTHING.stay, adults: 3, bedrooms: 2 }, sleeps: 3, params: 'adults=3&bedrooms=2' }),
    );
  });

  it('drops defaults, empty values, unknown keys and a second value, and trims', () => {
    expect(read('sort=id&page=1&children=0&map=0&location=&checkin=&adults=&utm_source=x')).toEqual(NOTHING);
    expect(read('location=7&location=9&adults=%203%20')).toEqual(
      asking({ location: 7, stay: { ...NOTHING.stay, adults: 3 }, sleeps: 3, params: 'location=7&adults=3' }),
    );
  });

  it('keeps the map shown (`map=1`) in its URL, not in what is searched', () => {
    const shown = read('adults=2&map=1');
    expect(shown).toEqual({ ...read('adults=2'), params: 'adults=2&map=1' });
  });

  it('keeps the price sorts, which only the replica answers', () => {
    expect(read('sort=price')).toEqual(asking({ sort: 'price', params: 'sort=price' }));
    expect(read('sort=-price')).toEqual(asking({ sort: '-price', params: 'sort=-price' }));
    for (const sort of ['-id', 'bedrooms', '-bedrooms', 'sleeps', 'updated', '-updated'])
      expect(read(`sort=${sort}`)).toMatchObject({ sort });
  });

  it('reads a price range open at either end, in whole units a night', () => {
    expect(read('price_min=0&price_max=0')).toMatchObject({ price: { min: 0, max: 0 } });
    expect(read('price_min=150')).toMatchObject({ price: { min: 150, max: undefined } });
    expect(read('price_max=400')).toMatchObject({ price: { min: undefined, max: 400 } });
  });

  it('compares in the currency asked, or the site’s own, among those the reference rates know', () => {
    expect(read('currency=JPY')).toMatchObject({ currency: 'JPY' });
    const rules = { currencies: ['EUR', 'GBP'], defaultCurrency: 'GBP' };
    expect(parseSearchRequest(new URLSearchParams(''), rules)).toMatchObject({
      ok: true,
      request: { currency: 'GBP' },
    });
    expect(parseSearchRequest(new URLSearchParams('currency=USD'), rules)).toEqual({
      ok: false,
      errors: { currency: 'must be one of EUR, GBP' },
    });
  });

  it('reads a map area, across the antimeridian too', () => {
    expect(read('bounds=176,-20,-178,-15')).toMatchObject({
      bounds: { west: 176, south: -20, east: -178, north: -15 },
    });
  });

  it('searches a destination page’s own place whatever its URL says', () => {
    expect(read('location=9&adults=2', { fixedLocation: 7 })).toMatchObject({
      location: 7,
      params: 'location=7&adults=2',
    });
    expect(read('adults=2', { fixedLocation: 7 })).toMatchObject({
      location: 7,
      params: 'adults=2&location=7',
    });
  });

  it('takes the route’s page size', () => {
    expect(read('', { perPage: '5' })).toEqual(asking({ perPage: 5 }));
  });
});

describe('a search URL refused', () => {
  const refused = (qs: string, options: Parameters<typeof readSearch>[1] = {}) =>
    (read(qs, options) as { refused?: Record<string, string> }).refused;

  it('says what is wrong with each field, in the words of the filters', () => {
    const cases: [string, Record<string, string>][] = [
      ['adults=0', { adults: 'Adults must be a whole number between 1 and 50' }],
      ['adults=x', { adults: 'Adults must be a whole number between 1 and 50' }],
      ['children=51', { children: 'Children must be a whole number between 0 and 50' }],
      ['bedrooms=51', { bedrooms: 'Bedrooms must be a whole number between 1 and 50' }],
      ['rooms=0', { bedrooms: 'Bedrooms must be a whole number between 1 and 50' }],
      ['guests=0', { guests: 'Guests must be a whole number between 1 and 100' }],
      ['guests=101', { guests: 'Guests must be a whole number between 1 and 100' }],
      ['location=x', { location: 'Destination must be a whole number' }],
      [`checkin=${noSuchDay}&checkout=${checkout}`, { checkin: 'Check-in must be a real date' }],
      [`checkin=${checkin}`, { checkout: 'Choose a check-out date' }],
      [`checkout=${checkout}`, { checkin: 'Choose a check-in date' }],
      [`checkin=${checkin}&checkout=${checkin}`, { checkout: 'Check-out must be after check-in' }],
      [
        `checkin=${checkin}&checkout=${addDays(checkin, 366)}`,
        { checkout: 'A stay can be at most 365 nights' },
      ],
      [
        `checkin=${addDays(today(), 1200)}&checkout=${addDays(today(), 1207)}`,
        { checkin: 'Check-in can be at most 3 years ahead' },
      ],
      ['sort=cheapest', { sort: 'Choose one of the offered sort order options' }],
      ['page=0', { page: 'Page must be a whole number at least 1' }],
      ['price_min=-1', { price_min: 'Lowest price a night must be a whole number between 0 and 10000000' }],
      [
        'price_min=300&price_max=100',
        { price_max: 'Highest price a night can’t be below the lowest price a night' },
      ],
      ['currency=usd', { currency: 'Please check currency' }],
      ['currency=XYZ', { currency: 'Choose one of the offered currency options' }],
      ['bounds=12,44,10', { bounds: 'The map area could not be read; choose it again on the map' }],
      ['bounds=0,50,1,40', { bounds: 'The map area could not be read; choose it again on the map' }],
    ];
    for (const [qs, sentences] of cases) expect(refused(qs), qs).toEqual(sentences);
    expect(refused('', { perPage: '0' })).toEqual({
      per_page: 'Results per page must be a whole number between 1 and 200',
    });
  });

  it('says every problem at once, the party’s first', () => {
    const problems = refused(`checkin=${noSuchDay}&adults=0&children=x&guests=3`);
    expect(Object.keys(problems ?? {})).toEqual(['adults', 'children', 'checkin', 'checkout']);
    expect(problems).toMatchObject({
      checkin: 'Check-in must be a real date',
      checkout: 'Choose a check-out date',
    });
  });
});
