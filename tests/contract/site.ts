import { afterAll, beforeAll } from 'vitest';
import { resetCatalogClient } from '@/lib/catalog-client';
import { reloadSettings } from '@/lib/settings';
import {
  closeSiteDatabase,
  installSiteDatabase,
  openSiteDatabase,
  type SiteDatabase,
} from '@/lib/site/db/client';
import { freshPostgres } from './service';

export const SITE = 'http://localhost:3000';

/** Sets environment variables for the site and reads the settings again (the client is rebuilt). */
export function configure(env: Record<string, string | undefined>): void {
  for (const [k, v] of Object.entries(env)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  reloadSettings();
  resetCatalogClient();
}

/**
 * The site side for one test file: its own database (a fresh Postgres database when TEST_DATABASE_URL is
 * set, else PGlite in memory, or in the directory given, to survive a "restart"), and the client pointed
 * at the given upstream.
 */
export function setupSite(options: {
  upstream: () => string;
  env?: Record<string, string>;
  dataDir?: string;
}) {
  const state: {
    handle?: SiteDatabase;
    saved: Record<string, string | undefined>;
    target?: string;
    drop?: () => Promise<void>;
  } = { saved: {} };
  beforeAll(async () => {
    const pg = await freshPostgres('site');
    state.target = pg?.url ?? options.dataDir ?? 'memory://';
    state.drop = pg?.drop;
    const env = { SVC_BASE_URL: options.upstream(), UPSTREAM_TIMEOUT_MS: '1500', ...options.env };
    for (const k of Object.keys(env)) state.saved[k] = process.env[k];
    configure(env);
    state.handle = await openSiteDatabase(state.target);
    installSiteDatabase(state.handle);
  });
  afterAll(async () => {
    await closeSiteDatabase();
    configure(state.saved);
    await state.drop?.();
  });
  return {
    get db() {
      if (!state.handle) throw new Error('site not started');
      return state.handle.db;
    },
    /** The open database handle, to install again after a test swapped in another. */
    get handle() {
      if (!state.handle) throw new Error('site not started');
      return state.handle;
    },
    /** Where the database lives (a Postgres URL, a directory or memory://). */
    get target() {
      return state.target ?? 'memory://';
    },
    /** Closes the database and forgets the client, as a stopped process would; `start` opens them again. */
    async stop() {
      await closeSiteDatabase();
      resetCatalogClient();
    },
    async start() {
      state.handle = await openSiteDatabase(state.target);
      installSiteDatabase(state.handle);
    },
  };
}

export interface SiteResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/** Everything the site answered in this file, for the checks that the key never leaves the server. */
export const answered: SiteResponse[] = [];

type Handler = (request: Request, segment: { params: Promise<any> }) => Promise<Response>;

/** Calls a route module's handler as Next.js would, with a visitor address and (for POSTs) the site's Origin. */
export async function call<T = any>(
  handler: Handler,
  path: string,
  init: {
    params?: Record<string, string>;
    method?: string;
    body?: unknown;
    headers?: Record<string, string>;
    visitor?: string;
    /** Send no Origin header at all (a non-browser client). */
    noOrigin?: boolean;
  } = {},
): Promise<SiteResponse<T>> {
  const headers = new Headers({ 'x-forwarded-for': init.visitor ?? '203.0.113.7', host: 'localhost:3000' });
  if (init.body !== undefined) {
    headers.set('content-type', 'application/json');
    headers.set('origin', SITE);
  }
  for (const [k, v] of Object.entries(init.headers ?? {})) headers.set(k, v);
  if (init.noOrigin) headers.delete('origin');
  const response = await handler(
    new Request(`${SITE}${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers,
      body:
        init.body === undefined
          ? undefined
          : typeof init.body === 'string'
            ? init.body
            : JSON.stringify(init.body),
    }),
    { params: Promise.resolve(init.params ?? {}) },
  );
  const text = await response.text();
  const result = {
    status: response.status,
    headers: response.headers,
    body: text ? JSON.parse(text) : null,
    text,
  };
  answered.push(result);
  return result;
}
