import 'server-only';
import { settings } from '@/lib/settings';
import { fieldMessages } from '@/lib/site/browser/messages';
import { answerSearch, type SearchAnswer } from './answer';
import { readSearch } from './request';

/** A page's query as the address bar writes it (so the browser can tell it is still the one served). */
const queryOf = (input: Record<string, string | string[] | undefined>) =>
  new URLSearchParams(
    Object.entries(input).flatMap(([k, v]) => (v === undefined ? [] : [v].flat()).map((x) => [k, x])),
  ).toString();

/**
 * The first view of a search, rendered on the server: the URL cleaned once (what the results view starts
 * from, with the query as it was asked), its answer (null when the catalog could not answer: the browser
 * shows the failure and a retry), its problems as sentences for people keyed by parameter, and the display
 * currency.
 */
export async function firstSearchView(
  input: Record<string, string | string[] | undefined>,
  fixedLocation?: number,
) {
  const search = readSearch(input, { fixedLocation });
  let data: SearchAnswer | null = null;
  if (search.ok) data = await answerSearch(search.request).catch(() => null);
  return {
    params: search.params.toString(),
    served: queryOf(input),
    data,
    errors: search.ok ? null : fieldMessages(search.errors),
    currency: search.ok ? search.request.currency : settings().DISPLAY_CURRENCY,
  };
}

/** A few rentals for the home page (most recently updated), with prices when the replica can give them. */
export async function recentRentals(
  count: number,
  input: Record<string, string | string[] | undefined> = {},
) {
  // The display currency chosen in the header, nothing else of the home page's URL.
  const search = readSearch({ sort: '-updated', currency: input.currency }, { perPage: String(count) });
  if (!search.ok) return [];
  return answerSearch(search.request)
    .then((answer) => answer.properties)
    .catch(() => []);
}
