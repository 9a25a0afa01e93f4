import {
  browserDay,
  catalogApi,
  expect,
  expectAccessible,
  LIVE_SITE,
  snap,
  TEST_SITE,
  test,
} from './support';

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

/** A place's places at every depth, from the catalog's own list. */
function placesBeneath(locations: any[], id: number): any[] {
  const below = locations.filter((l) => l.parent_id === id);
  return below.flatMap((l) => [l, ...placesBeneath(locations, l.id)]);
}

test('destinations: regions and countries with counts; a country’s places load when opened, by keyboard, as links that work; filtered as you type', async ({
  page,
  request,
}) => {
  const { locations } = await catalogApi<{ locations: any[] }>('/locations');
  const italy = locations.find((l) => l.name === 'Italy');
  const beneath = placesBeneath(locations, italy.id);
  const child = locations.find((l) => l.parent_id === italy.id);
  expect(beneath.length).toBeGreaterThan(1);
  // The page itself carries its first view only: no link to a place beneath a country.
  const html = await (await request.get('/destinations')).text();
  expect(html).toContain(`href="/destinations/${italy.id}"`);
  for (const l of beneath) expect(html).not.toContain(`href="/destinations/${l.id}"`);

  await page.goto('/destinations');
  const europe = locations.find((l) => l.name === 'Europe');
  await expect(page.getByRole('link', { name: 'Europe', exact: true })).toBeVisible();
  await expect(page.getByText(`(${europe.property_count} rentals)`).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Italy', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: child.name, exact: true })).toHaveCount(0);
  const toggle = page.getByRole('button', { name: `Show all ${beneath.length} places in Italy` });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.focus();
  await page.keyboard.press('Enter');
  const hide = page.getByRole('button', { name: 'Hide places in Italy' });
  await expect(hide).toHaveAttribute('aria-expanded', 'true');
  await expect(hide).toBeFocused();
  // Every place beneath Italy, at every depth, is now a link on the page.
  for (const l of beneath) {
    await expect(page.locator(`main a[href="/destinations/${l.id}"]`)).toBeVisible();
  }
  await expectAccessible(page);
  await snap(page, 'destinations-italy');
  // A revealed place's link works by keyboard.
  const town = beneath.find((l) => !locations.some((c) => c.parent_id === l.id));
  await page.locator(`main a[href="/destinations/${town.id}"]`).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/destinations/${town.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Rentals in ${town.name}`);
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Destinations');

  // Opened again (the catalog is not asked twice) and closed by keyboard: the places are hidden.
  await page.getByRole('button', { name: `Show all ${beneath.length} places in Italy` }).focus();
  await page.keyboard.press('Enter');
  await expect(page.locator(`main a[href="/destinations/${child.id}"]`)).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.locator(`main a[href="/destinations/${child.id}"]`)).toBeHidden();

  await page.getByLabel('Filter destinations').fill(child.name.slice(0, 5));
  await expect(page.getByRole('status').filter({ hasText: 'match' })).toBeVisible();
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

test('destinations: places that cannot be loaded say so, and come when asked again', async ({
  page,
  pageErrors,
}) => {
  const { locations } = await catalogApi<{ locations: any[] }>('/locations');
  const italy = locations.find((l) => l.name === 'Italy');
  const child = locations.find((l) => l.parent_id === italy.id);
  let failing = true;
  await page.route('**/api/locations', (route) =>
    failing
      ? route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({
            error: { code: 'unavailable', message: 'The catalog is busy.', request_id: 'e2e' },
          }),
        })
      : route.continue(),
  );
  await page.goto('/destinations');
  await page.getByRole('button', { name: /^Show all \d+ places in Italy$/ }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'The places in Italy could not be loaded.' });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('The catalog is busy.');
  await expect(alert.getByRole('button', { name: 'Try again' })).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'destinations-failed');
  // The filter says so too, rather than finding nothing.
  await page.getByLabel('Filter destinations').fill('Tusc');
  await expect(
    page.getByRole('alert').filter({ hasText: 'The destinations could not be loaded to filter.' }),
  ).toBeVisible();
  await page.getByLabel('Filter destinations').fill('');

  failing = false;
  await alert.getByRole('button', { name: 'Try again' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.locator(`main a[href="/destinations/${child.id}"]`)).toBeVisible();
  await expect(alert).toHaveCount(0);
  // The browser reports each refused request as a console error: those are expected, nothing else is.
  const refused = pageErrors.filter((e) => e.includes('503') && e.includes('/api/locations'));
  expect(refused.length).toBeGreaterThan(0);
  pageErrors.splice(0, pageErrors.length, ...pageErrors.filter((e) => !refused.includes(e)));
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

for (const path of ['/no-such-page', '/search/xyz']) {
  test(`an unknown address (${path}) is the not-found page inside the site's header and footer`, async ({
    page,
    pageErrors,
  }) => {
    const res = await page.goto(path);
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('We could not find that page');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Villa & Co.' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await expect(page.getByRole('main')).toHaveCount(1);
    await page.getByRole('main').getByRole('link', { name: 'Search rentals' }).click();
    await expect(page).toHaveURL(/\/$/);
    const own = pageErrors.findIndex((e) => e.includes('404') && e.endsWith(path));
    expect(own).toBeGreaterThanOrEqual(0);
    pageErrors.splice(own, 1);
  });
}

