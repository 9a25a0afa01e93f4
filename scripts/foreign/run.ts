// One run of the site against an upstream we did not write, start to finish: the upstream (the vendor
// proxy over the built-in service, or Prism's dynamic mock of our OpenAPI document), a production server
// of the site pointed at it, the replica's load and two change-feed syncs, the crawl of every page kind and
// `/api` route, and the figures. Loopback only; bounded in time; stops everything it started.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type BenchServer, freePort, startBenchServer } from '../bench/server';
import { crawlSite, summarise, visit, watchServer } from './crawl';
import { startVendor, type VendorOptions } from './vendor';

export type Upstream = 'vendor' | 'prism';

export interface ForeignOptions {
  upstream: Upstream;
  /** Properties in the built-in catalog behind the vendor. */
  properties?: number;
  vendor?: VendorOptions;
  /** Longest wait for the replica's first load (the vendor only; Prism's catalog never ends). */
  replicaWaitMs?: number;
  log?: (line: string) => void;
  /** Every answer of the crawl is written here (JSON), for a closer look. */
  visitsFile?: string;
  /** Called with the site's origin after the crawl, before the server stops: a test's own look at pages. */
  inspect?: (origin: string) => Promise<void>;
}

const TOKEN = 'foreign-lane-metrics-token';
const SECRET = 'foreign-lane-scheduler-secret';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const root = path.resolve(import.meta.dirname, '../..');

