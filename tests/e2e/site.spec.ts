import { catalogApi, expect, expectAccessible, LIVE_SITE, TEST_SITE, test } from './support';

const BANNER = 'Test mode: inquiries are checked but not sent to an agent.';

test('the banner shows under a test key', async ({ page }) => {
  for (const path of ['/', '/destinations', '/search']) {
    await page.goto(path);
    await expect(page.getByRole('note', { name: 'Test mode' })).toHaveText(BANNER);
  }
});

test('no banner under a live key', async ({ page }) => {
  await page.goto(`${LIVE_SITE}/`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Test mode')).toHaveCount(0);
  // The live site really reads the catalog (it is not just an empty page).
  await expect(page.getByRole('heading', { name: 'Top destinations' })).toBeVisible();
});

test('destinations: the whole tree with counts, collapsible, filtered as you type', async ({ page }) => {
  const { locations } = await catalogApi<{ locations: any[] }>('/locations');
  await page.goto('/destinations');
  const europe = locations.find((l) => l.name === 'Europe');
  await expect(page.getByRole('link', { name: 'Europe', exact: true })).toBeVisible();
  await expect(page.getByText(`(${europe.property_count} rentals)`).first()).toBeVisible();
  // A country's places are folded until opened.
  const italy = locations.find((l) => l.name === 'Italy');
  const child = locations.find((l) => l.parent_id === italy.id);
  await expect(page.getByRole('link', { name: child.name, exact: true })).toBeHidden();
  const toggle = page.getByRole('button', { name: 'Show places in Italy' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Hide places in Italy' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await expect(page.getByRole('link', { name: child.name, exact: true }).first()).toBeVisible();

  await page.getByLabel('Filter destinations').fill(child.name.slice(0, 5));
  await expect(page.getByRole('status')).toContainText('match');
  await expect(page.getByRole('link', { name: child.name, exact: true }).first()).toBeVisible();
  await page.getByRole('link', { name: child.name, exact: true }).first().click();
  await expect(page).toHaveURL(new RegExp(`/destinations/${child.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Rentals in ${child.name}`);
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs.getByRole('link', { name: 'Italy' })).toBeVisible();
  const expected = await catalogApi(`/properties?location=${child.id}&per_page=12`);
  await expect(page.getByRole('status').filter({ hasText: 'rental' })).toContainText(
    `${expected.pagination.total} rental`,
  );
});

test('an unknown destination is the not-found page', async ({ page, pageErrors }) => {
  const res = await page.goto('/destinations/99999999');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'We could not find that page' })).toBeVisible();
  // The browser reports the page's own 404 as a console error: that one is expected, nothing else is.
  const own = pageErrors.findIndex((e) => e.includes('404') && e.endsWith('/destinations/99999999'));
  expect(own).toBeGreaterThanOrEqual(0);
  pageErrors.splice(own, 1);
});

test('SEO: titles, descriptions, canonical URLs, robots and sitemap', async ({ page, request }) => {
  await page.goto('/destinations');
  await expect(page).toHaveTitle(/^Destinations · /);
  await expect(page.locator('link[rel=canonical]')).toHaveAttribute('href', /\/destinations$/);
  await expect(page.locator('meta[name=description]')).toHaveAttribute('content', /destination/);
  await page.goto('/search?location=1&guests=2&page=2');
  await expect(page.locator('link[rel=canonical]')).toHaveAttribute('href', /\/destinations\/1$/);
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain('Disallow: /api/');
  expect(robots).toContain(`Sitemap: ${TEST_SITE}/sitemap.xml`);
  const sitemap = await (await request.get('/sitemap.xml')).text();
  const live = (await catalogApi('/properties?per_page=1')).pagination.total;
  expect(sitemap.match(/\/properties\/\d+</g)?.length).toBe(live);
  expect(sitemap).toContain('/destinations/1<');
});

test.describe('accessibility (axe: no serious or critical violations)', () => {
  for (const path of ['/', '/destinations', '/search?guests=2', '/destinations/1']) {
    test(path, async ({ page }) => {
      await page.goto(path);
      await expectAccessible(page);
    });
  }
  test('home with the destination list and the calendar open', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('combobox', { name: 'Destination' }).fill('a');
    await expect(page.getByRole('option').first()).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: /Dates/ }).click();
    await expect(page.getByRole('dialog').getByRole('grid')).toBeVisible();
    await expectAccessible(page);
  });
});
