import 'server-only';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, intArray, queryRows } from './db/client';
import { destinationUrl, photoSizes, photoUrl, propertyUrl } from './urls';

/*
 * The read model: each property's PropertySummary and PropertyDetail, built here as JSON by Postgres
 * from the normalised tables and stored on the property. Every writer that changes what a document
 * shows (content, rates or availability times, photos, reviews, location) calls
 * `refreshPropertyDocuments` for those properties in its own transaction, so a read never sees a
 * document older than the data it comes from.
 */

const areaUpdates = sql`json_build_object(
  'content', svc_iso(p.content_updated_at), 'rates', svc_iso(p.rates_updated_at),
  'availability', svc_iso(p.availability_updated_at), 'images', svc_iso(p.images_updated_at))`;

const summaryFields = sql`
  'id', p.id, 'name', p.name, 'type', p.type, 'url', ${propertyUrl()},
  'updated_at', svc_iso(p.updated_at), 'updated', ${areaUpdates},
  'bedrooms', p.bedrooms, 'bathrooms', p.bathrooms, 'sleeps', p.sleeps,
  'rating', p.rating, 'latitude', p.latitude, 'longitude', p.longitude,
  'location', (SELECT json_build_object('id', l.id, 'name', l.name, 'path', l.path, 'url', ${destinationUrl('l')})
               FROM locations l WHERE l.id = p.location_id),
  'image', (SELECT json_build_object('caption', i.caption, 'url', ${photoUrl('i')}, 'sizes', ${photoSizes('i')})
            FROM images i WHERE i.property_id = p.id ORDER BY i.position LIMIT 1)`;

const detailFields = sql`${summaryFields},
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
                       FROM reviews r WHERE r.property_id = p.id AND r.approved), '[]'::json)`;

/** Bump when the documents' shape changes: start-up then rebuilds every stored document. */
export const DOCUMENTS_VERSION = 3;

/**
 * Makes the stored documents current at start-up: all of them after an upgrade that changed their shape,
 * otherwise any that are missing.
 */
export async function ensurePropertyDocuments(db: Db): Promise<void> {
  const [state] = await queryRows<{ version: number }>(
    db,
    sql`SELECT (value->>'version')::int AS version FROM service_state WHERE key = 'documents'`,
  );
  if (state?.version !== DOCUMENTS_VERSION) {
    await refreshPropertyDocuments(db);
    await db.execute(sql`INSERT INTO service_state (key, value, updated_at)
      VALUES ('documents', ${JSON.stringify({ version: DOCUMENTS_VERSION })}::jsonb, now())
      ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`);
    return;
  }
  const missing = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM properties p WHERE NOT EXISTS (SELECT 1 FROM property_documents d WHERE d.property_id = p.id)`,
  );
  if (missing.length)
    await refreshPropertyDocuments(
      db,
      missing.map((r) => r.id),
    );
}

/** quote.ts's PricingData: the whole rate sheet in the shape the pricing function takes. */
const pricingFields = sql`
  'id', p.id, 'name', p.name, 'location_id', p.location_id, 'bedrooms', p.bedrooms, 'sleeps', p.sleeps,
  'priceOnRequest', p.price_on_request, 'currency', p.currency_code,
  'periods', coalesce((SELECT json_agg(json_build_object('start', r.start_date, 'end', r.end_date, 'rooms', r.rooms,
      'nightly', r.nightly, 'weekly', r.weekly, 'monthly', r.monthly, 'minStay', r.min_stay) ORDER BY r.start_date, r.rooms)
    FROM rate_periods r WHERE r.property_id = p.id), '[]'::json),
  'defaultRate', (SELECT json_build_object('rooms', d.rooms, 'nightly', d.nightly, 'weekly', d.weekly,
      'monthly', d.monthly, 'minStay', d.min_stay) FROM default_rates d WHERE d.property_id = p.id),
  'fees', coalesce((SELECT json_agg(json_build_object('type', f.type, 'amount', f.amount, 'refundable', f.refundable,
      'taxable', f.taxable) ORDER BY f.position) FROM fees f WHERE f.property_id = p.id), '[]'::json),
  'taxRates', coalesce((SELECT json_agg(t.rate ORDER BY t.position) FROM taxes t WHERE t.property_id = p.id), '[]'::json),
  'promotions', coalesce((SELECT json_agg(json_build_object('start', m.start_date, 'end', m.end_date,
      'percent', m.percent, 'minNights', m.min_nights)) FROM promotions m WHERE m.property_id = p.id), '[]'::json)`;

/** Rebuilds the stored documents of the given properties, or of all when no ids are given. */
export async function refreshPropertyDocuments(db: Db, ids?: readonly number[]): Promise<void> {
  const which: SQL = ids ? sql`p.id = ANY(${intArray(ids)})` : sql`true`;
  await db.execute(sql`INSERT INTO property_documents (property_id, summary, detail, change, pricing)
    SELECT p.id, json_build_object(${summaryFields})::text, json_build_object(${detailFields})::text,
      json_build_object('id', p.id, 'status', 'live', 'updated_at', svc_iso(p.updated_at), 'updated', ${areaUpdates})::text,
      json_build_object(${pricingFields})::text
    FROM properties p WHERE ${which}
    ON CONFLICT (property_id) DO UPDATE SET summary = excluded.summary, detail = excluded.detail,
      change = excluded.change, pricing = excluded.pricing`);
}
