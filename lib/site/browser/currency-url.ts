/*
 * The display currency chosen in the header travels in the URL (`?currency=USD`) from page to page, as the
 * stay does: every link from a page that has it carries it on.
 */

const CODE = /^[A-Z]{3}$/;

/** The display currency a URL's query names, or null (none, or not a currency code). */
export function currencyIn(query: URLSearchParams | string | null | undefined): string | null {
  if (!query) return null;
  const value = (typeof query === 'string' ? new URLSearchParams(query) : query).get('currency');
  return value && CODE.test(value) ? value : null;
}

/** `path` with the display currency in its query (its other parameters kept); unchanged without one. */
export function withCurrency(path: string, currency: string | null | undefined): string {
  if (!currency || !CODE.test(currency)) return path;
  const [base, query = ''] = path.split('?', 2) as [string, string?];
  const params = new URLSearchParams(query);
  params.set('currency', currency);
  return `${base}?${params}`;
}
