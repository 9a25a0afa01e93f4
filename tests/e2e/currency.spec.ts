import { addDays } from './stays';
import { expect, expectAccessible, replicaReady, snap, test } from './support';

/*
 * The display currency chosen in the header (`?currency=USD`) is kept from page to page: from the results
 * to the rental, its inquiry and confirmation, and back; each page shows "about $X" beside the rental's own
 * figure, the same figure the card showed. A general request's budget names its currency.
 */

/** The site's copy of the catalog answers searches (and converts card prices) once its first load is done. */

test.beforeAll(async () => {
  test.setTimeout(180_000);
  await replicaReady();
});

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

for (const [width, height] of [
  [1366, 900],
  [390, 844],
] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height } });

    test('the currency chosen stays from results to the rental, its inquiry and confirmation, and back', async ({
      page,
    }) => {
      test.setTimeout(90_000);
      const checkin = day(60);
      const checkout = addDays(checkin, 5);
      await page.goto(`/search?checkin=${checkin}&checkout=${checkout}&adults=2&currency=USD`);
      // A rental priced in another currency: its card shows the total and "about $X".
      const card = page
        .getByRole('article')
        .filter({ has: page.getByTestId('card-converted') })
        .filter({ hasNotText: 'incomplete' })
        .first();
      await expect(card).toBeVisible();
      const about = ((await card.getByTestId('card-converted').textContent()) ?? '').trim();
      expect(about).toMatch(/^about \$[\d,]+$/);
      const link = card.getByRole('link').first();
      expect(await link.getAttribute('href')).toContain('currency=USD');
      await link.click();

      // The rental: its own currency, "about" the same dollars beside it, the header still on USD.
      await expect(page).toHaveURL(/\/properties\/\d+\?.*currency=USD/);
      await expect(page.getByRole('combobox', { name: 'Compare prices in' })).toHaveValue('USD');
      const booking =
        width >= 1024
          ? page.getByRole('complementary', { name: 'Booking' })
          : page.locator('div.fixed.bottom-0').filter({ hasText: 'Send an inquiry' });
      await expect(booking.getByTestId('about-money').first()).toHaveText(about);
      // The rates table too.
      await expect(
        page.getByRole('region', { name: 'Rates' }).getByTestId('about-money').first(),
      ).toContainText(/^about \$/);
      await snap(page, 'currency-01-property');
      await expectAccessible(page);

      // The inquiry: the stay's total with "about" beside it.
      await booking.getByRole('button', { name: 'Send an inquiry' }).click();
      const inquiry = page.getByRole('dialog', { name: 'Send an inquiry' });
      await expect(inquiry.getByTestId('about-money').first()).toHaveText(about);
      await snap(page, 'currency-02-inquiry');
      await inquiry.getByLabel('First name').fill('Jane');
      await inquiry.getByLabel('Last name').fill('Traveller');
      await inquiry.getByLabel('Email').fill('jane@example.com');
      await inquiry.getByRole('button', { name: 'Send the inquiry' }).click();

      // The confirmation keeps it, and so does its way back to the rental.
      await expect(page).toHaveURL(/\/inquiries\/ld_[^?]+\?currency=USD$/);
      const kept = page.getByRole('region', { name: 'Your inquiry' });
      await expect(kept.getByTestId('about-money')).toHaveText(about);
      await snap(page, 'currency-03-confirmation');
      // The frame's links keep it too.
      for (const name of ['Destinations', 'All rentals', 'Ask an agent'])
        expect(
          await page
            .getByRole('navigation', { name: 'Main' })
            .getByRole('link', { name })
            .getAttribute('href'),
        ).toContain('currency=USD');
      expect(await page.getByRole('link', { name: 'General request' }).getAttribute('href')).toBe(
        '/inquire?currency=USD',
      );
      await page.getByRole('link', { name: 'Back to the rental' }).click();
      await expect(page).toHaveURL(/\/properties\/\d+\?.*currency=USD/);
      await expect(page.getByRole('combobox', { name: 'Compare prices in' })).toHaveValue('USD');
    });
  });
}

test('a general request’s nightly budget names its currency, sent and shown', async ({ page }) => {
  await page.goto('/inquire?currency=GBP');
  await page.locator('form[data-ready]').first().waitFor();
  const combo = page.getByRole('combobox', { name: 'Destination' });
  await combo.fill('Ital');
  await page
    .getByRole('listbox', { name: 'Destinations' })
    .getByRole('option', { name: /^Italy/ })
    .click();
  await page.getByRole('button', { name: /^Dates/ }).click();
  const picker = page.getByRole('dialog', { name: 'Choose check-in and check-out' });
  await picker.getByRole('grid').getByRole('button', { name: /today/ }).first().focus();
  for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await picker.getByRole('button', { name: 'Done' }).click();
  // The display currency chosen is the budget's, and another can be chosen.
  const currency = page.getByLabel('Currency', { exact: true });
  await expect(currency).toHaveValue('GBP');
  await currency.selectOption('CHF');
  await page.getByLabel('Minimum nightly budget').fill('300');
  await page.getByLabel('Maximum nightly budget').fill('650');
  await page.getByLabel('First name').fill('Sam');
  await page.getByLabel('Last name').fill('Planner');
  await page.getByLabel('Email').fill('sam@example.com');
  await snap(page, 'currency-04-request-form', { fullPage: true });
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/inquiries') && r.method() === 'POST');
  await page.getByRole('button', { name: 'Send the request' }).click();
  expect((await sent).postDataJSON()).toMatchObject({
    budget: { min: 300, max: 650 },
    budget_currency: 'CHF',
  });
  await expect(page).toHaveURL(/\/inquiries\/ld_[^?]+\?currency=GBP$/);
  await expect(page.getByRole('region', { name: 'Your inquiry' })).toContainText(
    'from CHF 300 up to CHF 650',
  );
  await snap(page, 'currency-05-request-confirmation');
  await expectAccessible(page);
});

test('the home page’s destinations and rentals, and the destination tree, keep the currency chosen', async ({
  page,
}) => {
  await page.goto('/?currency=USD');
  const top = page.getByRole('region', { name: 'Top destinations' }).getByRole('link').first();
  await expect(top).toHaveAttribute('href', /^\/destinations\/\d+\?currency=USD$/);
  const recent = page.getByRole('region', { name: 'Recently updated' }).getByRole('link').first();
  await expect(recent).toHaveAttribute('href', /^\/properties\/\d+\?currency=USD$/);
  await page.goto('/destinations?currency=GBP');
  await expect(page.locator('main a[href^="/destinations/"]').first()).toHaveAttribute(
    'href',
    /^\/destinations\/\d+\?currency=GBP$/,
  );
  // A made-up code is not carried on.
  await page.goto('/destinations?currency=usd');
  await expect(page.locator('main a[href^="/destinations/"]').first()).toHaveAttribute(
    'href',
    /^\/destinations\/\d+$/,
  );
});
