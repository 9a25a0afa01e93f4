import 'server-only';
import { z } from 'zod';
import { catalog } from '@/lib/catalog-client';
import {
  type CatalogQuery,
  catalogQuerySchema,
  type FieldErrors,
  intParam,
  parseQuery,
  type TolerantCatalogPage,
  type TolerantPropertySummary,
} from '@/lib/contract';
import { settings } from '../settings';
import { type Bounds, parseBounds } from './browser/bounds';
import { fieldMessages } from './browser/messages';
import { cleanSearchParams, PER_PAGE, PRICE_SORTS } from './browser/search-url';
import { DEFAULT_ADULTS, PARTY_LIMITS, readStay } from './browser/stay';
import { type CardPrice, currentFxRates, type ReplicaQuery, searchReplica } from './replica';
import { displayCurrencies } from './replica/fx';

/** What the site's search adds to the catalog's: sorting and filtering by price, in a display currency. */
export interface SitePart {
  sort?: 'price' | '-price';
  priceMin?: number;
  priceMax?: number;
  currency: string;
  adults: number;
  children: number;
  bedrooms?: number;
  /** The map's area (`bounds=west,south,east,north`): applied by the replica only. */
  bounds?: Bounds;
}

export type SearchState =
  | { ok: true; query: Partial<CatalogQuery> & { page: number; per_page: number }; site: SitePart }
  | { ok: false; errors: FieldErrors };

// The party as the site's URL writes it; the catalog only knows how many are staying (`guests`).
const partySchema = z.object({
  adults: intParam(PARTY_LIMITS.adults.min, PARTY_LIMITS.adults.max).optional(),
  children: intParam(PARTY_LIMITS.children.min, PARTY_LIMITS.children.max).optional(),
  bedrooms: intParam(1, 50).optional(),
});

// The price filter (whole units of the display currency, per night) and the display currency.
const priceSchema = z
  .object({
    price_min: intParam(0, 10_000_000).optional(),
    price_max: intParam(0, 10_000_000).optional(),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/, { error: 'must be a currency code such as EUR' })
      .optional(),
  })
  .refine((v) => v.price_min === undefined || v.price_max === undefined || v.price_max >= v.price_min, {
    error: 'must not be below price_min',
    path: ['price_max'],
  });

// The map's area: four numbers, west,south,east,north (west > east crosses the antimeridian).
const boundsSchema = z.object({
  bounds: z
    .string()
    .transform((v, ctx) => {
      const b = parseBounds(v);
      if (!b) ctx.addIssue({ code: 'custom', message: 'must be west,south,east,north in degrees' });
      return b ?? z.NEVER;
    })
    .optional(),
});

/**
 * A site search URL (cleaned) as the catalog's query, by the contract's rules: adults and children become
 * the catalog's `guests` (everyone staying must fit), bedrooms its `rooms`; an old link's `guests` is
 * passed on as it is. Problems are keyed by the site's own parameter names, in the API's words.
 */
export function parseSearch(params: URLSearchParams, perPage: string | null = null): SearchState {
  const party = parseQuery(partySchema, params);
  const price = parseQuery(priceSchema, params);
  const area = parseQuery(boundsSchema, params);
  const query = new URLSearchParams(params);
  for (const k of ['adults', 'children', 'bedrooms', 'price_min', 'price_max', 'currency', 'bounds', 'map'])
    query.delete(k);
  const sort = query.get('sort');
  const priceSort = PRICE_SORTS.find((s) => s === sort);
  if (priceSort) query.delete('sort');
  if (party.ok) {
    const { adults, children, bedrooms } = party.value;
    if (adults !== undefined || children !== undefined)
      query.set('guests', String((adults ?? DEFAULT_ADULTS) + (children ?? 0)));
    if (bedrooms !== undefined) query.set('rooms', String(bedrooms));
  }
  query.set('per_page', perPage ?? String(PER_PAGE));
  const parsed = parseQuery(catalogQuerySchema, query);
  const fx = currentFxRates();
  const currency = price.ok ? (price.value.currency ?? settings().DISPLAY_CURRENCY) : undefined;
  const known = currency === undefined || displayCurrencies(fx).includes(currency);
  if (party.ok && parsed.ok && price.ok && area.ok && known && currency) {
    const stay = readStay(params);
    return {
      ok: true,
      query: parsed.value,
      site: {
        sort: priceSort,
        priceMin: price.value.price_min,
        priceMax: price.value.price_max,
        currency,
        adults: stay.adults,
        children: stay.children,
        bedrooms: party.value.bedrooms,
        bounds: area.value.bounds,
      },
    };
  }
  return {
    ok: false,
    errors: {
      ...(party.ok ? {} : party.errors),
      ...(parsed.ok ? {} : parsed.errors),
      ...(price.ok ? {} : price.errors),
      ...(area.ok ? {} : area.errors),
      ...(known ? {} : { currency: `must be one of ${displayCurrencies(fx).join(', ')}` }),
    },
  };
}

