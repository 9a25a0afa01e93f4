// `npm run bench:search-index [-- DIR]`: the search over the replica's in-memory index, in-process, without a
// server. With `DEMO_PROPERTIES=N` it builds the index straight from the demo generator (no load, no
// database: scripts/bench/replica-demo.ts); otherwise from a replica that `npm run bench:search` loaded
// (default `.bench/search-3000/site`, read from a copy so the original is left as it was). Then it times 1,500
// dated price-sorted searches, each never asked before (no remembered answer), over the whole catalog and
// over single destinations, and the same searches priced the previous way (every match priced, then sorted),
// checking both give the same pages. Reports the index's build time, its bytes per property (calendars) and
// the heap per property, and searches per CPU-second. For comparing two commits on the same data.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openSiteDatabase } from '@/lib/site/db/client';
import { fxRates } from '@/lib/site/replica/fx';
import { calendarBytesOf, type ReplicaIndex, replicaIndex } from '@/lib/site/replica/in-memory';
import type { SearchRequest } from '@/lib/site/search';
import { cardPrice } from '@/lib/site/search/card-price';
import { searchIndex } from '@/lib/site/search/from-replica';
import { demoReplicaIndex } from './bench/replica-demo';

const demo = process.env.DEMO_PROPERTIES ? Number(process.env.DEMO_PROPERTIES) : null;
const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 1500);
const fx = fxRates();
const today = new Date().toISOString().slice(0, 10);
const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

global.gc?.();
const heap0 = process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
const t0 = performance.now();
let index: ReplicaIndex;
let copy: string | null = null;
if (demo) index = demoReplicaIndex(demo, new Date().toISOString());
else {
  const source = path.resolve(process.argv[2] ?? '.bench/search-3000/site');
  copy = mkdtempSync(path.join(os.tmpdir(), 'search-index-'));
  cpSync(source, copy, { recursive: true });
  const { db } = await openSiteDatabase(copy);
  index = await replicaIndex(db);
}
const built = performance.now() - t0;
global.gc?.();
const heap = process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers - heap0;
const n = index.entries.size;
console.log(
  `${n} properties indexed in ${(built / 1000).toFixed(1)} s; calendars ${Math.round(calendarBytesOf(index.entries.values()) / n)} B/property; ` +
    `heap ${global.gc ? `${Math.round(heap / n)} B/property (index with rows)` : 'n/a (run with --expose-gc)'}`,
);

// The busiest destinations (most rentals), for searches of one place as travellers make them.
const places = [...index.byLocation.entries()].sort((a, b) => b[1].length - a[1].length).map(([id]) => id);
const request = (
  i: number,
  location: number | undefined,
  sort: SearchRequest['sort'] = 'price',
): SearchRequest => {
  const nights = 3 + (i % 9);
  return {
    location,
    stay: {
      checkin: day(20 + (i % 300)),
      checkout: day(20 + (i % 300) + nights),
      adults: 2,
      children: 0,
      bedrooms: undefined,
    },
    sleeps: undefined,
    sort,
    price: { min: undefined, max: undefined },
    currency: 'EUR',
    page: 1,
    perPage: 12,
    params: '',
  };
};

/** The previous search's pricing: every match priced, then sorted; the page's ids. */
function everyMatchPriced(r: SearchRequest): number[] {
  const page = searchIndex(index, { ...r, sort: 'id', perPage: 100_000 }, today, fx);
  const ask = { stay: r.stay, currency: r.currency, today };
  const priced = page.properties.map((p) => {
    const price = cardPrice(index.entries.get(p.id)!, ask, fx);
    return { id: p.id, n: price.converted ? price.converted.nightly : price.nightly };
  });
  priced.sort((a, b) =>
    a.n === null || b.n === null
      ? (a.n === null ? 1 : 0) - (b.n === null ? 1 : 0) || a.id - b.id
      : a.n - b.n || a.id - b.id,
  );
  return priced.slice(0, r.perPage).map((p) => p.id);
}

