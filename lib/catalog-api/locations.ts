import { sql } from 'drizzle-orm';
import type { Location } from '@/lib/contract';
import { type Db, queryRows } from './db/client';
import type { ApiKey } from './keys';
import { visibleTo } from './properties';
import { destinationUrl } from './urls';

/**
 * Every location with live properties beneath it that the key may see, ordered by path so a parent
 * precedes its children. `property_count` counts the location and all its descendants, within the
 * key's allow-list, so it equals what the catalog returns for `location` = this id.
 */
export async function listLocations(db: Db, key: ApiKey): Promise<Location[]> {
  return queryRows<Location>(
    db,
    sql`WITH counts AS (
          SELECT lc.ancestor_id AS id, count(*)::int AS n
          FROM properties p JOIN location_closure lc ON lc.location_id = p.location_id
          WHERE ${visibleTo(key)} GROUP BY lc.ancestor_id)
        SELECT l.id, l.parent_id, l.name, l.path, ${destinationUrl('l')} AS url, counts.n AS property_count
        FROM locations l JOIN counts ON counts.id = l.id
        ORDER BY l.path COLLATE "C"`,
  );
}

/** The location rows (for inquiries' destinations): id, name and path. */
export async function findLocation(db: Db, id: number) {
  const [row] = await queryRows<{ id: number; name: string; path: string[]; region_id: number }>(
    db,
    sql`SELECT id, name, path, region_id FROM locations WHERE id = ${id}`,
  );
  return row ?? null;
}
