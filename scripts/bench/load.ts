// One bounded autocannon run over a list of paths (cycled, so a run is not one cached URL).
import autocannon from 'autocannon';

export interface Scenario {
  name: string;
  paths: string[];
  method?: 'GET' | 'POST';
  body?: (i: number) => string;
  /** A photo CDN path: sent without the API key. */
  cdn?: boolean;
  /** Floors to check: requests per second and p99 in ms. */
  minRps?: number;
  maxP99?: number;
}

export interface Figures {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
  non2xx: number;
  /** Peak server RSS so far, in MB, when this scenario ended. */
  rssMb?: number;
}

export async function run(origin: string, headers: Record<string, string>, s: Scenario, seconds: number) {
  let i = 0;
  const result = await autocannon({
    url: origin,
    connections: 16,
    duration: seconds,
    headers,
    requests: [
      {
        method: s.method ?? 'GET',
        setupRequest: (req) => {
          const n = i++;
          return { ...req, path: s.paths[n % s.paths.length]!, ...(s.body ? { body: s.body(n) } : {}) };
        },
      },
    ],
  });
  return {
    name: s.name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  } satisfies Figures;
}

export function report(rows: Figures[], scenarios: Scenario[], rssMb: number, maxRssMb: number): boolean {
  let ok = true;
  console.log(
    `\n${'scenario'.padEnd(48)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'requests'.padStart(9)} ${'errors'.padStart(7)} ${'RSS MB'.padStart(7)}  floors`,
  );
  for (const row of rows) {
    const s = scenarios.find((x) => x.name === row.name)!;
    const misses: string[] = [];
    if (s.minRps && row.rps < s.minRps) misses.push(`req/s < ${s.minRps}`);
    if (s.maxP99 && row.p99 > s.maxP99) misses.push(`p99 > ${s.maxP99}`);
    if (row.errors || row.non2xx) misses.push('errors');
    ok &&= misses.length === 0;
    const floors =
      s.minRps || s.maxP99
        ? misses.length
          ? `MISSED: ${misses.join(', ')}`
          : 'met'
        : misses.join(', ') || '-';
    console.log(
      `${row.name.padEnd(48)} ${row.rps.toFixed(0).padStart(8)} ${String(row.p50).padStart(7)} ${String(row.p99).padStart(7)} ${String(row.requests).padStart(9)} ${String(row.errors + row.non2xx).padStart(7)} ${(row.rssMb?.toFixed(0) ?? '-').padStart(7)}  ${floors}`,
    );
  }
  const rssOk = rssMb <= maxRssMb;
  ok &&= rssOk;
  console.log(
    `\npeak server RSS: ${rssMb.toFixed(0)} MB (floor ≤ ${maxRssMb} MB: ${rssOk ? 'met' : 'MISSED'})`,
  );
  return ok;
}
