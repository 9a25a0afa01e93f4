// `npm run probe:abuse`: replays the adversarial probe of issue #24 (findings 1–5, and the socket timeouts
// of finding 7) against production servers of this checkout on 127.0.0.1, and prints its figures. Every
// visitor is a distinct loopback address (127.0.0.2 and up, bound with `localAddress`); all traffic stays on
// loopback, is bounded in count and time, and stops by itself (about 4 minutes in all).
//
//   1. one visitor mixing routes: 200 GET /api/locations alternated with 200 GET /partners; 25 inquiries
//      each followed by a page view (limits: 120 API requests and 60 pages a minute, 10 inquiries an hour);
//   2. an attacker spending the upstream budget: property pages with distinct stays interleaved with
//      distinct quotes, 8 at a time for 30 s, while a second visitor asks a quote a second and opens a new
//      property page every 3 s; then how long the second visitor's quotes take to answer again;
//   3. `Next-Router-Prefetch: 1` on a plain GET: what comes back, and whether it counts as a page view;
//   4. refusals: a property page when the upstream refuses the key, and when the budget is spent:
//      status, Retry-After, and the bytes the server logs per failure;
//   5. 50 connections flooding /api/ready while another visitor times /api/health;
//   7. sockets that send half a request: when the server closes them; Node's own 431.
//
// The site's upstream is its own /v2 through a counting proxy (as bench:upstream does), so the figures say
// how many upstream calls each visitor caused. PROBE_LABEL names the JSON written to .bench/.
import { mkdirSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { type Answer, closeVisitors, countingProxy, hit, type UpstreamCall } from './bench/loopback';
import { type BenchServer, startBenchServer } from './bench/server';

const root = path.resolve(import.meta.dirname, '..');
const LABEL = process.env.PROBE_LABEL ?? 'run';
const ATTACK_SECONDS = 30;
const METRICS_TOKEN = 'probe-metrics-token-0123456789';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

const tally = (statuses: number[]) => {
  const out: Record<string, number> = {};
  for (const s of statuses) out[s] = (out[s] ?? 0) + 1;
  return out;
};
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;
};
const round = (n: number) => Math.round(n);

/** Server output, counted by phase. */
function outputMeter() {
  let bytes = 0;
  let lines: string[] = [];
  return {
    onOutput: (chunk: Buffer) => {
      bytes += chunk.length;
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      if (lines.length > 20_000) lines = lines.slice(-10_000);
    },
    mark: () => {
      const at = bytes;
      lines = [];
      return {
        bytes: () => bytes - at,
        lines: () => lines,
      };
    },
  };
}

// ── 1. one visitor, every kind of request ──────────────────────────────────────────────────────────────

async function mixedRoutes(origin: string, propertyId: number) {
  const api: number[] = [];
  const pages: number[] = [];
  let refusedPage: Answer | undefined;
  for (let i = 0; i < 200; i++) {
    api.push((await hit(origin, '/api/locations', '127.0.0.11')).status);
    const page = await hit(origin, '/partners', '127.0.0.11');
    pages.push(page.status);
    if (page.status === 429) refusedPage ??= page;
  }
  const inquiries: number[] = [];
  for (let i = 0; i < 25; i++) {
    const body = JSON.stringify({
      property_id: propertyId,
      stay: { checkin: day(60 + i), checkout: day(67 + i), guests: { adults: 2 } },
      contact: { first_name: 'Probe', last_name: 'Mixed', email: `mixed${i}@example.com` },
    });
    const answer = await hit(origin, '/api/inquiries', '127.0.0.12', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body,
    });
    inquiries.push(answer.status);
    await hit(origin, '/partners', '127.0.0.12');
  }
  return {
    api: tally(api),
    pages: tally(pages),
    inquiries: tally(inquiries),
    api_first_429: api.indexOf(429) + 1 || null,
    pages_first_429: pages.indexOf(429) + 1 || null,
    inquiries_accepted: inquiries.filter((s) => s === 201 || s === 202).length,
    page_429_headers: refusedPage
      ? {
          csp: refusedPage.headers['content-security-policy'] !== undefined,
          frame_options: refusedPage.headers['x-frame-options'] !== undefined,
          request_id: refusedPage.headers['x-request-id'] !== undefined,
          retry_after: refusedPage.headers['retry-after'] !== undefined,
        }
      : null,
  };
}

// ── 3. prefetch header ─────────────────────────────────────────────────────────────────────────────────

