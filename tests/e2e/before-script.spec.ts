import type { Page, Route } from '@playwright/test';
import type { Location } from '../../lib/contract';
import { fold, resolveLocation } from '../../lib/site/browser/match-locations';
import { expect, expectAccessible, snap, TEST_SITE, test } from './support';

/*
 * A traveller on a slow phone types a destination and presses Enter before the page's script has run:
 * the browser sends the form itself. What they typed is not lost: the results page searches the one
 * destination it names, or says what it could not find and offers the nearest.
 */

let locations: Location[] = [];
test.beforeAll(async () => {
  locations = (await (await fetch(`${TEST_SITE}/api/locations`)).json()).locations;
});

/** A destination whose name, typed alone, names only it (what a traveller would type). */
function nameOnly(): Location {
  const found = locations.find(
    (l) =>
      l.property_count > 0 &&
      l.name.length >= 8 &&
      /^[a-z]+$/i.test(l.name) &&
      resolveLocation(locations, l.name).kind === 'found',
  );
  if (!found) throw new Error('no destination with a name of its own');
  return found;
}

/**
 * The home page as it is before its script arrives (its script chunks held back, the document's own inline
 * scripts run; its style sheet, a file of its own, comes), the destination typed and Enter pressed: the
 * browser sends the form. The next page's scripts come as usual.
 */
async function typeAndSend(page: Page, typed: string) {
  const held: Route[] = [];
  let holding = true;
  await page.route('**/_next/static/chunks/**', (route) => {
    if (holding && route.request().resourceType() === 'script') held.push(route);
    else return route.continue();
  });
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  const field = page.getByRole('combobox', { name: 'Destination' });
  await field.fill(typed);
  await field.press('Enter');
  await page.waitForURL(/\/search\?/, { waitUntil: 'commit' });
  expect(held.length, 'the home page’s scripts were held back').toBeGreaterThan(0);
  // The held requests belonged to the page left behind: they are dropped with it, unanswered.
  holding = false;
}

for (const [width, height, device] of [
  [1366, 900, 'desktop'],
  [390, 844, 'phone'],
] as const) {
  test.describe(`on a ${device} (${width} px), before the script runs`, () => {
    test.use({ viewport: { width, height } });

    test('a destination typed, not picked, is searched', async ({ page }) => {
      const place = nameOnly();
      // Typed carelessly: in lower case, with a letter missing from the middle of a long name.
      const middle = Math.floor(place.name.length / 2);
      const typo = fold(place.name.slice(0, middle) + place.name.slice(middle + 1));
      await typeAndSend(page, typo);
      const url = new URL(page.url());
      expect(url.searchParams.get('location')).toBe(String(place.id));
      expect(url.searchParams.has('where')).toBe(false);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Rentals in ${place.name}`);
      await expect(page.getByTestId('typed-destination')).toHaveCount(0);
      await snap(page, 'before-script-1-found');
    });

    test('a destination the catalog does not have is said, with every rental below', async ({ page }) => {
      await typeAndSend(page, 'Atlantis');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('All rentals');
      await expect(page.getByTestId('typed-destination')).toContainText(
        'We have no destination called “Atlantis”.',
      );
      await expect(page.getByRole('article').first()).toBeVisible();
      await snap(page, 'before-script-2-none');
      await expectAccessible(page);
    });

    test('a name several destinations share offers each of them', async ({ page }) => {
      // The first word of a destination's path that several destinations' names begin with.
      const word = locations
        .map((l) => l.name.split(' ')[0] ?? '')
        .find((w) => w.length >= 3 && resolveLocation(locations, w).kind === 'several');
      test.skip(!word, 'the demo catalog has no name several destinations share');
      await typeAndSend(page, word!);
      const told = page.getByTestId('typed-destination');
      await expect(told).toContainText(`“${word}”`);
      const offers = told.getByRole('link');
      expect(await offers.count()).toBeGreaterThan(1);
      await snap(page, 'before-script-3-several');
      await offers.first().click();
      await expect(page).toHaveURL(/[?&]location=\d+/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Rentals in /);
    });
  });
}
