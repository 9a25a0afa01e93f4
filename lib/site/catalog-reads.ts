import 'server-only';
import { type CallOptions, catalog } from '@/lib/catalog-client';
import type { CatalogQuery, QuoteQuery, WindowQuery } from '@/lib/contract';

/*
 * Where the site's pages and routes get catalog data: the one place that says which copy answers what.
 * There are three:
 *
 *   the replica    the site's own copy in its database (lib/site/replica) and each process's index of it,
 *                  kept exact by the change feed: search and card prices, with no upstream call;
 *   the cache      the upstream's answers by tag (lib/catalog-client/cache.ts), expired by whoever first
 *                  records an area's time moving (lib/site/area-times.ts: the change-feed sync, or the
 *                  replica's listing), served stale while the upstream fails;
 *   the upstream   through lib/catalog-client, within the budget and the visitor's share of it.
 *
 *   page or route                                            answered by
 *   /search, /destinations/{id}, the embed's search,          the replica; until its first load is complete
 *     home's recent rentals, /api/search                        (or with CATALOG_REPLICA=0): cache → upstream,
 *                                                               unpriced (lib/site/catalog-pages.ts, runSearch)
 *   /api/map/places                                          the replica's positions, the locations below
 *   /properties/{id}, /embed/properties/{id},                cache → upstream, a stale answer while it fails
 *     /api/properties/{id}[/rates|/availability|/images]
 *   the booking card's price, /api/properties/{id}/quote     cache (QUOTE_CACHE_SECONDS) → upstream
 *   /destinations, the search forms, /api/locations          cache (a day) → upstream
 *   /sitemap.xml                                             cache → upstream (the full change feed)
 *   the confirmation's rental, photo and price               the cache only until the lead is stored; what
 *                                                               it lacked, cache → upstream once the upstream
 *                                                               took the inquiry (lib/site/leads/shown.ts)
 *   POST /api/inquiries                                      the upstream, after the lead is stored
 *                                                               (lib/site/leads)
 *   /shortlist, GET /api/shortlist                           the replica's card prices; a rental it lacks yet:
 *                                                               cache → upstream, unpriced (lib/site/advisors)
 *   /proposals/{token}, its embed, a proposal being sent     each option's quote: cache (QUOTE_CACHE_SECONDS) →
 *                                                               upstream, on the proposal's own share; whether
 *                                                               the stay can be had: the replica
 *
 * The reads below are the cache → upstream ones; a page or route that needs catalog data asks here.
 */

/** A stay a quote is asked for. */
type QuoteStay = Partial<QuoteQuery> & Pick<QuoteQuery, 'checkin' | 'checkout'>;

export const catalogReads = {
  /** GET /properties/{id}: a property's content. */
  property: (id: number, o?: CallOptions) => catalog().property(id, o),
  /** GET /properties/{id}/rates */
  rates: (id: number, window?: WindowQuery, o?: CallOptions) => catalog().rates(id, window, o),
  /** GET /properties/{id}/availability */
  availability: (id: number, window?: WindowQuery, o?: CallOptions) => catalog().availability(id, window, o),
  /** GET /properties/{id}/images */
  images: (id: number, o?: CallOptions) => catalog().images(id, o),
  /** GET /properties/{id}/quote: briefly cached by its full parameter set. */
  quote: (id: number, stay: QuoteStay, o?: CallOptions) => catalog().quote(id, stay, o),
  /** GET /locations: the location catalog. */
  locations: (o?: CallOptions) => catalog().locations(o),
  /** GET /properties/changes without `since`: every live property, page by page (the sitemap). */
  feedPage: (query: { page: number; per_page: number }, o?: CallOptions) => catalog().changes(query, o),
  /** GET /properties: one page of the catalog as the upstream answers it (no prices). */
  catalogPage: (query: Partial<CatalogQuery>, o?: CallOptions) => catalog().search(query, o),
};

/** What the cache holds, fresh or stale, asking nothing of the upstream: for what must not wait on it. */
export const cachedOnly = () => catalog().cached;
