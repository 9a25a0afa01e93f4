// `npm run bench:site`: what one instance of the site serves per second, for sizing (docs/deploy.md). Starts a
// production server on 127.0.0.1 (own data in .bench/, the built-in catalog as its upstream), warms its
// cache, then loads the routes visitors hit most with autocannon (16 connections, BENCH_SECONDS each,
// default 10; BENCH_ONLY=text picks scenarios) and prints req/s, p50, p99, peak RSS, and requests per
// CPU-second of the server (a figure that holds when other work shares the cores), cold (the first pass
// over the paths, which fills the caches) and warm. The pages a visitor does not change (issue 26) have
// floors in requests per CPU-second, checked here and not in a timed test: the run fails below them.
// Loopback only, bounded in time; the load generator shares the machine's cores with the server.
import { type Figures, report, run, type Scenario } from './bench/load';
import { startBenchServer } from './bench/server';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** Seconds of the first, cold pass over a scenario's paths (reported, not held to a floor). */
const COLD_SECONDS = 3;

/** Floors in requests per CPU-second of the server, by scenario (issue 26 item 1). */
interface PageScenario extends Scenario {
  minPerCpuSecond?: number;
}

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
    const detail = await (await fetch(`${server.origin}/api/properties/${ids[0]}`)).json();
    const destinations = [
      ...new Set<number>(
        (search.properties as { location?: { id?: number } }[])
          .map((p) => p.location?.id)
          .filter((id): id is number => typeof id === 'number'),
      ),
    ];
    if (destinations.length === 0 && typeof detail?.location?.id === 'number')
      destinations.push(detail.location.id);
    if (destinations.length === 0) throw new Error('bench: no destination found to load');
    const scenarios: PageScenario[] = [
      {
        name: 'site: property page, HTML (50 properties)',
        paths: ids.map((id) => `/properties/${id}`),
        minPerCpuSecond: 500,
      },
      {
        name: 'site: property page with a stay (50 stays)',
        paths: ids.map(
          (id, i) => `/properties/${id}?checkin=${day(30 + i)}&checkout=${day(37 + i)}&adults=2`,
        ),
        minPerCpuSecond: 150,
      },
      {
        name: `site: destination page (${destinations.length} places)`,
        paths: destinations.map((id) => `/destinations/${id}`),
        minPerCpuSecond: 500,
      },
      { name: 'site: /destinations, HTML', paths: ['/destinations'] },
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
      { name: 'site: home page, HTML', paths: ['/'], minPerCpuSecond: 500 },
      { name: 'site: /api/health', paths: ['/api/health'] },
    ];
    const only = process.env.BENCH_ONLY?.toLowerCase();
    const chosen = only ? scenarios.filter((s) => s.name.toLowerCase().includes(only)) : scenarios;
    const rows: Figures[] = [];
    const perCpuSecond: string[] = [];
    let floorsHeld = true;
    const line = (label: string, figures: Figures, cpu: number) => {
      const rate = figures.requests / Math.max(cpu, 0.01);
      perCpuSecond.push(
        `${label.padEnd(56)} ${rate.toFixed(0).padStart(8)}  ${figures.rps.toFixed(0).padStart(6)} req/s  p50 ${figures.p50} ms  p99 ${figures.p99} ms  (${figures.requests} requests, ${cpu.toFixed(1)} CPU-s)`,
      );
      return rate;
    };
    for (const s of chosen) {
      // Cold: the first pass over the paths, which fills the caches.
      let cpuBefore = server.cpuSeconds();
      const cold = await run(server.origin, {}, s, COLD_SECONDS);
      line(`${s.name}, cold`, cold, server.cpuSeconds() - cpuBefore);
      cpuBefore = server.cpuSeconds();
      const figures = await run(server.origin, {}, s, SECONDS);
      const rate = line(`${s.name}, warm`, figures, server.cpuSeconds() - cpuBefore);
      rows.push({ ...figures, rssMb: server.peakRssMb() });
      if (s.minPerCpuSecond && rate < s.minPerCpuSecond) {
        floorsHeld = false;
        perCpuSecond.push(
          `  BELOW FLOOR: ${s.name} ${rate.toFixed(0)} < ${s.minPerCpuSecond} per CPU-second`,
        );
      }
      console.log(`  done: ${s.name}`);
    }
    const ok = report(rows, chosen, server.peakRssMb(), 1024) && floorsHeld;
    // Requests per CPU-second of the server's processes: what an instance serves per core it gets, whatever
    // else shares the machine's cores (req/s above falls when they are busy; this does not).
    console.log(`\n${'scenario'.padEnd(56)} ${'req/CPU-s'.padStart(8)}`);
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
