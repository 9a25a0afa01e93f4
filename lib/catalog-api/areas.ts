import 'server-only';
import { sql } from 'drizzle-orm';
import { addYears } from '@/lib/dates';
import { CURRENCIES } from '@/lib/rules';
import { type Db, queryRows } from './db/client';
import type { ApiKey } from './keys';
import { visibleTo } from './properties';
import { photoSizes, photoUrl, withPublicUrls } from './urls';

/*
 * The per-property areas a partner re-fetches when their time moves: rates, availability, photos.
 * Each answers JSON text built by Postgres, or null when the key may not see a live property of that id.
 */

// GET /properties/{id}/rates: periods ending before `from` or starting after `to` are left out.
export async function getRateSheetJson(db: Db, key: ApiKey, id: number, from: string, to: string | null) {
  const [row] = await queryRows<{ json: string }>(
    db,
    sql`SELECT json_build_object(
      'property_id', p.id,
      'currency', json_build_object('code', p.currency_code, 'symbol', coalesce(c.symbol, p.currency_code)),
      'from', ${from}::date,
      'to', ${to}::date,
      'rates', coalesce((SELECT json_agg(json_build_object(
          'id', r.id, 'name', r.name, 'start_date', r.start_date, 'end_date', r.end_date, 'rooms', r.rooms,
          'nightly', r.nightly, 'weekly', r.weekly, 'monthly', r.monthly, 'min_stay', r.min_stay,
          'balance_days', r.balance_days, 'currency', r.currency,
          'cancellation_policy', json_build_object('name', r.cancellation_name, 'description', r.cancellation_description))
          ORDER BY r.start_date, r.rooms, r.id)
        FROM rate_periods r WHERE r.property_id = p.id AND r.end_date >= ${from}::date
          AND (${to}::date IS NULL OR r.start_date <= ${to}::date)), '[]'::json),
      'default_rate', (SELECT json_build_object('id', d.id, 'name', d.name, 'rooms', d.rooms, 'nightly', d.nightly,
          'weekly', d.weekly, 'monthly', d.monthly, 'min_stay', d.min_stay, 'balance_days', d.balance_days,
          'currency', d.currency) FROM default_rates d WHERE d.property_id = p.id),
      'fees', coalesce((SELECT json_agg(json_build_object('name', f.name, 'description', f.description, 'amount', f.amount,
          'currency', f.currency, 'type', f.type, 'type_text', f.type_text, 'refundable', f.refundable,
          'taxable', f.taxable) ORDER BY f.position) FROM fees f WHERE f.property_id = p.id), '[]'::json),
      'taxes', coalesce((SELECT json_agg(json_build_object('name', t.name, 'rate', t.rate, 'description', t.description)
          ORDER BY t.position) FROM taxes t WHERE t.property_id = p.id), '[]'::json),
      'notes', p.rate_notes,
      'promotions', coalesce((SELECT json_agg(json_build_object('name', m.name, 'start_date', m.start_date,
          'end_date', m.end_date, 'percent', m.percent, 'min_nights', m.min_nights) ORDER BY m.start_date, m.id)
        FROM promotions m WHERE m.property_id = p.id AND m.end_date >= ${from}::date
          AND (${to}::date IS NULL OR m.start_date <= ${to}::date)), '[]'::json),
      'price_on_request', p.price_on_request)::text AS json
    FROM properties p LEFT JOIN (VALUES ${sql.raw(CURRENCY_VALUES)}) AS c(code, symbol) ON c.code = p.currency_code
    WHERE p.id = ${id} AND ${visibleTo(key)}`,
  );
  return row?.json ?? null;
}

/** Default window end of /availability: two years after its start. */
export function defaultAvailabilityEnd(from: string): string {
  return addYears(from, 2);
}

// GET /properties/{id}/availability: ranges touching the window, returned whole. A range whose checkout is
// the window's first day (or whose check-in is its last) is included: its full-day flag can still decide a stay.
export async function getAvailabilityJson(db: Db, key: ApiKey, id: number, from: string, to: string) {
  const [row] = await queryRows<{ json: string }>(
    db,
    sql`SELECT json_build_object('property_id', p.id, 'from', ${from}::date, 'to', ${to}::date,
      'booked', coalesce((SELECT json_agg(json_build_object('checkin', r.checkin, 'checkout', r.checkout,
          'checkin_full_day', r.checkin_full_day, 'checkout_full_day', r.checkout_full_day, 'status', r.status)
          ORDER BY r.checkin, r.id)
        FROM booked_ranges r WHERE r.property_id = p.id AND r.checkout >= ${from}::date AND r.checkin <= ${to}::date),
        '[]'::json))::text AS json
    FROM properties p WHERE p.id = ${id} AND ${visibleTo(key)}`,
  );
  return row?.json ?? null;
}

// GET /properties/{id}/images: display order, the first is the cover (the catalog's `image`).
export async function getImagesJson(db: Db, key: ApiKey, id: number) {
  const [row] = await queryRows<{ json: string }>(
    db,
    sql`SELECT json_build_object('property_id', p.id,
      'images', coalesce((SELECT json_agg(json_build_object('id', i.id, 'position', i.position, 'caption', i.caption,
          'url', ${photoUrl('i')}, 'sizes', ${photoSizes('i')}, 'width', i.width, 'height', i.height)
          ORDER BY i.position, i.id)
        FROM images i WHERE i.property_id = p.id), '[]'::json))::text AS json
    FROM properties p WHERE p.id = ${id} AND ${visibleTo(key)}`,
  );
  return row ? withPublicUrls(row.json) : null;
}

/** Currency symbols as a VALUES list (codes and symbols are our own constants, not input). */
const CURRENCY_VALUES = Object.entries(CURRENCIES)
  .map(([code, { symbol }]) => `('${code}', '${symbol.replaceAll("'", "''")}')`)
  .join(', ');
