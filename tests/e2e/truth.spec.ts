import { catalogApi, expect, expectAccessible, replicaReady, snap, test } from './support';

/*
 * Search tells the truth about what can be booked and what it costs (issue 25), as a traveller sees it at
 * both widths: a far-future week sorted by price opens with real totals (never a 0), and stays whose nights
 * are not all priced come last, saying so in the same words on the card and the property page; a one-night
 * search counts only rentals that take one night and says once what it left out; past dates are refused.
 */

const NOT_PUBLISHED = 'Rates not yet published for all nights — ask an agent';
const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/** The site's copy of the catalog answers searches once its first load is done (seconds, here). */

test.beforeAll(async () => {
  test.setTimeout(180_000);
  await replicaReady();
});

for (const [width, height, device] of [
  [1366, 900, 'desktop'],
  [390, 844, 'phone'],
] as const) {
  test.describe(`on a ${device} (${width} px)`, () => {
    test.use({ viewport: { width, height } });

    test('a far-future week by price: no 0 total, unpriced stays last, the same words on the rental', async ({
      page,
    }) => {
      // Beyond most published rates (the 2028-09-10 seen from 2026-11-23).
      const checkin = day(660);
      await page.goto(`/search?checkin=${checkin}&checkout=${day(667)}&sort=price`);
      const status = page.getByRole('status').first();
      await expect(status).toContainText(/rentals · free/);
      const cards = page.getByRole('article');
      await expect(cards.first().getByTestId('card-total')).toBeVisible();
      const totals = await page.getByTestId('card-total').allTextContents();
      for (const total of totals) expect(Number(total.replace(/[^\d.]/g, '')), total).toBeGreaterThan(0);
      await expect(page.getByText(/\(incomplete\)/)).toHaveCount(0);
      await snap(page, 'truth-far-future-first');

      // The last page: the stays without a whole price, none with a figure after the first of them.
      const pages = Number((await status.textContent())?.match(/page 1 of (\d+)/)?.[1]);
      expect(pages).toBeGreaterThan(1);
      await page
        .getByRole('navigation', { name: 'Pagination' })
        .getByRole('link', { name: String(pages), exact: true })
        .click();
      await expect(status).toContainText(`page ${pages} of ${pages}`);
      await expect(cards.getByText(NOT_PUBLISHED).first()).toBeVisible();
      const kinds = await cards.evaluateAll((els) =>
        els.map((e) => (e.querySelector('[data-testid="card-total"]') ? 'total' : 'none')),
      );
      expect(kinds.slice(kinds.indexOf('none'))).not.toContain('total');
      await snap(page, 'truth-far-future-last');
      await expectAccessible(page);

      // Its property page says the same, with no total anywhere.
      await cards.filter({ hasText: NOT_PUBLISHED }).first().getByRole('link').click();
      await expect(page).toHaveURL(new RegExp(`/properties/\\d+\\?.*checkin=${checkin}`));
      const said =
        device === 'desktop'
          ? page.getByRole('complementary', { name: 'Booking' }).getByTestId('quote-no-total')
          : page.getByTestId('phone-no-total');
      await expect(said).toContainText(NOT_PUBLISHED);
      await expect(page.getByTestId('quote-total')).toHaveCount(0);
      await expect(page.getByText(/taxes and fees included/)).toHaveCount(0);
      await snap(page, 'truth-far-future-rental');
      await expectAccessible(page);
    });

    test('a one-night search counts only rentals that take one night, and says once what it left', async ({
      page,
    }) => {
      const [checkin, checkout] = [day(45), day(46)];
      await page.goto(`/search?checkin=${checkin}&checkout=${checkout}`);
      const status = page.getByRole('status').first();
      await expect(status).toContainText(/rentals? · free/);
      const counted = Number((await status.textContent())?.match(/^(\d+)/)?.[1]);
      // The catalog finds every rental free on the night; those that need a longer stay are said, not listed.
      const free = (await catalogApi(`/properties?checkin=${checkin}&checkout=${checkout}&per_page=1`))
        .pagination.total as number;
      expect(counted).toBeLessThan(free);
      const note = page.getByTestId('unbookable-note');
      await expect(note).toHaveCount(1);
      await expect(note).toContainText(
        new RegExp(
          `^${free - counted} more rentals are free on these dates but need a longer stay \\(at least (\\d+) nights\\)`,
        ),
      );
      await expect(page.getByText(/Minimum stay/)).toHaveCount(0);
      for (const total of await page.getByTestId('card-total').allTextContents())
        expect(Number(total.replace(/[^\d.]/g, '')), total).toBeGreaterThan(0);
      await snap(page, 'truth-one-night');
      await expectAccessible(page);

      // The way to the rentals left out: the shortest stay they take.
      const nights = Number((await note.textContent())?.match(/at least (\d+) nights/)?.[1]);
      await note.getByRole('link', { name: `Search ${nights} nights instead` }).click();
      await expect(page).toHaveURL(new RegExp(`checkout=${day(45 + nights)}`));
      await expect(status).not.toHaveText(new RegExp(`^${counted} rental`));
      expect(Number((await status.textContent())?.match(/^(\d+)/)?.[1])).toBeGreaterThan(counted);
    });

    test('past dates are refused, in people’s words, with nothing called free', async ({ page }) => {
      await page.goto('/search?checkin=2025-06-10&checkout=2025-06-17');
      await expect(page.getByRole('alert').filter({ hasText: 'cannot be run' })).toContainText(
        'Check-in can’t be in the past',
      );
      await expect(page.getByRole('status').first()).toHaveText('No results');
      await expect(page.getByRole('article')).toHaveCount(0);
      await expect(page.getByText(/· free/)).toHaveCount(0);
      await snap(page, 'truth-past');
      await expectAccessible(page);
      // A change in the filters while the dates are still past counts nothing: no search the site refuses
      // is asked behind the traveller's back, and the apply button offers no count.
      const counted = page
        .waitForRequest((r) => /\/api\/search\?.*per_page=1/.test(r.url()), { timeout: 2_000 })
        .then(
          () => true,
          () => false,
        );
      if (device === 'phone') await page.getByRole('button', { name: /^Filters/ }).click();
      await page.getByLabel('Bedrooms').selectOption('2');
      expect(await counted).toBe(false);
      await expect(page.getByRole('button', { name: 'Update results' })).toHaveText('Update results');
      // The way out keeps the rest of the search.
      await page.getByRole('link', { name: 'Search without these dates' }).click();
      await expect(page).not.toHaveURL(/checkin=/);
      await expect(page.getByRole('status').first()).toContainText(/^\d[\d,]* rentals/);
    });
  });
}
