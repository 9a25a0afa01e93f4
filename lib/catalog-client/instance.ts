import 'server-only';
import { upstreamOf } from '@/lib/embedded-key';
import { observeUpstream, setMetricSources } from '@/lib/metrics';
import { forgetProcessSingleton, processSingleton } from '@/lib/process-singleton';
import { currentRequest, notePageRead } from '@/lib/request-context';
import { settings } from '@/lib/settings';
import { RequestBudget } from './budget';
import { TaggedCache } from './cache';
import { type Catalog, createCatalog } from './catalog';
import { type CatalogClient, createCatalogClient } from './client';
import { chargeOf } from './fair-share';

/*
 * The process's client and cached catalog, configured from the settings: one budget and one cache for
 * every visitor, each upstream call charged to the visitor who caused it (fair-share.ts). One per process (lib/process-singleton.ts), as Next.js loads this module in several bundles. (Imported through
 * `index.ts`, which marks it server-only; the server's start-up jobs import it directly.)
 */

type Held = { client: CatalogClient; catalog: Catalog };

function held(): Held {
  return processSingleton('catalog-client', () => {
    const s = settings();
    const upstream = upstreamOf(s);
    const client = createCatalogClient({
      baseUrl: upstream.baseUrl,
      apiKey: upstream.apiKey,
      shortName: s.SVC_SHORT_NAME,
      timeoutMs: s.UPSTREAM_TIMEOUT_MS,
      postTimeoutMs: s.UPSTREAM_POST_TIMEOUT_MS,
      maxRetryWaitMs: s.UPSTREAM_MAX_RETRY_WAIT_MS,
      budget: new RequestBudget(
        upstream.budget.perMinute,
        upstream.budget.perHour,
        Date.now,
        s.REPLICA_BUDGET_SHARE,
        { reserve: s.UPSTREAM_RESERVE_SHARE, visitor: s.UPSTREAM_VISITOR_SHARE },
      ),
      observe: observeUpstream,
      chargeTo: chargeOf,
      // One id follows a page's request upstream too, as the /api routes pass theirs.
      requestIdNow: () => currentRequest()?.requestId,
    });
    const cache = new TaggedCache({
      maxBytes: s.CACHE_MAX_MB * 1024 * 1024,
      // A page being kept (lib/site/page-cache.ts) learns the tags that expire it from its reads.
      onRead: (read) =>
        notePageRead('fresh' in read ? { unfit: `a read of ${read.tags.join(', ')} was not fresh` } : read),
    });
    const catalog = createCatalog(client, cache, {
      areaMs: s.CACHE_TTL_SECONDS * 1000,
      locationsMs: 24 * 3_600_000,
      quoteMs: s.QUOTE_CACHE_SECONDS * 1000,
      notFoundMs: 10 * 60_000,
    });
    setMetricSources({ cache: () => cache.stats });
    return { client, catalog };
  });
}

/** The process's client, configured from the settings (one budget for every visitor). */
export const catalogClient = (): CatalogClient => held().client;

/** The process's cached catalog (one cache for every visitor). */
export const catalog = (): Catalog => held().catalog;

/** Forgets the process's client and cache (tests change the settings and start again). */
export function resetCatalogClient(): void {
  forgetProcessSingleton('catalog-client');
}
