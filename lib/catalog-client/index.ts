import 'server-only';
import { settings } from '../settings';
import { RequestBudget } from './budget';
import { type CatalogClient, createCatalogClient } from './client';

export type { Answer, CallOptions, CatalogClient } from './client';
/**
 * lib/catalog-client — the partner side's only path to catalog data: HTTP to SVC_BASE_URL with
 * SVC_API_KEY, which never leave the server. Imports lib/contract and lib/settings, never lib/catalog-api.
 */
export { UpstreamError } from './errors';

const CLIENT_KEY = Symbol.for('rental.catalog-client');

/** The process's client, configured from the settings (one budget for every visitor). */
export function catalogClient(): CatalogClient {
  const g = globalThis as typeof globalThis & { [CLIENT_KEY]?: CatalogClient };
  if (!g[CLIENT_KEY]) {
    const s = settings();
    g[CLIENT_KEY] = createCatalogClient({
      baseUrl: s.SVC_BASE_URL ?? s.serviceBaseUrl,
      apiKey: s.SVC_API_KEY,
      shortName: s.SVC_SHORT_NAME,
      timeoutMs: s.UPSTREAM_TIMEOUT_MS,
      maxRetryWaitMs: s.UPSTREAM_MAX_RETRY_WAIT_MS,
      budget: new RequestBudget(s.UPSTREAM_BUDGET_PER_MINUTE, s.UPSTREAM_BUDGET_PER_HOUR),
    });
  }
  return g[CLIENT_KEY];
}
