import 'server-only';

/*
 * lib/site/search — a search of the catalog, from its URL to the page of results it answers:
 *
 *   request.ts        SearchRequest: the URL cleaned once and parsed by the contract's rules, carried whole
 *   answer.ts         answerSearch: the replica answers, or the upstream while the replica's first load runs
 *   from-replica.ts   the replica's adapter: filter, price, sort and page over the in-memory index
 *   walk.ts           the whole catalog as typed arrays for a search over every rental, patched per version
 *   from-upstream.ts  the upstream's adapter: the catalog's GET /properties (no prices)
 *   card-price.ts     a card's price for the stay searched, as the quote would give it (lib/rules)
 *   views.ts          what pages show: the first view of a search, a few recent rentals
 *   route.ts          GET /api/search's handler: the route's, and the one the site's server calls itself
 *
 * The URL's keys, their cleaning and the links made from them run in the browser too, so they live with the
 * browser's helpers (lib/site/browser/search-url.ts); the results view and the home form use them. Server
 * only: imports lib/contract, lib/rules, lib/dates, lib/settings, lib/catalog-client, lib/site/browser, the
 * site's database and its replica (lib/site/replica); never a component.
 */

export { answerSearch, type SearchAnswer } from './answer';
export { MAP_POINTS, mapPointsFromReplica } from './from-replica';
export { readSearch, type SearchRequest } from './request';
export { firstSearchView, recentRentals } from './views';
