import 'server-only';
import { sql } from 'drizzle-orm';
import { memo } from './cache';
import { type Db, queryRows } from './db/client';
import type { ApiKey } from './keys';
import { visibleTo } from './properties';
import { destinationUrl, withPublicUrls } from './urls';

/**
 * Every location with live properties beneath it that the key may see, ordered by path so a parent
 * precedes its children. `property_count` counts the location and all its descendants, within the
 * key's allow-list, so it equals what the catalog returns for `location` = this id.
 */
export async function listLocationsJson(db: Db, key: ApiKey): Promise<string> {
  const cacheKey = `locations:${key.allowList ? key.allowList.join(',') : 'all'}`;
  return memo(cacheKey, LOCATIONS_TTL_MS, async () => {
    const [row] = await queryRows<{ json: string }>(
      db,
      sql`WITH counts AS (
          SELECT lc.ancestor_id AS id, count(*)::int AS n
          FROM properties p JOIN location_closure lc ON lc.location_id = p.location_id
          WHERE ${visibleTo(key)} GROUP BY lc.ancestor_id)
        SELECT json_build_object('locations', coalesce(json_agg(json_build_object(
                 'id', l.id, 'parent_id', l.parent_id, 'name', l.name, 'path', l.path,
                 'url', ${destinationUrl('l')}, 'property_count', counts.n) ORDER BY l.path COLLATE "C"), '[]'))::text AS json
        FROM locations l JOIN counts ON counts.id = l.id`,
    );
    return withPublicUrls(row?.json ?? '{"locations":[]}');
  });
}

/** The tree changes only when properties arrive, leave or move; the spec asks partners to refresh daily. */
const LOCATIONS_TTL_MS = 60_000;

type LocationRow = { id: number; name: string; path: string[]; region_id: number };

/** A location row by id (a property's own location, for its region): id, name, path and region. */
export async function findLocation(db: Db, id: number): Promise<LocationRow | null> {
  const [row] = await queryRows<LocationRow>(
    db,
    sql`SELECT id, name, path, region_id FROM locations WHERE id = ${id}`,
  );
  return row ?? null;
}

/**
 * A location of the key's own location catalog (docs/decisions.md#property-or-destination): one with a
 * property the key may see at or beneath it. A restricted key's inquiry cannot name, and its answer never
 * describes, a destination its catalog does not list.
 */
export async function findLocationFor(db: Db, key: ApiKey, id: number): Promise<LocationRow | null> {
  const [row] = await queryRows<LocationRow>(
    db,
    sql`SELECT l.id, l.name, l.path, l.region_id FROM locations l
        WHERE l.id = ${id} AND EXISTS (
          SELECT 1 FROM location_closure lc JOIN properties p ON p.location_id = lc.location_id
          WHERE lc.ancestor_id = l.id AND ${visibleTo(key)})`,
  );
  return row ?? null;
}
