import 'server-only';
import { catalog } from '@/lib/catalog-client';
import {
  type CatalogPage,
  type CatalogQuery,
  catalogQuerySchema,
  type FieldErrors,
  parseQuery,
} from '@/lib/contract';
import { cleanParams, PER_PAGE } from './search';

type SearchState =
  | { ok: true; query: Partial<CatalogQuery> & { page: number; per_page: number } }
  | { ok: false; errors: FieldErrors };

/** The URL's search by the contract's rules, at the site's page size. */
function parseSearch(params: URLSearchParams): SearchState {
  const parsed = parseQuery(catalogQuerySchema, params);
  if (!parsed.ok) return { ok: false, errors: parsed.errors };
  return { ok: true, query: { ...parsed.value, per_page: PER_PAGE } };
}

/** The first view of a search, rendered on the server; null data when the catalog could not answer. */
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
  return { params: params.toString(), data, errors: state.ok ? null : state.errors };
}
