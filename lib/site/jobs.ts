import 'server-only';
import { randomBytes } from 'node:crypto';
import { catalogClient } from '@/lib/catalog-client';
import { observeSync, setMetricSources } from '@/lib/metrics';
import { forgetProcessSingleton, peekProcessSingleton, setProcessSingleton } from '@/lib/process-singleton';
import { runOutsideRequests } from '@/lib/request-context';
import { settings } from '@/lib/settings';
import { siteBroadcast } from './broadcast';
import { getSiteDb } from './db/client';
import { leadCounts } from './health';
import { startLeadWorker } from './leads';
import { logger } from './logger';
import { replicaFromFeed, startReplicaWorker } from './replica';
import { runCatalogSync, type SyncSummary } from './sync';

/*
 * The site's background work, started once per server process: the change-feed sync on a timer and the
 * lead worker. `syncCatalog` is also what `POST /api/cron/sync` calls; a run already under way is joined,
 * never doubled. With several instances: CATALOG_SYNC=0 on each, a scheduler calling the route on one,
 * and REDIS_URL so that the one tells the others what to expire.
 */

export function syncCatalog(requestId?: string): Promise<SyncSummary> {
  const running = peekProcessSingleton<Promise<SyncSummary>>('site.sync-running');
  if (running) return running;
  // The sync is the site's own work, even when a scheduler's request started it: nobody's share pays.
  const run = runOutsideRequests(async () => {
    const { expire, clear } = siteBroadcast();
    try {
      const summary = await runCatalogSync({
        db: await getSiteDb(),
        client: catalogClient(),
        expire,
        clear,
        recorded: replicaFromFeed,
        // One id for the whole run, in both roles' logs.
        requestId: requestId ?? `sync_${randomBytes(12).toString('hex')}`,
      });
      observeSync('ok', summary.expired.length, new Date(summary.startedAt));
      return summary;
    } catch (error) {
      observeSync('failed');
      throw error;
    }
  }).finally(() => forgetProcessSingleton('site.sync-running'));
  setProcessSingleton('site.sync-running', run);
  return run;
}

/** Starts the sync timer and the lead worker, as the settings say. Runs after the server listens. */
export function startSiteJobs(): void {
  const s = settings();
  siteBroadcast(); // subscribe to the other instances' expiries from the start
  setMetricSources({ leads: async () => leadCounts(await getSiteDb()) });
  if (s.LEAD_WORKER) startLeadWorker({ db: getSiteDb, client: catalogClient, settings: s });
  startReplicaWorker();
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