/** Prism's dynamic mock (`prism mock -d`) of the service's own OpenAPI document, on 127.0.0.1. */
async function startPrism(document: unknown): Promise<{ url: string; stop: () => Promise<void> }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'rental-prism-'));
  const file = path.join(dir, 'openapi.json');
  writeFileSync(file, JSON.stringify(document));
  const port = await freePort();
  const child: ChildProcess = spawn(
    path.join(root, 'node_modules', '.bin', 'prism'),
    ['mock', '--dynamic', '--host', '127.0.0.1', '--port', String(port), '--errors', 'false', file],
    { stdio: ['ignore', 'ignore', 'pipe'], detached: true },
  );
  let errors = '';
  child.stderr?.on('data', (d) => {
    errors += d;
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Prism exited: ${errors}`);
    try {
      await fetch(`${url}/locations`, { signal: AbortSignal.timeout(1000) });
      break;
    } catch {}
    if (Date.now() > deadline) throw new Error(`Prism did not start within a minute: ${errors}`);
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    url,
    stop: async () => {
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {}
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function openApiDocument(): Promise<unknown> {
  const service = await import('../../lib/catalog-api');
  return service.openApiDocument();
}

/** The site's limit for an upstream call in this lane, and how long the vendor's slow areas take (more). */
const UPSTREAM_TIMEOUT_MS = 6000;
const SLOW_MS = 9000;

const settingsFor = (upstreamUrl: string, dataDir: string, properties: number): Record<string, string> => ({
  DATA_DIR: dataDir,
  DEMO_PROPERTIES: String(properties),
  SVC_BASE_URL: upstreamUrl,
  SVC_API_KEY: 'svc_test_demo_full_access',
  CATALOG_ACTIVITY: '0',
  METRICS: '1',
  METRICS_TOKEN: TOKEN,
  CRON_SECRET: SECRET,
  // Room for a loaded machine: the vendor answers from this same server's own service, so a stall of the
  // site's event loop delays its upstream too. With 1.5 s, two property pages answered 503 once in CI
  // (every lane at once); with 3 s, the first search failed there, where the site's event loop stalled up to
  // 2.0 s and /api/health took 3.5 s beside the end-to-end lane. The vendor's slow areas (SLOW_MS) outlast
  // it by 3 s, so the site's own timeout is what the lane exercises for them (the site gives up at the
  // limit: holding them longer costs nothing); every slow read the replica's load makes waits it out,
  // which is why that load is given 5 minutes (quiet, ~2 minutes).
  UPSTREAM_TIMEOUT_MS: String(UPSTREAM_TIMEOUT_MS),
  // One machine plays every visitor, and the crawl asks for thousands of areas: the lane measures what the
  // answers do to the site, not the limits (the abuse lane measures those).
  SITE_RATE_LIMIT_PER_MINUTE: '100000000',
  SITE_PAGE_VIEWS_PER_MINUTE: '100000000',
  SITE_INQUIRIES_PER_VISITOR_PER_HOUR: '100000000',
  SVC_RATE_LIMIT_PER_MINUTE: '100000000',
  SVC_RATE_LIMIT_PER_HOUR: '100000000',
  UPSTREAM_BUDGET_PER_MINUTE: '100000000',
  UPSTREAM_BUDGET_PER_HOUR: '100000000',
  UPSTREAM_VISITOR_SHARE: '1',
  LOG_LEVEL: 'error',
});

export interface ForeignFigures {
  upstream: Upstream;
  replica: { ready: boolean; seconds: number; source: string | null };
  syncs: { status: number; ok: boolean; body: string }[];
  crawl: ReturnType<typeof summarise>;
  /** The first search's last page, and where the site answered it from (`source`: upstream or replica). */
  lastSearchPage: { status: number; path: string; source: string | null } | null;
  /** The first search's tries (status and time each) and its answer's source; what failed, when one did. */
  earlySearch: string;
  maxLoopDelayMs: number;
  maxHealthMs: number;
  peakRssMb: number;
  alive: boolean;
  seconds: number;
}

/** Polls the site's search until it answers from the replica (its first load complete), or gives up. */
async function waitForReplica(origin: string, ms: number) {
  const started = Date.now();
  let source: string | null = null;
  while (Date.now() - started < ms) {
    const v = await visit(origin, '/api/search?per_page=1');
    let loading = true;
    try {
      const body = JSON.parse(v.text);
      source = body.source ?? null;
      loading = Boolean(body.loading);
    } catch {}
    if (source === 'replica' && !loading)
      return { ready: true, seconds: (Date.now() - started) / 1000, source };
    await new Promise((r) => setTimeout(r, 1000));
  }
  return { ready: false, seconds: (Date.now() - started) / 1000, source };
}

/**
 * The first search, as a visitor makes it: when the site answers that the catalog is not answering and to
 * try again shortly (502, 503, 504: on a loaded machine the site's own limit for the upstream may pass while
 * the replica's load starts), it is tried again after 2 s, three tries at most. Every try is kept.
 */
async function earlySearchOf(origin: string) {
  const tries: string[] = [];
  for (let i = 0; ; i++) {
    const v = await visit(origin, '/api/search?per_page=200&page=1');
    tries.push(`${v.status} in ${Math.round(v.ms)} ms`);
    if (![502, 503, 504].includes(v.status) || i === 2) return { ...v, attempts: tries.join(', ') };
    await sleep(2000);
  }
}

/** Where a search's answer came from (`source`: upstream or replica), or null when it was no answer. */
function sourceOf(text: string): string | null {
  try {
    return JSON.parse(text)?.source ?? null;
  } catch {
    return null;
  }
}

/** The site's upstream calls to the catalog's list, by outcome (its /metrics), for a failure's message. */
async function catalogCalls(origin: string): Promise<string> {
  try {
    const res = await fetch(`${origin}/metrics`, {
      headers: { Authorization: `Bearer ${TOKEN}` },
      signal: AbortSignal.timeout(10_000),
    });
    const lines = (await res.text()).split('\n');
    return lines
      .filter((l) => l.includes('_count{') && l.includes('endpoint="/properties"'))
      .map((l) => l.replace(/^\S+_count/, ''))
      .join('; ');
  } catch (error) {
    return String(error);
  }
}

export async function runForeign(options: ForeignOptions): Promise<ForeignFigures> {
  const log = options.log ?? (() => {});
  const started = Date.now();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `rental-foreign-${options.upstream}-`));
  const stops: (() => Promise<void>)[] = [];
  let server: BenchServer | undefined;
  try {
    let upstreamUrl: string;
    let vendor: Awaited<ReturnType<typeof startVendor>> | undefined;
    if (options.upstream === 'vendor') {
      vendor = await startVendor({ slowMs: SLOW_MS, ...options.vendor });
      stops.push(() => vendor!.close());
      upstreamUrl = vendor.url;
    } else {
      const prism = await startPrism(await openApiDocument());
      stops.push(prism.stop);
      upstreamUrl = prism.url;
    }
    log(`upstream (${options.upstream}) at ${upstreamUrl}`);
    server = await startBenchServer(settingsFor(upstreamUrl, dataDir, options.properties ?? 150));
    vendor?.setTarget(server.origin);
    log(`site at ${server.origin}`);
    const watch = watchServer(server.origin, TOKEN);
    try {
      // A search before the replica is loaded goes to the upstream: its last page must end the paging.
      const early = await earlySearchOf(server.origin);
      let lastSearchPage: ForeignFigures['lastSearchPage'] = null;
      let last = '';
      try {
        const total = JSON.parse(early.text)?.pagination?.total_pages;
        if (Number.isInteger(total) && total > 0 && total < 1000) {
          const p = `/api/search?per_page=200&page=${total}`;
          const v = await visit(server.origin, p);
          last = v.text;
          lastSearchPage = { status: v.status, path: p, source: sourceOf(v.text) };
        }
      } catch {}
      // Every try, and where each answer came from; when the last page failed, what it and the site's
      // calls to the upstream's list said.
      const earlySearch = `${early.attempts} (source ${sourceOf(early.text)})${
        lastSearchPage?.status === 200
          ? ''
          : ` · first: ${early.text.slice(0, 300)} · last page: ${last.slice(0, 300)} · the site's calls to /properties: ${await catalogCalls(server.origin)}`
      }`;
      log(`first search: ${earlySearch}`);
      const replica =
        options.upstream === 'vendor'
          ? await waitForReplica(server.origin, options.replicaWaitMs ?? 300_000)
          : { ready: false, seconds: 0, source: null };
      log(`replica: ${JSON.stringify(replica)}`);
      const syncs: ForeignFigures['syncs'] = [];
      for (let i = 0; i < 2; i++) {
        const v = await visit(server.origin, '/api/cron/sync', {
          method: 'POST',
          headers: { Authorization: `Bearer ${SECRET}` },
        });
        syncs.push({ status: v.status, ok: v.status === 200, body: v.text.slice(0, 300) });
      }
      log(`syncs: ${syncs.map((s) => s.status).join(', ')}`);
      // Prism answers any id with a made-up property; its listings' ids are random (negative ones too).
      const crawl = await crawlSite({
        origin: server.origin,
        maxProperties: options.upstream === 'prism' ? 40 : 400,
        ids: options.upstream === 'prism' ? Array.from({ length: 20 }, (_, i) => i + 1) : [],
      });
      await options.inspect?.(server.origin);
      const health = await visit(server.origin, '/api/health');
      if (options.visitsFile) writeFileSync(options.visitsFile, JSON.stringify(crawl.visits, null, 1));
      return {
        upstream: options.upstream,
        replica,
        syncs,
        crawl: summarise(crawl.visits),
        lastSearchPage,
        earlySearch,
        maxLoopDelayMs: Math.round(watch.maxLoopDelayMs()),
        maxHealthMs: Math.round(watch.maxHealthMs()),
        peakRssMb: Math.round(server.peakRssMb()),
        alive: health.status === 200 && server.alive(),
        seconds: Math.round((Date.now() - started) / 1000),
      };
    } finally {
      watch.stop();
    }
  } finally {
    await server?.stop();
    for (const stop of stops.reverse()) await stop().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  }
}
