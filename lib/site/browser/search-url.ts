import type { CatalogSort } from '@/lib/contract';

/*
 * A search's URL, read and written the same way by the server's first render, the results view and the
 * home form: `/search?location=12&checkin=…&checkout=…&adults=2&children=1&bedrooms=2&sort=-sleeps&page=2`,
 * with the traveller's stay written as every other page reads it (stay.ts), so a result's link carries it
 * on. A URL is cleaned once, where it comes in (a page, /api/search, a submitted form); links made from a
 * clean URL are written clean (`searchWith`). The contract's rules are applied on the server
 * (lib/site/search), so the browser does not ship the schemas. Empty fields (a form's untouched inputs)
 * count as absent. Older links said `guests` and `rooms`; they still work.
 */

export const SEARCH_KEYS = [
  'location',
  'checkin',
  'checkout',
  // Flexible dates instead: `flex=week|weekend|N` nights, `months=2027-03,2027-04` (lib/site/search/flexible.ts).
  'flex',
  'months',
  'adults',
  'children',
  'infants',
  'bedrooms',
  'guests',
  'sort',
  'price_min',
  'price_max',
  // The replica's filters (lib/site/search/filters.ts): lists are comma-separated.
  'type',
  'amenities',
  'bathrooms',
  'rating',
  'policies',
  'currency',
  'bounds',
  'page',
  // Whether the map is shown: the view's state, not the search's (apiQueryFor leaves it out).
  'map',
] as const;
export type SearchKey = (typeof SEARCH_KEYS)[number];

export const PER_PAGE = 12;

/** Sorts the site adds to the catalog's (answered from the replica). */
export const PRICE_SORTS = ['price', '-price'] as const;
export type SearchSort = CatalogSort | (typeof PRICE_SORTS)[number];

export const SORTS: { value: SearchSort; label: string }[] = [
  { value: 'id', label: 'Our selection' },
  { value: 'price', label: 'Price: low to high' },
  { value: '-price', label: 'Price: high to low' },
  { value: '-updated', label: 'Recently updated' },
  { value: '-sleeps', label: 'Sleeps the most' },
  { value: 'sleeps', label: 'Sleeps the fewest' },
  { value: '-bedrooms', label: 'Most bedrooms' },
  { value: 'bedrooms', label: 'Fewest bedrooms' },
];

/** What the filters submit: every key but an old link's party, the currency, the area, the page, the map. */
export const FILTER_KEYS = SEARCH_KEYS.filter(
  (k) => !(['guests', 'currency', 'bounds', 'page', 'map'] as SearchKey[]).includes(k),
);

/** The parameters that narrow a search, dropped together by "Clear the filters". */
export const NARROWING = [
  ...FILTER_KEYS.filter((k) => k !== 'location'),
  'guests',
  'bounds',
] as const satisfies readonly SearchKey[];

/** A URL's search parameters, cleaned: known keys only, no empty values or defaults, in a stable order. */
export function cleanSearchParams(
  input: URLSearchParams | Record<string, string | string[] | undefined>,
): URLSearchParams {
  const get = (k: string) => {
    if (input instanceof URLSearchParams) return input.get(k) ?? undefined;
    const v = input[k];
    return Array.isArray(v) ? v[0] : v;
  };
  const out = new URLSearchParams();
  for (const k of SEARCH_KEYS) {
    const v = (k === 'bedrooms' ? (get(k) ?? get('rooms')) : get(k))?.trim();
    if (v) out.set(k, v);
  }
  // An old link's `guests` is the party only while the URL names no adults or children of its own.
  if (out.has('adults') || out.has('children')) out.delete('guests');
  if (out.get('children') === '0') out.delete('children');
  if (out.get('infants') === '0') out.delete('infants');
  if (out.get('page') === '1') out.delete('page');
  if (out.get('sort') === 'id') out.delete('sort');
  if (out.get('map') !== '1') out.delete('map');
  return out;
}

/**
 * Clean parameters changed: `drop` left out, `set` put in, in the same stable order, so the result is
 * clean too (`set` holds no defaults or empty values: a first page is `drop`ped, not set to 1).
 */
export function searchWith(
  params: URLSearchParams,
  change: { drop?: readonly SearchKey[]; set?: Partial<Record<SearchKey, string>> },
): URLSearchParams {
  const out = new URLSearchParams();
  for (const k of SEARCH_KEYS) {
    const v = change.set?.[k] ?? (change.drop?.includes(k) ? null : params.get(k));
    if (v) out.set(k, v);
  }
  return out;
}

/** The search a URL asks for, without the view's own state (whether the map is shown). */
export const searchKey = (params: URLSearchParams) => searchWith(params, { drop: ['map'] }).toString();

/** Whether the URL names a party (a search without one is not narrowed by size). */
export const hasParty = (params: URLSearchParams) =>
  params.has('adults') || params.has('children') || params.has('guests');

/** How many filters narrow this search (the phone's "Filters" button says so). */
export function activeFilters(params: URLSearchParams, fixedLocation?: number): number {
  return [
    !fixedLocation && params.has('location'),
    params.has('checkin') || params.has('checkout') || params.has('flex'),
    hasParty(params),
    params.has('bedrooms'),
    params.has('price_min') || params.has('price_max'),
    params.has('type'),
    params.has('amenities'),
    params.has('bathrooms'),
    params.has('rating'),
    params.has('policies'),
    params.has('bounds'),
  ].filter(Boolean).length;
}

/** The query of the site route that answers this search (the browser's updates go through it). */
export function apiQueryFor(params: URLSearchParams): URLSearchParams {
  const q = searchWith(params, { drop: ['map'] });
  q.set('per_page', String(PER_PAGE));
  return q;
}
