import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

export { LIVE_SITE, PARTNER_ALLOWED_PORT, PARTNER_REFUSED_PORT, PORT_BASE, TEST_SITE } from './ports';

import { TEST_SITE } from './ports';
export const TEST_KEY = 'svc_test_demo_full_access';

/** Every test fails on an error in the page or a console error it did not expect. */
export const test = base.extend<{ pageErrors: string[] }>({
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(`console: ${m.text()} at ${m.location().url}`);
      });
      await use(errors);
      expect(errors, 'errors in the browser').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

/**
 * A screenshot of a step, only when WALK_DIR names a folder (`npm run walk`): the steps the tests take,
 * to be looked at as a person sees them. Named by the viewport's width and the step.
 */
export async function snap(page: Page, step: string, options: { fullPage?: boolean } = {}) {
  const dir = process.env.WALK_DIR;
  if (!dir) return;
  await page.screenshot({ path: `${dir}/${page.viewportSize()?.width ?? 0}-${step}.png`, ...options });
}

/** The catalog service itself, as a partner would ask it (the answer the page must agree with). */
export async function catalogApi<T = any>(path: string): Promise<T> {
  const res = await fetch(`${TEST_SITE}/v2${path}`, { headers: { 'X-SVC-API-TOKEN': TEST_KEY } });
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return (await res.json()) as T;
}

/** The browser's local date `days` from today, as YYYY-MM-DD (what a traveller means by a day). */
export function browserDay(page: Page, days: number): Promise<string> {
  return page.evaluate((n) => {
    const d = new Date();
    d.setDate(d.getDate() + n);
    const pad = (v: number) => String(v).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  }, days);
}

/** axe on the current page: no serious or critical violations. */
export async function expectAccessible(page: Page) {
  // Next.js streams a dynamic page's metadata after its body: axe reads the page once the title has come
  // (a page that never gets one still fails, here).
  await expect(page).toHaveTitle(/\S/);
  const { violations } = await new AxeBuilder({ page }).analyze();
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual(
    [],
  );
}

/** Property ids of the result cards, in order. */
export async function cardIds(page: Page): Promise<number[]> {
  const hrefs = await page
    .getByRole('article')
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  // A card's link carries the traveller's stay in its query: the id is the path's last segment.
  return hrefs.map((h) => Number(new URL(h, 'http://card.invalid').pathname.split('/').pop()));
}

/** Waits until search answers from the site's replica of the catalog (its first load takes a while). */
export async function replicaReady() {
  const deadline = Date.now() + 150_000;
  for (;;) {
    const body = await (await fetch(`${TEST_SITE}/api/search?per_page=1`)).json();
    // Complete: the replica answers, and no load is under way (`loading` while it answers from a part).
    if (body.source === 'replica' && !body.loading) return;
    if (Date.now() > deadline) throw new Error('the replica did not finish loading');
    await new Promise((r) => setTimeout(r, 1000));
  }
}
