import 'server-only';
import { eq, inArray, sql } from 'drizzle-orm';
import { AREAS, type Area, type TolerantPropertyChange } from '@/lib/contract';
import { tags } from '../catalog-client/catalog';
import type { CatalogClient } from '../catalog-client/client';
import { hasNextPage } from '../catalog-client/pages';
import type { SiteDb } from './db/client';
import { propertyAreas, syncState } from './db/schema';
import { logger } from './logger';

/*
 * The change-feed sync, the spec's recommended flow: poll GET /properties/changes?since=<previous run>,
 * compare each property's area times with the ones stored from the last run, expire exactly the cache
 * tags of the areas that moved (and every search, when anything moved), drop removed properties. The
 * cursor and the area times live in the database, so a restart resumes where the last run ended.
 *
 * `since` reaches back OVERLAP_MS before the previous run: the feed is "refreshed hourly", so a change can
 * show up in it after our run with an earlier time, and clocks differ. Comparing with the stored times keeps
 * the overlap free: a property listed again with the same times expires nothing.
 */

const JOB = 'catalog';
const OVERLAP_MS = 65 * 60_000;
const PER_PAGE = 1000;

type AreaTimes = Record<Area, string | null>;

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
  /** Hands every run's feed items to the replica (moved areas become due), before the cursor moves on. */
  replica?: (changes: TolerantPropertyChange[], options: { full: boolean }) => Promise<unknown>;
}

/**
 * The area times of a live item, or null when the item does not carry them: the document promises only
 * `id` and `status`, and a status it does not name may come (docs/upstream-contract.md). Such a property
 * is treated as changed in every area, each time it is listed.
 */
function timesOf(change: TolerantPropertyChange): AreaTimes | null {
  if (change.status !== 'live' || !change.updated) return null;
  const u = change.updated;
  return { content: u.content, rates: u.rates, availability: u.availability, images: u.images };
}

export async function runCatalogSync(deps: SyncDeps): Promise<SyncSummary> {
  const { db, client } = deps;
  const started = (deps.now ?? (() => new Date()))();
  const [state] = await db.select().from(syncState).where(eq(syncState.name, JOB));
  const cursor = state?.cursor ?? null;
  const since = cursor
    ? new Date(cursor.getTime() - OVERLAP_MS).toISOString().replace(/\.\d{3}Z$/, 'Z')
    : null;

  const stored = new Map<number, AreaTimes>();
  for (const row of await db.select().from(propertyAreas)) stored.set(row.propertyId, row);

  const summary: SyncSummary = {
    since,
    startedAt: started.toISOString(),
    pages: 0,
    listed: 0,
    expired: [],
    removed: [],
    added: 0,
  };
  const upserts: (AreaTimes & { propertyId: number })[] = [];
  const feed: TolerantPropertyChange[] = [];
  const seen = new Set<number>();
  const expire = new Set<string>();

  for (let page = 1; ; page++) {
    const { data } = await client.listChanges(
      { ...(since ? { since } : {}), page, per_page: PER_PAGE },
      { requestId: deps.requestId },
    );
    summary.pages++;
    feed.push(...data.changes);
    for (const change of data.changes) {
      summary.listed++;
      seen.add(change.id);
      const before = stored.get(change.id);
      if (change.status === 'removed') {
        for (const area of AREAS) expire.add(tags.area(change.id, area));
        summary.removed.push(change.id);
        continue;
      }
      const now = timesOf(change);
      if (!now) {
        for (const area of AREAS) expire.add(tags.area(change.id, area));
        continue;
      }
      if (!before) {
        // New to us: on the first run that is every property (the baseline); later, a newly listed one.
        if (cursor) for (const area of AREAS) expire.add(tags.area(change.id, area));
        summary.added++;
        upserts.push({ propertyId: change.id, ...now });
        continue;
      }
      const moved = AREAS.filter((area) => now[area] !== before[area]);
      for (const area of moved) expire.add(tags.area(change.id, area));
      if (moved.length) upserts.push({ propertyId: change.id, ...now });
    }
    if (!hasNextPage(data.pagination, page, data.changes.length)) break;
  }

  // A full listing names every live property: the ones we knew that it left out have gone.
  if (!since) {
    for (const id of stored.keys()) {
      if (!seen.has(id)) {
        summary.removed.push(id);
        for (const area of AREAS) expire.add(tags.area(id, area));
      }
    }
  }
  if (cursor && (expire.size > 0 || summary.added > 0)) expire.add(tags.catalog);
  summary.expired = [...expire];

  // The replica first: if this fails, the cursor stays put and the next run hands the same moves again.
  await deps.replica?.(feed, { full: !since });
  await db.transaction(async (tx) => {
    for (let i = 0; i < upserts.length; i += 500) {
      await tx
        .insert(propertyAreas)
        .values(upserts.slice(i, i + 500))
        .onConflictDoUpdate({
          target: propertyAreas.propertyId,
          set: {
            content: sql`excluded.content`,
            rates: sql`excluded.rates`,
            availability: sql`excluded.availability`,
            images: sql`excluded.images`,
          },
        });
    }
    if (summary.removed.length)
      await tx.delete(propertyAreas).where(inArray(propertyAreas.propertyId, summary.removed));
    const values = {
      cursor: started,
      lastRunAt: started,
      lastSummary: { ...summary, expired: summary.expired.length },
    };
    await tx
      .insert(syncState)
      .values({ name: JOB, ...values })
      .onConflictDoUpdate({ target: syncState.name, set: values });
  });
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
