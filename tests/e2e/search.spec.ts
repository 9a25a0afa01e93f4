import { apiWordsIn } from '../../lib/site/browser/messages';
import { browserDay, cardIds, catalogApi, expect, expectAccessible, test } from './support';

/* Finding a place: the home search by keyboard, the results it shows, paging, the URL and the stay it carries. */

test.describe('searching from the home page', () => {
  for (const timezoneId of ['Pacific/Honolulu', 'Pacific/Tongatapu']) {
    test(`by destination, dates and party, by keyboard alone, in ${timezoneId}`, async ({ browser }) => {
      const context = await browser.newContext({ timezoneId });
      const page = await context.newPage();
      await page.goto('/');
      const france = (await catalogApi<{ locations: any[] }>('/locations')).locations.find(
        (l) => l.name === 'France',
      );

      // Destination: type, arrow to the option, Enter.
      const combo = page.getByRole('combobox', { name: 'Destination' });
      await combo.focus();
      await page.keyboard.type('Fran');
      await expect(combo).toHaveAttribute('aria-expanded', 'true');
      const option = page.getByRole('option', { name: /^France/ });
      await expect(option).toBeVisible();
      await expect(option).toContainText(`Europe · ${france.property_count} rentals`);
      while ((await combo.getAttribute('aria-activedescendant')) !== (await option.getAttribute('id'))) {
        await page.keyboard.press('ArrowDown');
      }
      await page.keyboard.press('Enter');
      await expect(combo).toHaveValue('France');
      await expect(combo).toHaveAttribute('aria-expanded', 'false');

      // Dates: Tab to the button, open, three weeks down for check-in, a week right for check-out.
      await page.keyboard.press('Tab');
      const dates = page.getByRole('button', { name: /Dates/ });
      await expect(dates).toBeFocused();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Choose check-in and check-out' });
      await expect(dialog).toBeVisible();
      // Focus is on today in the calendar (loaded when first opened).
      await expect(dialog.getByRole('grid').getByRole('button', { name: /today/ })).toBeFocused();
      for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      for (let i = 0; i < 7; i++) await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Enter');
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(dates).toBeFocused();

      // Guests: Tab to the button, open the steppers, two more adults and a child, Escape back to the button.
      await page.keyboard.press('Tab');
      const guests = page.getByRole('button', { name: 'Guests 2 adults' });
      await expect(guests).toBeFocused();
      await page.keyboard.press('Enter');
      const party = page.getByRole('dialog', { name: 'Guests' });
      await expect(party.getByRole('button', { name: 'Fewer adults' })).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(party.getByRole('button', { name: 'More adults' })).toBeFocused();
      await page.keyboard.press('Enter');
      await page.keyboard.press('Enter');
      await page.keyboard.press('Tab');
      // No fewer than no children: the step says so and does nothing.
      await expect(party.getByRole('button', { name: 'Fewer children' })).toHaveAttribute(
        'aria-disabled',
        'true',
      );
      await page.keyboard.press('Enter');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await page.keyboard.press('Escape');
      await expect(party).toBeHidden();
      await expect(page.getByRole('button', { name: 'Guests 4 adults · 1 child' })).toBeFocused();

      // On past Bedrooms to Search.
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await expect(page.getByRole('button', { name: 'Search', exact: true })).toBeFocused();
      await page.keyboard.press('Enter');

      const checkin = await browserDay(page, 21);
      const checkout = await browserDay(page, 28);
      const stay = `checkin=${checkin}&checkout=${checkout}&adults=4&children=1`;
      await expect(page).toHaveURL(new RegExp(`/search\\?location=${france.id}&${stay}$`));
      // The days the traveller picked, unchanged, in the summary; everyone staying counts for the catalog.
      const summary = page.getByRole('status').filter({ hasText: 'rentals' });
      // "free" once the site's copy has loaded (the stay's rules checked); "not booked" from the catalog before.
      await expect(summary).toContainText(/free|not booked/);
      await expect(summary).toContainText('for 5 guests');
      const expected = await catalogApi(
        `/properties?location=${france.id}&checkin=${checkin}&checkout=${checkout}&guests=5&per_page=12`,
      );
      await expect(summary).toContainText(`${expected.pagination.total.toLocaleString('en')} rental`);
      await expect.poll(() => cardIds(page)).toEqual(expected.properties.map((p: any) => p.id));
      for (const p of expected.properties) {
        expect(p.sleeps).toBeGreaterThanOrEqual(5);
        expect(p.location.path).toContain('France');
      }
      // Each card leads to its rental with this stay.
      const first = expected.properties[0].id;
      await expect(page.getByRole('article').first().getByRole('link')).toHaveAttribute(
        'href',
        `/properties/${first}?${stay}`,
      );
      // The filters show the same destination and party.
      await expect(
        page.getByRole('form', { name: 'Filters' }).getByRole('combobox', { name: 'Destination' }),
      ).toHaveValue('France');
      await expect(
        page
          .getByRole('form', { name: 'Filters' })
          .getByRole('button', { name: 'Guests 4 adults · 1 child' }),
      ).toBeVisible();
      await context.close();
    });
  }
});

