import type { CatalogQuery } from '@/lib/contract';

/*
 * The search's state lives in the URL (`/search?location=12&checkin=…&guests=4&rooms=2&sort=-sleeps&page=2`).
 * These helpers are shared by the server's first render and the browser; the contract's rules are applied
 * on the server (the page, and /api/search), so the browser does not ship the schemas. Empty fields (a
 * form's untouched inputs) count as absent.
 */

export const SEARCH_KEYS = ['location', 'checkin', 'checkout', 'guests', 'rooms', 'sort', 'page'] as const;
export const PER_PAGE = 12;

export const SORTS: { value: CatalogQuery['sort']; label: string }[] = [
  { value: 'id', label: 'Our selection' },
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
    if (input instanceof URLSearchParams) return input.get(k);
    const v = input[k];
    return Array.isArray(v) ? v[0] : v;
  };
  const out = new URLSearchParams();
  for (const k of SEARCH_KEYS) {
    const v = get(k)?.trim();
    if (v) out.set(k, v);
  }
  if (out.get('page') === '1') out.delete('page');
  if (out.get('sort') === 'id') out.delete('sort');
  return out;
}

/** The site route that answers this search (the browser's updates go through it). */
export const apiPathFor = (params: URLSearchParams) => {
  const q = new URLSearchParams(params);
  q.set('per_page', String(PER_PAGE));
  return `/api/search?${q}`;
};
