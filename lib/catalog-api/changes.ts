import 'server-only';
import { sql } from 'drizzle-orm';
import type { ChangesQuery } from '@/lib/contract';
import { type Db, pageWindow, queryRows } from './db/client';
import type { ApiKey } from './keys';
import { allowedTo } from './properties';

/**
 * GET /properties/changes: without `since`, every live property with its area times; with `since`, live
 * properties that changed in some area at or after it, plus properties that left the catalog at or after
 * it (`removed`, with `updated` null and `updated_at` the time they left). Ordered by id.
 */
export async function listChanges(db: Db, key: ApiKey, q: ChangesQuery) {
  const allowed = allowedTo(key);
  const which = q.since
    ? sql`((p.status = 'live' AND p.updated_at >= ${q.since}::timestamptz)
          OR (p.status = 'removed' AND p.removed_at >= ${q.since}::timestamptz))`
    : sql`p.status = 'live'`;
  const window = pageWindow(q.page, q.per_page);
  // Live items come from the read model as stored text; removed ones (few) are built here.
  const [row] = await queryRows<{ total: number; items: string }>(
    db,
    sql`SELECT (SELECT count(*) FROM properties p WHERE ${which} AND ${allowed})::int AS total,
      (SELECT '[' || coalesce(string_agg(CASE WHEN p.status = 'live' THEN d.change
                ELSE json_build_object('id', p.id, 'status', p.status, 'updated_at', svc_iso(p.removed_at), 'updated', NULL)::text
              END, ',' ORDER BY p.id), '') || ']'
       FROM (SELECT p.id, p.status, p.removed_at FROM properties p WHERE ${which} AND ${allowed} ORDER BY p.id ${window}) p
       LEFT JOIN property_documents d ON d.property_id = p.id) AS items`,
  );
  return { itemsJson: row?.items ?? '[]', total: row?.total ?? 0 };
}
