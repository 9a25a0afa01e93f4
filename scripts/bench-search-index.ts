// `npm run bench:search-index [-- DIR]`: the search over the replica's in-memory index, in-process, without a
// server: builds the index from a replica that `npm run bench:search` loaded (default `.bench/search/site`, read
// from a copy so the original is left as it was), then times 1,500 dated price-sorted searches over the whole
// catalog, each never asked before (no remembered answer). For comparing two commits on the same data, where a
// server's figures would mostly measure the machine.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openSiteDatabase } from '@/lib/site/db/client';
import { fxRates } from '@/lib/site/replica/fx';
import { replicaIndex } from '@/lib/site/replica/in-memory';
import type { SearchRequest } from '@/lib/site/search';
import { searchIndex } from '@/lib/site/search/from-replica';

const source = path.resolve(process.argv[2] ?? '.bench/search/site');
const copy = mkdtempSync(path.join(os.tmpdir(), 'search-index-'));
cpSync(source, copy, { recursive: true });
const { db } = await openSiteDatabase(copy);
const fx = fxRates();
const t0 = performance.now();
const index = await replicaIndex(db);
console.log(`index built in ${(performance.now() - t0).toFixed(0)} ms`);
const today = new Date().toISOString().slice(0, 10);
const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const times: number[] = [];
for (let i = 0; i < 1500; i++) {
  const checkin = day(20 + (i % 300));
  const nights = 3 + (i % 9);
  const r: SearchRequest = {
    location: undefined,
    stay: { checkin, checkout: day(20 + (i % 300) + nights), adults: 2, children: 0, bedrooms: undefined },
    sleeps: undefined,
    sort: 'price',
    price: { min: undefined, max: undefined },
    currency: 'EUR',
    page: 1,
    perPage: 12,
    params: '',
  };
  const s = performance.now();
  const page = searchIndex(index, r, today, fx);
  times.push(performance.now() - s);
  if (i === 0) console.log(`first search: ${page.total} results`);
}
times.sort((a, b) => a - b);
const q = (p: number) => times[Math.floor((times.length - 1) * p)]!.toFixed(1);
console.log(
  `1500 never-asked dated price-sorted searches: p50 ${q(0.5)} ms, p95 ${q(0.95)} ms, max ${q(1)} ms`,
);
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
rmSync(copy, { recursive: true, force: true });
process.exit(0);
