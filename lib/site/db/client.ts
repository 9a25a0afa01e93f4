import 'server-only';
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { type OpenedDatabase, openPostgres } from '../../db/open';
import { settings } from '../../settings';
import { logger } from '../logger';
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

const GLOBAL_KEY = Symbol.for('rental.site.db');
type GlobalWithDb = typeof globalThis & { [GLOBAL_KEY]?: Promise<SiteDatabase> };

/** The process's site database, opened once (the handle lives on globalThis: Next.js has several bundles). */
export function getSiteDb(): Promise<SiteDb> {
  const g = globalThis as GlobalWithDb;
  g[GLOBAL_KEY] ??= openSiteDatabase().catch((error) => {
    g[GLOBAL_KEY] = undefined;
    throw error;
  });
  return g[GLOBAL_KEY].then((h) => h.db);
}

/** Makes `getSiteDb()` return the given handle (tests open a database of their own and install it). */
export function installSiteDatabase(handle: SiteDatabase): void {
  (globalThis as GlobalWithDb)[GLOBAL_KEY] = Promise.resolve(handle);
}

export async function closeSiteDatabase(): Promise<void> {
  const g = globalThis as GlobalWithDb;
  const handle = g[GLOBAL_KEY];
  g[GLOBAL_KEY] = undefined;
  if (handle) await (await handle).close();
}
