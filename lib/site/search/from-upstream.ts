import 'server-only';
import { catalog } from '@/lib/catalog-client';
import type { CatalogQuery } from '@/lib/contract';
import type { SearchRequest } from './request';

/*
 * Search's adapter over the upstream catalog (GET /properties, through the site's cached client), which
 * answers while the replica's first load runs. The catalog knows no prices, no price sort or range and no
 * map area: those are not applied (a price sort falls back to our selection), and the page says so.
 */

/** The request as the catalog's query: everyone staying is its `guests`, the bedrooms asked its `rooms`. */
export function catalogQueryOf(
  request: SearchRequest,
): Partial<CatalogQuery> & { page: number; per_page: number } {
  const { location, stay, sleeps, sort, page, perPage } = request;
  return {
    page,
    per_page: perPage,
    location,
    sort: sort === 'price' || sort === '-price' ? 'id' : sort,
    checkin: stay.checkin,
    checkout: stay.checkout,
    guests: sleeps,
    rooms: stay.bedrooms,
  };
}

/** The request answered by the upstream catalog (no prices), with the mode its answer carried. */
export async function fromUpstream(request: SearchRequest, options: { requestId?: string } = {}) {
  const { data, mode, stale } = await catalog().search(catalogQueryOf(request), {
    requestId: options.requestId,
  });
  return {
    properties: data.properties,
    pagination: data.pagination,
    source: 'upstream' as const,
    mode,
    prices: null,
    ...(stale ? { stale } : {}),
  };
}
