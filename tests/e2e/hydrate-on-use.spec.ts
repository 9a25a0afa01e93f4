import type { Page } from '@playwright/test';
import { expect, test } from './support';

/*
 * components/ui/hydrate-on-use.tsx, as the results page uses it: the view's script is not loaded before the
 * view is used, and nothing a visitor does in the moment before it is live is lost or done twice. Each test
 * opens the page, waits until it is idle (the view still the server's HTML), then acts at once.
 */

test.use({ viewport: { width: 1366, height: 900 } });

/** Opens the results, idle, with a mark on the document that a page load would lose. */
async function openIdle(page: Page, path = '/search?adults=2') {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  await expect(page.getByRole('article').first()).toBeVisible();
  await page.evaluate(() => {
    (window as Window & { sameDocument?: boolean }).sameDocument = true;
  });
  return {
    scripts,
    sameDocument: () =>
      page.evaluate(() => (window as Window & { sameDocument?: boolean }).sameDocument === true),
  };
}

const status = (page: Page) => page.getByRole('status').filter({ hasText: 'rentals' });
const next = (page: Page) =>
  page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Next' });

test('a link to this page pressed before the view is live is held, then followed in place', async ({
  page,
}) => {
  const { scripts, sameDocument } = await openIdle(page);
  const atLoad = scripts.length;
  await next(page).click();
  await expect(page).toHaveURL(/\/search\?adults=2&page=2$/);
  await expect(status(page)).toContainText('page 2 of');
  // Followed by the live view (its script came), not by a page load.
  expect(scripts.length).toBeGreaterThan(atLoad);
  expect(await sameDocument()).toBe(true);
});

test('a choice made before the view is live is told to it once it is', async ({ page }) => {
  const { sameDocument } = await openIdle(page);
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption('-sleeps');
  await expect(page).toHaveURL(/\/search\?adults=2&sort=-sleeps$/);
  expect(await sameDocument()).toBe(true);
});

test('a held link still goes where it says when the view’s script never comes', async ({ page }) => {
  const { sameDocument } = await openIdle(page);
  // From now on, no script the page asks for arrives (style sheets still do).
  await page.route('**/_next/static/**', (route) =>
    route.request().resourceType() === 'script' ? undefined : route.continue(),
  );
  await next(page).click();
  await page.waitForTimeout(1500);
  expect(page.url()).toMatch(/\/search\?adults=2$/);
  // After a while the browser follows it as a plain link: a new page, drawn by the server.
  await expect(page).toHaveURL(/\/search\?adults=2&page=2$/, { timeout: 10_000 });
  await expect(status(page)).toContainText('page 2 of');
  expect(await sameDocument()).toBe(false);
});

test('a URL that asks for the map wakes the view at once, with no use', async ({ page }) => {
  const { sameDocument } = await openIdle(page, '/search?adults=2&map=1');
  await expect(page.getByTestId('results-map')).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  expect(await sameDocument()).toBe(true);
});
