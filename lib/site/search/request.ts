import 'server-only';
import { z } from 'zod';
import { catalogQuerySchema, type FieldErrors, intParam, isCalendarDate, parseQuery } from '@/lib/contract';
import { today } from '@/lib/dates';
import { settings } from '@/lib/settings';
import { type Bounds, parseBounds } from '@/lib/site/browser/bounds';
import { cleanSearchParams, PER_PAGE, PRICE_SORTS, type SearchSort } from '@/lib/site/browser/search-url';
import { guestsOf, PARTY_LIMITS, readStay, type Stay } from '@/lib/site/browser/stay';
import { currentFxRates } from '@/lib/site/replica';
import { displayCurrencies } from '@/lib/site/replica/fx';
import { type FilterAsk, filtering, POLICY_FILTERS } from './filters';
import { FLEX_MAX_MONTHS, FLEX_MAX_NIGHTS, type FlexibleAsk } from './flexible';

/*
 * A search as the site understands it, read once from its URL (cleaned by search-url.ts) and carried whole
 * to whatever answers it. The contract's rules check it (the catalog's own query schema for what the catalog
 * also knows, so its problems read as the API's), and every problem is keyed by the URL's own parameter.
 */

export interface SearchRequest {
  /** The destination: it and every place inside it. */
  location?: number;
  /**
   * The traveller's stay as every page reads it (lib/site/browser/stay.ts): dates, party (two adults when the
   * URL names none) and bedrooms. Cards are priced for it and their links carry it on; its bedrooms are also
   * the least a rental must have.
   */
  stay: Stay;
  /**
   * The least a rental must sleep: everyone in the party the URL names (an old link's `guests` as written).
   * Absent when the URL names no party: the search is then not narrowed by size.
   */
  sleeps?: number;
  sort: SearchSort;
  /** The nightly price range, in whole units of the display currency. */
  price: { min?: number; max?: number };
  /** The display currency prices are compared (and converted) in. */
  currency: string;
  /**
   * Flexible dates (`flex=week|weekend|N` and `months=YYYY-MM,…`): each rental's cheapest stay of that length
   * in those months (flexible.ts) instead of the stay's dates, which are then left out.
   */
  flexible?: FlexibleAsk;
  /** Property type, amenities, bathrooms, rating, policies (filters.ts); absent when the URL names none. */
  filters?: FilterAsk;
  /** The map's area (`bounds=west,south,east,north`). */
  bounds?: Bounds;
  page: number;
  perPage: number;
  /** The URL's parameters as cleaned: links to the search's other pages are written from them. */
  params: string;
}

export type ParsedSearch = { ok: true; request: SearchRequest } | { ok: false; errors: FieldErrors };

/** What the parse needs to know of the site: the currencies it can show and the one it shows by default. */
export interface SearchRules {
  currencies: string[];
  defaultCurrency: string;
  /** Results per page (the API route's `per_page`); the site's own page size otherwise. */
  perPage?: string | null;
  /** The site's today: a stay starting before it cannot be booked, so it is not searched. */
  today: string;
}

// The party as the site's URL writes it (the catalog only knows how many are staying), and bedrooms.
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

/** A comma-separated list of keys (`type=villa,apartment`), each a lower-case word or hyphenated words. */
const keyList = (max: number, allowed?: readonly string[]) =>
  z.string().transform((v, ctx) => {
    const keys = [
      ...new Set(
        v
          .split(',')
          .map((k) => k.trim())
          .filter(Boolean),
      ),
    ];
    const bad = keys.find((k) => !/^[a-z0-9][a-z0-9_-]{0,59}$/.test(k) || (allowed && !allowed.includes(k)));
    if (bad !== undefined || keys.length > max) {
      ctx.addIssue({
        code: 'custom',
        message: allowed
          ? `must be one of ${allowed.join(', ')} (several separated by commas)`
          : `must be at most ${max} keys separated by commas`,
      });
      return z.NEVER;
    }
    return keys;
  });

// The filters over the replica's facts (filters.ts).
const filterSchema = z.object({
  type: keyList(20).optional(),
  amenities: keyList(20).optional(),
  bathrooms: intParam(1, 50).optional(),
  rating: z
    .string()
    .regex(/^[1-5](\.[05])?$/, { error: 'must be a rating from 1 to 5, in halves' })
    .transform(Number)
    .optional(),
  policies: keyList(
    POLICY_FILTERS.length,
    POLICY_FILTERS.map((p) => p.value),
  ).optional(),
});

// Flexible dates: the stay's length and the months a check-in may fall in.
const flexSchema = z
  .object({
    flex: z
      .string()
      .transform((v, ctx) => {
        if (v === 'week') return { nights: 7, weekend: false };
        if (v === 'weekend') return { nights: 2, weekend: true };
        const n = /^\d{1,2}$/.test(v) ? Number(v) : 0;
        if (n >= 1 && n <= FLEX_MAX_NIGHTS) return { nights: n, weekend: false };
        ctx.addIssue({ code: 'custom', message: `must be week, weekend or 1 to ${FLEX_MAX_NIGHTS} nights` });
        return z.NEVER;
      })
      .optional(),
    months: z
      .string()
      .transform((v, ctx) => {
        const months = [...new Set(v.split(',').map((m) => m.trim()))].sort();
        if (months.length > FLEX_MAX_MONTHS || months.some((m) => !/^\d{4}-(0[1-9]|1[0-2])$/.test(m))) {
          ctx.addIssue({ code: 'custom', message: `must be 1 to ${FLEX_MAX_MONTHS} months such as 2027-03` });
          return z.NEVER;
        }
        return months;
      })
      .optional(),
  })
  .refine((v) => v.months === undefined || v.flex !== undefined, {
    error: 'is required with months',
    path: ['flex'],
  })
  .refine((v) => v.flex === undefined || v.months !== undefined, {
    error: 'is required with flex',
    path: ['months'],
  });

