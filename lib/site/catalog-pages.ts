import 'server-only';
import { z } from 'zod';
import { catalog } from '@/lib/catalog-client';
import {
  type CatalogPage,
  type CatalogQuery,
  catalogQuerySchema,
  type FieldErrors,
  intParam,
  parseQuery,
} from '@/lib/contract';
import { fieldMessages } from './messages';
import { cleanParams, PER_PAGE } from './search';
import { DEFAULT_ADULTS, PARTY_LIMITS } from './stay';

export type SearchState =
  | { ok: true; query: Partial<CatalogQuery> & { page: number; per_page: number } }
  | { ok: false; errors: FieldErrors };

// The party as the site's URL writes it; the catalog only knows how many are staying (`guests`).
const partySchema = z.object({
  adults: intParam(PARTY_LIMITS.adults.min, PARTY_LIMITS.adults.max).optional(),
  children: intParam(PARTY_LIMITS.children.min, PARTY_LIMITS.children.max).optional(),
  bedrooms: intParam(1, 50).optional(),
});

/**
 * A site search URL (cleaned) as the catalog's query, by the contract's rules: adults and children become
 * the catalog's `guests` (everyone staying must fit), bedrooms its `rooms`; an old link's `guests` is
 * passed on as it is. Problems are keyed by the site's own parameter names, in the API's words.
 */
export function parseSearch(params: URLSearchParams, perPage: string | null = null): SearchState {
  const party = parseQuery(partySchema, params);
  const query = new URLSearchParams(params);
  for (const k of ['adults', 'children', 'bedrooms']) query.delete(k);
  if (party.ok) {
    const { adults, children, bedrooms } = party.value;
    if (adults !== undefined || children !== undefined)
      query.set('guests', String((adults ?? DEFAULT_ADULTS) + (children ?? 0)));
    if (bedrooms !== undefined) query.set('rooms', String(bedrooms));
  }
  query.set('per_page', perPage ?? String(PER_PAGE));
  const parsed = parseQuery(catalogQuerySchema, query);
  if (party.ok && parsed.ok) return { ok: true, query: parsed.value };
  return { ok: false, errors: { ...(party.ok ? {} : party.errors), ...(parsed.ok ? {} : parsed.errors) } };
}

/**
 * The first view of a search, rendered on the server; null data when the catalog could not answer. The
 * URL's problems come back as sentences for people, keyed by parameter.
 */
export async function firstSearchView(
  input: Record<string, string | string[] | undefined>,
  fixedLocation?: number,
) {
  const params = cleanParams(input);
  if (fixedLocation) params.set('location', String(fixedLocation));
  const state = parseSearch(params);
  let data: Pick<CatalogPage, 'properties' | 'pagination'> | null = null;
  if (state.ok) {
    try {
      const { data: page } = await catalog().search(state.query);
      data = { properties: page.properties as CatalogPage['properties'], pagination: page.pagination };
    } catch {
      data = null; // the browser shows the failure and a retry
    }
  }
  return { params: params.toString(), data, errors: state.ok ? null : fieldMessages(state.errors) };
}
