import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as health from '@/app/api/health/route';
import * as locations from '@/app/api/locations/route';
import * as ready from '@/app/api/ready/route';
import { catalogClient } from '@/lib/catalog-client';
import { registry, setMetricSources } from '@/lib/metrics';
import { getSiteDb, installSiteDatabase, openSiteDatabase } from '@/lib/site/db/client';
import { forgetUpstreamCheck, leadCounts } from '@/lib/site/health';
import { syncCatalog } from '@/lib/site/jobs';
import { runReplicaWork } from '@/lib/site/replica/load';
import { listen, serveService } from './http';
import { DEMO_KEYS, rows, setupService } from './service';
import { call, configure, setupSite } from './site';

/*
 * What an operator's probes see: /api/health answers while the process lives; /api/ready answers 200 only
 * while the database answers and the upstream takes the site's key, says why not otherwise (503), reports
 * the lead queue and the sync to the operator only, never shows the key, and stays within its time bound.
 */

const METRICS_TOKEN = 'operator-token-0123456789';

const service = setupService({ properties: 40, seed: 53 });
let upstream: Awaited<ReturnType<typeof serveService>>;
beforeAll(async () => {
  upstream = await serveService();
});
const site = setupSite({
  upstream: () => upstream.url,
  env: { SVC_API_KEY: DEMO_KEYS.liveFull, METRICS_TOKEN },
});

afterEach(() => {
  forgetUpstreamCheck();
  configure({
    SVC_BASE_URL: upstream.url,
    SVC_API_KEY: DEMO_KEYS.liveFull,
    SITE_RATE_LIMIT_PER_MINUTE: '1000000',
  });
  upstream.setDown(false);
});

