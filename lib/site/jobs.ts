import { catalog, catalogClient } from '../catalog-client/instance';
import { settings } from '../settings';
import { getSiteDb } from './db/client';
import { logger } from './logger';
import { runCatalogSync, type SyncSummary } from './sync';
import { startLeadWorker } from './worker';

/*
 * The site's background work, started once per server process: the change-feed sync on a timer and the
 * lead worker. `syncCatalog` is also what `POST /api/cron/sync` calls; a run already under way is joined,
 * never doubled.
 */

const RUNNING = Symbol.for('rental.site.sync-running');
type G = typeof globalThis & { [RUNNING]?: Promise<SyncSummary> };

export function syncCatalog(requestId?: string): Promise<SyncSummary> {
  const g = globalThis as G;
  g[RUNNING] ??= (async () => {
    const cache = catalog().cache;
    return runCatalogSync({
      db: await getSiteDb(),
      client: catalogClient(),
      expire: (list) => {
        for (const tag of list) cache.expireTag(tag);
      },
      clear: () => cache.clear(),
      requestId,
    });
  })().finally(() => {
    g[RUNNING] = undefined;
  });
  return g[RUNNING];
}

/** Starts the sync timer and the lead worker, as the settings say. Runs after the server listens. */
export function startSiteJobs(): void {
  const s = settings();
  if (s.LEAD_WORKER) startLeadWorker({ db: getSiteDb, client: catalogClient, settings: s });
  if (!s.CATALOG_SYNC) return;
  // The first run waits for the server to listen (the default upstream is this very server); a failed run
  // is tried again in a minute, a good one again after the interval.
  const schedule = (ms: number) => setTimeout(run, ms).unref();
  const run = async () => {
    try {
      await syncCatalog();
      schedule(s.SYNC_INTERVAL_SECONDS * 1000);
    } catch (error) {
      logger.warn({ err: error }, 'catalog sync failed; trying again in a minute');
      schedule(60_000);
    }
  };
  schedule(5_000);
}
