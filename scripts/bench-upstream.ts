// `npm run bench:upstream`: how many upstream requests the site makes per 100 page views, cold and warm.
// Starts a production server whose upstream (SVC_BASE_URL) is a counting proxy on 127.0.0.1 in front of
// the server's own /v2, waits for the change-feed sync's first run, then replays 1,000 page-view
// equivalents over 100 properties twice: cold (empty cache) and warm. A page view is the calls the page
// makes to the site: a property page asks for the property, its photos, its calendar (availability) and
// its rate sheet; a search page runs a search (from a set of common searches) and reads the locations.
// Quotes follow the traveller's dates, so they are measured apart: one upstream call per new stay.
// Bounded: 2 × 1,000 views and 2 × 100 quotes, 8 at a time; exits non-zero when warm > 5 or errors.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Random } from '../lib/sandbox/demo/random';
import { startBenchServer } from './bench/server';

const VIEWS = 1000;
const PROPERTIES = 100;
const CONCURRENCY = 8;
// Cold views take about 415 upstream calls; with these the bench stays under the default budget of 550 a minute.
const QUOTES = 100;

async function main() {
  let target = '';
  const upstream: string[] = [];
  const proxy = createServer(async (req, res) => {
    upstream.push(`${req.method} ${req.url}`);
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    try {
      const answer = await fetch(`${target}${req.url}`, {
        method: req.method,
        headers: Object.fromEntries(Object.entries(req.headers).filter(([k]) => k !== 'host')) as Record<
          string,
          string
        >,
        body: chunks.length ? Buffer.concat(chunks) : undefined,
      });
      const headers = Object.fromEntries(answer.headers);
      delete headers['content-encoding'];
      delete headers['content-length'];
      res.writeHead(answer.status, headers);
      res.end(Buffer.from(await answer.arrayBuffer()));
    } catch {
      res.writeHead(502).end();
    }
  });
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
  const proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;

  const server = await startBenchServer({
    SVC_BASE_URL: `${proxyUrl}/v2`,
    // One machine plays every visitor here: the per-visitor limit would stop the bench, not measure it.
    SITE_RATE_LIMIT_PER_MINUTE: '100000000',
    SITE_PAGE_VIEWS_PER_MINUTE: '100000000',
    UPSTREAM_VISITOR_SHARE: '1',
    CDN_RENDERS_PER_VISITOR_PER_MINUTE: '100000000',
    CATALOG_ACTIVITY: '0',
    // Page views through the cache are measured here; the replica's load has its own bench (bench:search).
    CATALOG_REPLICA: '0',
  });
  target = server.origin;
  let errors = 0;
  try {
    // The sync's first run (a full change listing, then the cache cleared) happens 5 s after start.
    const deadline = Date.now() + 60_000;
    while (!upstream.some((u) => u.includes('/properties/changes')) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
    }
    await new Promise((r) => setTimeout(r, 2000));
    const syncRequests = upstream.filter((u) => u.includes('/properties/changes'));
    const resumed = syncRequests.some((u) => u.includes('since='));

    const site = async (path: string) => {
      const res = await fetch(`${server.origin}${path}`);
      const text = await res.text();
      if (!res.ok) {
        errors++;
        if (errors <= 5) console.error(`${path}: ${res.status} ${text.slice(0, 200)}`);
      }
      return text;
    };
    const first = JSON.parse(await site(`/api/search?per_page=${PROPERTIES}&sort=-updated`));
    const ids: number[] = first.properties.map((p: { id: number }) => p.id);
    const { locations } = JSON.parse(await site('/api/locations'));
    const areas: number[] = locations
      .filter((l: { path: string[] }) => l.path.length === 2)
      .map((l: { id: number }) => l.id);
    const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
    const searches = Array.from({ length: 12 }, (_, i) =>
      i % 3 === 0
        ? `/api/search?location=${areas[i % areas.length]}`
        : `/api/search?location=${areas[i % areas.length]}&guests=${2 + (i % 4)}&sort=-sleeps`,
    );

    const views = (seed: number) => {
      const rng = new Random(seed);
      return Array.from({ length: VIEWS }, () => {
        if (rng.chance(0.75)) {
          const id = rng.pick(ids);
          return [
            `/api/properties/${id}`,
            `/api/properties/${id}/images`,
            `/api/properties/${id}/availability`,
            `/api/properties/${id}/rates`,
          ];
        }
        return [rng.pick(searches), '/api/locations'];
      });
    };
    const replay = async (list: string[][]) => {
      const before = upstream.length;
      let next = 0;
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next < list.length) {
            const view = list[next++]!;
            await Promise.all(view.map(site));
          }
        }),
      );
      return upstream.length - before;
    };

    upstream.splice(0); // the two setup reads above are not views
    const cold = await replay(views(1));
    const warm = await replay(views(2));
    const quotes = Array.from({ length: QUOTES }, (_, i) => {
      const start = 14 + ((i * 11) % 200);
      return [
        `/api/properties/${ids[i % ids.length]}/quote?checkin=${day(start)}&checkout=${day(start + 7)}`,
      ];
    });
    const quoteCalls = await replay(quotes);
    const quoteRepeat = await replay(quotes);

    console.log(
      `\nchange-feed sync at start: ${syncRequests.length} upstream requests (${resumed ? 'resumed from the stored cursor' : 'first run: a full listing'})`,
    );
    console.log(`${VIEWS} page views over ${ids.length} properties, ${CONCURRENCY} at a time:`);
    console.log(`  cold: ${cold} upstream requests = ${(cold / (VIEWS / 100)).toFixed(1)} per 100 views`);
    console.log(
      `  warm: ${warm} upstream requests = ${(warm / (VIEWS / 100)).toFixed(1)} per 100 views (target ≤ 5)`,
    );
    console.log(
      `${QUOTES} quotes for new stays: ${quoteCalls} upstream requests; the same ${QUOTES} again: ${quoteRepeat}`,
    );
    console.log(`errors: ${errors}; server peak RSS ${server.peakRssMb().toFixed(0)} MB`);
    if (warm / (VIEWS / 100) > 5 || errors > 0) process.exitCode = 1;
  } finally {
    await server.stop();
    proxy.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