async function prefetch(origin: string, propertyId: number) {
  const statuses: number[] = [];
  const bytes: number[] = [];
  for (let i = 0; i < 70; i++) {
    const answer = await hit(origin, `/properties/${propertyId}`, '127.0.0.13', {
      headers: { 'next-router-prefetch': '1' },
    });
    statuses.push(answer.status);
    if (answer.status === 200) bytes.push(answer.bytes);
  }
  const full = await hit(origin, `/properties/${propertyId}`, '127.0.0.14');
  return {
    statuses: tally(statuses),
    counted_as_page_views: statuses.includes(429),
    bytes_p50: percentile(bytes, 50),
    full_page_bytes: full.bytes,
  };
}

// ── 5. /api/ready flood against /api/health ───────────────────────────────────────────────────────────

async function healthTimes(origin: string, from: string, untilMs: number) {
  const times: number[] = [];
  while (Date.now() < untilMs) {
    const answer = await hit(origin, '/api/health', from);
    if (answer.status === 200) times.push(answer.ms);
    await sleep(20);
  }
  return times;
}

async function readyFlood(origin: string) {
  const quiet = await healthTimes(origin, '127.0.0.15', Date.now() + 3000);
  const statuses: number[] = [];
  const end = Date.now() + 10_000;
  const workers = Array.from({ length: 50 }, async () => {
    while (Date.now() < end) statuses.push((await hit(origin, '/api/ready', '127.0.0.16')).status);
  });
  const during = await healthTimes(origin, '127.0.0.15', end);
  await Promise.all(workers);
  const bare = await hit(origin, '/api/ready', '127.0.0.17');
  const withToken = await hit(origin, '/api/ready', '127.0.0.17', {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const keys = (text: string) => {
    try {
      return Object.keys(JSON.parse(text));
    } catch {
      return [];
    }
  };
  return {
    health_p50_quiet_ms: round(percentile(quiet, 50)),
    health_p50_flood_ms: round(percentile(during, 50)),
    health_p95_flood_ms: round(percentile(during, 95)),
    health_answers_during_flood: during.length,
    ready_answers: statuses.length,
    ready_statuses: tally(statuses),
    ready_fields_without_token: keys(bare.text),
    ready_fields_with_token: keys(withToken.text),
  };
}

// ── 2. the attacker and the second visitor ─────────────────────────────────────────────────────────────

interface Timed {
  t: number;
  status: number;
  retryAfter: boolean;
}

async function attack(
  origin: string,
  ids: number[],
  calls: UpstreamCall[],
  meter: ReturnType<typeof outputMeter>,
) {
  const attackers = Number(process.env.PROBE_ATTACKERS ?? 1);
  const start = Date.now();
  const end = start + ATTACK_SECONDS * 1000;
  const log = meter.mark();
  const upstreamBefore = calls.length;
  const attackerIds = ids.slice(0, Math.floor(ids.length * 0.7));
  const victimIds = ids.slice(Math.floor(ids.length * 0.7));
  let n = 0;
  const attacked: { page: Timed[]; quote: Timed[] } = { page: [], quote: [] };
  const stamp = (a: Answer): Timed => ({
    t: (Date.now() - start) / 1000,
    status: a.status,
    retryAfter: a.headers['retry-after'] !== undefined,
  });
  const worker = async (w: number) => {
    const from = `127.0.0.${21 + (w % attackers)}`;
    while (Date.now() < end) {
      const k = n++;
      const id = attackerIds[k % attackerIds.length]!;
      const stay = `checkin=${day(20 + (k % 600))}&checkout=${day(27 + (k % 600))}&adults=2`;
      // The attacker's own request ids: the site passes them upstream, so its calls can be told apart.
      const headers = { 'x-request-id': `atk-${k}-page` };
      attacked.page.push(stamp(await hit(origin, `/properties/${id}?${stay}`, from, { headers })));
      const other = attackerIds[(k * 7 + 3) % attackerIds.length]!;
      const quoteStay = `checkin=${day(25 + (k % 500))}&checkout=${day(33 + (k % 500))}&adults=2`;
      const quote = `/api/properties/${other}/quote?${quoteStay}`;
      attacked.quote.push(
        stamp(await hit(origin, quote, from, { headers: { 'x-request-id': `atk-${k}-q` } })),
      );
    }
  };
  const victim = async () => {
    const quotes: Timed[] = [];
    const pages: Timed[] = [];
    const home = victimIds[0]!;
    pages.push(stamp(await hit(origin, `/properties/${home}`, '127.0.0.3')));
    for (let i = 0; i < 30; i++) {
      const at = start + i * 1000;
      if (Date.now() < at) await sleep(at - Date.now());
      const stay = `checkin=${day(40 + i)}&checkout=${day(47 + i)}&adults=2`;
      quotes.push(stamp(await hit(origin, `/api/properties/${home}/quote?${stay}`, '127.0.0.3')));
      if (i % 3 === 2)
        pages.push(stamp(await hit(origin, `/properties/${victimIds[1 + Math.floor(i / 3)]}`, '127.0.0.3')));
    }
    return { quotes, pages, home };
  };
  const [seen] = await Promise.all([victim(), ...Array.from({ length: 8 }, (_, w) => worker(w))]);
  const attackEnded = Date.now();
  const upstreamDuring = calls.length - upstreamBefore;
  // Calls the site made carrying the attacker's request ids (on a site that passes a page's id upstream).
  const byAttacker = calls.slice(upstreamBefore).filter((c) => c.requestId.startsWith('atk-')).length;
  const logBytes = log.bytes();
  const failures = [...attacked.page, ...attacked.quote].filter((a) => a.status >= 400).length;
  // How long after the attack the second visitor's quotes answer again (bounded: 75 s).
  let recoveredAfter: number | null = null;
  for (let i = 0; recoveredAfter === null && Date.now() - attackEnded < 75_000; i++) {
    const stay = `checkin=${day(100 + i)}&checkout=${day(107 + i)}&adults=2`;
    const answer = await hit(origin, `/api/properties/${seen.home}/quote?${stay}`, '127.0.0.3');
    if (answer.status === 200) recoveredAfter = Math.round((Date.now() - attackEnded) / 100) / 10;
    else await sleep(2000);
  }
  const firstBad = seen.quotes.find((q) => q.status !== 200);
  const pageRefusals = attacked.page.filter((p) => p.status >= 400);
  return {
    attackers,
    attacker_requests: attacked.page.length + attacked.quote.length,
    attacker_pages: tally(attacked.page.map((p) => p.status)),
    attacker_quotes: tally(attacked.quote.map((p) => p.status)),
    attacker_page_refusals_with_retry_after: pageRefusals.filter((p) => p.retryAfter).length,
    attacker_page_refusals: pageRefusals.length,
    upstream_calls_during_attack: upstreamDuring,
    upstream_calls_with_attacker_ids: byAttacker,
    victim_quotes_200: seen.quotes.filter((q) => q.status === 200).length,
    victim_quotes: seen.quotes.length,
    victim_quote_statuses: tally(seen.quotes.map((q) => q.status)),
    victim_first_failed_quote_s: firstBad ? Math.round(firstBad.t * 10) / 10 : null,
    victim_pages: tally(seen.pages.map((p) => p.status)),
    victim_recovered_after_s: recoveredAfter,
    log_bytes_during_attack: logBytes,
    log_bytes_per_failed_request: failures ? round(logBytes / failures) : 0,
  };
}

// ── 4. refusals as pages ──────────────────────────────────────────────────────────────────────────────

async function refusedPages(
  origin: string,
  ids: number[],
  meter: ReturnType<typeof outputMeter>,
  count: number,
) {
  const log = meter.mark();
  const answers: Answer[] = [];
  for (let i = 0; i < count; i++)
    answers.push(await hit(origin, `/properties/${ids[i % ids.length]}`, '127.0.0.31'));
  const lines = log.lines();
  const json = lines.filter((l) => {
    try {
      return typeof JSON.parse(l) === 'object';
    } catch {
      return false;
    }
  });
  const refused = answers.filter((a) => a.status >= 400);
  return {
    statuses: tally(answers.map((a) => a.status)),
    with_retry_after: refused.filter((a) => a.headers['retry-after'] !== undefined).length,
    site_page: refused.filter(
      (a) => /<header|class="site/i.test(a.text) && !a.text.includes('__next_error__'),
    ).length,
    answer_bytes_p50: percentile(
      refused.map((a) => a.bytes),
      50,
    ),
    log_bytes: log.bytes(),
    log_bytes_per_request: round(log.bytes() / count),
    log_lines: lines.length,
    log_lines_not_json: lines.length - json.length,
    log_lines_with_stack: lines.filter((l) => /\n?\s+at |"stack"/.test(l)).length,
  };
}

// ── 7. slow sockets and Node's own errors ─────────────────────────────────────────────────────────────

function slowSocket(port: number, from: string): Promise<number> {
  const started = Date.now();
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port, localAddress: from });
    socket.on('connect', () => socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: '));
    // A byte of the header every 2 s: never finishing it.
    const timer = setInterval(() => socket.write('a'), 2000);
    const done = () => {
      clearInterval(timer);
      resolve((Date.now() - started) / 1000);
    };
    socket.on('close', done);
    socket.on('error', () => {});
    socket.setTimeout(60_000, () => socket.destroy());
  });
}