const q = (times: number[], p: number) => times[Math.floor((times.length - 1) * p)]!.toFixed(1);
function run(
  label: string,
  where: (i: number) => number | undefined,
  compare: number,
  sort: SearchRequest['sort'] = 'price',
) {
  const times: number[] = [];
  const cpu0 = process.cpuUsage();
  let results = 0;
  for (let i = 0; i < SEARCHES; i++) {
    const s = performance.now();
    const page = searchIndex(index, request(i, where(i), sort), today, fx);
    times.push(performance.now() - s);
    results += page.total;
  }
  const cpu = process.cpuUsage(cpu0);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  times.sort((a, b) => a - b);
  console.log(
    `${label}: ${SEARCHES} never-asked dated price-sorted searches (mean ${Math.round(results / SEARCHES)} matches): ` +
      `p50 ${q(times, 0.5)} ms, p95 ${q(times, 0.95)} ms, p99 ${q(times, 0.99)} ms; ${(SEARCHES / cpuSeconds).toFixed(0)} searches/CPU-s`,
  );
  // The previous way on a sample of the same searches (asked fresh: a new request key by a page size).
  const old: number[] = [];
  let differ = 0;
  for (let i = 0; i < compare; i++) {
    const r = request(i * 7 + 1, where(i * 7 + 1));
    const s = performance.now();
    const ids = everyMatchPriced(r);
    old.push(performance.now() - s);
    const now = searchIndex(index, { ...r, perPage: 12 }, today, fx).properties.map((p) => p.id);
    if (JSON.stringify(ids) !== JSON.stringify(now)) differ++;
  }
  old.sort((a, b) => a - b);
  if (compare)
    console.log(
      `  every match priced then sorted (the previous way), ${compare} of them: p50 ${q(old, 0.5)} ms, p95 ${q(old, 0.95)} ms; pages differing: ${differ}`,
    );
  if (differ) process.exitCode = 1;
}

// Once, untimed: the index's arrays for walking the whole catalog are made by its first search.
const warm = performance.now();
searchIndex(index, { ...request(0, undefined), sort: 'id' }, today, fx);
console.log(
  `the whole-catalog walk's arrays made (first search): ${(performance.now() - warm).toFixed(0)} ms`,
);
run('whole catalog', () => undefined, 40);
run('whole catalog by highest price', () => undefined, 0, '-price');
run('one destination (top 20 by size)', (i) => places[i % Math.min(20, places.length)], 40);
// Flexible dates: each rental's cheapest stay of a week, a weekend or N nights in one to three months.
const flexTimes: number[] = [];
for (let i = 0; i < 150; i++) {
  const first = 1 + (i % 11);
  const months = Array.from({ length: 1 + ((i >> 2) % 3) }, (_, k) => day(31 * (first + k)).slice(0, 7));
  const flex = [
    { nights: 7, weekend: false },
    { nights: 2, weekend: true },
    { nights: 3 + (i % 8), weekend: false },
  ][i % 3]!;
  const r: SearchRequest = {
    stay: { adults: 1 + ((i >> 3) % 4), children: 0 },
    sort: 'id',
    price: {},
    currency: 'EUR',
    flexible: { ...flex, months },
    page: 1,
    perPage: 12,
    params: '',
  };
  const s = performance.now();
  searchIndex(index, r, today, fx);
  flexTimes.push(performance.now() - s);
}
flexTimes.sort((a, b) => a - b);
const fq = (p: number) => flexTimes[Math.floor((flexTimes.length - 1) * p)]!.toFixed(1);
console.log(`150 never-asked flexible-date searches: p50 ${fq(0.5)} ms, p95 ${fq(0.95)} ms, max ${fq(1)} ms`);
const rss = process.resourceUsage().maxRSS * 1024;
console.log(`peak RSS ${(rss / 1e6).toFixed(0)} MB`);
if (copy) rmSync(copy, { recursive: true, force: true });
process.exit();
