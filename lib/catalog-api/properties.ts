import { type SQL, sql } from 'drizzle-orm';
import type { CatalogQuery, PropertyDetail, PropertySummary } from '@/lib/contract';
import { type Db, queryRows } from './db/client';
import type { ApiKey } from './keys';
import { destinationUrl, photoSizes, photoUrl, propertyUrl } from './urls';

/** Live properties the key may see: the allow-list, when the key has one, is part of every read. */
export function visibleTo(key: ApiKey): SQL {
  return key.allowList
    ? sql`p.status = 'live' AND p.id = ANY(${key.allowList}::int[])`
    : sql`p.status = 'live'`;
}

const areaUpdates = sql`json_build_object(
  'content', svc_iso(p.content_updated_at), 'rates', svc_iso(p.rates_updated_at),
  'availability', svc_iso(p.availability_updated_at), 'images', svc_iso(p.images_updated_at))`;

/** PropertySummary as JSON, for a row `p` of properties. */
const summaryFields = sql`
  'id', p.id, 'name', p.name, 'type', p.type, 'url', ${propertyUrl()},
  'updated_at', svc_iso(p.updated_at), 'updated', ${areaUpdates},
  'bedrooms', p.bedrooms, 'bathrooms', p.bathrooms, 'sleeps', p.sleeps,
  'rating', p.rating, 'latitude', p.latitude, 'longitude', p.longitude,
  'location', (SELECT json_build_object('id', l.id, 'name', l.name, 'path', l.path, 'url', ${destinationUrl('l')})
               FROM locations l WHERE l.id = p.location_id),
  'image', (SELECT json_build_object('caption', i.caption, 'url', ${photoUrl('i')}, 'sizes', ${photoSizes('i')})
            FROM images i WHERE i.property_id = p.id ORDER BY i.position LIMIT 1)`;

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
 * would end on its full-day check-in, or start on its full-day checkout (decisions.md). Holds block too.
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

export async function listProperties(db: Db, key: ApiKey, q: CatalogQuery) {
  const where = catalogFilters(key, q);
  const order = SORTS[q.sort];
  const offset = (q.page - 1) * q.per_page;
  // One statement: the page's ids with the total (a window over the filtered set), then their JSON.
  const rows = await queryRows<{ total: number; item: PropertySummary }>(
    db,
    sql`WITH page AS (
          SELECT p.id, count(*) OVER () AS total, row_number() OVER (ORDER BY ${order}) AS n
          FROM properties p WHERE ${where} ORDER BY ${order} LIMIT ${q.per_page} OFFSET ${offset})
        SELECT page.total::int AS total, json_build_object(${summaryFields}) AS item
        FROM page JOIN properties p ON p.id = page.id ORDER BY page.n`,
  );
  let total = rows[0]?.total;
  if (total === undefined) {
    // A page past the end has no rows to carry the total.
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM properties p WHERE ${where}`,
    );
    total = row?.n ?? 0;
  }
  return { properties: rows.map((r) => r.item), total };
}

export async function getPropertyDetail(db: Db, key: ApiKey, id: number): Promise<PropertyDetail | null> {
  const [row] = await queryRows<{ item: PropertyDetail }>(
    db,
    sql`SELECT json_build_object(${summaryFields},
      'description', p.description,
      'location_description', p.location_description,
      'amenities', coalesce((SELECT json_agg(json_build_object('category', a.category, 'items', a.items) ORDER BY a.position)
                              FROM amenities a WHERE a.property_id = p.id), '[]'::json),
      'amenity_notes', p.amenity_notes,
      'staff', p.staff,
      'inclusions', p.inclusions,
      'house_rules', p.house_rules,
      'arrival', json_build_object('checkin_time', p.checkin_time, 'checkout_time', p.checkout_time, 'notes', p.arrival_notes),
      'policies', p.policies,
      'rooms', json_build_object(
        'bedrooms', coalesce((SELECT json_agg(json_build_object('name', b.name, 'type', b.type, 'sleeps', b.sleeps,
                                'beds', b.beds, 'notes', b.notes) ORDER BY b.position)
                              FROM bedrooms b WHERE b.property_id = p.id), '[]'::json),
        'bathrooms', coalesce((SELECT json_agg(json_build_object('name', b.name, 'type', b.type, 'features', b.features,
                                'notes', b.notes) ORDER BY b.position)
                               FROM bathrooms b WHERE b.property_id = p.id), '[]'::json),
        'bedroom_notes', p.bedroom_notes,
        'bathroom_notes', p.bathroom_notes),
      'reviews', coalesce((SELECT json_agg(json_build_object('author', r.author, 'date', r.date, 'title', r.title,
                             'text', r.text, 'rating', r.rating) ORDER BY r.date DESC, r.id DESC)
                           FROM reviews r WHERE r.property_id = p.id AND r.approved), '[]'::json)
    ) AS item
    FROM properties p WHERE p.id = ${id} AND ${visibleTo(key)}`,
  );
  return row?.item ?? null;
}
