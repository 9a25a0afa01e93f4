import { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import {
  closeDatabase,
  type Db,
  installDatabase,
  openDatabase,
  queryRows,
} from '@/lib/catalog-api/db/client';
import { handleRequest } from '@/lib/catalog-api/http/handle';
import { clearKeyCache } from '@/lib/catalog-api/keys';
import { DEMO_KEYS, seedDemo } from '@/lib/catalog-api/seed';

export { DEMO_KEYS };

export const TEST_ORIGIN = 'http://localhost:3000';

/**
 * When TEST_DATABASE_URL names a Postgres server (`npm test` starts one): a fresh database there, with a
 * way to drop it; otherwise null (the caller uses embedded PGlite).
 */
export async function freshPostgres(
  prefix: string,
): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) return null;
  const { Client } = await import('pg');
  const name = `${prefix}_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const run = async (statement: string) => {
    const client = new Client({ connectionString: admin });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * A database for one test file: in-memory PGlite, or, when TEST_DATABASE_URL names a Postgres server,
 * a fresh database there (dropped afterwards), so the same suite proves the node-postgres path.
 */
async function freshDatabase() {
  const pg = await freshPostgres('contract');
  if (!pg) return { handle: await openDatabase('memory://'), drop: async () => {} };
  return { handle: await openDatabase(pg.url), drop: pg.drop };
}

/**
 * Starts the real service for one test file: a database with the migrations applied and a seeded demo
 * catalog (smaller than the default, same generator), installed as the process database.
 */
export function setupService(options: { properties?: number; seed?: number } = {}) {
  const state: { handle?: Awaited<ReturnType<typeof openDatabase>>; drop?: () => Promise<void> } = {};
  beforeAll(async () => {
    const { handle, drop } = await freshDatabase();
    state.drop = drop;
    await seedDemo(handle.db, { seed: options.seed ?? 7, properties: options.properties ?? 400 });
    installDatabase(handle);
    clearKeyCache();
    state.handle = handle;
  });
  afterAll(async () => {
    await closeDatabase();
    await state.drop?.();
  });
  return {
    get db(): Db {
      if (!state.handle) throw new Error('service not started');
      return state.handle.db;
    },
    /** Puts this file's database back as the process database (after a test swapped it out). */
    reinstall() {
      if (state.handle) installDatabase(state.handle);
    },
  };
}

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

/** Calls the service as a partner would, through the same handler the route serves. */
export async function api<T = any>(
  path: string,
  init: { key?: string | null; method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<ApiResponse<T>> {
  const headers = new Headers(init.headers);
  const key = init.key === undefined ? DEMO_KEYS.testFull : init.key;
  if (key !== null) headers.set('X-SVC-API-TOKEN', key);
  const response = await handleRequest(
    new Request(`${TEST_ORIGIN}/v2${path}`, { method: init.method ?? 'GET', headers, body: init.body }),
  );
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
}

/** Every page of the catalog for a query, following `pagination.next` as the spec's client flow does. */
export async function allPages(path: string, key?: string) {
  const items: any[] = [];
  let next: string | null = path;
  let pages = 0;
  while (next) {
    const res: ApiResponse = await api(next, { key });
    if (res.status !== 200) throw new Error(`${next}: ${res.status} ${JSON.stringify(res.body)}`);
    items.push(...res.body.properties);
    next = res.body.pagination.next;
    if (++pages > 1000) throw new Error('pagination does not end');
  }
  return items;
}

export async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return queryRows<T>(db, query);
}

/** A live property the restricted demo key may not see. */
export async function propertyOutsideAllowList(db: Db): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`SELECT p.id FROM properties p, api_keys k WHERE p.status = 'live' AND k.allow_list IS NOT NULL
        AND NOT (p.id = ANY(k.allow_list)) ORDER BY p.id LIMIT 1`,
  );
  if (!row) throw new Error('every live property is allowed');
  return row.id;
}

/** A live property and a check-in date whose rate asks for a week or more (bedrooms param 50 prices its largest tier). */
export async function stayWithWeekMinimum(db: Db): Promise<{ id: number; start: string }> {
  const [row] = await queryRows<{ id: number; start: string }>(
    db,
    sql`SELECT p.id, greatest(r.start_date, current_date + 20)::text AS start FROM properties p
        JOIN rate_periods r ON r.property_id = p.id
        WHERE p.status = 'live' AND NOT p.price_on_request AND r.min_stay >= 7 AND r.rooms >= p.bedrooms
          AND r.end_date > greatest(r.start_date, current_date + 20) + 7 ORDER BY p.id LIMIT 1`,
  );
  if (!row) throw new Error('no property asks for a week');
  return row;
}
