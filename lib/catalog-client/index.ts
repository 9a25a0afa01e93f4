import 'server-only';

/**
 * lib/catalog-client — the partner side's only path to catalog data: HTTP to SVC_BASE_URL with
 * SVC_API_KEY, which never leave the server. Imports lib/contract and lib/settings, never lib/catalog-api.
 * `catalog()` is what pages and routes use: the client behind the tagged cache the sync expires.
 */
export type { TaggedCache } from './cache';
export type { Catalog } from './catalog';
export { tags } from './catalog';
export type { Answer, CallOptions, CatalogClient } from './client';
export { UpstreamError } from './errors';
export { notePageView } from './fair-share';
export { catalog, catalogClient, resetCatalogClient } from './instance';
export { hasNextPage, MAX_PAGES } from './pages';