async function sockets(origin: string) {
  const port = Number(new URL(origin).port);
  const closes = await Promise.all(Array.from({ length: 10 }, () => slowSocket(port, '127.0.0.41')));
  const big = await hit(origin, '/', '127.0.0.42', { headers: { 'x-big': 'a'.repeat(20_000) } });
  return {
    slow_header_close_s: { min: Math.min(...closes), max: Math.max(...closes) },
    header_431: {
      status: big.status,
      request_id: typeof big.headers['x-request-id'] === 'string',
      json_body: big.text.startsWith('{'),
    },
  };
}

// ── the run ────────────────────────────────────────────────────────────────────────────────────────────

async function liveIds(origin: string): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; page <= 3; page++) {
    const answer = await hit(origin, `/v2/properties?per_page=200&page=${page}`, '127.0.0.50', {
      headers: { 'X-SVC-API-TOKEN': 'svc_test_demo_read_only' },
    });
    ids.push(...JSON.parse(answer.text).properties.map((p: { id: number }) => p.id));
  }
  return ids;
}

async function sitePointedAt(
  upstream: string,
  env: Record<string, string>,
  meter: ReturnType<typeof outputMeter>,
) {
  return startBenchServer(
    {
      DATA_DIR: path.join(root, '.bench', `probe-${env.NAME}`),
      CATALOG_API_ENABLED: '0',
      CATALOG_SYNC: '0',
      CATALOG_REPLICA: '0',
      LEAD_WORKER: '0',
      SVC_BASE_URL: upstream,
      ...env,
    },
    { onOutput: meter.onOutput },
  );
}

