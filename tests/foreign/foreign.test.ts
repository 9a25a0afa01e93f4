import { describe, expect, it } from 'vitest';
import { runForeign } from '../../scripts/foreign/run';
import { FAULTS, TREATMENTS } from '../../scripts/foreign/vendor';

/*
 * The foreign-upstream lane: the production build run against upstreams we did not write
 * (scripts/foreign/run.ts), every page kind and `/api` route crawled through each. What the document allows
 * an upstream to send never makes a page fail or the server die: 0 answers 500, 0 pages 5xx (an `/api`
 * route that proxies one failed area answers 502, honestly), the replica loads and the sync runs.
 * The figures (event-loop stall, slowest /api/health, peak memory) are printed, not held to a time.
 */

const report = (figures: unknown) => console.info(`foreign upstream: ${JSON.stringify(figures)}`);

/** What the property pages of the vendor's troubled properties say (read while the server runs). */
const seen = new Map<string, string>();
async function lookAtTroubledPages(origin: string) {
  const sitemap = await (await fetch(`${origin}/sitemap.xml`)).text();
  const ids = [...sitemap.matchAll(/\/properties\/(\d+)</g)].map((m) => Number(m[1]));
  const clean = (id: number) => !Object.values(FAULTS).some((f) => f(id)) && !TREATMENTS.extreme(id);
  const pick = {
    noPhotos: ids.find(
      (id) => FAULTS.imagesFail(id) && !FAULTS.ratesFail(id) && !FAULTS.availabilitySlow(id),
    )!,
    noRates: ids.find((id) => FAULTS.ratesFail(id) && !FAULTS.goneBetweenReads(id))!,
    gone: ids.find(FAULTS.goneBetweenReads)!,
    forever: ids.find((id) => TREATMENTS.openEnded(id) && clean(id))!,
  };
  for (const [name, id] of Object.entries(pick)) {
    const res = await fetch(`${origin}/properties/${id}`);
    seen.set(name, `${res.status} ${await res.text()}`);
  }
}

describe('the site against a vendor that answers only as the API document allows', () => {
  it('serves every page and route, loads its replica and syncs, and stays up', async () => {
    const figures = await runForeign({ upstream: 'vendor', properties: 120, inspect: lookAtTroubledPages });
    report(figures);
    expect(figures.alive).toBe(true);
    expect(figures.replica.ready).toBe(true);
    expect(figures.syncs.map((s) => s.status)).toEqual([200, 200]);
    expect(figures.lastSearchPage?.status, `the first search: ${figures.earlySearch}`).toBe(200);
    expect(figures.crawl.status500, figures.crawl.failures.join('\n')).toBe(0);
    expect(figures.crawl.pages5xx, figures.crawl.failures.join('\n')).toBe(0);
    // Every live property's pages were walked: three pages each, and the site's other pages.
    expect(figures.crawl.pages).toBeGreaterThan(3 * 100);
  });

  it('drops only the section whose read failed, and sends the calendar no further than it shows', () => {
    const page = (name: string) => seen.get(name) ?? '';
    // Photos failed: the page, with the drawn placeholder and a price.
    expect(page('noPhotos')).toMatch(/^200 /);
    expect(page('noPhotos')).toContain('Photos of this rental are coming soon');
    expect(page('noPhotos')).not.toMatch(/Prices are unavailable/);
    // Rates failed: no price, the inquiry kept.
    expect(page('noRates')).toMatch(/^200 /);
    expect(page('noRates')).toMatch(/Prices are unavailable right now — ask an agent/);
    expect(page('noRates')).toMatch(/Rates can’t be shown right now/);
    // Listed, then gone on its own areas: still its page, without photos, prices or booked dates.
    expect(page('gone')).toMatch(/^200 /);
    expect(page('gone')).toMatch(/Booked dates can’t be shown right now/);
    // A hold to 9999-12-31 reaches the page cut to the calendar's months.
    expect(page('forever')).toMatch(/^200 /);
    expect(page('forever')).not.toContain('9999-12-31');
    expect(page('forever')).not.toContain('1900-01-01');
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
