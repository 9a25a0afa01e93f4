import 'server-only';
import { eq } from 'drizzle-orm';
import type { CatalogClient } from '@/lib/catalog-client';
import { hasNextPage } from '@/lib/catalog-client';
import type { TolerantPropertyChange } from '@/lib/contract';
import { recordFeed } from './area-times';
import type { SiteDb } from './db/client';
import { syncState } from './db/schema';
import { logger } from './logger';

/*
 * The change-feed sync, the spec's recommended flow: poll GET /properties/changes?since=<previous run>,
 * compare each property's area times with the site's record of them (lib/site/area-times.ts, the replica's
 * rows), expire exactly the cache tags of the areas that moved (and every search, when anything moved),
 * drop removed properties. The cursor and the area times live in the database, so a restart resumes where
 * the last run ended. The replica's own listing records the moves it sees first, and expires them itself.
 *
 * `since` reaches back OVERLAP_MS before the previous run: the feed is "refreshed hourly", so a change can
 * show up in it after our run with an earlier time, and clocks differ. Comparing with the stored times keeps
 * the overlap free: a property listed again with the same times expires nothing.
 */

const JOB = 'catalog';
const OVERLAP_MS = 65 * 60_000;
const PER_PAGE = 1000;

export interface SyncSummary {
  /** The `since` sent, or null for the first run (a full listing that sets the baseline). */
  since: string | null;
  startedAt: string;
  pages: number;
  listed: number;
  /** Cache tags expired, `property:{id}:{area}` and `catalog`. */
  expired: string[];
  removed: number[];
  added: number;
}

export interface SyncDeps {
  db: SiteDb;
  client: CatalogClient;
  /** Expires cache tags (in this process, and in the others when they share a broadcast). */
  expire: (tags: string[]) => void | Promise<void>;
  /** Forgets every cached answer: the first run knows nothing about what the cache holds. */
  clear: () => void | Promise<void>;
  requestId?: string;
  now?: () => Date;
  /** Told once a run's moves are recorded (moved areas are now due in the replica): its worker fetches them. */
  recorded?: () => void;
}

/** Every page of the feed since `since` (all of it without). */
async function readFeed(deps: SyncDeps, since: string | null) {
  const changes: TolerantPropertyChange[] = [];
  for (let page = 1; ; page++) {
    const { data } = await deps.client.listChanges(
      { ...(since ? { since } : {}), page, per_page: PER_PAGE },
      { requestId: deps.requestId },
    );
    changes.push(...data.changes);
    if (!hasNextPage(data.pagination, page, data.changes.length)) return { changes, pages: page };
  }
}

export async function runCatalogSync(deps: SyncDeps): Promise<SyncSummary> {
  const { db } = deps;
  const started = (deps.now ?? (() => new Date()))();
  const [state] = await db.select().from(syncState).where(eq(syncState.name, JOB));
  const cursor = state?.cursor ?? null;
  const since = cursor
    ? new Date(cursor.getTime() - OVERLAP_MS).toISOString().replace(/\.\d{3}Z$/, 'Z')
    : null;
  const { changes, pages } = await readFeed(deps, since);

  // The record and the cursor move together: if this fails, the next run finds the same moves again.
  const summary = await db.transaction(async (tx) => {
    const recorded = await recordFeed(tx, changes, { full: !since, baseline: !cursor });
    const run: SyncSummary = {
      since,
      startedAt: started.toISOString(),
      pages,
      listed: changes.length,
      expired: recorded.expired,
      removed: recorded.gone,
      added: recorded.added,
    };
    const values = {
      cursor: started,
      lastRunAt: started,
      lastSummary: { ...run, expired: run.expired.length },
    };
    await tx
      .insert(syncState)
      .values({ name: JOB, ...values })
      .onConflictDoUpdate({ target: syncState.name, set: values });
    return run;
  });
  deps.recorded?.();
  // The cache is told only once the new times are stored: a failure before this point leaves the cursor
  // where it was, and the next run finds the same moves again.
  if (cursor) await deps.expire(summary.expired);
  else await deps.clear();
  logger.info(
    {
      since,
      pages: summary.pages,
      listed: summary.listed,
      expired: summary.expired.length,
      removed: summary.removed.length,
    },
    'catalog sync done',
  );
  return summary;
}

/** What the last run did, for the cron route's answer and for operators. */
export async function lastSync(db: SiteDb) {
  const [state] = await db.select().from(syncState).where(eq(syncState.name, JOB));
  return state ?? null;
}