test.describe('results', () => {
  test('page through, go back, and restore the same page from its link', async ({ page }) => {
    await page.goto('/search?adults=2');
    await expect.poll(() => cardIds(page)).toHaveLength(12);
    const first = await cardIds(page);
    const total = (await catalogApi('/properties?guests=2&per_page=12')).pagination.total_pages;
    await expect(page.getByRole('status').filter({ hasText: 'rentals' })).toContainText(`page 1 of ${total}`);

    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/search\?adults=2&page=2$/);
    await expect(page.getByRole('status').filter({ hasText: 'rentals' })).toContainText(`page 2 of ${total}`);
    await expect.poll(() => cardIds(page)).not.toEqual(first);
    const second = await cardIds(page);
    expect(second).toEqual(
      (await catalogApi('/properties?guests=2&per_page=12&page=2')).properties.map((p: any) => p.id),
    );

    await page.goBack();
    await expect(page).toHaveURL(/\/search\?adults=2$/);
    await expect.poll(() => cardIds(page)).toEqual(first);

    await page.goto('/search?adults=2&page=2');
    await expect.poll(() => cardIds(page)).toEqual(second);
  });

  test('a card carries the stay to its rental, and back returns to the same results', async ({ page }) => {
    const checkin = await browserDay(page, 60);
    const checkout = await browserDay(page, 66);
    const stay = `checkin=${checkin}&checkout=${checkout}&adults=3&children=2`;
    await page.goto(`/search?${stay}`);
    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(new RegExp(`/search\\?${stay}&page=2$`));
    const expected = await catalogApi(
      `/properties?checkin=${checkin}&checkout=${checkout}&guests=5&per_page=12&page=2`,
    );
    await expect.poll(() => cardIds(page)).toEqual(expected.properties.map((p: any) => p.id));

    const card = page.getByRole('article').nth(2).getByRole('link');
    const id = expected.properties[2].id;
    await expect(card).toHaveAttribute('href', `/properties/${id}?${stay}`);
    await card.click();
    await expect(page).toHaveURL(new RegExp(`/properties/${id}\\?${stay}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(expected.properties[2].name);

    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/search\\?${stay}&page=2$`));
    await expect(page.getByRole('status').filter({ hasText: 'rentals' })).toContainText('page 2 of');
    await expect.poll(() => cardIds(page)).toEqual(expected.properties.map((p: any) => p.id));
  });

  test('an old link’s guests still narrows by size and reaches the cards as adults', async ({ page }) => {
    await page.goto('/search?guests=6&rooms=3');
    const expected = await catalogApi('/properties?guests=6&rooms=3&per_page=12');
    await expect.poll(() => cardIds(page)).toEqual(expected.properties.map((p: any) => p.id));
    await expect(page.getByRole('article').first().getByRole('link')).toHaveAttribute(
      'href',
      `/properties/${expected.properties[0].id}?adults=6&bedrooms=3`,
    );
  });

  test('sorting and filters go into the URL', async ({ page }) => {
    await page.goto('/search');
    await page.getByLabel('Sort by').selectOption('-sleeps');
    await expect(page).toHaveURL(/sort=-sleeps/);
    await page.getByLabel('Bedrooms').selectOption('4');
    await page.getByRole('button', { name: /^Guests/ }).click();
    await page.getByRole('button', { name: 'More children' }).click();
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('button', { name: 'Update results' }).click();
    await expect(page).toHaveURL(/\?adults=2&children=1&bedrooms=4&sort=-sleeps$/);
    const expected = await catalogApi('/properties?guests=3&rooms=4&sort=-sleeps&per_page=12');
    await expect.poll(() => cardIds(page)).toEqual(expected.properties.map((p: any) => p.id));
  });

  test('the destination is one of the filters', async ({ page }) => {
    const { locations } = await catalogApi<{ locations: any[] }>('/locations');
    const italy = locations.find((l) => l.name === 'Italy');
    await page.goto('/search?adults=2');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('All rentals');
    const combo = page.getByRole('form', { name: 'Filters' }).getByRole('combobox', { name: 'Destination' });
    await combo.fill('Ital');
    await page.getByRole('option', { name: /^Italy/ }).click();
    await page.getByRole('button', { name: 'Update results' }).click();
    await expect(page).toHaveURL(new RegExp(`/search\\?location=${italy.id}&adults=2$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Rentals in Italy');
    const expected = await catalogApi(`/properties?location=${italy.id}&guests=2&per_page=12`);
    await expect.poll(() => cardIds(page)).toEqual(expected.properties.map((p: any) => p.id));
    await expect(combo).toHaveValue('Italy');
  });

  test('a failed update says so and retries, keeping the URL', async ({ page, pageErrors }) => {
    await page.goto('/search?adults=3');
    await expect(page.getByRole('article').first()).toBeVisible();
    let fail = true;
    await page.route('**/api/search?*', (route) =>
      fail
        ? route.fulfill({
            status: 503,
            json: { error: { code: 'unavailable', message: 'upstream_budget exhausted for svc.key' } },
          })
        : route.continue(),
    );
    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/adults=3&page=2/);
    const alert = page.getByRole('alert').filter({ hasText: 'could not be loaded' });
    await expect(alert).toBeVisible();
    // The API's own words never reach the traveller: a plain sentence stands in for them.
    await expect(alert).toContainText('The catalog is busy right now; please try again in a moment.');
    expect(apiWordsIn((await alert.allInnerTexts()).join(' '))).toEqual([]);
    fail = false;
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect(alert).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'rentals' })).toContainText('page 2 of');
    // The 503 the test staged is reported by the browser; nothing else may be.
    const staged = pageErrors.filter((e) => e.includes('503'));
    expect(staged.length).toBeGreaterThan(0);
    pageErrors.splice(0, pageErrors.length, ...pageErrors.filter((e) => !e.includes('503')));
  });

  test('cover photos ask the CDN for the width the layout needs', async ({ page }) => {
    await page.goto('/search?adults=2');
    const img = page.getByRole('article').first().getByRole('img');
    const srcset = await img.getAttribute('srcset');
    expect(srcset).toMatch(/\/cdn\/photos\/\d+-\d+w \d+w/);
    const loaded = await img.evaluate((el: HTMLImageElement) => el.currentSrc);
    expect(loaded).toMatch(/-\d+w$/);
    const res = await page.request.get(loaded);
    expect(res.headers()['content-type']).toBe('image/jpeg');
  });

  test('the cards of a row are of one height', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto('/search?adults=2');
    const boxes = await page
      .getByRole('article')
      .evaluateAll((cards) => cards.map((c) => c.getBoundingClientRect()).map((r) => [r.top, r.height]));
    const rows = new Map<number, number[]>();
    for (const [top, height] of boxes)
      rows.set(Math.round(top!), [...(rows.get(Math.round(top!)) ?? []), height!]);
    expect(rows.size).toBeGreaterThan(1);
    for (const heights of rows.values()) expect(new Set(heights.map(Math.round)).size).toBe(1);
  });

  test('an impossible search says what to relax', async ({ page }) => {
    await page.goto('/search?adults=40&children=10&bedrooms=10');
    await expect(page.getByText('No rentals match all of that.')).toBeVisible();
    await page.getByRole('link', { name: 'Fewer guests' }).click();
    await expect(page).toHaveURL(/\?adults=2&bedrooms=10$/);
  });

  test('a broken search link is explained in words, not a crash', async ({ page, pageErrors }) => {
    await page.goto('/search?checkin=2030-02-30&adults=0&children=x');
    const alert = page.getByRole('alert').filter({ hasText: 'cannot be run' });
    await expect(alert).toContainText('Check-in must be a real date.');
    await expect(alert).toContainText('Adults must be a whole number between 1 and 50.');
    await expect(alert).toContainText('Children must be a whole number between 0 and 50.');
    expect(apiWordsIn((await alert.allInnerTexts()).join(' '))).toEqual([]);
    await alert.getByRole('link', { name: 'Clear the filters' }).click();
    await expect(page).toHaveURL(/\/search$/);
    await expect(page.getByRole('article').first()).toBeVisible();

    // A broken link met after the first view (asked of /api/search) reads the same.
    await page.goto('/search?adults=2');
    await page.evaluate(() => window.history.pushState(null, '', '/search?guests=0'));
    const later = page.getByRole('alert').filter({ hasText: 'cannot be run' });
    await expect(later).toContainText('Guests must be a whole number between 1 and 100.');
    // The browser reports the route's 400 for the broken search: that one is expected, nothing else is.
    const own = pageErrors.filter((e) => e.includes('400'));
    expect(own.length).toBeGreaterThan(0);
    pageErrors.splice(0, pageErrors.length, ...pageErrors.filter((e) => !e.includes('400')));
  });
});

test.describe('on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('results come first; the filters fold behind a button that counts them', async ({ page }) => {
    const { locations } = await catalogApi<{ locations: any[] }>('/locations');
    const france = locations.find((l) => l.name === 'France');
    const checkin = await browserDay(page, 30);
    const checkout = await browserDay(page, 37);
    await page.goto(`/search?location=${france.id}&checkin=${checkin}&checkout=${checkout}&adults=2`);
    const filters = page.getByRole('form', { name: 'Filters' });
    await expect(filters).toBeHidden();
    const toggle = page.getByRole('button', { name: 'Filters, 3 active' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // The first result is on the first screen, whole.
    const first = page.getByRole('article').first();
    await expect(first).toBeInViewport({ ratio: 1 });
    const noSideways = await page.evaluate(
      () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
    );
    expect(noSideways).toBe(true);

    const mapButton = page.getByRole('button', { name: 'Map', exact: true });
    await expect(mapButton).toBeVisible();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(filters).toBeVisible();
    // The floating "Map" button steps aside while the filters are open (it would sit over their fields).
    await expect(mapButton).toBeHidden();
    await expect(filters.getByRole('combobox', { name: 'Destination' })).toHaveValue('France');
    await expectAccessible(page);
    await filters.getByRole('button', { name: /^Guests/ }).click();
    await expect(page.getByRole('dialog', { name: 'Guests' })).toBeInViewport({ ratio: 1 });
    await expectAccessible(page);
    await page.getByRole('button', { name: 'More adults' }).click();
    await page.keyboard.press('Escape');
    await filters.getByRole('button', { name: 'Update results' }).click();
    await expect(page).toHaveURL(/adults=3$/);
    // Updating folds the filters away again, the results first.
    await expect(filters).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'rental' })).toContainText('for 3 guests');
  });
});

test.describe('the results view’s script, loaded when first used', () => {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1366, height: 900 },
  ]) {
    test(`at ${viewport.width} px: none before, in place after, and the first press or typing not lost`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      const scripts: string[] = [];
      page.on('request', (r) => {
        if (r.resourceType() === 'script') scripts.push(r.url());
      });
      await page.goto('/search?adults=2', { waitUntil: 'networkidle' });
      await expect(page.getByRole('article').first()).toBeVisible();
      // Reading the results asks for nothing more: no pointer, focus or key has gone into them.
      await page.waitForTimeout(1000);
      const atLoad = scripts.length;
      // Elements the server drew, marked: hydrating in place keeps them (a redraw would make new ones).
      await page.evaluate(() => {
        for (const id of ['results-heading', 'search-filters'])
          (document.getElementById(id) as HTMLElement & { drawn?: boolean }).drawn = true;
      });

      if (viewport.width < 1000) {
        // The phone's first tap, on a button the server drew: held, then done once the view is live.
        await page.getByRole('button', { name: 'Filters, 1 active' }).click();
        await expect(page.getByRole('form', { name: 'Filters' })).toBeVisible();
      } else {
        // Typing into the destination field at once: the text reaches the view once it is live.
        await page
          .getByRole('form', { name: 'Filters' })
          .getByRole('combobox', { name: 'Destination' })
          .fill('Ital');
        await expect(page.getByRole('option', { name: /^Italy/ })).toBeVisible();
      }
      expect(scripts.length).toBeGreaterThan(atLoad);
      const kept = await page.evaluate(() =>
        ['results-heading', 'search-filters'].map(
          (id) => (document.getElementById(id) as HTMLElement & { drawn?: boolean }).drawn === true,
        ),
      );
      expect(kept).toEqual([true, true]);
      await context.close();
    });
  }
});
