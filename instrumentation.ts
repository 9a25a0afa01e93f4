import type { Instrumentation } from 'next';

/**
 * Runs once when a server process starts, before it serves requests: the embedded catalog service
 * opens its database (creating and filling it on first start), makes the site's own key when the site's
 * upstream is this server, and starts the catalog activity job; the
 * site opens its own database and starts its jobs (change-feed sync, lead worker). The failure log, the
 * probes' count, the page cache, the choice of a page's encoding and the routes the server answers itself
 * are made here so that scripts/serve.mjs, which uses them before Next.js, finds them.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { settings } = await import('./lib/settings');
  const { failureLog } = await import('./lib/failure-log');
  failureLog();
  const { installProbeGate } = await import('./lib/site/probe-gate');
  installProbeGate();
  const { installPageCache } = await import('./lib/site/page-cache');
  installPageCache();
  const { installDirectRoutes } = await import('./lib/site/direct-routes');
  installDirectRoutes();
  const { installPageEncoding } = await import('./lib/site/encoding');
  installPageEncoding();
  if (settings().CATALOG_API_ENABLED) {
    const { ensureDatabase, ensureSiteKey, getDb, startCatalogActivity } = await import('./lib/catalog-api');
    await ensureDatabase();
    // The site's upstream is this server: it gets a key of its own (lib/embedded-key.ts).
    if (!settings().SVC_BASE_URL && !settings().SVC_API_KEY) await ensureSiteKey();
    if (settings().CATALOG_ACTIVITY)
      startCatalogActivity(getDb, settings().CATALOG_ACTIVITY_INTERVAL_SECONDS);
  }
  const { getSiteDb } = await import('./lib/site/db/client');
  await getSiteDb();
  const { startSiteJobs } = await import('./lib/site/jobs');
  startSiteJobs();
}

/**
 * Every error Next.js meets while answering (a page's render, a route outside lib/site/http's `route`):
 * one structured line, summarised when it repeats, and for a page the answer the server sends instead of
 * the framework's bare 500 (lib/site/failures.ts). The server starts Next.js quiet, so this is the only
 * account of it: no multi-line stack per request.
 */
export const onRequestError: Instrumentation.onRequestError = async (error, request, context) => {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { pageFailed } = await import('./lib/site/failures');
  pageFailed(error, request, context);
};
