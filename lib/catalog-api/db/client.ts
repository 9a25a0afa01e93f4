import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { settings } from '../../settings';
import { logger } from '../logger';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

interface Handle {
  db: Db;
  close: () => Promise<void>;
}

/** Runs SQL text with parameters on the driver itself and returns its rows. */
type RawQuery = (text: string, params: unknown[]) => Promise<{ rows: unknown[] }>;
const RAW = Symbol('raw query');
type DbWithRaw = Db & { [RAW]?: RawQuery };

/** Lets `queryRows` skip drizzle's per-query machinery for plain reads (half the time of a key lookup). */
function withRaw(db: Db, raw: RawQuery): Db {
  (db as DbWithRaw)[RAW] = raw;
  return db;
}

export const MIGRATIONS_FOLDER = path.join(process.cwd(), 'lib/catalog-api/db/migrations');

/**
 * Opens the database: node-postgres when DATABASE_URL is set, otherwise embedded PGlite under DATA_DIR
 * (`memory://` keeps it in memory, for tests). Migrations are applied on open. PGlite allows one opener
 * per data directory, so the handle is kept on globalThis: Next.js may load this module in several bundles.
 */
export async function openDatabase(target?: string): Promise<Handle> {
  const url = target ?? settings().DATABASE_URL;
  if (url && /^postgres(ql)?:\/\//.test(url)) {
    const { Pool } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new Pool({ connectionString: url, max: 10 });
    // An idle connection the server drops (restart, failover) must not crash the process; the pool
    // replaces it on the next query.
    pool.on('error', (error) => logger.warn({ err: error }, 'idle database connection lost'));
    const db = drizzle(pool, { schema });
    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
    return {
      db: withRaw(db as unknown as Db, (text, params) => pool.query(text, params)),
      close: () => pool.end(),
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const dataDir = url ?? path.resolve(settings().DATA_DIR, 'catalog');
  const release = dataDir.startsWith('memory://') ? () => {} : lockDataDir(dataDir);
  try {
    // A smaller buffer pool than PGlite's default keeps the server's memory in bounds; the data set is
    // small and the operating system caches its files anyway.
    const client = await PGlite.create(dataDir, { postgresqlconf: ['shared_buffers=48MB'] });
    const db = drizzle(client, { schema });
    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
    return {
      db: withRaw(db as unknown as Db, (text, params) => client.query(text, params)),
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/**
 * PGlite must be opened by one process at a time: a second opener (a CLI while the server runs) would
 * corrupt it. A lock file holding the owner's pid turns that into a clear message instead.
 */
function lockDataDir(dataDir: string): () => void {
  mkdirSync(path.dirname(dataDir), { recursive: true });
  const lock = `${dataDir}.lock`;
  if (existsSync(lock)) {
    const owner = Number(readFileSync(lock, 'utf8'));
    if (owner && owner !== process.pid && isAlive(owner)) {
      throw new Error(
        `The embedded database ${dataDir} is in use by process ${owner} (a running server?). Stop it first, or set DATABASE_URL to a Postgres server.`,
      );
    }
  }
  writeFileSync(lock, String(process.pid));
  const release = () => rmSync(lock, { force: true });
  process.once('exit', release);
  return release;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const GLOBAL_KEY = Symbol.for('rental.catalog-api.db');
type GlobalWithDb = typeof globalThis & { [GLOBAL_KEY]?: Promise<Handle> };

/** The process-wide database, opened once. */
export function getDb(): Promise<Db> {
  const g = globalThis as GlobalWithDb;
  g[GLOBAL_KEY] ??= openDatabase();
  return g[GLOBAL_KEY].then((h) => h.db);
}

/** Makes `getDb()` return the given handle (tests open an in-memory database and install it). */
export function installDatabase(handle: Handle): void {
  (globalThis as GlobalWithDb)[GLOBAL_KEY] = Promise.resolve(handle);
}

export async function closeDatabase(): Promise<void> {
  const g = globalThis as GlobalWithDb;
  const handle = g[GLOBAL_KEY];
  g[GLOBAL_KEY] = undefined;
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
    return (await raw(text, params)).rows as T[];
  }
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
