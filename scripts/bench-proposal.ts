// `npm run bench:proposal`: the client's view of a proposal (issue #27), `/proposals/{share token}`, with
// 8 options. Starts a production server whose upstream (SVC_BASE_URL) is a counting proxy on 127.0.0.1 in
// front of the server's own /v2, waits for the replica's first load (a view's availability comes from it),
// then makes PROPOSALS proposals of 8 options each, every one a stay of its own, sent at once (which quotes
// them), and lets their quotes age out of the site's cache (QUOTE_CACHE_SECONDS, shortened here). Then:
//   uncached  each proposal viewed once: the upstream calls its view made, per option (target ≤ 1);
//   warm      one proposal viewed WARM_VIEWS times, one after another (its quotes cached): the page's
//             answer time, p50 and p95 (target p95 ≤ 300 ms); beside it, for scale on a machine whose cores
//             other work may share, a warm property page (one rental, its quote cached) timed the same way.
// Loopback only; bounded: PROPOSALS uncached views, at most WARM_VIEWS warm ones within WARM_SECONDS, and
// the whole run within a few minutes (the first start builds and seeds, as every bench). Exits non-zero
// when a target is missed or a view fails.
import { cpus, loadavg } from 'node:os';
import { countingProxy } from './bench/loopback';
import { startBenchServer } from './bench/server';

const OPTIONS = 8;
const PROPOSALS = 3;
const WARM_VIEWS = Number(process.env.WARM_VIEWS ?? 60);
const WARM_SECONDS = 30;
// Long enough for the warm views (which follow the uncached ones at once) to be answered from the cache.
const QUOTE_CACHE_SECONDS = 45;

