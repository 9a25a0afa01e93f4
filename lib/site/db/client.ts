import 'server-only';
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { type OpenedDatabase, openPostgres } from '@/lib/db/open';
import {
  forgetProcessSingleton,
  peekProcessSingleton,
  processSingleton,
  setProcessSingleton,
} from '@/lib/process-singleton';
import { settings } from '@/lib/settings';
import { logger } from '@/lib/site/logger';
import * as schema from './schema';

export type SiteDb = PgDatabase<PgQueryResultHKT, typeof schema>;
export type SiteDatabase = OpenedDatabase<typeof schema>;

const MIGRATIONS_FOLDER = path.join(process.cwd(), 'lib/site/db/migrations');

/**
 * Opens the site's database: the Postgres of DATABASE_URL (its `site_` tables), otherwise embedded PGlite
 * under DATA_DIR/site. A separate PGlite from the catalog service's, as the two roles could be deployed apart.
 */
export function openSiteDatabase(target?: string): Promise<SiteDatabase> {
  const s = settings();
  return openPostgres({
    target: target ?? s.DATABASE_URL ?? path.resolve(s.DATA_DIR, 'site'),
    schema,
    migrationsFolder: MIGRATIONS_FOLDER,
    migrationsTable: 'site_migrations',
    sharedBuffers: '16MB',
    poolSize: 5,
    logger,
  });
}

const DB = 'site.db';

/** The process's site database, opened once (lib/process-singleton.ts: Next.js has several bundles). */
export function getSiteDb(): Promise<SiteDb> {
  return processSingleton(DB, () =>
    openSiteDatabase().catch((error) => {
      // A failed open is not kept: the next call tries again.
      forgetProcessSingleton(DB);
      throw error;
    }),
  ).then((h) => h.db);
}

/** Makes `getSiteDb()` return the given handle (tests open a database of their own and install it). */
export function installSiteDatabase(handle: SiteDatabase): void {
  setProcessSingleton(DB, Promise.resolve(handle));
}

/** Closes the process's site database; the next `getSiteDb()` opens it again. */
export async function closeSiteDatabase(): Promise<void> {
  const handle = peekProcessSingleton<Promise<SiteDatabase>>(DB);
  forgetProcessSingleton(DB);
  if (handle) await (await handle).close();
}
