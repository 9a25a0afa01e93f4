import 'server-only';
import { notFound } from '@/lib/catalog-api/http/errors';
import type { HandlerContext } from '@/lib/catalog-api/http/types';
import { getPropertyDetailJson, listProperties } from '@/lib/catalog-api/properties';
import type { CatalogQuery } from '@/lib/contract';

// GET /v2/properties
export async function getProperties({ db, key, url, query }: HandlerContext & { query: CatalogQuery }) {
  const { itemsJson, total } = await listProperties(db, key, query);
  return { json: `{"properties":${itemsJson},"pagination":${JSON.stringify(pageOf(url, query, total))}}` };
}

// GET /v2/properties/{id}
export async function getProperty({ db, key, params }: HandlerContext) {
  const detail = await getPropertyDetailJson(db, key, params.id!);
  if (!detail) throw notFound('No such property.');
  return { json: detail };
}

/** The Pagination object of section 2 for a page of a list (docs/decisions.md#pagination). */
export function pageOf(url: URL, q: { page: number; per_page: number }, total: number) {
  const totalPages = Math.ceil(total / q.per_page);
  return {
    page: q.page,
    per_page: q.per_page,
    total,
    total_pages: totalPages,
    next: q.page < totalPages ? nextPath(url, q.page + 1, q.per_page) : null,
  };
}

/**
 * `next`: the path relative to {base_url} with the full query string of the following page, page and
 * per_page first, then the caller's other parameters as given.
 */
export function nextPath(url: URL, page: number, perPage: number): string {
  const query = new URLSearchParams({ page: String(page), per_page: String(perPage) });
  for (const [name, value] of url.searchParams) {
    if (name !== 'page' && name !== 'per_page') query.append(name, value);
  }
  return `${url.pathname.replace(/^\/v2/, '')}?${query.toString()}`;
}
