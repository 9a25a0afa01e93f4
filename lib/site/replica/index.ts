import 'server-only';
import { randomBytes } from 'node:crypto';
import { catalogClient } from '@/lib/catalog-client';
import { upstreamOf } from '@/lib/embedded-key';
import { peekProcessSingleton, processSingleton, setProcessSingleton } from '@/lib/process-singleton';
import { settings } from '@/lib/settings';
import type { DisplayMoney } from '@/lib/site/browser/money-convert';
import { getSiteDb } from '@/lib/site/db/client';
import { logger } from '@/lib/site/logger';
import { currentFxRates, displayMoney } from './fx';
import { replicaChanged, replicaIndex } from './in-memory';
import { type LoadBudget, type LoadProgress, loadProgress, replicaProgress, runReplicaWork } from './load';

/*
 * lib/site/replica — the site's own copy of the catalog, which search and card prices come from
 * (docs/decisions.md#prices-in-search-come-from-the-sites-replica):
 *
 *   load.ts       the first load and its upkeep (lease, budget share, resume after a restart, due areas)
 *   demand.ts     the places travellers search, counted, which the load fetches first
 *   in-memory.ts  each process's index of the replica's rows, which search asks (lib/site/search)
 *   terms.ts      the catalog's answers in the shapes the replica stores
 *   fx.ts         reference exchange rates for the display currency
 *   places.ts     the maps' place names, positioned from the rentals
 *
 * This file ties them to the process: the background worker, the sync's hand-over, the rates in use.
 */

const WORKER = 'site.replica-worker';

/** This process's name in the replica's lease. */
const HOLDER = `${process.pid}-${randomBytes(4).toString('hex')}`;

/** The replica's work, in-process: a pass now, then whenever the sync hands it moves, at least every minute. */
export function startReplicaWorker(): void {
  if (peekProcessSingleton(WORKER) || !settings().CATALOG_REPLICA) return;
  let wake: (() => void) | undefined;
  let poked = false;
  setProcessSingleton<{ poke: () => void }>(WORKER, {
    poke: () => {
      poked = true;
      wake?.();
    },
  });
  const rest = (ms: number) =>
    new Promise<void>((resolve) => {
      if (poked) return resolve();
      const timer = setTimeout(resolve, ms);
      timer.unref();
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  void (async () => {
    for (;;) {
      poked = false;
      try {
        await runReplicaWork({
          db: await getSiteDb(),
          client: catalogClient(),
          holder: HOLDER,
          requestId: `replica_${randomBytes(12).toString('hex')}`,
          changed: replicaChanged,
        });
        // Build this process's search index now, not on a visitor's first search.
        await replicaIndex(await getSiteDb());
        await rest(60_000);
      } catch (error) {
        logger.warn({ err: error }, 'replica work failed; trying again in a minute');
        await rest(60_000);
      }
    }
  })();
}

/**
 * The sync's hand-over: the change feed's moves are recorded in the replica's rows (lib/site/area-times.ts),
 * the moved areas due; this process's index reloads them, and the worker fetches them now.
 */
export function replicaFromFeed(): void {
  replicaChanged();
  peekProcessSingleton<{ poke: () => void }>(WORKER)?.poke();
}

export { countSearch } from './demand';
export type { LoadProgress } from './load';
export { currentFxRates };

const PROGRESS_MS = 2000;

/** The load's share of the site's upstream budget (lib/catalog-client/budget.ts's background share). */
function loadBudget(): LoadBudget {
  const s = settings();
  const { budget } = upstreamOf(s);
  const share = Math.min(s.REPLICA_BUDGET_SHARE, 1 - s.UPSTREAM_RESERVE_SHARE);
  return {
    perMinute: Math.max(1, Math.floor(budget.perMinute * share)),
    perHour: Math.max(1, Math.floor(budget.perHour * share)),
  };
}

/**
 * How far the replica's first load is and how long it has left (`loadProgress`), or null when there is no
 * load under way: the replica is off, or complete. Read from the database at most every two seconds per
 * process, so a busy results page costs none.
 */
export async function replicaLoading(): Promise<LoadProgress | null> {
  if (!settings().CATALOG_REPLICA) return null;
  const held = processSingleton<{ at: number; progress: Promise<LoadProgress | null> }>(
    'site.replica-loading',
    () => ({ at: 0, progress: Promise.resolve(null) }),
  );
  if (Date.now() - held.at > PROGRESS_MS) {
    held.at = Date.now();
    held.progress = getSiteDb()
      .then(replicaProgress)
      .then((p) => loadProgress(p, new Date(), loadBudget()))
      .catch(() => null);
  }
  return held.progress;
}

/**
 * What a page shows "about" figures in: the URL's `currency` when the rates know it, else the site's display
 * currency; with the rates of it and of `own`, the currencies of the page's prices.
 */
export function pageDisplayMoney(requested: unknown, own: string[]): DisplayMoney {
  const asked = Array.isArray(requested) ? requested[0] : requested;
  return displayMoney(asked, settings().DISPLAY_CURRENCY, own, currentFxRates());
}
