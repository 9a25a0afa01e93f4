import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from '@/lib/catalog-api/db/client';
import { editRates, reorderPhotos } from '@/lib/catalog-api/writers';
import { type BenchServer, startBenchServer } from '../../scripts/bench/server';

/*
 * The path beyond one machine, as README's "Several instances" describes it: two production servers of the
 * site (A and B) behind a make-believe load balancer, sharing one Postgres database, one Redis and one
 * catalog service (C, the built-in service in a server of its own, with its own database on that Postgres).
 * A and B run no sync of their own: a scheduler calls POST /api/cron/sync on one of them. Each reaches C
 * through a pass-through proxy of its own that can hold inquiries back, as a slow vendor would, so that an
 * instance can be killed while its sends are on the wire.
 *
 * Needs TEST_DATABASE_URL and TEST_REDIS_URL (`npm test` starts both; scripts/test-services.mjs).
 */

const admin = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const required = process.env.TEST_SERVICES_REQUIRED === '1';

const KEY = 'svc_live_demo_full_access';
const SECRET = 'instances-scheduler-secret';
const METRICS_TOKEN = 'instances-metrics-token';
// The public origin both instances serve under (the balancer's); POSTs carry it as a browser would.
const PUBLIC = 'https://villas.example';
const PER_MINUTE = 40;

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function adminQuery(statement: string) {
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function databaseUrl(name: string) {
  const url = new URL(admin!);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A request through the balancer: it appends the visitor's address to X-Forwarded-For. */
async function through(server: BenchServer, pathname: string, visitor: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set('x-forwarded-for', visitor);
  const res = await fetch(`${server.origin}${pathname}`, { ...init, headers });
  return { status: res.status, text: await res.text(), headers: res.headers };
}

const inquiry = (id: number, email: string) =>
  JSON.stringify({
    property_id: id,
    stay: { checkin: day(60), checkout: day(67), guests: { adults: 2 } },
    contact: { first_name: 'Two', last_name: 'Instances', email },
  });

/**
 * Passes every request on to the catalog; POSTs wait `delayMs` first. A POST whose sender has gone is
 * still passed on: the vendor got it, and only the sender does not know.
 */
async function slowProxy(target: () => string) {
  const state = { delayMs: 0, inFlight: 0, server: undefined as Server | undefined };
  const server = createServer(async (req, res) => {
    const post = req.method === 'POST';
    if (post) state.inFlight++;
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (post) await sleep(state.delayMs);
    try {
      const headers = Object.entries(req.headers).filter(
        ([k]) => !['host', 'connection', 'content-length', 'transfer-encoding'].includes(k),
      ) as [string, string][];
      const answer = await fetch(`${target()}${req.url}`, {
        method: req.method,
        headers,
        body: chunks.length ? Buffer.concat(chunks) : undefined,
      });
      const body = Buffer.from(await answer.arrayBuffer());
      const back = [...answer.headers].filter(
        ([k]) => !['content-encoding', 'content-length', 'transfer-encoding', 'connection'].includes(k),
      );
      res.writeHead(answer.status, Object.fromEntries(back));
      res.end(body);
    } catch {
      req.socket.destroy(); // the catalog is gone: so is the answer
    } finally {
      if (post) state.inFlight--;
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.server = server;
  return {
    state,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

function send(server: BenchServer, i: number, id: number, email: string) {
  return through(server, '/api/inquiries', `198.51.${100 + (i >> 8)}.${i & 255}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: PUBLIC },
    body: inquiry(id, email),
  });
}

describe.skipIf(!required && !(admin && redisUrl))('two instances, one database', () => {
  const suffix = `${process.pid}_${Date.now()}`;
  const catalogDb = `instances_catalog_${suffix}`;
  const siteDb = `instances_site_${suffix}`;
  let c: BenchServer;
  let proxyA: Awaited<ReturnType<typeof slowProxy>>;
  let proxyB: Awaited<ReturnType<typeof slowProxy>>;
  let a: BenchServer;
  let b: BenchServer;
  let ids: number[] = [];

  beforeAll(async () => {
    if (!admin || !redisUrl)
      throw new Error('TEST_DATABASE_URL and TEST_REDIS_URL are needed (npm test sets them).');
    await adminQuery(`CREATE DATABASE ${catalogDb}`);
    await adminQuery(`CREATE DATABASE ${siteDb}`);
    c = await startBenchServer({
      DATABASE_URL: databaseUrl(catalogDb),
      DEMO_PROPERTIES: '150',
      CATALOG_ACTIVITY: '0',
      CATALOG_SYNC: '0',
      LEAD_WORKER: '0',
      SVC_RATE_LIMIT_PER_MINUTE: '1000000',
      SVC_RATE_LIMIT_PER_HOUR: '1000000',
      SVC_INQUIRY_LIMIT_PER_10_MIN: '1000000',
    });
    [proxyA, proxyB] = await Promise.all([slowProxy(() => c.origin), slowProxy(() => c.origin)]);
    const site = {
      DATABASE_URL: databaseUrl(siteDb),
      REDIS_URL: redisUrl,
      CATALOG_API_ENABLED: '0',
      SVC_API_KEY: KEY,
      SITE_URL: PUBLIC,
      CATALOG_SYNC: '0',
      // Leads, the sync's expiries, limits and probes across instances are measured here; the replica's
      // load (hundreds of calls through the same counting, slowed proxies) is tested on its own.
      CATALOG_REPLICA: '0',
      CRON_SECRET: SECRET,
      TRUSTED_PROXY_COUNT: '1',
      SITE_RATE_LIMIT_PER_MINUTE: String(PER_MINUTE),
      LEAD_RETRY_BASE_SECONDS: '1',
      UPSTREAM_POST_TIMEOUT_MS: '5000',
      METRICS: '1',
      METRICS_TOKEN,
    };
    // Both at once, on a database neither has set up yet: one applies the migrations, the other waits.
    [a, b] = await Promise.all([
      startBenchServer({ ...site, SVC_BASE_URL: `${proxyA.url}/v2` }),
      startBenchServer({ ...site, SVC_BASE_URL: `${proxyB.url}/v2` }),
    ]);
    const search = JSON.parse((await through(a, '/api/search?per_page=50', '192.0.2.1')).text);
    ids = search.properties.map((p: { id: number }) => p.id);
    expect(ids.length).toBe(50);
  }, 400_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop(), c?.stop()]);
    await Promise.all([proxyA?.close(), proxyB?.close()]);
    await adminQuery(`DROP DATABASE IF EXISTS ${siteDb} WITH (FORCE)`).catch(() => {});
    await adminQuery(`DROP DATABASE IF EXISTS ${catalogDb} WITH (FORCE)`).catch(() => {});
  });

  /** Inquiries the catalog stored, by email (the live key stores them). */
  async function delivered(prefix: string): Promise<Map<string, number>> {
    const catalog = await openDatabase(databaseUrl(catalogDb));
    try {
      const rows = await queryRows<{ email: string; n: number }>(
        catalog.db,
        sql`SELECT email, count(*)::int AS n FROM inquiries WHERE email LIKE ${`${prefix}%`} GROUP BY email`,
      );
      return new Map(rows.map((r) => [r.email, r.n]));
    } finally {
      await catalog.close();
    }
  }

  async function leadStates(prefix: string): Promise<Record<string, number>> {
    const client = new pg.Client({ connectionString: databaseUrl(siteDb) });
    await client.connect();
    try {
      const { rows } = await client.query(
        `SELECT status, count(*)::int AS n FROM site_leads WHERE request->'contact'->>'email' LIKE $1 GROUP BY status`,
        [`${prefix}%`],
      );
      return Object.fromEntries(rows.map((r) => [r.status, r.n]));
    } finally {
      await client.end();
    }
  }

  /** The scheduler's call: a sync run on `server` (counted, for the metrics' test). */
  let syncRuns = 0;
  async function cron(server: BenchServer) {
    const answer = await through(server, '/api/cron/sync', '192.0.2.2', {
      method: 'POST',
      headers: { authorization: `Bearer ${SECRET}` },
    });
    if (answer.status === 200) syncRuns++;
    return answer;
  }

  async function untilAllSent(prefix: string, ms: number) {
    const deadline = Date.now() + ms;
    let states = await leadStates(prefix);
    while (Object.keys(states).some((s) => s !== 'sent') && Date.now() < deadline) {
      await sleep(1000);
      states = await leadStates(prefix);
    }
    return states;
  }

  it('a sync run on one instance expires the other instance’s cache', async () => {
    expect((await cron(a)).status).toBe(200); // the first run sets the baseline
    const id = ids[3]!;
    const rates = async () => (await through(b, `/api/properties/${id}/rates`, '192.0.2.3')).text;
    const before = await rates();
    const catalog = await openDatabase(databaseUrl(catalogDb));
    try {
      await editRates(catalog.db, id, 2);
    } finally {
      await catalog.close();
    }
    expect(await rates()).toBe(before); // B serves its cached rate sheet: nothing told it yet
    const run = await cron(a);
    expect(run.status).toBe(200);
    expect(JSON.parse(run.text).sync.expired).toBeGreaterThanOrEqual(2); // this property's rates, and searches
    let after = before;
    for (let i = 0; i < 20 && after === before; i++) {
      await sleep(100);
      after = await rates();
    }
    expect(after).not.toBe(before);
    const nightly = (text: string) => JSON.parse(text).rates.map((r: { nightly: number }) => r.nightly);
    expect(Math.max(...nightly(after))).toBeGreaterThan(Math.max(...nightly(before)));
  });

  it('serves a property page rendered once, until the feed reports its rates or photos moved', async () => {
    expect((await cron(a)).status).toBe(200);
    const id = ids[7]!;
    const pageOn = async (server: BenchServer) => {
      const res = await through(server, `/properties/${id}`, '192.0.2.4');
      expect(res.status).toBe(200);
      return { html: res.text, kept: res.headers.get('x-page-cache') };
    };
    // The rates table's figures, and the gallery's first photo (the cover).
    const figures = (html: string) =>
      (html.match(/id="rates"[\s\S]*?<\/table>/)?.[0] ?? '')
        .replace(/<[^>]*>/g, ' ')
        .match(/\d[\d,]*(?:\.\d+)?/g)
        ?.map((n) => Number(n.replaceAll(',', ''))) ?? [];
    const cover = (html: string) => html.match(/<img[^>]*?src="([^"]+)"/)?.[1];
    const photos = async () =>
      JSON.parse((await through(a, `/api/properties/${id}/images`, '192.0.2.5')).text).images.map(
        (i: { url: string }) => i.url,
      );
    const before = { a: await pageOn(a), b: await pageOn(b) };
    expect((await pageOn(a)).kept).toBe('hit');
    expect((await pageOn(b)).kept).toBe('hit');
    expect(figures(before.a.html).length).toBeGreaterThan(2);
    const urls: string[] = await photos();
    expect(urls.length).toBeGreaterThan(1);
    const photo = (url: string) => new URL(url).pathname.replace(/\.\w+$/, '');
    expect(cover(before.a.html)).toContain(photo(urls[0]!));

    const catalog = await openDatabase(databaseUrl(catalogDb));
    try {
      await editRates(catalog.db, id, 2);
      expect(await reorderPhotos(catalog.db, id)).toBe(true);
    } finally {
      await catalog.close();
    }
    // Nothing told either instance yet: both still send the page they kept.
    for (const [server, kept] of [
      [a, before.a],
      [b, before.b],
    ] as const) {
      const now = await pageOn(server);
      expect(now.kept).toBe('hit');
      expect(now.html).toBe(kept.html);
    }
    expect((await cron(a)).status).toBe(200);
    // A ran the sync (its own expiry); B heard it on the broadcast. Both show the new rates (each season's
    // nightly rate, as the rates route now gives it) and the photo moved to the front as the cover.
    const sheet = JSON.parse((await through(a, `/api/properties/${id}/rates`, '192.0.2.5')).text);
    // The table's first rows (the page draws a first view of the seasons, the rest on demand).
    const nightly: number[] = sheet.rates
      .filter((r: { end_date: string }) => r.end_date >= day(0))
      .sort(
        (x: { start_date: string; rooms: number }, y: { start_date: string; rooms: number }) =>
          x.start_date.localeCompare(y.start_date) || x.rooms - y.rooms,
      )
      .slice(0, 2)
      .map((r: { nightly: number }) => r.nightly);
    expect(nightly.length).toBeGreaterThan(0);
    const shows = (html: string) => nightly.every((n) => figures(html).some((m) => Math.abs(m - n) <= 1));
    expect(shows(before.a.html)).toBe(false);
    for (const [server, kept] of [
      [a, before.a],
      [b, before.b],
    ] as const) {
      let after = await pageOn(server);
      for (let i = 0; i < 20 && after.html === kept.html; i++) {
        await sleep(100);
        after = await pageOn(server);
      }
      expect(shows(after.html)).toBe(true);
      expect(cover(after.html)).toContain(photo(urls.at(-1)!));
      // …and keeps the new page from then on.
      expect((await pageOn(server)).kept).toBe('hit');
    }
  }, 120_000);

  it('holds one visitor to the per-visitor limit across both instances', async () => {
    // 60 requests at once from one visitor, half to each instance: one count in Redis lets 40 through.
    const path = `/api/properties/${ids[0]}`;
    await through(a, path, '203.0.113.49'); // cached on both (another visitor), so only the limit is measured
    await through(b, path, '203.0.113.49');
    const statuses = await Promise.all(
      Array.from(
        { length: PER_MINUTE + 20 },
        async (_, i) => (await through(i % 2 ? b : a, path, '203.0.113.50')).status,
      ),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(PER_MINUTE);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    // Another visitor is not held back by the first one's count.
    expect((await through(b, path, '203.0.113.51')).status).toBe(200);
  }, 120_000);

  it('delivers 200 inquiries sent across both instances exactly once each', async () => {
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        send(i % 2 ? b : a, i, ids[i % ids.length]!, `twice${i}@example.com`),
      ),
    );
    const accepted = answers.filter((r) => r.status === 201 || r.status === 202).length;
    expect(answers.map((r) => r.status).filter((s) => s !== 201 && s !== 202)).toEqual([]);
    const states = await untilAllSent('twice', 150_000);
    const counts = await delivered('twice');
    const duplicates = [...counts.values()].filter((n) => n > 1).length;
    const lost = Array.from({ length: 200 }, (_, i) => `twice${i}@example.com`).filter(
      (e) => !counts.has(e),
    ).length;
    console.log(
      `two instances: ${accepted} sent across both, ${counts.size} delivered, ${duplicates} duplicates, ${lost} lost (${JSON.stringify(states)})`,
    );
    expect(states).toEqual({ sent: 200 });
    expect(counts.size).toBe(200);
    expect(duplicates).toBe(0);
    expect(lost).toBe(0);
  }, 240_000);

  it('serves metrics to the scraper with the token only, and probes on both instances', async () => {
    expect((await fetch(`${a.origin}/metrics`)).status).toBe(403);
    const scrape = async (server: BenchServer) => {
      const res = await fetch(`${server.origin}/metrics`, {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(res.status).toBe(200);
      return res.text();
    };
    const [text, other] = await Promise.all([scrape(a), scrape(b)]);
    const valueIn = (body: string, pattern: RegExp) => Number(body.match(pattern)?.[1] ?? 0);
    const value = (pattern: RegExp) => valueIn(text, pattern);
    // A answered its half of the 200 inquiries (201 sent at once, or 202 queued when the sends were busy).
    const inquiries = (status: number) =>
      value(
        new RegExp(
          `^http_request_duration_seconds_count\\{route="/api/inquiries",method="POST",status="${status}"\\} (\\d+)$`,
          'm',
        ),
      );
    expect(inquiries(201) + inquiries(202)).toBe(100);
    // The limit's 20 refusals, wherever the balancer sent them.
    const refused =
      /^http_request_duration_seconds_count\{route="\/api\/properties\/:id",method="GET",status="429"\} (\d+)$/m;
    expect(valueIn(text, refused) + valueIn(other, refused)).toBe(20);
    // Each lead was taken by the catalog once: A's and B's upstream 201s add up to the 200 leads.
    const taken =
      /^catalog_upstream_request_duration_seconds_count\{endpoint="\/inquiries",method="POST",outcome="201"\} (\d+)$/m;
    expect(valueIn(text, taken) + valueIn(other, taken)).toBe(200);
    expect(value(/^site_leads\{state="sent"\} (\d+)$/m)).toBe(200);
    expect(value(/^site_sync_runs_total\{outcome="ok"\} (\d+)$/m)).toBe(syncRuns);
    expect(value(/^site_cache_reads_total\{result="hit"\} (\d+)$/m)).toBeGreaterThan(0);
    expect(text).not.toContain(KEY);
    // Off unless METRICS is set: the catalog server C has no such page.
    expect((await fetch(`${c.origin}/metrics`)).status).toBe(404);
    for (const server of [a, b]) {
      const ready = await fetch(`${server.origin}/api/ready`, {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(ready.status).toBe(200);
      const body = await ready.json();
      expect(body.sync.mode).toBe('scheduler');
      expect(body.leads).toMatchObject({ queued: 0, sending: 0, failed: 0 });
    }
  });

  it('loses no lead when one instance is killed mid-send: the other delivers its leads', async () => {
    const accepted: string[] = [];
    let answered = 0;
    let cut = 0;
    // The vendor is slow for a moment: each instance has its sends on the wire (4 at a time), more waiting.
    proxyA.state.delayMs = 1500;
    proxyB.state.delayMs = 1500;
    const posts = Array.from({ length: 100 }, (_, i) =>
      send(i % 2 ? b : a, 300 + i, ids[i % ids.length]!, `killed${i}@example.com`)
        .then((r) => {
          answered++;
          if (r.status === 201 || r.status === 202) accepted.push(`killed${i}@example.com`);
        })
        .catch(() => {
          answered++;
          cut++; // the instance died with this request open: the visitor saw no answer
        }),
    );
    // Once the first sends have come back, A's next ones are on the wire: kill it then.
    while (answered < 4 || proxyA.state.inFlight === 0) await sleep(20);
    const onTheWire = proxyA.state.inFlight;
    await a.kill();
    const atKill = await leadStates('killed');
    proxyA.state.delayMs = 0;
    proxyB.state.delayMs = 0;
    await Promise.all(posts);
    // Leads A held when it died wait out their claim (20 s here), then B sends them; those whose send reached
    // the catalog before A died are sent again under the same Idempotency-Key, and created once.
    const states = await untilAllSent('killed', 90_000);
    const counts = await delivered('killed');
    const stored = Object.values(states).reduce((sum, n) => sum + n, 0);
    const duplicates = [...counts.values()].filter((n) => n > 1).length;
    const lost = accepted.filter((e) => !counts.has(e)).length;
    const unsent = Object.entries(atKill)
      .filter(([state]) => state !== 'sent')
      .reduce((sum, [, n]) => sum + n, 0);
    console.log(
      `one instance killed with ${onTheWire} sends on the wire, ${unsent} leads not yet sent and ${cut} requests open: ${accepted.length} accepted, ${stored} stored, ${counts.size} delivered, ${duplicates} duplicates, ${lost} lost`,
    );
    // The kill came mid-send: A had inquiries on their way to the catalog.
    expect(onTheWire).toBeGreaterThan(0);
    expect(unsent).toBeGreaterThan(0);
    expect(accepted.length).toBeGreaterThanOrEqual(10);
    expect(Object.keys(states)).toEqual(['sent']);
    expect(counts.size).toBe(stored);
    expect(duplicates).toBe(0);
    expect(lost).toBe(0);
  }, 150_000);

  it('tells the balancer an instance is not ready once the catalog is gone', async () => {
    await c.stop();
    // B asks the upstream at most every 15 s, however often it is probed: within that it answers 503.
    const deadline = Date.now() + 20_000;
    let last = { status: 0, state: '' };
    while (last.status !== 503 && Date.now() < deadline) {
      const started = performance.now();
      const res = await fetch(`${b.origin}/api/ready`, {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      last = { status: res.status, state: (await res.json()).upstream.state };
      expect(performance.now() - started).toBeLessThan(3500);
      if (last.status !== 503) await sleep(1000);
    }
    expect(last).toEqual({ status: 503, state: 'unreachable' });
    expect((await fetch(`${b.origin}/api/health`)).status).toBe(200);
  });

  it('finishes the requests it has open when stopped (SIGTERM), and keeps their leads', async () => {
    proxyB.state.delayMs = 1500; // the sends (4, one per slot) are under way when the stop comes
    const posts = Array.from({ length: 4 }, (_, i) =>
      send(b, 600 + i, ids[i]!, `stopped${i}@example.com`).then(
        (r) => r.status,
        () => 0,
      ),
    );
    await sleep(400);
    await b.stop();
    // The catalog is gone (previous test): each lead is kept and queued, and its visitor told so.
    expect(await Promise.all(posts)).toEqual(Array(4).fill(202));
    // Kept and queued for whichever instance runs next; the stopping instance claimed none of them again.
    expect(await leadStates('stopped')).toEqual({ queued: 4 });
  });
});