const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]!;
const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main() {
  const proxy = await countingProxy();
  /** The paths the site asked of the upstream since the `n`th call. */
  const callsSince = (n: number) => proxy.calls.slice(n).map((c) => c.path);

  const server = await startBenchServer({
    // A catalog of its own, small enough that the replica's first load takes seconds; the view's cost does
    // not depend on the catalog's size (one row per option, one quote per option).
    DATA_DIR: '.bench/proposal',
    DEMO_PROPERTIES: '400',
    UPSTREAM_BUDGET_PER_MINUTE: '100000',
    UPSTREAM_BUDGET_PER_HOUR: '1000000',
    SVC_RATE_LIMIT_PER_MINUTE: '100000',
    SVC_RATE_LIMIT_PER_HOUR: '1000000',
    SVC_BASE_URL: proxy.url,
    // One machine plays the advisor and the client: the per-visitor limits would stop the bench, not measure it.
    SITE_RATE_LIMIT_PER_MINUTE: '100000000',
    SITE_PAGE_VIEWS_PER_MINUTE: '100000000',
    SITE_PROPOSALS_PER_VISITOR_PER_HOUR: '1000',
    CDN_RENDERS_PER_VISITOR_PER_MINUTE: '100000000',
    CATALOG_ACTIVITY: '0',
    QUOTE_CACHE_SECONDS: String(QUOTE_CACHE_SECONDS),
  });
  proxy.setTarget(server.origin);
  let failed = false;
  try {
    // The replica's first load: until it is complete, search asks the upstream and the view lacks availability.
    const deadline = Date.now() + 300_000;
    for (;;) {
      const res = await fetch(`${server.origin}/api/search?per_page=1`);
      const body = res.ok ? await res.json() : null;
      if (body?.source === 'replica' && !body.loading) break;
      if (Date.now() > deadline) throw new Error('The replica did not load within 5 minutes.');
      await sleep(1000);
    }

    const tokens: string[] = [];
    const optionIds: number[][] = [];
    for (let k = 0; k < PROPOSALS; k++) {
      const checkin = day(40 + 17 * k);
      const checkout = day(47 + 17 * k);
      const search = await fetch(
        `${server.origin}/api/search?checkin=${checkin}&checkout=${checkout}&adults=2&per_page=48`,
      ).then((r) => r.json());
      const priced = (search.properties as { id: number; price?: { kind: string } }[])
        .filter((p) => p.price?.kind === 'stay')
        .slice(0, OPTIONS)
        .map((p) => p.id);
      if (priced.length < OPTIONS) throw new Error(`Only ${priced.length} priced rentals for ${checkin}.`);
      const made = await fetch(`${server.origin}/api/proposals`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.origin },
        body: JSON.stringify({
          title: `Bench proposal ${k + 1}`,
          client_name: 'Bench Client',
          advisor: { name: 'Bench Advisor', email: 'bench@advisor.example' },
          send: true,
          options: priced.map((id) => ({
            property_id: id,
            stay: { checkin, checkout, adults: 2, children: 0 },
          })),
        }),
      });
      if (made.status !== 201) throw new Error(`POST /api/proposals: ${made.status} ${await made.text()}`);
      tokens.push((await made.json()).share_token);
      optionIds.push(priced);
    }

    // The quotes made when sending age out of the cache: the next views are uncached.
    await sleep((QUOTE_CACHE_SECONDS + 2) * 1000);
    const view = async (token: string) => {
      const t = performance.now();
      const res = await fetch(`${server.origin}/proposals/${token}`);
      const html = await res.text();
      const ms = performance.now() - t;
      const options = html.split('data-testid="proposal-option"').length - 1;
      if (res.status !== 200 || options !== OPTIONS) {
        failed = true;
        console.error(`/proposals/${token}: ${res.status}, ${options} options shown`);
      }
      return ms;
    };

    console.log(`\nThe client's view, ${OPTIONS} options (quotes cached ${QUOTE_CACHE_SECONDS} s here):`);
    let worst = 0;
    for (const [k, token] of tokens.entries()) {
      const before = proxy.calls.length;
      const ms = await view(token);
      const calls = callsSince(before);
      const ids = optionIds[k]!;
      const theirs = calls.filter((c) => ids.some((id) => c.includes(`/properties/${id}/`)));
      const quotes = theirs.filter((c) => c.includes('/quote?')).length;
      worst = Math.max(worst, theirs.length / OPTIONS);
      console.log(
        `  uncached view ${k + 1}: ${ms.toFixed(0)} ms, ${theirs.length} upstream calls for its options (${quotes} quotes) = ${(theirs.length / OPTIONS).toFixed(2)} per option; ${calls.length - theirs.length} other calls meanwhile (the server's own work)`,
      );
    }
    if (worst > 1) failed = true;

    const warm: number[] = [];
    const before = proxy.calls.length;
    const until = Date.now() + WARM_SECONDS * 1000;
    // The proposal viewed last: its quotes were cached just now, and stay so for the whole warm run.
    const last = tokens.length - 1;
    await view(tokens[last]!);
    while (warm.length < WARM_VIEWS && Date.now() < until) warm.push(await view(tokens[last]!));
    const warmCalls = callsSince(before).filter((c) =>
      optionIds[last]!.some((id) => c.includes(`/properties/${id}/`)),
    ).length;
    // For scale: one property page with a stay, warm, timed the same way, on the same server and moment.
    const stayOf = `checkin=${day(40 + 17 * last)}&checkout=${day(47 + 17 * last)}&adults=2`;
    const page = `${server.origin}/properties/${optionIds[last]![0]}?${stayOf}`;
    const pageTimes: number[] = [];
    await fetch(page).then((r) => r.text());
    for (let i = 0; i < 20; i++) {
      const t = performance.now();
      await fetch(page).then((r) => r.text());
      pageTimes.push(performance.now() - t);
    }
    const p95 = percentile(warm, 95);
    console.log(
      `  warm: ${warm.length} views one after another, p50 ${percentile(warm, 50).toFixed(0)} ms, p95 ${p95.toFixed(0)} ms, max ${Math.max(...warm).toFixed(0)} ms (target p95 ≤ 300 ms); ${warmCalls} upstream calls for its options`,
    );
    console.log(`  worst uncached view: ${worst.toFixed(2)} upstream calls per option (target ≤ 1)`);
    console.log(
      `for scale, a warm property page with a stay: p50 ${percentile(pageTimes, 50).toFixed(0)} ms, p95 ${percentile(pageTimes, 95).toFixed(0)} ms (20 views); machine load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores`,
    );
    console.log(`server peak RSS ${server.peakRssMb().toFixed(0)} MB`);
    if (p95 > 300 || warm.length === 0) failed = true;
  } finally {
    await server.stop();
    proxy.close();
  }
  if (failed) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
