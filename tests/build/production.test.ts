import { readdirSync, readFileSync, statSync } from 'node:fs';
import { type IncomingHttpHeaders, request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BenchServer, startBenchServer } from '../../scripts/bench/server';
import { COMPILE_HINT } from '../../scripts/compile-hints.mjs';

/*
 * The production build, served as `npm start` serves it (on 127.0.0.1, its own small data directory):
 * the API key stays on the server, and the site's jobs run in the real server process.
 */

const KEY = 'svc_test_demo_full_access';
const SECRET = 'build-test-scheduler-secret';
let server: BenchServer;
const seen: { url: string; text: string; headers: Headers }[] = [];

async function get(pathname: string, init: RequestInit = {}) {
  const res = await fetch(`${server.origin}${pathname}`, init);
  const text = await res.text();
  seen.push({ url: pathname, text, headers: res.headers });
  return { status: res.status, text, headers: res.headers, json: () => JSON.parse(text) };
}

/** A destination with more than a page's first row of rentals (its page shows results past the first row). */
async function placeWithResults(): Promise<{ id: number }> {
  const { locations } = (await get('/api/locations')).json();
  return locations.find((l: { property_count: number }) => l.property_count > 20);
}

beforeAll(async () => {
  server = await startBenchServer({
    DATA_DIR: path.join(os.tmpdir(), `rental-build-${process.pid}`),
    DEMO_PROPERTIES: '150',
    SVC_API_KEY: KEY,
    CRON_SECRET: SECRET,
    CATALOG_ACTIVITY: '0',
    // The replica loads in seconds, not held a minute by the site's share of the upstream (the budget's own
    // tests are the contract and abuse suites'): the GET/HEAD comparison below waits for it.
    UPSTREAM_BUDGET_PER_MINUTE: '100000',
    UPSTREAM_BUDGET_PER_HOUR: '1000000',
  });
});
afterAll(async () => {
  await server?.stop();
});

