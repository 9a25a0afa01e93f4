import 'server-only';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Logger } from 'pino';

/*
 * One way to open a Postgres database for either role: node-postgres when given a postgres:// URL,
 * otherwise embedded PGlite in a directory (`memory://` keeps it in memory, for tests). Each role brings
 * its own schema and migrations folder, and keeps its migration journal in its own table, so the catalog
 * service and the site can share one Postgres server (or one database) without touching each other.
 */

/**
 * The rows of a raw statement's answer. Both drivers answer `{ rows }`; drizzle types the answer per
 * driver, so code written for either reads the rows here, checked rather than cast. The rows' type is the
 * caller's word for what its SQL selects.
 */
export function rowsOf<T>(result: unknown): T[] {
  if (typeof result === 'object' && result !== null && 'rows' in result && Array.isArray(result.rows)) {
    return result.rows;
  }
  throw new Error('The database answered a statement without rows.');
}

/** Runs a statement through drizzle (a database or a transaction) and returns its rows. */
export async function executeRows<T>(
  db: { execute: (query: SQL) => PromiseLike<unknown> },
  query: SQL,
): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}

/** Runs SQL text with parameters on the driver itself and returns its rows. */
export type RawQuery = (text: string, params: unknown[]) => Promise<{ rows: unknown[] }>;

export interface OpenedDatabase<S extends Record<string, unknown>> {
  db: PgDatabase<PgQueryResultHKT, S>;
  raw: RawQuery;
  close: () => Promise<void>;
}

export interface OpenOptions<S extends Record<string, unknown>> {
  /** A postgres:// URL, a PGlite directory, or `memory://`. */
  target: string;
  schema: S;
  migrationsFolder: string;
  /** Table holding this role's applied migrations (drizzle's journal). */
  migrationsTable: string;
  /** PGlite's buffer pool; smaller than its default keeps the server's memory in bounds. */
  sharedBuffers?: string;
  poolSize?: number;
  logger: Logger;
}

export async function openPostgres<S extends Record<string, unknown>>(
  options: OpenOptions<S>,
): Promise<OpenedDatabase<S>> {
  const { target, schema, migrationsFolder, migrationsTable } = options;
  if (/^postgres(ql)?:\/\//.test(target)) {
    const { Pool } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new Pool({ connectionString: target, max: options.poolSize ?? 10 });
    // An idle connection the server drops (restart, failover) must not crash the process; the pool
    // replaces it on the next query.
    pool.on('error', (error) => options.logger.warn({ err: error }, 'idle database connection lost'));
    const db = drizzle(pool, { schema });
    // Several instances may start at once against one database: one applies the migrations while the
    // others wait on a lock of this role's, then find nothing left to apply.
    const lock = await pool.connect();
    try {
      await lock.query('SELECT pg_advisory_lock(hashtext($1))', [migrationsTable]);
      await migrate(db, { migrationsFolder, migrationsTable });
    } finally {
      await lock.query('SELECT pg_advisory_unlock(hashtext($1))', [migrationsTable]).catch(() => {});
      lock.release();
    }
    return {
      db,
      raw: (text, params) => pool.query(text, params),
      close: () => pool.end(),
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const release = target.startsWith('memory://') ? () => {} : lockDataDir(target);
  try {
    const client = await PGlite.create(target, {
      postgresqlconf: [`shared_buffers=${options.sharedBuffers ?? '16MB'}`],
    });
    const db = drizzle(client, { schema });
    await migrate(db, { migrationsFolder, migrationsTable });
    return {
      db,
      raw: (text, params) => client.query(text, params),
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

/**
 * Whether the lock's owner still runs. A process killed outright (kill -9, a crash) stays a zombie until its
 * parent reaps it, and in a container whose first process reaps nothing that can be forever: a zombie
 * holds no database, so it counts as gone.
 */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return state !== 'Z' && state !== 'X';
  } catch {
    return true; // no /proc here: the signal's answer stands
  }
}
