import 'server-only';
import { sql } from 'drizzle-orm';
import type { Area } from '@/lib/contract';
import { addDays, nowIso, today } from '@/lib/dates';
import { processSingleton } from '@/lib/process-singleton';
import { Random } from '@/lib/sandbox';
import { type Db, queryRows } from './db/client';
import { logger } from './logger';
import {
  addBookedRange,
  editRates,
  lapseHolds,
  publishProperty,
  removeProperty,
  reorderPhotos,
} from './writers';

/*
 * Catalog activity: the embedded demo changes the way a live catalog does, so the partner side's sync has
 * something real to follow. One batch: lapsed holds go, a few stays are booked and a hold is placed, a rate
 * sheet is edited, photos are reordered, and now and then a property leaves or a draft is published.
 */

export interface ActivityChange {
  propertyId: number;
  change: Area | 'removed' | 'published';
}

async function randomLive(db: Db, rng: Random, count: number): Promise<number[]> {
  const ids = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM properties WHERE status = 'live' ORDER BY id`,
  );
  return rng.sample(ids, count).map((r) => r.id);
}

/** The first gap of `nights` free nights starting at or after `from`. */
async function freeWindow(db: Db, propertyId: number, from: string, nights: number): Promise<string> {
  const ranges = await queryRows<{ checkin: string; checkout: string }>(
    db,
    sql`SELECT checkin::text, checkout::text FROM booked_ranges WHERE property_id = ${propertyId}
        AND checkout > ${from}::date ORDER BY checkin`,
  );
  let start = from;
  for (const r of ranges) {
    if (addDays(start, nights) <= r.checkin) break;
    if (r.checkout > start) start = r.checkout;
  }
  return start;
}

export async function runActivityBatch(
  db: Db,
  rng = new Random(Date.now()),
  at = nowIso(),
): Promise<ActivityChange[]> {
  const changes: ActivityChange[] = [];
  for (const id of await lapseHolds(db, at)) changes.push({ propertyId: id, change: 'availability' });

  const [a, b, c, d, e] = await randomLive(db, rng, 5);
  for (const [i, id] of [a, b, c, d].entries()) {
    if (id === undefined) continue;
    const nights = rng.int(3, 10);
    const checkin = await freeWindow(db, id, addDays(today(), rng.int(7, 300)), nights);
    const hold = i === 3;
    const booked = await addBookedRange(
      db,
      id,
      {
        checkin,
        checkout: addDays(checkin, nights),
        status: hold ? 'hold' : 'confirmed',
        expiresAt: hold ? new Date(Date.parse(at) + rng.int(1, 48) * 3_600_000).toISOString() : null,
      },
      at,
    );
    if (booked) changes.push({ propertyId: id, change: 'availability' });
  }
  if (e !== undefined) {
    await editRates(db, e, rng.pick([0.97, 1.03, 1.05]), at);
    changes.push({ propertyId: e, change: 'rates' });
  }
  const [photos] = await randomLive(db, rng, 1);
  if (photos !== undefined && (await reorderPhotos(db, photos, at)))
    changes.push({ propertyId: photos, change: 'images' });
  if (rng.chance(0.2)) {
    const [leaving] = await randomLive(db, rng, 1);
    if (leaving !== undefined && (await removeProperty(db, leaving, at)))
      changes.push({ propertyId: leaving, change: 'removed' });
  }
  if (rng.chance(0.3)) {
    const [draft] = await queryRows<{ id: number }>(
      db,
      sql`SELECT id FROM properties WHERE status = 'draft' ORDER BY id LIMIT 1`,
    );
    if (draft && (await publishProperty(db, draft.id, at)))
      changes.push({ propertyId: draft.id, change: 'published' });
  }
  return changes;
}

/**
 * Runs a batch every `intervalSeconds` in this process until it exits; overlapping runs are skipped. One
 * timer per process (lib/process-singleton.ts): asked again, from any bundle, it is the same timer.
 */
export function startCatalogActivity(getDb: () => Promise<Db>, intervalSeconds: number): void {
  processSingleton('catalog-api.activity', () => {
    let running = false;
    const timer = setInterval(async () => {
      if (running) return;
      running = true;
      try {
        const changes = await runActivityBatch(await getDb());
        logger.info({ changes: changes.length }, 'catalog activity batch applied');
      } catch (error) {
        logger.error({ err: error }, 'catalog activity batch failed');
      } finally {
        running = false;
      }
    }, intervalSeconds * 1000);
    timer.unref();
    return timer;
  });
}