/** An answer as sent (not decoded, as fetch would), for the Accept-Encoding given; the path as written. */
function rawAnswer(method: string, pathname: string, acceptEncoding: string) {
  const { hostname, port } = new URL(server.origin);
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = request(
      { hostname, port, path: pathname, method, headers: { 'accept-encoding': acceptEncoding } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** What a current browser sends. */
const BROWSER = 'gzip, deflate, br, zstd';

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

describe('the production server', () => {
  it('serves the site’s API with the key kept on the server', async () => {
    const search = await get('/api/search?per_page=5');
    expect(search.status).toBe(200);
    const id = search.json().properties[0].id;
    expect(search.headers.get('x-catalog-mode')).toBe('test');
    for (const p of [
      `/api/properties/${id}`,
      `/api/properties/${id}/images`,
      `/api/properties/${id}/availability`,
      `/api/properties/${id}/rates`,
      '/api/locations',
      '/',
      '/docs/api',
    ]) {
      expect((await get(p)).status, p).toBe(200);
    }
    const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
    await get(`/api/properties/${id}/quote?checkin=${day(30)}&checkout=${day(37)}`);
    await get('/api/search?per_page=0');
    await get('/api/properties/99999999');
    const posted = await get('/api/inquiries', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.origin },
      body: JSON.stringify({
        property_id: id,
        stay: { checkin: day(40), checkout: day(47) },
        contact: { first_name: 'Build', last_name: 'Check', email: 'build@example.com' },
      }),
    });
    expect([201, 400]).toContain(posted.status);
    for (const res of seen) {
      expect(res.text, res.url).not.toContain(KEY);
      for (const [name, value] of res.headers) expect(value, `${res.url} ${name}`).not.toContain(KEY);
    }
  });

  it('compresses an API answer once, in gzip, for a client that takes it, and not for one that does not', {
    timeout: 90_000,
  }, async () => {
    const raw = (method: string, acceptEncoding: string, pathname = '/api/search?per_page=50') =>
      rawAnswer(method, pathname, acceptEncoding);
    const zipped = await raw('GET', 'gzip, deflate, br');
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(Number(zipped.headers['content-length'])).toBe(zipped.body.length);
    expect(zipped.headers.vary).toContain('Accept-Encoding');
    // The app's word for the server (lib/site/http.ts SERVER_GZIP) does not reach the client.
    expect(zipped.headers['cache-control']).toMatch(/^(private, max-age=60|no-store)$/);
    const answer = JSON.parse(gunzipSync(zipped.body).toString('utf8'));
    expect(answer.properties.length).toBeGreaterThan(0);

    const plain = await raw('GET', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.body.toString('utf8')).properties.length).toBeGreaterThan(0);
    expect(plain.body.length).toBeGreaterThan(2 * zipped.body.length);

    const head = await raw('HEAD', 'gzip');
    expect(head.headers['content-encoding']).toBe('gzip');
    expect(head.body.length).toBe(0);

    // A large answer (over 32 KB of JSON: once the replica lists the catalog) is compressed off the event
    // loop, the same way.
    let large = await raw('GET', 'gzip', '/api/search?per_page=200');
    for (let tries = 0; Number(large.headers['content-length']) < 8 * 1024 && tries < 60; tries++) {
      await new Promise((r) => setTimeout(r, 1000));
      large = await raw('GET', 'gzip', '/api/search?per_page=200');
    }
    expect(large.headers['content-encoding']).toBe('gzip');
    expect(Number(large.headers['content-length'])).toBe(large.body.length);
    const unzipped = gunzipSync(large.body);
    expect(unzipped.length).toBeGreaterThan(32 * 1024);
    expect(JSON.parse(unzipped.toString('utf8')).properties.length).toBeGreaterThan(0);
  });

  it('answers a search the same whether the server calls its handler (GET) or Next.js does (HEAD)', async () => {
    // The server answers GET /api/search itself (lib/site/direct-routes.ts); HEAD still goes through Next.js.
    const headersOf = async (method: string, pathname: string) => {
      const res = await fetch(`${server.origin}${pathname}`, {
        method,
        headers: { 'accept-encoding': 'gzip', 'x-request-id': 'same-request-0001' },
      });
      await res.arrayBuffer();
      const varying = new Set(['date', 'content-length', 'keep-alive', 'connection']);
      const headers = Object.fromEntries([...res.headers].filter(([name]) => !varying.has(name)));
      const vary = headers.vary ?? '';
      // Next.js says every answer varies by its router's headers; a search's does not (the only difference).
      headers.vary = vary
        .split(', ')
        .filter((name) => !/^(rsc|next-router-)/.test(name))
        .join(', ');
      return { status: res.status, headers, vary };
    };
    const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
    // Compared once the replica answers (while it loads, an answer is not kept and says how far it is).
    let loaded = false;
    for (let tries = 0; tries < 45 && !loaded; tries++) {
      const answer = (await get('/api/search?per_page=5')).json();
      loaded = answer.source === 'replica' && !answer.loading;
      if (!loaded) await new Promise((r) => setTimeout(r, 1000));
    }
    expect(loaded, 'the replica answers within 45 s').toBe(true);
    for (const pathname of [
      '/api/search?per_page=5',
      `/api/search?checkin=${day(-3)}&checkout=${day(4)}`,
      '/api/search?per_page=abc&sort=sideways',
    ]) {
      const [direct, framework] = [await headersOf('GET', pathname), await headersOf('HEAD', pathname)];
      expect({ ...direct, vary: '' }, pathname).toEqual({ ...framework, vary: '' });
      expect(direct.headers['x-request-id']).toBe('same-request-0001');
      // The GET was the server's own answer, the HEAD the framework's.
      expect(direct.vary).toBe('Accept-Encoding');
      expect(framework.vary).toMatch(/^rsc, /);
    }
    const refused = await get(`/api/search?checkin=${day(-3)}&checkout=${day(4)}`);
    expect(refused.status).toBe(400);
    expect(refused.json().error).toMatchObject({ code: 'validation_failed', request_id: expect.any(String) });
    expect(refused.json().error.fields.checkin).toBeTruthy();
  });

  it('ships no trace of the key in the browser bundles (.next/static)', () => {
    const files = filesUnder(path.resolve(import.meta.dirname, '../../.next/static'));
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) expect(readFileSync(file).includes(KEY), file).toBe(false);
  });

  it('runs the change-feed sync in the server, and from the scheduler route with its secret', async () => {
    expect((await get('/api/cron/sync', { method: 'POST' })).status).toBe(403);
    const run = await get('/api/cron/sync', {
      method: 'POST',
      headers: { authorization: `Bearer ${SECRET}` },
    });
    expect(run.status).toBe(200);
    // The in-process run (5 s after start) or this one set the baseline; either way a cursor now exists.
    const again = await get('/api/cron/sync', {
      method: 'POST',
      headers: { authorization: `Bearer ${SECRET}` },
    });
    expect(again.json().sync.since).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('asks for the first row’s covers of a results page from its head, each where it is on the first screen', async () => {
    const place = await placeWithResults();
    const page = await get(`/destinations/${place.id}`);
    expect(page.status).toBe(200);
    const head = page.text.slice(0, page.text.indexOf('</head>'));
    const covers = [...head.matchAll(/<link rel="preload"[^>]*as="image"[^>]*>/g)].map((m) => m[0]);
    // The first card's cover, a phone's largest paint, for every screen; the second where the grid has two
    // columns, the third where it has three. No other: React adds one, without a media query, for an eager
    // image drawn before the head is sent, unless the head already asks for it (the cards past the first are
    // lazy, so a phone asks for them once laid out, not with the head's first requests).
    expect(covers, covers.join('\n')).toHaveLength(3);
    for (const cover of covers) expect(cover).toContain('fetchPriority="high"');
    expect(covers[0]).not.toContain('media=');
    expect(covers[1]).toContain('media="(min-width: 640px)"');
    expect(covers[2]).toContain('media="(min-width: 1280px)"');
    // The covers of the first three cards, in their order.
    const cards = [...page.text.matchAll(/<img [^>]*data-nimg="fill"[^>]*src="[^"]*\/photos\/(\d+)-/g)];
    const preloaded = covers.map((c) => /\/photos\/(\d+)-/.exec(c)?.[1]);
    expect(preloaded).toEqual(cards.slice(0, 3).map((m) => m[1]));
    // The cards' own images past the first are lazy: a phone, one card on its first screen, asks for the
    // next covers once the page is laid out, not with the head's first requests beside its largest paint's.
    const imgs = [...page.text.matchAll(/<img [^>]*data-nimg="fill"[^>]*>/g)].map((m) => m[0]);
    expect(imgs.length).toBeGreaterThan(3);
    expect(imgs[0]).not.toContain('loading="lazy"');
    for (const img of imgs.slice(1)) expect(img).toContain('loading="lazy"');
    // No width past 1920 is offered: the largest size the catalog names is 1600 px.
    expect(imgs[0]).toContain('1920w"');
    expect(page.text).not.toMatch(/-(2048|3840)w/);
  });

  it('sends the first results as the cards show them, without the listings’ addresses and update times', async () => {
    const place = await placeWithResults();
    const [page, answer] = await Promise.all([
      get(`/destinations/${place.id}`),
      get(`/api/search?location=${place.id}`),
    ]);
    const first = answer.json().properties.find((p: { image: unknown }) => p.image);
    // What the API gives (and the live view reads from /api/search), …
    expect(first.updated_at).toEqual(expect.any(String));
    expect(first.image.sizes.large).toEqual(expect.any(String));
    expect(first.url).toMatch(/^http/);
    // … is not in the page: neither in its HTML nor in the view's props (the RSC payload, quotes escaped).
    expect(page.text).toContain(first.name);
    expect(page.text).toContain(first.image.url);
    expect(page.text).not.toContain('updated_at');
    expect(page.text).not.toMatch(/\\?"updated\\?":/);
    expect(page.text).not.toContain(first.image.sizes.large);
    expect(page.text).not.toContain(first.url);
  });

  it('reveals a large part of a page at the next frame, not 300 ms after the first paint', async () => {
    // React's inline runtime (what the page's own script counts on): a part sent after the frame is revealed
    // at once while `$RT` is not a number, else 300 ms after the last reveal or the first paint.
    const runtime = readFileSync(
      path.resolve('node_modules/next/dist/compiled/react-dom/cjs/react-dom-server.node.production.js'),
      'utf8',
    );
    expect(runtime).toContain('"number"!==typeof $RT?requestAnimationFrame(');
    expect(runtime).toContain('$RT+300-a');
    // The results of a destination are such a part; the page keeps `$RT` from being set, before React's
    // runtime runs.
    const place = await placeWithResults();
    const page = await get(`/destinations/${place.id}`);
    expect(page.status).toBe(200);
    const keep = page.text.indexOf('Object.defineProperty(window,"$RT"');
    expect(keep).toBeGreaterThan(0);
    expect(keep).toBeLessThan(page.text.indexOf('</head>'));
    // The results were sent after the frame (what the script is for), and React's runtime came after it.
    const runtimeAt = page.text.indexOf('$RC=');
    expect(runtimeAt).toBeGreaterThan(keep);
  });

  it('sends pages and the build’s scripts in brotli to a browser that takes it, gzip to a client that does not', async () => {
    const place = await placeWithResults();
    // A page kept for everyone: compressed as it streams, then kept so and sent again as it was.
    const kept = `/destinations/${place.id}`;
    const first = await rawAnswer('GET', kept, BROWSER);
    expect(first.status).toBe(200);
    expect(first.headers['x-page-cache']).toBe('miss');
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers.vary).toContain('Accept-Encoding');
    const html = brotliDecompressSync(first.body).toString('utf8');
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html.trimEnd().endsWith('</html>')).toBe(true);
    const again = await rawAnswer('GET', kept, BROWSER);
    expect(again.headers['x-page-cache']).toBe('hit');
    expect(again.headers['content-encoding']).toBe('br');
    expect(Number(again.headers['content-length'])).toBe(again.body.length);
    expect(brotliDecompressSync(again.body).toString('utf8')).toBe(html);
    // The same page for a client without brotli (or refusing it) is gzip, and smaller in brotli.
    for (const accept of ['gzip, deflate', 'br;q=0, gzip']) {
      const zipped = await rawAnswer('GET', kept, accept);
      expect(zipped.headers['content-encoding'], accept).toBe('gzip');
      const text = gunzipSync(zipped.body).toString('utf8');
      expect(text.slice(0, text.indexOf('</head>'))).toBe(html.slice(0, html.indexOf('</head>')));
      expect(first.body.length).toBeLessThan(zipped.body.length * 0.9);
    }
    const plain = await rawAnswer('GET', kept, 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString('utf8').startsWith('<!DOCTYPE html>')).toBe(true);
    const head = await rawAnswer('HEAD', kept, BROWSER);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.body.length).toBe(0);

    // A page rendered for each request (results for a stay) too, whole.
    const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
    const results = await rawAnswer(
      'GET',
      `/search?location=${place.id}&checkin=${day(30)}&checkout=${day(33)}`,
      BROWSER,
    );
    expect(results.status).toBe(200);
    expect(results.headers['content-encoding']).toBe('br');
    expect(results.headers['x-page-cache']).toBeUndefined();
    const resultsHtml = brotliDecompressSync(results.body).toString('utf8');
    expect(resultsHtml).toContain('data-nimg="fill"');
    expect(resultsHtml.trimEnd().endsWith('</html>')).toBe(true);
    const resultsHead = await rawAnswer(
      'HEAD',
      `/search?location=${place.id}&checkin=${day(30)}&checkout=${day(34)}`,
      BROWSER,
    );
    expect(resultsHead.headers['content-encoding']).toBe('br');
    expect(resultsHead.headers['x-page-cache']).toBeUndefined();
    expect(resultsHead.body.length).toBe(0);
    // A router's request for a page (a click from the results to a rental): its RSC payload, the same way.
    const { properties } = (await get('/api/search?per_page=1')).json();
    const rscPath = `/properties/${properties[0].id}?_rsc`;
    const rsc = await new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const { hostname, port } = new URL(server.origin);
      request({ hostname, port, path: rscPath, headers: { rsc: '1', 'accept-encoding': BROWSER } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
        .on('error', reject)
        .end();
    });
    expect(rsc.headers['content-type']).toMatch(/^text\/x-component/);
    expect(rsc.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(rsc.body).toString('utf8')).toContain(properties[0].name);
    // What else a page's address answers, a crawler's sitemap among it, is compressed too, not sent whole.
    const sitemap = await rawAnswer('GET', '/sitemap.xml', BROWSER);
    expect(sitemap.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(sitemap.body).toString('utf8')).toContain(`/destinations/${place.id}<`);

    // The page's scripts and style sheet: the build's file, compressed once after the build, byte for byte;
    // the scripts it runs at start with a compile hint before it (scripts/compile-hints.mjs), not the
    // polyfills only an old browser runs (`noModule`), which takes no hint.
    const assets = [...html.matchAll(/(?:src|href)="(\/_next\/static\/[^"]+\.(?:js|css))"/g)].map(
      (m) => m[1]!,
    );
    expect(assets.length).toBeGreaterThan(3);
    const oldBrowsersOnly = new Set(
      [...html.matchAll(/<script[^>]*>/g)]
        .filter((m) => /\snomodule\b/i.test(m[0]))
        .map((m) => /\ssrc="([^"]+)"/.exec(m[0])?.[1]),
    );
    const builtFile = (asset: string) =>
      readFileSync(path.resolve(import.meta.dirname, '../../.next', asset.slice('/_next/'.length)));
    for (const asset of assets) {
      const file = builtFile(asset);
      const runsAtStart = asset.endsWith('.js') && !oldBrowsersOnly.has(asset);
      const br = await rawAnswer('GET', asset, BROWSER);
      expect(br.headers['content-encoding'], asset).toBe('br');
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(br.headers['content-type']).toMatch(
        asset.endsWith('.css') ? /^text\/css/ : /^application\/javascript/,
      );
      expect(Number(br.headers['content-length'])).toBe(br.body.length);
      const sent = brotliDecompressSync(br.body);
      expect(sent.equals(runsAtStart ? Buffer.concat([Buffer.from(COMPILE_HINT), file]) : file), asset).toBe(
        true,
      );
      // Without brotli, Next.js's own answer: gzip (as sent, or plain for a file under its 1 KB threshold).
      const gz = await rawAnswer('GET', asset, 'gzip');
      const gzipped = gz.headers['content-encoding'] === 'gzip';
      expect(gzipped || (gz.headers['content-encoding'] === undefined && file.length < 1024), asset).toBe(
        true,
      );
      expect((gzipped ? gunzipSync(gz.body) : gz.body).equals(file)).toBe(true);
    }
    expect(assets.filter((a) => a.endsWith('.js') && !oldBrowsersOnly.has(a)).length).toBeGreaterThan(3);
    // A script loaded later, when its part of a page is used (the map's), is sent as built: no hint.
    const chunksDir = path.resolve(import.meta.dirname, '../../.next/static/chunks');
    const mapChunk = readdirSync(chunksDir).find(
      (f) =>
        f.endsWith('.js') &&
        readFileSync(path.join(chunksDir, f), 'utf8').includes('maplibregl-canvas-container'),
    );
    expect(mapChunk).toBeDefined();
    const map = await rawAnswer('GET', `/_next/static/chunks/${mapChunk}`, BROWSER);
    expect(map.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(map.body).equals(builtFile(`/_next/static/chunks/${mapChunk}`))).toBe(true);
    const script = assets.find((a) => a.endsWith('.js'))!;
    const headOfScript = await rawAnswer('HEAD', script, BROWSER);
    expect(headOfScript.headers['content-encoding']).toBe('br');
    expect(headOfScript.body.length).toBe(0);
    // Nothing outside the build's static files is sent, however the path is written.
    for (const sneaky of [
      '/_next/static/../../package.json',
      '/_next/static/%2e%2e/%2e%2e/package.json',
      '/_next/static/chunks/%2E%2E%2F%2E%2E%2F%2E%2E%2Fpackage.json',
    ]) {
      const answer = await rawAnswer('GET', sneaky, BROWSER);
      expect(answer.status, sneaky).toBe(404);
      expect(answer.body.toString('latin1')).not.toContain('rental-partner-booking');
    }
  });
});
