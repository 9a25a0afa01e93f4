import 'server-only';
import type {
  Area,
  CatalogQuery,
  QuoteQuery,
  TolerantLocationCatalog,
  TolerantPropertyDetail,
  TolerantPropertyImages,
  TolerantQuote,
  TolerantRateSheet,
  WindowQuery,
} from '@/lib/contract';
import type { TaggedCache } from './cache';
import type { Answer, CallOptions, CatalogClient } from './client';
import { UpstreamError } from './errors';

/** Cache tags, as the design names them: an area's answers are expired by its tag when its time moves. */
export const tags = {
  catalog: 'catalog',
  locations: 'locations',
  area: (id: number, area: Area) => `property:${id}:${area}`,
} as const;

export interface CatalogTtls {
  /** Property areas and searches: fresh until the sync expires them, at most this long. */
  areaMs: number;
  locationsMs: number;
  quoteMs: number;
  /** An unknown property (404) is remembered this long, so crawlers do not reach the upstream. */
  notFoundMs: number;
}

/** Query parameters in a stable order, so equal questions share one cache entry. */
function canonical(query: object): string {
  return Object.entries(query)
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
    .join('&');
}

/** A stay a quote is asked for. */
type QuoteStay = Partial<QuoteQuery> & Pick<QuoteQuery, 'checkin' | 'checkout'>;

/** Each read's cache key, one place: what a read stores under is what a look into the cache finds. */
const keys = {
  search: (query: Partial<CatalogQuery>) => `search?${canonical(query)}`,
  changes: (query: { page: number; per_page: number }) => `changes?${canonical(query)}`,
  property: (id: number) => `property:${id}:content`,
  rates: (id: number, window: WindowQuery) => `property:${id}:rates?${canonical(window)}`,
  availability: (id: number, window: WindowQuery) => `property:${id}:availability?${canonical(window)}`,
  images: (id: number) => `property:${id}:images`,
  quote: (id: number, stay: QuoteStay) => `quote:${id}?${canonical(stay)}`,
  locations: () => 'locations',
};

const passing = (error: unknown) => error instanceof UpstreamError && error.transient;
/** A refusal of one visitor's share of the budget: another visitor joining that call asks for themselves. */
const onlyTheirs = (error: unknown) =>
  error instanceof UpstreamError && error.code === 'visitor_budget_exhausted';
/** An answer served from the cache while the upstream could not give a fresh one. */
const markStale = (answer: unknown) => ({ ...(answer as object), stale: true });

/**
 * What pages and routes read: the client's endpoints behind the tagged cache. Property areas and searches
 * are served stale when the upstream is briefly unavailable; quotes are not (a price must be current).
 */
export function createCatalog(client: CatalogClient, cache: TaggedCache, ttl: CatalogTtls) {
  const area = <T>(id: number, which: Area, key: string, load: () => Promise<Answer<T>>) =>
    cache.get(
      key,
      {
        tags: [tags.area(id, which)],
        ttlMs: ttl.areaMs,
        serveStaleOn: passing,
        markStale,
        onlyTheirs,
        cacheErrorMs: (error) =>
          error instanceof UpstreamError && error.status === 404 ? ttl.notFoundMs : 0,
      },
      load,
    );

  return {
    /** GET /properties, cached under `catalog` (any change in the feed expires every search). */
    search: (query: Partial<CatalogQuery>, o?: CallOptions) =>
      cache.get(
        keys.search(query),
        { tags: [tags.catalog], ttlMs: ttl.areaMs, serveStaleOn: passing, markStale, onlyTheirs },
        () => client.listProperties(query, o),
      ),
    /** GET /properties/changes (no `since`: every live property), for the sitemap; expired with every search. */
    changes: (query: { page: number; per_page: number }, o?: CallOptions) =>
      cache.get(
        keys.changes(query),
        { tags: [tags.catalog], ttlMs: ttl.areaMs, serveStaleOn: passing, onlyTheirs },
        () => client.listChanges(query, o),
      ),
    /** GET /properties/{id} */
    property: (id: number, o?: CallOptions) =>
      area(id, 'content', keys.property(id), () => client.getProperty(id, o)),
    /** GET /properties/{id}/rates */
    rates: (id: number, window: WindowQuery = {}, o?: CallOptions) =>
      area(id, 'rates', keys.rates(id, window), () => client.getRates(id, window, o)),
    /** GET /properties/{id}/availability */
    availability: (id: number, window: WindowQuery = {}, o?: CallOptions) =>
      area(id, 'availability', keys.availability(id, window), () => client.getAvailability(id, window, o)),
    /** GET /properties/{id}/images */
    images: (id: number, o?: CallOptions) =>
      area(id, 'images', keys.images(id), () => client.getImages(id, o)),
    /** GET /properties/{id}/quote, briefly, by its full parameter set; expired with the rates or the bookings. */
    quote: (id: number, stay: QuoteStay, o?: CallOptions) =>
      cache.get(
        keys.quote(id, stay),
        { tags: [tags.area(id, 'rates'), tags.area(id, 'availability')], ttlMs: ttl.quoteMs, onlyTheirs },
        () => client.getQuote(id, stay, o),
      ),
    /** GET /locations (the document: refresh daily). */
    locations: (o?: CallOptions) =>
      cache.get(
        keys.locations(),
        { tags: [tags.locations], ttlMs: ttl.locationsMs, serveStaleOn: passing, onlyTheirs },
        () => client.listLocations(o),
      ),
    /**
     * What the cache holds for a read, fresh or stale, asking nothing of the upstream: for what must not
     * wait on it (an inquiry's decoration, before the inquiry is stored).
     */
    cached: {
      property: (id: number) => cache.peek<Answer<TolerantPropertyDetail>>(keys.property(id)),
      images: (id: number) => cache.peek<Answer<TolerantPropertyImages>>(keys.images(id)),
      rates: (id: number, window: WindowQuery = {}) =>
        cache.peek<Answer<TolerantRateSheet>>(keys.rates(id, window)),
      quote: (id: number, stay: QuoteStay) => cache.peek<Answer<TolerantQuote>>(keys.quote(id, stay)),
      locations: () => cache.peek<Answer<TolerantLocationCatalog>>(keys.locations()),
    },
    cache,
  };
}

export type Catalog = ReturnType<typeof createCatalog>;
