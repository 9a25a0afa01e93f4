import 'server-only';
import path from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { logger } from '@/lib/catalog-api/logger';
import { executeRows, openPostgres, type RawQuery, rowsOf } from '@/lib/db/open';
import {
  forgetProcessSingleton,
  peekProcessSingleton,
  processSingleton,
  setProcessSingleton,
} from '@/lib/process-singleton';
import { settings } from '@/lib/settings';
import * as schema from './schema';

/**
 * The service's database, or a transaction on it: drizzle's transaction is a database handle too, so every
 * query and writer takes a `Db` and runs the same inside `db.transaction((tx) => …)` as outside it.
 */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

interface Handle {
  db: Db;
  close: () => Promise<void>;
}

const RAW = Symbol('raw query');
type DbWithRaw = Db & { [RAW]?: RawQuery };

/** Lets `queryRows` skip drizzle's per-query machinery for plain reads (half the time of a key lookup). */
function withRaw(db: Db, raw: RawQuery): Db {
  (db as DbWithRaw)[RAW] = raw;
  return db;
}

export const MIGRATIONS_FOLDER = path.join(process.cwd(), 'lib/catalog-api/db/migrations');

/**
 * Opens the service's database: node-postgres when DATABASE_URL is set, otherwise embedded PGlite under
 * DATA_DIR/catalog (`memory://` keeps it in memory, for tests). Migrations are applied on open. PGlite
 * allows one opener per data directory, so the process keeps one handle (`getDb`).
 */
export async function openDatabase(target?: string): Promise<Handle> {
  const opened = await openPostgres({
    target: target ?? settings().DATABASE_URL ?? path.resolve(settings().DATA_DIR, 'catalog'),
    schema,
    migrationsFolder: MIGRATIONS_FOLDER,
    // drizzle's default journal name; kept so that existing databases are not migrated twice.
    migrationsTable: '__drizzle_migrations',
    sharedBuffers: '48MB',
    logger,
  });
  return { db: withRaw(opened.db, opened.raw), close: opened.close };
}

const DB = 'catalog-api.db';

/** The process-wide database, opened once (lib/process-singleton.ts: Next.js loads this module per bundle). */
export function getDb(): Promise<Db> {
  return processSingleton(DB, () => openDatabase()).then((h) => h.db);
}

/** Makes `getDb()` return the given handle (tests open an in-memory database and install it). */
export function installDatabase(handle: Handle): void {
  setProcessSingleton(DB, Promise.resolve(handle));
}

/** Closes the process's database; the next `getDb()` opens it again. */
export async function closeDatabase(): Promise<void> {
  const handle = peekProcessSingleton<Promise<Handle>>(DB);
  forgetProcessSingleton(DB);
  if (handle) await (await handle).close();
}

const dialect = new PgDialect();

/** Integer ids as one array parameter (a Postgres array literal), not one parameter per id: `= ANY(${intArray(ids)})`. */
export function intArray(ids: readonly number[]): SQL {
  return sql`${`{${ids.join(',')}}`}::int[]`;
}

/** LIMIT and OFFSET of a page. They are validated integers; as literals they plan better than as parameters. */
export function pageWindow(page: number, perPage: number): SQL {
  return sql.raw(`LIMIT ${Math.trunc(perPage)} OFFSET ${Math.trunc((page - 1) * perPage)}`);
}

/**
 * Runs SQL and returns its rows. On a database handle the query goes straight to the driver; inside a
 * transaction (a `tx`, which has no raw path) it goes through drizzle. Both answer with `{ rows }`.
 */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const raw = (db as DbWithRaw)[RAW];
  if (raw) {
    const { sql: text, params } = dialect.sqlToQuery(query);
    return rowsOf<T>(await raw(text, params));
  }
  return executeRows<T>(db, query);
}
