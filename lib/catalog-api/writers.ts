import 'server-only';
import { sql } from 'drizzle-orm';
import type { Area } from '@/lib/contract';
import { nowIso } from '@/lib/dates';
import { invalidateCatalogCaches } from './cache';
import { type Db, intArray, queryRows } from './db/client';
import { refreshPropertyDocuments } from './read-model';

/*
 * Every change to the catalog goes through here. Each one, in a single transaction, makes its change,
 * moves the time of exactly the area it changed (and `updated_at`), and rebuilds the stored documents of
 * the properties it touched, so the feed, `updated_since` and the documents always agree.
 */

const AREA_COLUMN: Record<Area, string> = {
  content: 'content_updated_at',
  rates: 'rates_updated_at',
  availability: 'availability_updated_at',
  images: 'images_updated_at',
};

/** Moves the given areas' times of these properties to `at`. */
export async function touchAreas(
  db: Db,
  ids: readonly number[],
  areas: readonly Area[],
  at: string,
): Promise<void> {
  if (ids.length === 0) return;
  const sets = areas.map((a) => sql`${sql.identifier(AREA_COLUMN[a])} = ${at}::timestamptz`);
  await db.execute(sql`UPDATE properties SET ${sql.join(sets, sql`, `)}, updated_at = greatest(updated_at, ${at}::timestamptz)
    WHERE id = ANY(${intArray(ids)})`);
  await refreshPropertyDocuments(db, ids);
}

async function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx));
}

export interface NewRange {
  checkin: string;
  checkout: string;
  status: 'confirmed' | 'hold';
  checkinFullDay?: boolean;
  checkoutFullDay?: boolean;
  expiresAt?: string | null;
}

/** A new booking or hold. Refuses (returns false) when it would overlap a range already there. */
export async function addBookedRange(
  db: Db,
  propertyId: number,
  range: NewRange,
  at = nowIso(),
): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    const [clash] = await queryRows<{ n: number }>(
      tx,
      sql`SELECT count(*)::int AS n FROM booked_ranges
          WHERE property_id = ${propertyId} AND checkin < ${range.checkout}::date AND checkout > ${range.checkin}::date`,
    );
    if ((clash?.n ?? 0) > 0) return false;
    await tx.execute(sql`INSERT INTO booked_ranges
      (property_id, checkin, checkout, checkin_full_day, checkout_full_day, status, expires_at, created_at)
      VALUES (${propertyId}, ${range.checkin}, ${range.checkout}, ${range.checkinFullDay ?? false},
              ${range.checkoutFullDay ?? false}, ${range.status}, ${range.expiresAt ?? null}, ${at})`);
    await touchAreas(tx, [propertyId], ['availability'], at);
    return true;
  });
}

/** Deletes holds whose time ran out; returns the properties whose availability changed. */
export async function lapseHolds(db: Db, at = nowIso()): Promise<number[]> {
  return inTransaction(db, async (tx) => {
    const rows = await queryRows<{ property_id: number }>(
      tx,
      sql`DELETE FROM booked_ranges WHERE status = 'hold' AND expires_at IS NOT NULL AND expires_at <= ${at}::timestamptz
          RETURNING property_id`,
    );
    const ids = [...new Set(rows.map((r) => r.property_id))];
    await touchAreas(tx, ids, ['availability'], at);
    return ids;
  });
}

/** Scales the nightly, weekly and monthly rates of the periods still to come. */
export async function editRates(db: Db, propertyId: number, factor: number, at = nowIso()): Promise<void> {
  await inTransaction(db, async (tx) => {
    await tx.execute(sql`UPDATE rate_periods SET nightly = round(nightly * ${factor}, 2), weekly = round(weekly * ${factor}, 2),
      monthly = round(monthly * ${factor}, 2) WHERE property_id = ${propertyId} AND end_date >= ${at.slice(0, 10)}::date`);
    await touchAreas(tx, [propertyId], ['rates'], at);
  });
}

/** Moves the last photo to the front (it becomes the cover). */
export async function reorderPhotos(db: Db, propertyId: number, at = nowIso()): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    const [last] = await queryRows<{ id: number; n: number }>(
      tx,
      sql`SELECT id, (SELECT count(*)::int FROM images WHERE property_id = ${propertyId}) AS n
          FROM images WHERE property_id = ${propertyId} ORDER BY position DESC LIMIT 1`,
    );
    if (!last || last.n < 2) return false;
    await tx.execute(sql`UPDATE images SET position = CASE WHEN id = ${last.id} THEN 1 ELSE position + 1 END
      WHERE property_id = ${propertyId}`);
    await touchAreas(tx, [propertyId], ['images'], at);
    return true;
  });
}

/** A live property leaves the catalog. */
export async function removeProperty(db: Db, propertyId: number, at = nowIso()): Promise<boolean> {
  const changed = await inTransaction(db, async (tx) => {
    const rows = await queryRows<{ id: number }>(
      tx,
      sql`UPDATE properties SET status = 'removed', removed_at = ${at}::timestamptz, updated_at = ${at}::timestamptz
          WHERE id = ${propertyId} AND status = 'live' RETURNING id`,
    );
    return rows.length > 0;
  });
  if (changed) invalidateCatalogCaches();
  return changed;
}

/** A draft is published: it arrives in the catalog with every area new. */
export async function publishProperty(db: Db, propertyId: number, at = nowIso()): Promise<boolean> {
  const changed = await inTransaction(db, async (tx) => {
    const rows = await queryRows<{ id: number }>(
      tx,
      sql`UPDATE properties SET status = 'live', removed_at = NULL WHERE id = ${propertyId} AND status = 'draft' RETURNING id`,
    );
    if (rows.length === 0) return false;
    await touchAreas(tx, [propertyId], ['content', 'rates', 'availability', 'images'], at);
    return true;
  });
  if (changed) invalidateCatalogCaches();
  return changed;
}