export interface SearchAnswer {
  properties: (TolerantPropertySummary & { price?: CardPrice })[];
  pagination: TolerantCatalogPage['pagination'];
  /** `replica`: answered by the site's own copy, with prices; `upstream`: asked the catalog (no prices). */
  source: 'replica' | 'upstream';
  mode: string | null;
  /** The display currency and the reference rates behind every converted figure. */
  prices: { currency: string; rates_date: string; rates_source: string } | null;
  stale?: boolean;
}

/** `next` of a page as the site's own route's query (the upstream's is relative to its base URL). */
function nextQuery(query: { page: number; per_page: number }, total: number, params: URLSearchParams) {
  if (query.page * query.per_page >= total) return null;
  const next = new URLSearchParams(params);
  next.set('page', String(query.page + 1));
  next.set('per_page', String(query.per_page));
  return `?${next.toString()}`;
}

/**
 * A search, answered from the replica once its first load is complete (with prices, price sort, the
 * price filter and the map's area), otherwise from the upstream catalog as before (no prices; a price sort
 * falls back to our selection, and the price filter and the map's area are not applied: the catalog has no
 * such filters; the page says so).
 */
export async function runSearch(
  state: Extract<SearchState, { ok: true }>,
  params: URLSearchParams,
  options: { requestId?: string } = {},
): Promise<SearchAnswer> {
  const { query, site } = state;
  const today = new Date().toISOString().slice(0, 10);
  const replicaQuery: ReplicaQuery = {
    location: query.location,
    guests: query.guests,
    rooms: query.rooms,
    checkin: query.checkin,
    checkout: query.checkout,
    adults: site.adults,
    children: site.children,
    bedrooms: site.bedrooms,
    sort: site.sort ?? query.sort ?? 'id',
    page: query.page,
    perPage: query.per_page,
    priceMin: site.priceMin,
    priceMax: site.priceMax,
    currency: site.currency,
    bounds: site.bounds,
    today,
  };
  const replica = await searchReplica(replicaQuery).catch(() => null);
  if (replica) {
    return {
      properties: replica.properties,
      pagination: {
        page: query.page,
        per_page: query.per_page,
        total: replica.total,
        total_pages: Math.ceil(replica.total / query.per_page),
        next: nextQuery(query, replica.total, params),
      },
      source: 'replica',
      // The key's mode, from the cached location catalog (fetched once a day, not per search).
      mode: await catalog()
        .locations({ requestId: options.requestId })
        .then((a) => a.mode)
        .catch(() => null),
      prices: { currency: site.currency, rates_date: replica.fx.date, rates_source: replica.fx.source },
    };
  }
  const { data, mode, stale } = await catalog().search(query, { requestId: options.requestId });
  return {
    properties: data.properties,
    pagination: { ...data.pagination, next: nextQuery(query, data.pagination.total, params) },
    source: 'upstream',
    mode,
    prices: null,
    ...(stale ? { stale } : {}),
  };
}

/**
 * The first view of a search, rendered on the server; null data when the catalog could not answer. The
 * URL's problems come back as sentences for people, keyed by parameter.
 */
export async function firstSearchView(
  input: Record<string, string | string[] | undefined>,
  fixedLocation?: number,
) {
  const params = cleanSearchParams(input);
  if (fixedLocation) params.set('location', String(fixedLocation));
  const state = parseSearch(params);
  let data: SearchAnswer | null = null;
  if (state.ok) {
    try {
      data = await runSearch(state, params);
    } catch {
      data = null; // the browser shows the failure and a retry
    }
  }
  return {
    params: params.toString(),
    data,
    errors: state.ok ? null : fieldMessages(state.errors),
    currency: state.ok ? state.site.currency : settings().DISPLAY_CURRENCY,
  };
}

/** A few rentals for the home page (most recently updated), with prices when the replica can give them. */
export async function recentRentals(
  count: number,
  input: Record<string, string | string[] | undefined> = {},
) {
  const params = cleanSearchParams(input);
  for (const k of [...params.keys()]) if (k !== 'currency') params.delete(k);
  params.set('sort', '-updated');
  const state = parseSearch(params, String(count));
  if (!state.ok) return [];
  try {
    return (await runSearch(state, params)).properties;
  } catch {
    return [];
  }
}
