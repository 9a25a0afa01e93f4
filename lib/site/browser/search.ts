import type { CatalogQuery } from '@/lib/contract';
import { readStay, type Stay } from './stay';

/*
 * The search's state lives in the URL
 * (`/search?location=12&checkin=…&checkout=…&adults=2&children=1&bedrooms=2&sort=-sleeps&page=2`), with the
 * traveller's stay written the way every other page reads it (stay.ts), so a result's link can carry it on.
 * These helpers are shared by the server's first render and the browser; the contract's rules are applied
 * on the server (the page, and /api/search), so the browser does not ship the schemas. Empty fields (a
 * form's untouched inputs) count as absent. Older links said `guests` and `rooms`; they still work.
 */

export const SEARCH_KEYS = [
  'location',
  'checkin',
  'checkout',
  'adults',
  'children',
  'bedrooms',
  'guests',
  'sort',
  'price_min',
  'price_max',
  'currency',
  'bounds',
  'page',
  // Whether the map is shown: the view's state, not the search's (apiQueryFor leaves it out).
  'map',
] as const;
export const PER_PAGE = 12;

/** Sorts the site adds to the catalog's (answered from the replica). */
export const PRICE_SORTS = ['price', '-price'] as const;

export const SORTS: { value: CatalogQuery['sort'] | (typeof PRICE_SORTS)[number]; label: string }[] = [
  { value: 'id', label: 'Our selection' },
  { value: 'price', label: 'Price: low to high' },
  { value: '-price', label: 'Price: high to low' },
  { value: '-updated', label: 'Recently updated' },
  { value: '-sleeps', label: 'Sleeps the most' },
  { value: 'sleeps', label: 'Sleeps the fewest' },
  { value: '-bedrooms', label: 'Most bedrooms' },
  { value: 'bedrooms', label: 'Fewest bedrooms' },
];

/** The URL's search parameters, cleaned: known keys only, no empty values, in a stable order. */
export function cleanParams(
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
  if (out.get('page') === '1') out.delete('page');
  if (out.get('sort') === 'id') out.delete('sort');
  if (out.get('map') !== '1') out.delete('map');
  return out;
}

/** Whether the URL names a party (a search without one is not narrowed by size). */
export const hasParty = (params: URLSearchParams) =>
  params.has('adults') || params.has('children') || params.has('guests');

/** The traveller's stay a search URL holds: what the filters show and what every result's link carries. */
export const searchStay = (params: URLSearchParams): Stay => readStay(params);

/** How many filters narrow this search (the phone's "Filters" button says so). */
export function activeFilters(params: URLSearchParams, fixedLocation?: number): number {
  return [
    !fixedLocation && params.has('location'),
    params.has('checkin') || params.has('checkout'),
    hasParty(params),
    params.has('bedrooms'),
    params.has('price_min') || params.has('price_max'),
    params.has('bounds'),
  ].filter(Boolean).length;
}

/** The query of the site route that answers this search (the browser's updates go through it). */
export function apiQueryFor(params: URLSearchParams): URLSearchParams {
  const q = new URLSearchParams(params);
  q.delete('map');
  q.set('per_page', String(PER_PAGE));
  return q;
}
