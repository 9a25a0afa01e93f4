import type { Page } from '@playwright/test';
import { expect, expectAccessible, replicaReady, test } from './support';

/*
 * Prices in search, as a traveller sees them: every card of a dated search shows its stay's total, sorted
 * by price they come in order, the price filter narrows them, a card's total is the property page's total,
 * and another display currency re-sorts the list and says which rates it used.
 */

/** The site's copy of the catalog answers searches once its first load is done (seconds, here). */

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const STAY = `checkin=${day(50)}&checkout=${day(57)}&adults=2`;

/** A card's figure in the display currency: "about €2,041" when converted, else its own total. */
async function comparedFigures(page: Page): Promise<number[]> {
  return page.getByTestId('card-price').evaluateAll((prices) =>
    prices.map((p) => {
      const about = p.querySelector('[data-testid="card-converted"]')?.textContent;
      const own = p.querySelector('[data-testid="card-total"]')?.textContent ?? '';
      return Number((about ?? own).replace(/[^\d.]/g, ''));
    }),
  );
}

const ascending = (xs: number[]) => xs.every((x, i) => i === 0 || xs[i - 1]! <= x);

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

    test('a dated search sorted by price shows each stay’s total, in order; the filter narrows it', async ({
      page,
    }) => {
      await page.goto(`/search?${STAY}&sort=price`);
      const figures = await comparedFigures(page);
      expect(figures.length).toBeGreaterThan(3);
      expect(ascending(figures), figures.join(', ')).toBe(true);
      await expect(page.getByTestId('card-price').first()).toContainText(/total · 7 nights/);
      await expect(page.getByTestId('rates-note')).toContainText('reference rates of Fri 2 Oct 2026');
      const all = Number((await page.getByRole('status').first().textContent())?.match(/^(\d+)/)?.[1]);

      // The price filter, as a person uses it.
      if (device === 'phone') await page.getByRole('button', { name: /Filters/ }).click();
      await page.getByLabel('Lowest price a night in EUR').fill('150');
      await page.getByLabel('Highest price a night in EUR').fill('400');
      await page.getByRole('button', { name: 'Update results' }).click();
      await expect(page).toHaveURL(/price_min=150&price_max=400/);
      await expect(page.getByRole('status').first()).not.toHaveText(new RegExp(`^${all} rentals`));
      const narrowed = Number((await page.getByRole('status').first().textContent())?.match(/^(\d+)/)?.[1]);
      expect(narrowed).toBeGreaterThan(0);
      expect(narrowed).toBeLessThan(all);
      for (const total of await comparedFigures(page)) {
        // A week's total between 7 × 150 and 7 × 400 (rounded "about" figures allow a unit either side).
        expect(total).toBeGreaterThanOrEqual(7 * 150 - 1);
        expect(total).toBeLessThanOrEqual(7 * 400 + 1);
      }
      await expectAccessible(page);
    });

    test('a card’s total is the property page’s total for the same stay and party', async ({ page }) => {
      await page.goto(`/search?${STAY}&sort=-price`);
      const card = page
        .getByRole('article')
        .filter({ has: page.getByTestId('card-total') })
        .first();
      const total = (await card.getByTestId('card-total').textContent())!.trim();
      await card.getByRole('link').click();
      await expect(page).toHaveURL(/\/properties\/\d+\?/);
      await expect(page.getByTestId('quote-total').first()).toHaveText(total);
    });

    test('another display currency re-sorts the results and says which rates it used', async ({ page }) => {
      await page.goto(`/search?${STAY}&sort=price`);
      await expect(page.getByTestId('rates-note')).toContainText('Compared in EUR');
      await page.getByLabel('Compare prices in').selectOption('USD');
      await expect(page).toHaveURL(/currency=USD/);
      await expect(page.getByTestId('rates-note')).toContainText(
        'Compared in USD at reference rates of Fri 2 Oct 2026',
      );
      const figures = await comparedFigures(page);
      expect(ascending(figures), figures.join(', ')).toBe(true);
      // Converted figures are in dollars now, the rental's own figure still in its own currency.
      await expect(page.getByTestId('card-converted').first()).toContainText('$');
    });
  });
}
