import 'server-only';
import { desc, sql } from 'drizzle-orm';
import { processSingleton } from '@/lib/process-singleton';
import type { SiteDb } from '@/lib/site/db/client';
import { searchedPlaces } from '@/lib/site/db/schema';
import { logger } from '@/lib/site/logger';

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
  const taken = [...c.pending];
  c.pending.clear();
  try {
    await db
      .insert(searchedPlaces)
      .values(taken.map(([locationId, searches]) => ({ locationId, searches, lastAt: new Date() })))
      .onConflictDoUpdate({
        target: searchedPlaces.locationId,
        set: {
          searches: sql`${searchedPlaces.searches} + excluded.searches`,
          lastAt: sql`excluded.last_at`,
        },
      });
  } catch (error) {
    // Kept for the next flush: a count is not lost to a database that was briefly away.
    for (const [id, n] of taken) c.pending.set(id, (c.pending.get(id) ?? 0) + n);
    throw error;
  }
}

/**
 * Counts a search of a place of the catalog's location tree (the caller checks it is one); written to the
 * database within a few seconds, not on the search's path.
 */
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

/** The most searched places, most first (at most HOT_PLACES). */
export async function mostSearched(db: SiteDb): Promise<{ id: number; searches: number }[]> {
  return db
    .select({ id: searchedPlaces.locationId, searches: searchedPlaces.searches })
    .from(searchedPlaces)
    .orderBy(desc(searchedPlaces.searches), searchedPlaces.locationId)
    .limit(HOT_PLACES);
}

/**
 * The locations whose rentals the load fetches first, in order. Each searched place ranks by its searches
 * per rental (its own and those beneath it), so a city searched ten times is priced before a country
 * searched a hundred times: the most searches answered whole for the calls spent. Each place is followed by
 * every place beneath it that has rentals; empty before anyone has searched.
 */
export function placesFirst(
  searched: readonly { id: number; searches: number }[],
  beneath: Map<number, Set<number>>,
  rentalsAt: Map<number, number>,
): number[] {
  const ranked = searched
    .map((p) => {
      const places = [...(beneath.get(p.id) ?? [p.id])].filter((id) => (rentalsAt.get(id) ?? 0) > 0);
      const rentals = places.reduce((n, id) => n + rentalsAt.get(id)!, 0);
      return { ...p, places, perRental: rentals ? p.searches / rentals : 0 };
    })
    .filter((p) => p.perRental > 0)
    .sort((a, b) => b.perRental - a.perRental || b.searches - a.searches || a.id - b.id);
  const order = new Set<number>();
  for (const p of ranked)
    for (const place of p.places) {
      if (order.size === HOT_LOCATIONS) return [...order];
      order.add(place);
    }
  return [...order];
}
