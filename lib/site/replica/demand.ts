import 'server-only';
import { desc, sql } from 'drizzle-orm';
import { processSingleton } from '@/lib/process-singleton';
import type { SiteDb } from '@/lib/site/db/client';
import { searchedPlaces } from '@/lib/site/db/schema';
import { logger } from '@/lib/site/logger';
import { descendantsOf } from './in-memory';

/*
 * What travellers search, for the replica's load to fetch first: each process counts the places searched
 * (a search's `location`) in memory and adds its counts to the site's database every few seconds, so every
 * instance's searches move the one load (load.ts), and a restart keeps what was learnt. The load then
 * fetches the rentals of the most searched places, beneath them included, before the rest of the catalog.
 */

const FLUSH_MS = 5000;
/** The most searched places the load puts first, and the most rentals' places that makes (descendants included). */
const HOT_PLACES = 100;
const HOT_LOCATIONS = 5000;

interface Counts {
  pending: Map<number, number>;
  timer: NodeJS.Timeout | null;
  db: SiteDb | null;
}
const counts = () =>
  processSingleton<Counts>('site.replica-demand', () => ({ pending: new Map(), timer: null, db: null }));

/** Adds this process's counts to the database (the load calls it before reading the order). */
export async function flushSearches(db: SiteDb): Promise<void> {
  const c = counts();
  if (!c.pending.size) return;
  const values = [...c.pending].map(([locationId, searches]) => ({
    locationId,
    searches,
    lastAt: new Date(),
  }));
  c.pending.clear();
  await db
    .insert(searchedPlaces)
    .values(values)
    .onConflictDoUpdate({
      target: searchedPlaces.locationId,
      set: {
        searches: sql`${searchedPlaces.searches} + excluded.searches`,
        lastAt: sql`excluded.last_at`,
      },
    });
}

/** Counts a search of a place; written to the database within a few seconds (not on the search's path). */
export function countSearch(db: SiteDb, locationId: number): void {
  const c = counts();
  c.pending.set(locationId, (c.pending.get(locationId) ?? 0) + 1);
  c.db = db;
  if (c.timer) return;
  c.timer = setTimeout(() => {
    c.timer = null;
    if (c.db)
      flushSearches(c.db).catch((error: unknown) =>
        logger.warn({ err: error }, 'could not record the places searched; the load keeps its order'),
      );
  }, FLUSH_MS);
  c.timer.unref();
}

/**
 * The locations whose rentals the load fetches first, in order: each of the most searched places (most first)
 * followed by every place beneath it, as the catalog's location tree says; empty before anyone has searched.
 */
export async function loadFirst(
  db: SiteDb,
  locations: { id: number; parent_id: number | null }[],
): Promise<number[]> {
  const top = await db
    .select({ id: searchedPlaces.locationId })
    .from(searchedPlaces)
    .orderBy(desc(searchedPlaces.searches), searchedPlaces.locationId)
    .limit(HOT_PLACES);
  if (!top.length) return [];
  const beneath = descendantsOf(locations);
  const order = new Set<number>();
  for (const { id } of top) {
    for (const place of [id, ...(beneath.get(id) ?? [])]) {
      if (order.size === HOT_LOCATIONS) return [...order];
      order.add(place);
    }
  }
  return [...order];
}