/** The operator's probe, after whatever the test changed (a report is otherwise kept for 2 s). */
async function probe() {
  forgetUpstreamCheck();
  const started = performance.now();
  const res = await call(ready.GET, '/api/ready', {
    visitor: '10.0.0.2',
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  return { ...res, ms: performance.now() - started };
}

describe('GET /api/health and /api/ready', () => {
  it('is alive and ready with a reachable database and upstream, and reports the queue and the sync', async () => {
    const alive = await call(health.GET, '/api/health');
    expect(alive.status).toBe(200);
    expect(alive.body).toEqual({ status: 'ok' });

    await syncCatalog();
    const res = await probe();
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('ready');
    expect(res.body.database.ok).toBe(true);
    expect(res.body.upstream).toMatchObject({ ok: true, state: 'ok', status: 200 });
    expect(res.body.sync.last_run_at).not.toBeNull();
    expect(res.body.sync.age_seconds).toBeLessThan(60);
    expect(res.body.leads).toEqual({ queued: 0, sending: 0, failed: 0, oldest_waiting_seconds: null });
    expect(res.body.replica).toBeNull(); // not started yet

    // Once the replica's load has run, the probe says how far it got.
    await runReplicaWork({
      db: site.db,
      client: catalogClient(),
      holder: 'health-test',
      requestId: 'replica_health',
    });
    const loaded = await probe();
    const [live] = await rows<{ n: number }>(
      service.db,
      sql`SELECT count(*)::int AS n FROM properties WHERE status = 'live'`,
    );
    expect(loaded.body.replica).toMatchObject({ phase: 'complete', properties: live!.n, due: 0 });
    expect(loaded.body.replica.completed_at).not.toBeNull();
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });

  it('asks the upstream at most once in a while, and the database once per report, however often it is probed', async () => {
    const asked = () =>
      call(ready.GET, '/api/ready', {
        visitor: '10.0.0.3',
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
    const first = await asked();
    upstream.take();
    const again = await Promise.all(Array.from({ length: 20 }, asked));
    for (const res of again) {
      expect(res.status).toBe(200);
      // One report answered them all: made once, within its 2 s.
      expect(res.body.checked_at).toBe(first.body.checked_at);
    }
    expect(upstream.take()).toEqual([]);
  });

  it('tells a passer-by ready or not, and only the operator the rest', async () => {
    const passersBy: Record<string, string>[] = [{}, { authorization: 'Bearer not-the-token-at-all-0000' }];
    for (const headers of passersBy) {
      const res = await call(ready.GET, '/api/ready', { visitor: '10.0.0.4', headers });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 'ready' });
    }
    configure({ METRICS_TOKEN: undefined });
    try {
      const res = await call(ready.GET, '/api/ready', {
        visitor: '10.0.0.4',
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(res.body).toEqual({ status: 'ready' });
    } finally {
      configure({ METRICS_TOKEN });
    }
  });

  it('reports how many leads wait and for how long', async () => {
    await site.db.execute(sql`
      INSERT INTO site_leads (id, kind, reference, request, status, request_id, next_attempt_at, created_at)
      VALUES ('ld_health_1', 'property', 'WEB-1', '{}'::jsonb, 'queued', 'r1', now() + interval '1 hour',
              now() - interval '10 minutes'),
             ('ld_health_2', 'property', 'WEB-2', '{}'::jsonb, 'failed', 'r2', null, now())`);
    // What the server's start-up (lib/site/jobs.ts) tells the metrics to read.
    setMetricSources({ leads: async () => leadCounts(await getSiteDb()) });
    try {
      const res = await probe();
      expect(res.status).toBe(200);
      expect(res.body.leads.queued).toBe(1);
      expect(res.body.leads.failed).toBe(1);
      expect(res.body.leads.oldest_waiting_seconds).toBeGreaterThanOrEqual(600);
      expect(res.body.leads.oldest_waiting_seconds).toBeLessThan(700);
      // The same counts, as a scraper reads them.
      const text = await registry().metrics();
      expect(text).toMatch(/^site_leads\{state="queued"\} 1$/m);
      expect(text).toMatch(/^site_leads\{state="failed"\} 1$/m);
      expect(text).toMatch(/^site_lead_oldest_waiting_seconds (6\d\d)$/m);
    } finally {
      await site.db.execute(sql`DELETE FROM site_leads WHERE id LIKE 'ld_health_%'`);
    }
  });

  it('answers 503 when the upstream refuses the site’s key, without showing the key', async () => {
    const key = 'svc_live_not_a_real_key_0123456789';
    configure({ SVC_API_KEY: key });
    const res = await probe();
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(res.body.status).toBe('not_ready');
    expect(res.body.upstream).toMatchObject({ ok: false, state: 'key_refused', status: 401 });
    expect(res.body.database.ok).toBe(true);
    expect(res.text).not.toContain(key);
    expect(res.text).not.toContain(DEMO_KEYS.liveFull);
  });

  it('answers 503 when the upstream is down, within its time bound', async () => {
    upstream.setDown(true);
    const down = await probe();
    expect(down.status).toBe(503);
    expect(down.body.upstream).toMatchObject({ ok: false, state: 'unreachable' });

    // An upstream that accepts the connection and never answers: the probe gives up in about 2 s.
    const { url } = await listen(() => {});
    forgetUpstreamCheck();
    configure({ SVC_BASE_URL: `${url}/v2` });
    const hung = await probe();
    expect(hung.status).toBe(503);
    expect(hung.body.upstream.state).toBe('unreachable');
    expect(hung.ms).toBeLessThan(4000);
  });

  it('answers 503 when the database does not answer', async () => {
    const original = site.handle;
    const broken = await openSiteDatabase(site.target);
    await broken.close();
    installSiteDatabase(broken);
    try {
      const res = await probe();
      expect(res.status).toBe(503);
      expect(res.body.database).toMatchObject({ ok: false, error: 'unreachable' });
      expect(res.body.leads).toBeNull();
    } finally {
      installSiteDatabase(original);
    }
  });

  it('counts probes apart from the visitor’s requests, and limits them too', async () => {
    configure({ SITE_RATE_LIMIT_PER_MINUTE: '2' });
    const visitor = '10.0.0.9';
    const statuses = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await call(locations.GET, '/api/locations', { visitor })).status);
    expect(statuses).toEqual([200, 200, 429]);
    expect((await call(health.GET, '/api/health', { visitor })).status).toBe(200);
    const probes = [];
    for (let i = 0; i < 3; i++) probes.push((await call(ready.GET, '/api/ready', { visitor })).status);
    expect(probes).toEqual([200, 200, 429]);
    // Liveness is never limited: a balancer must always be told the process lives.
    expect((await call(health.GET, '/api/health', { visitor })).status).toBe(200);
  });

  it('counts upstream calls by endpoint and outcome for the metrics', async () => {
    await catalogClient()
      .getProperty(999_999)
      .catch(() => {});
    const text = await registry().metrics();
    expect(text).toMatch(
      /^catalog_upstream_request_duration_seconds_count\{endpoint="\/properties\/\{id\}",method="GET",outcome="404"\} [1-9]/m,
    );
    expect(text).toMatch(/^site_sync_runs_total\{outcome="ok"\} [1-9]/m);
    expect(text).not.toContain(DEMO_KEYS.liveFull);
  });
});