async function main() {
  const proxy = await countingProxy();
  const meter = outputMeter();
  const servers: BenchServer[] = [];
  const figures: Record<string, unknown> = { label: LABEL, at: new Date().toISOString() };
  try {
    const main = await startBenchServer(
      {
        DATA_DIR: path.join(root, '.bench', 'probe-abuse'),
        DEMO_PROPERTIES: '800',
        CATALOG_ACTIVITY: '0',
        // Property pages and quotes are what the probe spends; the replica's first load would spend the
        // budget too, and is measured by bench:search.
        CATALOG_REPLICA: '0',
        SVC_BASE_URL: proxy.url,
        METRICS: '1',
        METRICS_TOKEN,
      },
      { onOutput: meter.onOutput },
    );
    servers.push(main);
    proxy.setTarget(main.origin);
    const ids = await liveIds(main.origin);
    console.log(`server up at ${main.origin}, ${ids.length} live properties`);

    figures.prefetch = await prefetch(main.origin, ids[ids.length - 1]!);
    console.log('3. prefetch', figures.prefetch);
    figures.mixed = await mixedRoutes(main.origin, ids[ids.length - 2]!);
    console.log('1. mixed routes', figures.mixed);
    figures.ready = await readyFlood(main.origin);
    console.log('5. /api/ready flood', figures.ready);
    const [attackFigures, socketFigures] = await Promise.all([
      attack(main.origin, ids.slice(0, ids.length - 3), proxy.calls, meter),
      sockets(main.origin),
    ]);
    figures.attack = attackFigures;
    figures.sockets = socketFigures;
    console.log('2. budget attack', figures.attack);
    console.log('7. sockets', figures.sockets);

    const wrongKey = await sitePointedAt(
      `${main.origin}/v2`,
      { NAME: 'wrong-key', SVC_API_KEY: 'svc_test_not_a_real_key_0000' },
      meter,
    );
    servers.push(wrongKey);
    figures.refused_key = await refusedPages(wrongKey.origin, ids, meter, 20);
    console.log('4. pages, key refused', figures.refused_key);
    const tinyBudget = await sitePointedAt(
      `${main.origin}/v2`,
      // One page's worth of upstream calls a minute, and no per-visitor share below it.
      { NAME: 'tiny-budget', UPSTREAM_BUDGET_PER_MINUTE: '6', UPSTREAM_VISITOR_SHARE: '1' },
      meter,
    );
    servers.push(tinyBudget);
    figures.refused_budget = await refusedPages(tinyBudget.origin, ids.slice(100), meter, 20);
    console.log('4. pages, budget spent', figures.refused_budget);
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await proxy.close();
    closeVisitors();
  }
  mkdirSync(path.join(root, '.bench'), { recursive: true });
  const file = path.join(root, '.bench', `probe-abuse-${LABEL}.json`);
  writeFileSync(file, `${JSON.stringify(figures, null, 2)}\n`);
  console.log(`\nfigures written to ${path.relative(root, file)}`);
}

await main();
