import 'server-only';
import { nowIso } from '@/lib/dates';
import { settings } from '@/lib/settings';
import { getDb } from './db/client';
import { logger } from './logger';
import { ensurePropertyDocuments } from './read-model';
import { isSeeded, seedDemo } from './seed';

/**
 * Makes the service ready: opens the database (applying migrations) and, when it is empty, fills it
 * with the demo catalog. Called once at server start (instrumentation.ts) and by the CLIs.
 */
export async function ensureDatabase(): Promise<void> {
  const db = await getDb();
  if (await isSeeded(db)) {
    await ensurePropertyDocuments(db);
    return;
  }
  const started = performance.now();
  const { DEMO_SEED: seed, DEMO_PROPERTIES: properties } = settings();
  const { counts } = await seedDemo(db, { seed, properties, now: nowIso() });
  logger.info({ counts, ms: Math.round(performance.now() - started) }, 'demo catalog created');
}
