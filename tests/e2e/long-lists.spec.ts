import type { Locator, Page } from '@playwright/test';
import { catalogApi, expect, expectAccessible, snap, test } from './support';

/*
 * Issue 26 item 2, as a traveller meets it on a property page: the long lists (bedrooms and bathrooms,
 * amenities, reviews, rates) show their first part, and the rest comes by one button each, by keyboard too,
 * at a desktop's and a phone's width; a rest that cannot be loaded says so and comes when asked again.
 */

/** A rental with more of everything than a first view shows: bedrooms, reviews, amenity groups and rates. */
async function rentalWithLongLists() {
  const { properties } = await catalogApi('/properties?per_page=100&sort=-bedrooms');
  for (const p of properties) {
    const d = await catalogApi(`/properties/${p.id}`);
    const amenities = d.amenities.reduce((n: number, g: any) => n + g.items.length, 0);
    if (d.rooms.bedrooms.length > 6 && d.reviews.length > 4 && amenities > 10) {
      const rates = await catalogApi(`/properties/${p.id}/rates`);
      if (rates.rates.length > 7) return { detail: d, rates, amenities };
    }
  }
  throw new Error('no rental with long lists in the demo catalog');
}

/** Whether the page scrolls sideways: wider than the screen. */
const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

/** Whether an element has been laid out (not skipped as part of a `content-visibility: auto` part). */
const laidOut = (part: Locator) => part.evaluate((el) => el.checkVisibility({ contentVisibilityAuto: true }));

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** Opens a list's rest by keyboard: the button takes focus, Enter opens it, and it says it is open. */
async function openByKeyboard(page: Page, section: string, show: RegExp, hide: string) {
  const button = region(page, section).getByRole('button', { name: show });
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await button.focus();
  await page.keyboard.press('Enter');
  const open = region(page, section).getByRole('button', { name: hide });
  await expect(open).toHaveAttribute('aria-expanded', 'true');
  await expect(open).toBeFocused();
}

for (const [width, height] of [
  [1366, 900],
  [390, 844],
] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height } });

    test('a property page shows the first of each long list; the rest comes by keyboard', async ({
      page,
    }) => {
      const { detail, rates, amenities } = await rentalWithLongLists();
      await page.goto(`/properties/${detail.id}`);
      // The lists far below the first screen are not laid out with it (globals.css `.later-on-page`), yet
      // are in the page; nor does the room kept for their focus rings widen a phone's screen.
      const later = [
        region(page, 'Reviews').getByTestId('review-list').first(),
        region(page, 'Policies and arrival').getByRole('term').first(),
        region(page, 'Rates').getByRole('table'),
      ];
      for (const part of later) expect(await laidOut(part)).toBe(false);
      expect(await sideways(page)).toBe(false);

      // Bedrooms and bathrooms: six of each at first.
      const rooms = region(page, 'Bedrooms and bathrooms').getByRole('listitem');
      const roomCount = detail.rooms.bedrooms.length + detail.rooms.bathrooms.length;
      await expect(rooms).toHaveCount(
        Math.min(6, detail.rooms.bedrooms.length) + Math.min(6, detail.rooms.bathrooms.length),
      );
      await openByKeyboard(page, 'Bedrooms and bathrooms', /^Show all \d+ bedrooms and/, 'Show fewer rooms');
      await expect(rooms).toHaveCount(roomCount);
      await expect(region(page, 'Bedrooms and bathrooms')).toContainText(detail.rooms.bedrooms.at(-1).name);

      // Amenities: whole groups up to ten at first, every one once opened.
      const items = region(page, 'Amenities').getByRole('listitem');
      expect(await items.count()).toBeLessThan(amenities);
      await openByKeyboard(
        page,
        'Amenities',
        new RegExp(`^Show all ${amenities} amenities$`),
        'Show fewer amenities',
      );
      await expect(items).toHaveCount(amenities);

      // Reviews: the newest four, then the rest.
      const reviews = region(page, 'Reviews').getByTestId('review-list').getByRole('listitem');
      await expect(reviews).toHaveCount(4);
      await openByKeyboard(page, 'Reviews', /^Show \d+ more reviews?$/, 'Show fewer reviews');
      await expect(reviews).toHaveCount(detail.reviews.length);

      // Rates: the first seasons, then every season still to come (the rows are already in the page).
      const total = rates.rates.length + (rates.default_rate ? 1 : 0);
      const rows = region(page, 'Rates').getByRole('row');
      expect(await rows.count()).toBeLessThan(total + 1);
      await openByKeyboard(page, 'Rates', new RegExp(`^Show all ${total} rates$`), 'Show fewer rates');
      await expect(rows).toHaveCount(total + 1);
      await expectAccessible(page);
      await snap(page, 'long-lists-open', { fullPage: true });
      // Laid out once reached, and the page still no wider than the screen.
      for (const part of later) {
        await part.scrollIntoViewIfNeeded();
        expect(await laidOut(part)).toBe(true);
      }
      expect(await sideways(page)).toBe(false);

      // Closed again by keyboard: the first view, as it was.
      await page.keyboard.press('Enter');
      await expect(rows).not.toHaveCount(total + 1);
      await expect(
        region(page, 'Rates').getByRole('button', { name: `Show all ${total} rates` }),
      ).toBeFocused();
    });
  });
}

test('“Choose dates” brings the calendar to the screen and to the keyboard', async ({ page }) => {
  const { detail } = await rentalWithLongLists();
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(`/properties/${detail.id}`);
  await page
    .getByRole('complementary', { name: 'Booking' })
    .getByRole('button', { name: 'Choose dates', exact: true })
    .click();
  const heading = page.locator('#calendar-title');
  await expect(heading).toBeFocused();
  await expect(heading).toBeInViewport({ ratio: 1 });
  // Where the smooth scroll ends, the heading is still on the screen. (With Rooms and Amenities, above
  // the calendar, laid out late too, Chromium still landed it there; they are left out for other
  // browsers' sake, docs/decisions.md.)
  await page.waitForTimeout(1000);
  await expect(heading).toBeInViewport({ ratio: 1 });
});

test('a list whose rest cannot be loaded says so, and loads when asked again', async ({
  page,
  pageErrors,
}) => {
  const { detail } = await rentalWithLongLists();
  let failing = true;
  await page.route(`**/api/properties/${detail.id}`, (route) =>
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
  await page.goto(`/properties/${detail.id}`);
  const reviews = region(page, 'Reviews');
  await reviews.getByRole('button', { name: /^Show \d+ more reviews?$/ }).click();
  const alert = reviews.getByRole('alert');
  await expect(alert).toContainText('The rest of the reviews could not be loaded. The catalog is busy.');
  await expectAccessible(page);
  await snap(page, 'reviews-failed');

  failing = false;
  await alert.getByRole('button', { name: 'Try again' }).focus();
  await page.keyboard.press('Enter');
  await expect(reviews.getByTestId('review-list').getByRole('listitem')).toHaveCount(detail.reviews.length);
  await expect(alert).toHaveCount(0);
  // The browser reports each refused request as a console error: those are expected, nothing else is.
  const refused = pageErrors.filter((e) => e.includes('503') && e.includes(`/api/properties/${detail.id}`));
  expect(refused.length).toBeGreaterThan(0);
  pageErrors.splice(0, pageErrors.length, ...pageErrors.filter((e) => !refused.includes(e)));
});
