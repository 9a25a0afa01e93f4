import { describe, expect, it } from 'vitest';
import { runForeign } from '../../scripts/foreign/run';

/*
 * The foreign-upstream lane: the production build run against upstreams we did not write
 * (scripts/foreign/run.ts), every page kind and `/api` route crawled through each. What the document allows
 * an upstream to send never makes a page fail or the server die: 0 answers 500, 0 pages 5xx (an `/api`
 * route that proxies one failed area answers 502, honestly), the replica loads and the sync runs.
 * The figures (event-loop stall, slowest /api/health, peak memory) are printed, not held to a time.
 */

const report = (figures: unknown) => console.info(`foreign upstream: ${JSON.stringify(figures)}`);

describe('the site against a vendor that answers only as the API document allows', () => {
  it('serves every page and route, loads its replica and syncs, and stays up', async () => {
    const figures = await runForeign({ upstream: 'vendor', properties: 120 });
    report(figures);
    expect(figures.alive).toBe(true);
    expect(figures.replica.ready).toBe(true);
    expect(figures.syncs.map((s) => s.status)).toEqual([200, 200]);
    expect(figures.lastSearchPage?.status).toBe(200);
    expect(figures.crawl.status500, figures.crawl.failures.join('\n')).toBe(0);
    expect(figures.crawl.pages5xx, figures.crawl.failures.join('\n')).toBe(0);
    // Every live property's pages were walked: three pages each, and the site's other pages.
    expect(figures.crawl.pages).toBeGreaterThan(3 * 100);
  });
});

describe('the site against Prism’s dynamic mock of our OpenAPI document', () => {
  it('serves every page kind from random answers, and stays up', async () => {
    const figures = await runForeign({ upstream: 'prism' });
    report(figures);
    expect(figures.alive).toBe(true);
    expect(figures.crawl.status500, figures.crawl.failures.join('\n')).toBe(0);
    expect(figures.crawl.pages5xx, figures.crawl.failures.join('\n')).toBe(0);
    expect(figures.crawl.pages).toBeGreaterThan(60);
  });
});
