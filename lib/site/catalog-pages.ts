import 'server-only';
import { catalog } from '@/lib/catalog-client';
import type { CatalogPage } from '@/lib/contract';
import { cleanParams, parseSearch } from './search';

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
  return { params: params.toString(), data, state };
}