/** A flexible search's months, none of them over (a month already past has no check-in left to offer). */
function pastMonths(flex: z.infer<typeof flexSchema>, today: string): FieldErrors {
  return flex.months?.some((m) => m < today.slice(0, 7)) ? { months: 'must be this month or later' } : {};
}

/** The filters asked, or undefined when none is. */
function filtersOf(v: z.infer<typeof filterSchema>): FilterAsk | undefined {
  const asked: FilterAsk = {
    types: v.type ?? [],
    amenities: v.amenities ?? [],
    bathrooms: v.bathrooms,
    rating: v.rating,
    policies: v.policies ?? [],
  };
  return filtering(asked) ? asked : undefined;
}

/**
 * The catalog's part of the URL by the catalog's own schema: destination, dates, page and page size, its
 * sorts, and an old link's `guests`. A price sort is the site's, so the catalog's schema is not asked.
 */
function catalogPart(params: URLSearchParams, perPage: string | null | undefined) {
  const asked = new URLSearchParams(params);
  const sort = PRICE_SORTS.find((s) => s === params.get('sort'));
  if (sort) asked.delete('sort');
  asked.set('per_page', perPage ?? String(PER_PAGE));
  const parsed = parseQuery(catalogQuerySchema, asked);
  return parsed.ok ? { ...parsed, sort: sort ?? parsed.value.sort } : parsed;
}

/**
 * A stay that starts in the past cannot be booked (the quote and the inquiry refuse it, by the API document),
 * so the search refuses it too, as the check-in's problem, rather than list rentals "free" on those dates.
 * The catalog's own filter would still answer it; the furthest check-in its schema already refuses.
 */
function pastCheckin(params: URLSearchParams, today: string): FieldErrors {
  const checkin = params.get('checkin');
  return checkin && isCalendarDate(checkin) && checkin < today ? { checkin: 'must be today or later' } : {};
}

/** A search URL, cleaned (search-url.ts), as one request; or what is wrong with it, by parameter. */
export function parseSearchRequest(params: URLSearchParams, rules: SearchRules): ParsedSearch {
  const catalog = catalogPart(params, rules.perPage);
  const past = pastCheckin(params, rules.today);
  const party = parseQuery(partySchema, params);
  const price = parseQuery(priceSchema, params);
  const area = parseQuery(boundsSchema, params);
  const filter = parseQuery(filterSchema, params);
  const flex = parseQuery(flexSchema, params);
  const pastFlex = flex.ok ? pastMonths(flex.value, rules.today) : {};
  const currency = price.ok ? (price.value.currency ?? rules.defaultCurrency) : undefined;
  const known = currency === undefined || rules.currencies.includes(currency);
  const stayOk = Object.keys(past).length === 0 && Object.keys(pastFlex).length === 0;
  if (
    !catalog.ok ||
    !party.ok ||
    !price.ok ||
    !area.ok ||
    !filter.ok ||
    !flex.ok ||
    !known ||
    !currency ||
    !stayOk
  )
    return {
      ok: false,
      errors: {
        ...(party.ok ? {} : party.errors),
        ...past,
        ...(catalog.ok ? {} : catalog.errors),
        ...(price.ok ? {} : price.errors),
        ...(area.ok ? {} : area.errors),
        ...(filter.ok ? {} : filter.errors),
        ...(flex.ok ? {} : flex.errors),
        ...pastFlex,
        ...(known ? {} : { currency: `must be one of ${rules.currencies.join(', ')}` }),
      },
    };
  const asked = readStay(params);
  const { flex: length, months } = flex.value;
  const flexible = length && months ? { ...length, months } : undefined;
  // A flexible search's stays are each rental's own: the URL's dates (if any) are not searched.
  const stay = flexible ? { ...asked, checkin: undefined, checkout: undefined } : asked;
  const { location, guests, page, per_page } = catalog.value;
  // Adults and children are everyone staying; an old link's `guests` (kept only without them) says so itself.
  const named = params.has('adults') || params.has('children');
  return {
    ok: true,
    request: {
      location,
      stay,
      sleeps: named ? guestsOf(stay) : guests,
      sort: catalog.sort,
      price: { min: price.value.price_min, max: price.value.price_max },
      currency,
      filters: filtersOf(filter.value),
      flexible,
      bounds: area.value.bounds,
      page,
      perPage: per_page,
      params: params.toString(),
    },
  };
}

/**
 * A search URL as it comes in (a page's query, /api/search's), cleaned once and parsed by the site's rules:
 * the display currencies of the reference rates in use, the default one from the settings. A destination
 * page searches its own destination (`fixedLocation`) whatever the URL says.
 */
export function readSearch(
  input: URLSearchParams | Record<string, string | string[] | undefined>,
  options: { fixedLocation?: number; perPage?: string | null } = {},
): ParsedSearch & { params: URLSearchParams } {
  const params = cleanSearchParams(input);
  if (options.fixedLocation) params.set('location', String(options.fixedLocation));
  const parsed = parseSearchRequest(params, {
    currencies: displayCurrencies(currentFxRates()),
    defaultCurrency: settings().DISPLAY_CURRENCY,
    perPage: options.perPage,
    today: today(),
  });
  return { ...parsed, params };
}
