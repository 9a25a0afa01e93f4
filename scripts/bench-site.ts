// `npm run bench:site`: what one instance of the site serves per second, for sizing (docs/deploy.md). Starts a
// production server on 127.0.0.1 (own data in .bench/, the built-in catalog as its upstream), warms its
// cache, then loads the routes visitors hit most with autocannon (16 connections, BENCH_SECONDS each,
// default 10; BENCH_ONLY=text picks scenarios) and prints req/s, p50, p99, peak RSS, and requests per
// CPU-second of the server (a figure that holds when other work shares the cores). Loopback only, bounded
// in time; the load generator shares the machine's cores with the server.
import { type Figures, report, run, type Scenario } from './bench/load';
import { startBenchServer } from './bench/server';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

async function main() {
  const server = await startBenchServer({
    DEMO_PROPERTIES: process.env.DEMO_PROPERTIES ?? '3000',
    CATALOG_ACTIVITY: '0',
    // The replica's first load (thousands of upstream calls in the background) would share the cores with
    // the load; search is then answered from the cached upstream pages instead.
    CATALOG_REPLICA: process.env.CATALOG_REPLICA ?? '0',
    // The bench measures the site, not its per-visitor limits (one machine plays every visitor).
    SITE_RATE_LIMIT_PER_MINUTE: '100000000',
    SITE_PAGE_VIEWS_PER_MINUTE: '100000000',
    SVC_RATE_LIMIT_PER_MINUTE: '100000000',
    SVC_RATE_LIMIT_PER_HOUR: '100000000',
    UPSTREAM_BUDGET_PER_MINUTE: '100000000',
    UPSTREAM_BUDGET_PER_HOUR: '100000000',
  });
  try {
    const search = await (await fetch(`${server.origin}/api/search?per_page=50&sort=-updated`)).json();
    const ids: number[] = search.properties.map((p: { id: number }) => p.id);
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const scenarios: Scenario[] = [
      { name: 'site: property page, HTML (50 properties)', paths: ids.map((id) => `/properties/${id}`) },
      { name: 'site: /api/properties/{id} (50 properties)', paths: ids.map((id) => `/api/properties/${id}`) },
      {
        name: 'site: /api/search (40 pages)',
        paths: Array.from({ length: 40 }, (_, i) => `/api/search?per_page=12&page=${i + 1}`),
      },
      {
        name: 'site: /api/…/quote, 7 nights (50 stays)',
        paths: ids.map(
          (id, i) => `/api/properties/${id}/quote?checkin=${day(30 + i)}&checkout=${day(37 + i)}&adults=2`,
        ),
      },
      { name: 'site: home page, HTML', paths: ['/'] },
      { name: 'site: /api/health', paths: ['/api/health'] },
    ];
    const only = process.env.BENCH_ONLY?.toLowerCase();
    const chosen = only ? scenarios.filter((s) => s.name.toLowerCase().includes(only)) : scenarios;
    const rows: Figures[] = [];
    const perCpuSecond: string[] = [];
    for (const s of chosen) {
      await run(server.origin, {}, s, 3); // warm-up (fills the cache), not counted
      const cpuBefore = server.cpuSeconds();
      const figures = await run(server.origin, {}, s, SECONDS);
      const cpu = server.cpuSeconds() - cpuBefore;
      rows.push({ ...figures, rssMb: server.peakRssMb() });
      perCpuSecond.push(
        `${s.name.padEnd(48)} ${(figures.requests / Math.max(cpu, 0.01)).toFixed(0).padStart(8)}  (${figures.requests} requests, ${cpu.toFixed(1)} CPU-s)`,
      );
      console.log(`  done: ${s.name}`);
    }
    const ok = report(rows, chosen, server.peakRssMb(), 1024);
    // Requests per CPU-second of the server's processes: what an instance serves per core it gets, whatever
    // else shares the machine's cores (req/s above falls when they are busy; this does not).
    console.log(`\n${'scenario'.padEnd(48)} ${'req/CPU-s'.padStart(8)}`);
    for (const line of perCpuSecond) console.log(line);
    process.exitCode = ok ? 0 : 1;
  } finally {
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