test('the footer signs with the site name once, without a doubled full stop', async ({ page }) => {
  await page.goto('/destinations');
  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText('© Villa & Co. Prices');
  await expect(footer).not.toContainText('..');
});

test('/docs/api fits a 390 px screen and has one main', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/docs/api');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('reference');
  await expect(page.getByRole('main')).toHaveCount(1);
  await expect(page.locator('main')).toHaveCount(1);
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    screen: document.documentElement.clientWidth,
  }));
  expect(widths.page).toBeLessThanOrEqual(widths.screen);
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
  for (const path of ['/', '/destinations', '/search?adults=2&children=1', '/destinations/1', '/docs/api']) {
    test(path, async ({ page }) => {
      await page.goto(path);
      await expectAccessible(page);
    });
  }
  test('home with the destination list and the calendar open', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('combobox', { name: 'Destination' }).fill('a');
    // The destination list's options (the header's currency picker has options too).
    await expect(page.getByRole('listbox').getByRole('option').first()).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: /Dates/ }).click();
    await expect(page.getByRole('dialog').getByRole('grid')).toBeVisible();
    await expectAccessible(page);
  });
  test('home with the guests steppers open', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: /^Guests/ }).click();
    const party = page.getByRole('dialog', { name: 'Guests' });
    await expect(party.getByRole('button', { name: 'More children' })).toBeVisible();
    await expectAccessible(page);
    // A click outside closes it.
    await page.getByRole('heading', { level: 1 }).click();
    await expect(party).toBeHidden();
  });
  test('the not-found page', async ({ page, pageErrors }) => {
    await page.goto('/no-such-page');
    await expectAccessible(page);
    pageErrors.splice(0, pageErrors.length, ...pageErrors.filter((e) => !e.includes('404')));
  });
});

// A page's first Intl call starts ICU: 15–30 ms of the main thread on this machine, about four times that on
// a phone, in the task that makes the page live. Counts and money in EUR, USD and GBP are written by the site
// (lib/site/browser count, components/property/format.ts), so no page starts it while it loads.
test('home, a destination, results and a property page with a stay load without starting Intl', async ({
  page,
}) => {
  await page.addInitScript(() => {
    const calls: string[] = [];
    (window as unknown as { __intl: string[] }).__intl = calls;
    for (const name of [
      'NumberFormat',
      'DateTimeFormat',
      'Collator',
      'PluralRules',
      'RelativeTimeFormat',
    ] as const) {
      const original = Intl[name] as unknown as new (...a: unknown[]) => object;
      // A subclass: constructed as the original is, statics (supportedLocalesOf) inherited.
      const counted = class extends original {
        constructor(...a: unknown[]) {
          calls.push(`Intl.${name} ${JSON.stringify(a)}`);
          super(...a);
        }
      };
      (Intl as unknown as Record<string, unknown>)[name] = counted;
    }
    const methods = [
      [Number.prototype, 'toLocaleString'],
      [String.prototype, 'localeCompare'],
      [Date.prototype, 'toLocaleString'],
      [Date.prototype, 'toLocaleDateString'],
    ] as const;
    for (const [proto, method] of methods) {
      const original = (proto as unknown as Record<string, (...a: unknown[]) => unknown>)[method]!;
      Object.defineProperty(proto, method, {
        configurable: true,
        writable: true,
        value(this: unknown, ...a: unknown[]) {
          calls.push(`${method} ${JSON.stringify(a)}`);
          return original.apply(this, a);
        },
      });
    }
  });
  const { locations } = await catalogApi<{ locations: any[] }>('/locations');
  const france = locations.find((l) => l.name === 'France');
  const stay = `checkin=${await browserDay(page, 45)}&checkout=${await browserDay(page, 52)}&adults=2`;
  const search = await page.request.get(`/api/search?location=${france.id}&per_page=20&${stay}`);
  const { properties } = await search.json();
  // A rental whose money the site writes itself (EUR, USD or GBP): France's are in euros.
  const property = properties.find((p: any) => ['EUR', 'USD', 'GBP'].includes(p.price?.currency));
  expect(property, 'a rental in France priced in EUR, USD or GBP').toBeDefined();
  for (const path of [
    '/',
    `/destinations/${france.id}`,
    `/search?location=${france.id}&${stay}`,
    `/properties/${property.id}?${stay}`,
  ]) {
    await page.goto(path);
    // Live: React has hydrated the page's main part (its fiber is on the element), and nothing more is asked.
    await page.waitForFunction(() => {
      const main = document.querySelector('main');
      return main !== null && Object.keys(main).some((k) => k.startsWith('__reactFiber'));
    });
    await page.waitForLoadState('networkidle');
    const calls = await page.evaluate(() => (window as unknown as { __intl: string[] }).__intl.splice(0));
    expect(calls, path).toEqual([]);
  }
  // The count sees a call when there is one.
  await page.evaluate(() => (1234).toLocaleString('en'));
  expect(await page.evaluate(() => (window as unknown as { __intl: string[] }).__intl)).toHaveLength(1);
});
