// `npm run bench:pages`: Lighthouse (mobile preset, its default: a mid-range phone on a throttled
// network) on a production build served on 127.0.0.1, in local Chromium (Playwright's, else Debian's).
// Reports performance and accessibility per page and the JavaScript each ships; exits non-zero when a
// page scores under 90 (performance) or 95 (accessibility). Bounded: one warm-up load and RUNS audits per
// page (default 3; the median counts).
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startBenchServer } from './bench/server';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);

function chromePath(): string {
  try {
    const bundled = chromium.executablePath();
    if (existsSync(bundled)) return bundled;
  } catch {}
  return '/usr/bin/chromium';
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  const server = await startBenchServer({ CATALOG_ACTIVITY: '0' });
  const chrome = await chromeLauncher.launch({
    chromePath: chromePath(),
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  let failed = false;
  try {
    const { locations } = await (await fetch(`${server.origin}/api/locations`)).json();
    const france = locations.find((l: { name: string }) => l.name === 'France') ?? locations[0];
    const pages = [
      { name: 'home', path: '/' },
      { name: 'results', path: `/search?location=${france.id}&guests=2` },
      { name: 'destination', path: `/destinations/${france.id}` },
    ];
    console.log(
      `\n${'page'.padEnd(12)} ${'perf'.padStart(5)} ${'a11y'.padStart(5)} ${'LCP ms'.padStart(7)} ${'TBT ms'.padStart(7)} ${'CLS'.padStart(6)} ${'JS KB (gzip)'.padStart(13)}`,
    );
    for (const page of pages) {
      const url = `${server.origin}${page.path}`;
      await fetch(url); // warm the site's cache: the figure is a visitor's, not the first after a restart
      const runs = [];
      for (let i = 0; i < RUNS; i++) {
        const result = await lighthouse(url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
        });
        if (!result) throw new Error(`no Lighthouse result for ${url}`);
        const { categories, audits } = result.lhr;
        const scripts = (
          audits['resource-summary']?.details as
            | { items?: { resourceType: string; transferSize: number }[] }
            | undefined
        )?.items?.find((x) => x.resourceType === 'script');
        runs.push({
          perf: Math.round((categories.performance?.score ?? 0) * 100),
          a11y: Math.round((categories.accessibility?.score ?? 0) * 100),
          lcp: audits['largest-contentful-paint']?.numericValue ?? 0,
          tbt: audits['total-blocking-time']?.numericValue ?? 0,
          cls: audits['cumulative-layout-shift']?.numericValue ?? 0,
          js: (scripts?.transferSize ?? 0) / 1024,
        });
      }
      const perf = median(runs.map((r) => r.perf));
      const a11y = median(runs.map((r) => r.a11y));
      console.log(
        `${page.name.padEnd(12)} ${String(perf).padStart(5)} ${String(a11y).padStart(5)} ${median(
          runs.map((r) => r.lcp),
        )
          .toFixed(0)
          .padStart(7)} ${median(runs.map((r) => r.tbt))
          .toFixed(0)
          .padStart(7)} ${median(runs.map((r) => r.cls))
          .toFixed(3)
          .padStart(6)} ${median(runs.map((r) => r.js))
          .toFixed(0)
          .padStart(13)}   (perf runs: ${runs.map((r) => r.perf).join(', ')})`,
      );
      if (perf < 90 || a11y < 95) failed = true;
    }
    console.log(
      failed
        ? '\nA page is under its floor (performance ≥ 90, accessibility ≥ 95).'
        : '\nEvery page meets its floors.',
    );
  } finally {
    chrome.kill();
    await server.stop();
  }
  if (failed) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
