import type { Page } from '@playwright/test';
import { catalogApi, expect, expectAccessible, snap, test } from './support';

/*
 * The destination field resolves what was typed: a destination typed in full, misspelt or without its
 * accent is searched and shown; one the catalog does not have is never dropped for "all rentals": the
 * field says to choose one from the list. By pointer and by keyboard, at both widths.
 */

type Place = { id: number; name: string; path: string[]; property_count: number };

async function placeNamed(name: string): Promise<Place> {
  const { locations } = await catalogApi<{ locations: Place[] }>('/locations');
  const place = locations.find((l) => l.name === name);
  if (!place) throw new Error(`no ${name} in the demo catalog`);
  return place;
}

/** The destination field's suggestions (not the header's currency options). */
const suggestions = (page: Page) => page.getByRole('listbox', { name: 'Destinations' }).getByRole('option');

/** The ids of the rentals in a place, as the catalog has them. */
async function idsIn(place: Place): Promise<Set<number>> {
  const { properties } = await catalogApi<{ properties: { id: number }[] }>(
    `/properties?location=${place.id}&per_page=200`,
  );
  return new Set(properties.map((p) => p.id));
}

/** Every card on the results page lies in `place`, and there is at least one. */
async function expectResultsIn(page: Page, place: Place) {
  const inPlace = await idsIn(place);
  expect(inPlace.size).toBeGreaterThan(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Rentals in ${place.name}`);
  await expect(page.getByRole('article').first()).toBeVisible();
  const hrefs = await page
    .getByRole('article')
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  expect(hrefs.length).toBeGreaterThan(0);
  for (const h of hrefs)
    expect(inPlace).toContain(Number(new URL(h, 'http://x.invalid').pathname.split('/').pop()));
  // The filters' field shows the place searched (on a phone, folded behind the "Filters" button).
  await expect(
    page.locator('#search-filters').getByRole('combobox', { name: 'Destination', includeHidden: true }),
  ).toHaveValue(place.name);
}

for (const [width, height] of [
  [1366, 900],
  [390, 844],
] as const) {
  test.describe(`the destination field at ${width} px`, () => {
    test.use({ viewport: { width, height } });

    test('a destination typed in full and Search: that place’s rentals, and the field shows it', async ({
      page,
    }) => {
      const provence = await placeNamed('Provence');
      await page.goto('/');
      const combo = page.getByRole('combobox', { name: 'Destination' });
      await combo.click();
      await page.keyboard.type('Provence');
      // The top suggestion is highlighted; the traveller presses Search rather than picking it.
      await expect(suggestions(page).first()).toContainText('Provence');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/search\\?location=${provence.id}(&|$)`));
      await expectResultsIn(page, provence);
      await snap(page, 'dest-01-typed-provence');
    });

    test('a misspelt destination finds the place, and searching it says which', async ({ page }) => {
      const provence = await placeNamed('Provence');
      await page.goto('/');
      const combo = page.getByRole('combobox', { name: 'Destination' });
      await combo.click();
      await page.keyboard.type('provnce');
      await expect(suggestions(page).first()).toContainText('Provence');
      await snap(page, 'dest-02-misspelt-list');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/search\\?location=${provence.id}(&|$)`));
      await expectResultsIn(page, provence);
    });

    test('an unknown destination is not searched as all rentals: the field says to choose', async ({
      page,
    }) => {
      await page.goto('/');
      const combo = page.getByRole('combobox', { name: 'Destination' });
      await combo.click();
      await page.keyboard.type('Paris');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      const said =
        'We have no destination called “Paris”. Choose one from the list, or clear the field to search everywhere.';
      await expect(page.getByText(said)).toBeVisible();
      await expect(combo).toHaveAccessibleDescription(said);
      await expect(combo).toHaveAttribute('aria-invalid', 'true');
      await expect(combo).toBeFocused();
      // The list is open beside the words, with the nearest name the catalog has.
      await expect(suggestions(page).first()).toContainText('Paros');
      await expect(page).toHaveURL(/\/$/);
      await snap(page, 'dest-03-unknown');
      await expectAccessible(page);
      // Cleared, the field searches everywhere, as it says.
      await combo.fill('');
      await expect(page.getByText(said)).toHaveCount(0);
      // The list of the busiest destinations opens on the emptied field; Escape closes it.
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await expect(page).toHaveURL(/\/search(\?adults=2)?$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('All rentals');
    });

    test('by keyboard alone: a short form and a missing accent, Enter to take it, Enter to search', async ({
      page,
    }) => {
      const barth = await placeNamed('St. Barthélemy');
      await page.goto('/');
      const combo = page.getByRole('combobox', { name: 'Destination' });
      await combo.focus();
      await page.keyboard.type('st barth');
      await expect(suggestions(page).first()).toContainText('St. Barthélemy');
      await page.keyboard.press('Enter');
      await expect(combo).toHaveValue('St. Barthélemy');
      await expect(combo).toHaveAttribute('aria-expanded', 'false');
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new RegExp(`/search\\?location=${barth.id}(&|$)`));
      await expectResultsIn(page, barth);
    });

    test('the results’ filters: a name two places share asks which, then arrows and Enter choose', async ({
      page,
    }) => {
      const uk = (await catalogApi<{ locations: Place[] }>('/locations')).locations.find(
        (l) => l.name === 'Lake District' && l.path.includes('United Kingdom'),
      )!;
      await page.goto('/search?adults=2');
      const filters = page.getByRole('form', { name: 'Filters' });
      if (width < 1024) await page.getByRole('button', { name: 'Filters' }).click();
      const combo = filters.getByRole('combobox', { name: 'Destination' });
      await combo.click();
      await page.keyboard.type('lake district');
      await filters.getByRole('button', { name: 'Update results' }).click();
      const said = '“lake district” could be 2 places: choose one from the list.';
      await expect(filters.getByText(said)).toBeVisible();
      await expect(combo).toHaveAccessibleDescription(said);
      await expect(page).toHaveURL(/\/search\?adults=2$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('All rentals');
      await snap(page, 'dest-04-filters-two-places');
      await expect(combo).toBeFocused();
      const options = filters.getByRole('listbox', { name: 'Destinations' }).getByRole('option');
      await expect(options.nth(0)).toContainText('United Kingdom');
      await expect(options.nth(1)).toContainText('Chile');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('Enter');
      await expect(combo).toHaveValue('Lake District');
      await expect(filters.getByText(said)).toHaveCount(0);
      await filters.getByRole('button', { name: 'Update results' }).click();
      await expect(page).toHaveURL(new RegExp(`location=${uk.id}(&|$)`));
    });
  });
}
