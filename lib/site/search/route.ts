import 'server-only';
import { json, route, SiteError } from '@/lib/site/http';
import { answerSearch } from './answer';
import { readSearch } from './request';

/**
 * GET /api/search — the site's search for a search URL: adults and children (or an old link's `guests`),
 * bedrooms (or `rooms`), dates, location, sort (the catalog's, plus `price` / `-price`), the nightly price
 * range `price_min`/`price_max` and the display `currency`, checked by the contract's rules. Answered from
 * the site's replica (each property with its `price`), or from the upstream catalog until the replica's
 * first load has listed the catalog (`source` says which). While that load runs, `loading` says how far it
 * is (`percent`, `seconds_left`) and, in the replica's answer, how many of the search's rentals are still
 * being priced (`pending`, not listed yet); the search's place is counted to be priced first. A dated search
 * lists only stays that can be booked (a past check-in is a 400; stays the rules refuse are counted in
 * `unbookable`, not listed). The filters `type`, `amenities`, `bathrooms`, `rating`, `policies` narrow it and
 * `facets` gives each choice's count and the price histogram; `flex` and `months` ask each rental's cheapest
 * stay of a length in those months (each property then with its `stay`). README, "Search API".
 *
 * The route (app/api/search/route.ts) and the site's server (scripts/serve.mjs, lib/site/direct-routes.ts)
 * both answer with this one handler.
 */
export const searchRoute = route(async (request, ctx) => {
  const url = new URL(request.url);
  const search = readSearch(url.searchParams, { perPage: url.searchParams.get('per_page') });
  if (!search.ok) throw new SiteError('validation_failed', 'Some details need correcting.', search.errors);
  const answer = await answerSearch(search.request, { requestId: ctx.requestId });
  const next = answer.pagination.next ? `/api/search${answer.pagination.next}` : null;
  return json(
    {
      properties: answer.properties,
      pagination: { ...answer.pagination, next },
      source: answer.source,
      prices: answer.prices,
      ...(answer.loading ? { loading: answer.loading } : {}),
      unbookable: answer.unbookable ?? null,
      facets: answer.facets ?? null,
    },
    ctx,
    // Not kept while the replica loads: the results ask again for the prices.
    { mode: answer.mode ?? undefined, maxAge: answer.loading ? 0 : 60 },
  );
});
