import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { PORT_BASE } from './ports';

/*
 * The advisors' journey needs a catalog it can change mid-test ("a rate edit in the catalog"), which the
 * suite's shared servers (:3100, :3101) cannot give: their embedded databases are held by their processes.
 * So it runs a pair of its own, as production runs them: a catalog service C (E2E_PORT_BASE + 10) and a site S
 * (+ 11) that reaches C over HTTP with the demo test key and runs no sync of its own (the test calls
 * POST /api/cron/sync as a scheduler would). A rate edit stops C, applies the catalog activity's rate edit
 * to its database (`npm run catalog:activity -- --rate-edit`), and starts C again on the same port.
 */

const root = path.resolve(import.meta.dirname, '../..');
const DATA = path.join(root, '.e2e/advisors');
export const CATALOG = `http://127.0.0.1:${PORT_BASE + 10}`;
export const SITE = `http://127.0.0.1:${PORT_BASE + 11}`;
export const CRON_SECRET = 'advisors-e2e-scheduler-secret';

const unlimited = {
  LOG_LEVEL: 'warn',
  SVC_RATE_LIMIT_PER_MINUTE: '1000000',
  SVC_RATE_LIMIT_PER_HOUR: '10000000',
  SVC_INQUIRY_LIMIT_PER_10_MIN: '100000',
  UPSTREAM_BUDGET_PER_MINUTE: '1000000',
  UPSTREAM_BUDGET_PER_HOUR: '10000000',
  SITE_RATE_LIMIT_PER_MINUTE: '1000000',
  SITE_PAGE_VIEWS_PER_MINUTE: '1000000',
  CDN_RENDERS_PER_VISITOR_PER_MINUTE: '1000000',
  SITE_INQUIRIES_PER_VISITOR_PER_HOUR: '1000000',
  UPSTREAM_VISITOR_SHARE: '1',
  CATALOG_ACTIVITY: '0',
};

const catalogEnv = {
  ...unlimited,
  PORT: String(PORT_BASE + 10),
  SITE_URL: CATALOG,
  DATA_DIR: path.join(DATA, 'catalog'),
  DEMO_PROPERTIES: '200',
  CATALOG_SYNC: '0',
  CATALOG_REPLICA: '0',
  LEAD_WORKER: '0',
};

const siteEnv = {
  ...unlimited,
  PORT: String(PORT_BASE + 11),
  SITE_URL: SITE,
  DATA_DIR: path.join(DATA, 'site'),
  CATALOG_API_ENABLED: '0',
  SVC_BASE_URL: `${CATALOG}/v2`,
  SVC_API_KEY: 'svc_test_demo_full_access',
  CATALOG_SYNC: '0',
  CRON_SECRET,
};

function start(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
}

async function until(url: string, ready: (res: Response) => Promise<boolean>, ms: number) {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(3000) });
      if (await ready(res)) return;
    } catch {}
    if (Date.now() > deadline) throw new Error(`${url} was not ready within ${ms / 1000} s`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

async function stop(child: ChildProcess | undefined) {
  if (!child?.pid || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {}
  await Promise.race([exited, new Promise((r) => setTimeout(r, 8000))]);
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {}
}

export interface AdvisorServers {
  /** The catalog's rate edit on one property (rates still to come × factor), then the site's sync. */
  editRates(propertyId: number, factor: number): Promise<void>;
  stop(): Promise<void>;
}

export async function startAdvisorServers(): Promise<AdvisorServers> {
  rmSync(DATA, { recursive: true, force: true });
  let catalog = start(catalogEnv);
  await until(`${CATALOG}/api/health`, async (r) => r.ok, 240_000);
  const site = start(siteEnv);
  // The site's replica (search, card prices, a proposal's availability) loaded from C.
  await until(
    `${SITE}/api/search?per_page=1`,
    async (r) => {
      const body = r.ok ? await r.json() : null;
      return body?.source === 'replica' && !body.loading;
    },
    240_000,
  );
  const sync = () =>
    fetch(`${SITE}/api/cron/sync`, { method: 'POST', headers: { authorization: `Bearer ${CRON_SECRET}` } });
  await sync(); // the baseline the next run compares with
  return {
    async editRates(propertyId, factor) {
      await stop(catalog);
      const edit = spawnSync(
        path.join(root, 'node_modules/.bin/tsx'),
        [
          '--conditions=react-server',
          'scripts/catalog-activity.ts',
          '--rate-edit',
          String(propertyId),
          String(factor),
        ],
        { cwd: root, env: { ...process.env, ...catalogEnv }, encoding: 'utf8' },
      );
      if (edit.status !== 0) throw new Error(`rate edit failed: ${edit.stderr}`);
      catalog = start(catalogEnv);
      await until(`${CATALOG}/api/health`, async (r) => r.ok, 120_000);
      const run = await sync();
      if (!run.ok) throw new Error(`sync answered ${run.status}`);
    },
    async stop() {
      await Promise.all([stop(site), stop(catalog)]);
    },
  };
}
