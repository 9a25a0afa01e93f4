import 'server-only';
import { type SQL, sql } from 'drizzle-orm';
import type { CatalogQuery } from '@/lib/contract';
import { type Db, intArray, pageWindow, queryRows } from './db/client';
import type { ApiKey } from './keys';
import { withPublicUrls } from './urls';

/** Properties within the key's allow-list (all of them when it has none), whatever their status. */
export function allowedTo(key: ApiKey): SQL {
  return key.allowList ? sql`p.id = ANY(${intArray(key.allowList)})` : sql`true`;
}

/** Live properties the key may see: the allow-list, when the key has one, is part of every read. */
export function visibleTo(key: ApiKey): SQL {
  return sql`p.status = 'live' AND ${allowedTo(key)}`;
}

const SORTS: Record<CatalogQuery['sort'], SQL> = {
  id: sql`p.id`,
  '-id': sql`p.id DESC`,
  bedrooms: sql`p.bedrooms, p.id`,
  '-bedrooms': sql`p.bedrooms DESC, p.id`,
  sleeps: sql`p.sleeps, p.id`,
  '-sleeps': sql`p.sleeps DESC, p.id`,
  updated: sql`p.updated_at, p.id`,
  '-updated': sql`p.updated_at DESC, p.id`,
};

/**
 * A booked range blocks the stay [checkin, checkout) when it covers one of its nights, when the stay
 * would end on its full-day check-in, or start on its full-day checkout (docs/decisions.md#free-for-a-stay). Holds block too.
 * This is lib/rules/stay.ts's availabilityProblem said in SQL, because the filter must page in the
 * database; tests/contract/rules-differential.test.ts holds the two to the same answers.
 */
export function blockedDuring(checkin: string, checkout: string): SQL {
  return sql`EXISTS (SELECT 1 FROM booked_ranges r
    WHERE r.property_id = p.id
      AND daterange(r.checkin, r.checkout, '[]') && daterange(${checkin}::date, ${checkout}::date, '[]')
      AND ((r.checkin < ${checkout}::date AND r.checkout > ${checkin}::date)
        OR (r.checkin = ${checkout}::date AND r.checkin_full_day)
        OR (r.checkout = ${checkin}::date AND r.checkout_full_day)))`;
}

function catalogFilters(key: ApiKey, q: CatalogQuery): SQL {
  const where: SQL[] = [visibleTo(key)];
  if (q.updated_since) where.push(sql`p.updated_at >= ${q.updated_since}::timestamptz`);
  if (q.location !== undefined) {
    where.push(
      sql`p.location_id IN (SELECT location_id FROM location_closure WHERE ancestor_id = ${q.location})`,
    );
  }
  if (q.guests !== undefined) where.push(sql`p.sleeps >= ${q.guests}`);
  if (q.rooms !== undefined) where.push(sql`p.bedrooms >= ${q.rooms}`);
  if (q.checkin && q.checkout) where.push(sql`NOT ${blockedDuring(q.checkin, q.checkout)}`);
  return sql.join(where, sql` AND `);
}

/**
 * A catalog page. The items come back from Postgres as JSON text and go to the partner as they are:
 * no parse and re-serialise of 50 objects per request.
 */
export async function listProperties(db: Db, key: ApiKey, q: CatalogQuery) {
  const where = catalogFilters(key, q);
  const order = SORTS[q.sort];
  const window = pageWindow(q.page, q.per_page);
  const pageJson = (from: SQL) =>
    sql`(SELECT '[' || coalesce(string_agg(d.summary, ',' ORDER BY ${order}), '') || ']'
         FROM ${from} JOIN property_documents d ON d.property_id = p.id)`;
  let row: { total: number; items: string } | undefined;
  if (q.checkin && q.checkout) {
    // The availability filter is the costly part: compute the filtered set once, then count and page it.
    [row] = await queryRows(
      db,
      sql`WITH f AS MATERIALIZED (SELECT p.id, p.bedrooms, p.sleeps, p.updated_at FROM properties p WHERE ${where}),
          page AS (SELECT * FROM f p ORDER BY ${order} ${window})
          SELECT (SELECT count(*) FROM f)::int AS total, ${pageJson(sql`page p`)} AS items`,
    );
  } else {
    // Cheap filters: counting and paging straight from the table beats materialising the set.
    [row] = await queryRows(
      db,
      sql`SELECT (SELECT count(*) FROM properties p WHERE ${where})::int AS total,
                 ${pageJson(sql`(SELECT p.id, p.bedrooms, p.sleeps, p.updated_at FROM properties p WHERE ${where} ORDER BY ${order} ${window}) p`)} AS items`,
    );
  }
  const total = row?.total ?? 0;
  return { itemsJson: withPublicUrls(row?.items ?? '[]'), total };
}

/** PropertyDetail as JSON text, or null when the key may not see a live property of that id. */
export async function getPropertyDetailJson(db: Db, key: ApiKey, id: number): Promise<string | null> {
  const [row] = await queryRows<{ json: string }>(
    db,
    sql`SELECT d.detail AS json FROM properties p JOIN property_documents d ON d.property_id = p.id
        WHERE p.id = ${id} AND ${visibleTo(key)}`,
  );
  return row ? withPublicUrls(row.json) : null;
}
