// `npm run bench:api`: the catalog service's throughput and latency on a production build, loopback only,
// 16 connections, a bounded duration per scenario (BENCH_SECONDS, default 10). Starts its own server with
// its own data directory (.bench/) and stops it. Exits non-zero when a floor of the issues is missed.
// BENCH_ONLY=text runs only the scenarios whose name contains the text.
import { DEMO_KEYS } from '../lib/catalog-api/seed';
import { type Figures, report, run, type Scenario } from './bench/load';
import { startBenchServer } from './bench/server';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const headers = { 'X-SVC-API-TOKEN': DEMO_KEYS.liveFull };
// Inquiries in the bench use the test key: validated and answered, never stored.
const testHeaders = { 'X-SVC-API-TOKEN': DEMO_KEYS.testFull, 'Content-Type': 'application/json' };

async function main() {
  const server = await startBenchServer({
    // The bench measures the service, not its limits.
    SVC_RATE_LIMIT_PER_MINUTE: '100000000',
    SITE_PAGE_VIEWS_PER_MINUTE: '100000000',
    CDN_RENDERS_PER_VISITOR_PER_MINUTE: '100000000',
    SVC_RATE_LIMIT_PER_HOUR: '100000000',
    SVC_INQUIRY_LIMIT_PER_10_MIN: '100000000',
  });
  try {
    const get = async (path: string) => {
      const res = await fetch(`${server.origin}/v2${path}`, { headers });
      if (!res.ok) throw new Error(`${path}: ${res.status}`);
      return res.json();
    };
    const { locations } = await get('/locations');
    const catalog = await get('/properties?per_page=200&sort=-updated');
    const ids: number[] = catalog.properties.map((p: { id: number }) => p.id);
    const areas = locations
      .filter((l: { path: string[] }) => l.path.length >= 2)
      .map((l: { id: number }) => l.id);
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const filtered = Array.from({ length: 120 }, (_, i) => {
      const start = 20 + ((i * 7) % 300);
      return `/v2/properties?location=${areas[(i * 13) % areas.length]}&checkin=${day(start)}&checkout=${day(start + 7)}&guests=${2 + (i % 6)}`;
    });

    const photoIds = (
      await Promise.all(ids.slice(0, 40).map((id) => get(`/properties/${id}/images`)))
    ).flatMap((r: { images: { id: number }[] }) => r.images.map((i) => i.id));
    // Every request of the "new width" run asks for a width of a photo never rendered before.
    const runTag = Date.now() % 500;
    const newWidths = photoIds.flatMap((id) =>
      Array.from({ length: 60 }, (_, k) => `/cdn/photos/${id}-${700 + runTag + k * 7}w`),
    );
    const cachedWidths = photoIds.slice(0, 50).map((id) => `/cdn/photos/${id}-800w`);
    for (const path of cachedWidths) await fetch(`${server.origin}${path}`);

    // Quotes for stays that start at varied dates over the coming year.
    const quotes = (nights: number) =>
      ids.map(
        (id, i) =>
          `/v2/properties/${id}/quote?checkin=${day(20 + ((i * 11) % 330))}&checkout=${day(20 + ((i * 11) % 330) + nights)}&adults=2`,
      );

    const scenarios: Scenario[] = [
      {
        name: 'catalog page of 50 (pages 1-40)',
        paths: Array.from({ length: 40 }, (_, i) => `/v2/properties?per_page=50&page=${i + 1}`),
        maxP99: 250,
      },
      { name: 'catalog by location + dates + guests (120 mixes)', paths: filtered, minRps: 150, maxP99: 250 },
      {
        name: 'property detail (200 properties)',
        paths: ids.map((id) => `/v2/properties/${id}`),
        minRps: 400,
        maxP99: 250,
      },
      { name: 'locations (~800 rows)', paths: ['/v2/locations'], maxP99: 250 },
      { name: 'rates (200 properties)', paths: ids.map((id) => `/v2/properties/${id}/rates`), maxP99: 250 },
      {
        name: 'availability (200 properties)',
        paths: ids.map((id) => `/v2/properties/${id}/availability`),
        maxP99: 250,
      },
      { name: 'images (200 properties)', paths: ids.map((id) => `/v2/properties/${id}/images`), maxP99: 250 },
      {
        name: 'changes, per_page 1000 (pages 1-3)',
        paths: [1, 2, 3].map((n) => `/v2/properties/changes?per_page=1000&page=${n}`),
      },
      { name: 'quote, 7-night stay (200 properties)', paths: quotes(7), minRps: 300, maxP99: 250 },
      { name: 'quote, 30-night stay (200 properties)', paths: quotes(30), minRps: 300, maxP99: 250 },
      {
        name: 'inquiry, test mode (POST)',
        paths: ['/v2/inquiries'],
        method: 'POST',
        body: (i) =>
          JSON.stringify({
            destination: { id: areas[i % areas.length] },
            stay: {
              checkin: day(30 + (i % 200)),
              checkout: day(37 + (i % 200)),
              guests: { adults: 2, children: 1 },
            },
            budget: { min: 200, max: 900 },
            contact: { first_name: 'Bench', last_name: `Guest ${i}`, email: `bench${i}@example.com` },
          }),
        maxP99: 250,
      },
      { name: 'CDN photo, a new width each time', paths: newWidths, cdn: true },
      { name: 'CDN photo, a cached width', paths: cachedWidths, cdn: true, maxP99: 250 },
    ];

    // BENCH_ONLY=detail runs the scenarios whose name contains that text.
    const only = process.env.BENCH_ONLY?.toLowerCase();
    const chosen = only ? scenarios.filter((s) => s.name.toLowerCase().includes(only)) : scenarios;
    const rows: Figures[] = [];
    for (const s of chosen) {
      // The CDN is public: no key. A new-width run has no warm-up, which would use up its fresh widths.
      const h = s.cdn ? {} : s.method === 'POST' ? testHeaders : headers;
      if (!s.cdn) await run(server.origin, h, s, 3); // warm-up, not counted
      rows.push({ ...(await run(server.origin, h, s, SECONDS)), rssMb: server.peakRssMb() });
      console.log(`  done: ${s.name}`);
    }
    const ok = report(rows, chosen, server.peakRssMb(), 600);
    process.exitCode = ok ? 0 : 1;
  } finally {
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
