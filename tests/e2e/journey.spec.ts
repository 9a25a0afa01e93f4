import type { Page } from '@playwright/test';
import { party, stayDates, stayLine } from '../../components/property/format';
import { apiWordsIn } from '../../lib/site/browser/messages';
import { addDays, dayButton, formReady, freeStayAt, pageCalendar, pickStay, price } from './stays';
import { browserDay, cardIds, catalogApi, expect, expectAccessible, snap, test } from './support';

/*
 * The walk a traveller takes, as they take it, at a desktop's width and a phone's: results for a stay →
 * a card → the property page already showing that stay and its price → other dates and a bigger party →
 * the price and the inquiry follow → sent → a confirmation with the rental, the stay and the total.
 *
 * It starts on the home page: a destination, dates and adults and children picked as a person picks them.
 */

const ADULTS = 4;
const CHILDREN = 1;

async function quoteOf(
  id: number,
  s: { checkin: string; checkout: string },
  adults: number,
  children: number,
) {
  return catalogApi(
    `/properties/${id}/quote?checkin=${s.checkin}&checkout=${s.checkout}&adults=${adults}&children=${children}`,
  ).catch(() => null);
}

for (const [width, height, device] of [
  [1366, 900, 'desktop'],
  [390, 844, 'phone'],
] as const) {
  test.describe(`on a ${device} (${width} px)`, () => {
    test.use({ viewport: { width, height } });

    test('one stay from results to confirmation, and back to the same results', async ({ page }) => {
      test.setTimeout(120_000);
      // Home: a destination, dates and a party, as a person picks them.
      await page.goto('/');
      await snap(page, '01-home');
      const combo = page.getByRole('combobox', { name: 'Destination' });
      await combo.click();
      await combo.fill('France');
      await page.getByRole('option', { name: /^France/ }).click();
      await expect(combo).toHaveValue('France');
      await page.getByRole('button', { name: /Dates/ }).click();
      const dates = page.getByRole('dialog', { name: 'Choose check-in and check-out' });
      await expect(dates.getByRole('grid').getByRole('button', { name: /today/ }).first()).toBeFocused();
      // Ten or twelve weeks ahead for check-in, a week later for check-out.
      for (let i = 0; i < (device === 'desktop' ? 10 : 12); i++) await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      for (let i = 0; i < 7; i++) await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Enter');
      await snap(page, '02-home-dates');
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Guests 2 adults' }).click();
      const guests = page.getByRole('dialog', { name: 'Guests' });
      for (let i = ADULTS; i > 2; i--) await guests.getByRole('button', { name: 'More adults' }).click();
      for (let i = 0; i < CHILDREN; i++) await guests.getByRole('button', { name: 'More children' }).click();
      await snap(page, '03-home-guests');
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await page.waitForURL(/\/search\?/);
      const searched = new URL(page.url()).searchParams;
      expect(searched.get('adults')).toBe(String(ADULTS));
      expect(searched.get('children')).toBe(String(CHILDREN));
      const checkin = searched.get('checkin') ?? '';
      const checkout = searched.get('checkout') ?? '';
      expect(checkin).toBe(await browserDay(page, device === 'desktop' ? 70 : 84));
      expect(checkout).toBe(addDays(checkin, 7));
      await expect(page.getByRole('article').first()).toBeVisible();
      await snap(page, '04-results');
      await expectAccessible(page);

      // The first card whose rental quotes this stay (a longer minimum stay or price on request skipped).
      let chosen: { id: number; quote: any } | null = null;
      for (const id of await cardIds(page)) {
        const quote = await quoteOf(id, { checkin, checkout }, ADULTS, CHILDREN);
        if (quote && !quote.price_on_request) {
          chosen = { id, quote };
          break;
        }
      }
      expect(chosen, 'a result that quotes the stay').not.toBeNull();
      const { id, quote } = chosen!;
      const property = await catalogApi(`/properties/${id}`);
      const link = page.getByRole('article').getByRole('link', { name: property.name, exact: true });
      const href = (await link.getAttribute('href')) ?? '';
      const resultsUrl = page.url();
      // The card carries the stay to its rental.
      expect(href).toBe(
        `/properties/${id}?checkin=${checkin}&checkout=${checkout}&adults=${ADULTS}&children=${CHILDREN}`,
      );
      await link.click();

      // The property page shows that stay and its price with no further input.
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(property.name);
      const total = price(quote.totals.total, quote.currency.code);
      if (device === 'desktop') {
        const card = page.getByRole('complementary', { name: 'Booking' });
        await expect(card.getByTestId('quote-total')).toHaveText(total);
        await expect(card).toContainText(party(ADULTS, CHILDREN));
      } else {
        // The bar at the bottom: the stay's total, in reach without scrolling.
        await expect(page.getByRole('button', { name: `${total} total`, exact: false })).toBeInViewport();
      }
      // The calendar as a traveller reaches it: live, with the stay's nights.
      await pageCalendar(page).scrollIntoViewIfNeeded();
      await expect(pageCalendar(page).getByRole('button', { name: /check-in/ })).toHaveCount(1);
      await snap(page, '05-property');
      await snap(page, '05b-property-whole', { fullPage: true });
      await expectAccessible(page);

      // Back returns to the same results; forward to the rental with its stay.
      const rental = page.url();
      await page.goBack();
      await expect(page).toHaveURL(resultsUrl);
      await expect(
        page.getByRole('article').getByRole('link', { name: property.name, exact: true }),
      ).toBeVisible();
      await page.goForward();
      await expect(page).toHaveURL(rental);

      // Other dates in the calendar and one more child: the price follows.
      const other = await freeStayAt(id, addDays(checkin, 1), 7, 3, 90);
      expect(other, 'another free week at the rental').not.toBeNull();
      const next = other!;
      let scope = page.locator('body');
      if (device === 'desktop') {
        await pickStay(pageCalendar(page), next.checkin, next.checkout);
        scope = page.getByRole('complementary', { name: 'Booking' });
      } else {
        await page.getByRole('button', { name: /total/ }).first().click();
        const sheet = page.getByRole('dialog', { name: 'Your stay' });
        await expect(sheet).toBeVisible();
        await pickStay(sheet.getByRole('region', { name: 'Dates' }), next.checkin, next.checkout);
        scope = sheet;
      }
      await scope.getByRole('button', { name: 'More children' }).click();
      const moved = await quoteOf(id, next, ADULTS, CHILDREN + 1);
      expect(moved, 'the new stay quotes').not.toBeNull();
      const newTotal = price(moved.totals.total, moved.currency.code);
      await expect(scope.getByTestId('quote-total')).toHaveText(newTotal);
      await snap(page, '06-property-other-stay');
      await expect(page).toHaveURL(
        new RegExp(
          `checkin=${next.checkin}&checkout=${next.checkout}&adults=${ADULTS}&children=${CHILDREN + 1}`,
        ),
      );
      await expectAccessible(page);

      // The inquiry holds exactly that stay.
      await scope.getByRole('button', { name: 'Send an inquiry' }).click();
      const inquiry = page.getByRole('dialog', { name: 'Send an inquiry' });
      const line = stayLine({ ...next, adults: ADULTS, children: CHILDREN + 1 });
      await expect(inquiry.getByTestId('inquiry-stay')).toHaveText(line);
      await expect(inquiry).toContainText(`${newTotal} total`);
      await snap(page, '07-inquiry');
      await expectAccessible(page);
      await inquiry.getByLabel('First name').fill('Jane');
      await inquiry.getByLabel('Last name').fill('Traveller');
      await inquiry.getByLabel('Email').fill('jane@example.com');
      await inquiry.getByRole('button', { name: 'Send the inquiry' }).click();

      // The confirmation: the rental, the stay, the party, the total.
      await expect(page).toHaveURL(/\/inquiries\/ld_/);
      const kept = page.getByRole('region', { name: 'Your inquiry' });
      await expect(kept.getByRole('heading', { level: 2 })).toHaveText(property.name);
      await expect(kept.getByRole('img')).toBeVisible();
      await expect(kept).toContainText(stayDates(next.checkin, next.checkout));
      await expect(kept).toContainText(`${next.nights} nights`);
      await expect(kept).toContainText(party(ADULTS, CHILDREN + 1));
      await expect(kept).toContainText(newTotal);
      await snap(page, '08-confirmation');
      await expectAccessible(page);
    });
  });
}

/** Every error text on the page a person can see. */
async function visibleErrors(page: Page): Promise<string[]> {
  return page
    .locator('[role=alert], [id$="-error"], .text-red-800, .text-red-900')
    .evaluateAll((els) =>
      els
        .filter((e) => (e as HTMLElement).offsetParent !== null)
        .map((e) => (e as HTMLElement).innerText.trim()),
    );
}

function expectWords(texts: string[]) {
  expect(texts.length).toBeGreaterThan(0);
  for (const t of texts) {
    expect(apiWordsIn(t), t).toEqual([]);
    // A sentence naming its field, never the API's bare rule ("must be after", "is required") or an ISO date.
    expect(t, t).not.toMatch(/\d{4}-\d{2}-\d{2}|^(must|is required)/m);
  }
}

test('no error a person can see names a dotted path, an API field or a format mask', async ({
  page,
  pageErrors,
}) => {
  // The general request, sent empty and with nonsense.
  await page.goto('/inquire');
  await formReady(page);
  await page.getByLabel('Email').fill('nope');
  await page.getByLabel('Minimum nightly budget').fill('500');
  await page.getByLabel('Maximum nightly budget').fill('100');
  await page.getByRole('button', { name: 'Send the request' }).click();
  await expect(page.getByLabel('First name')).toHaveAttribute('aria-invalid', 'true');
  expectWords(await visibleErrors(page));

  // The server's rejection in the API's own words, on a complete form.
  await page.route('**/api/inquiries', (route) =>
    route.fulfill({
      status: 400,
      json: {
        error: {
          code: 'validation_failed',
          message: 'send either property_id or destination',
          fields: {
            destination: 'send either property_id or destination',
            'stay.checkout': 'must be after stay.checkin',
            'stay.checkin': 'must be a date (YYYY-MM-DD)',
            'stay.guests.adults': 'must be between 1 and 50',
            'contact.email': 'must be a valid email address',
            'budget.max': 'must not be below budget.min',
          },
        },
      },
    }),
  );
  await page.getByLabel('Or describe it').fill('Somewhere warm');
  await page.getByLabel('Maximum nightly budget').fill('900');
  await page.getByRole('button', { name: /^Dates/ }).click();
  const picker = page.getByRole('dialog', { name: 'Choose check-in and check-out' });
  const day = await browserDay(page, 30);
  await (await dayButton(picker, day)).click();
  await (await dayButton(picker, addDays(day, 4))).click();
  await picker.getByRole('button', { name: 'Done' }).click();
  await page.getByLabel('First name').fill('Sam');
  await page.getByLabel('Last name').fill('Words');
  await page.getByLabel('Email').fill('sam@example.com');
  await page.getByRole('button', { name: 'Send the request' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toBeVisible();
  expectWords(await visibleErrors(page));
  await page.unroute('**/api/inquiries');

  // A property's inquiry sent empty, and a stay its minimum stay refuses.
  const start = await browserDay(page, 30);
  const { properties } = await catalogApi('/properties?per_page=40');
  let refused: { id: number; checkin: string } | null = null;
  for (const p of properties) {
    const s = await freeStayAt(p.id, start, 1);
    if (s && s.nights >= 2) {
      refused = { id: p.id, checkin: s.checkin };
      break;
    }
  }
  expect(refused, 'a rental with a minimum stay').not.toBeNull();
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(
    `/properties/${refused!.id}?checkin=${refused!.checkin}&checkout=${addDays(refused!.checkin, 1)}`,
  );
  const card = page.getByRole('complementary', { name: 'Booking' });
  await expect(card).toContainText('minimum stay');
  // Refused before anything is filled in; the nearest stay the rules allow opens the inquiry.
  await expect(card.getByRole('button', { name: 'Send an inquiry' })).toBeDisabled();
  expectWords(await visibleErrors(page));
  await card.getByTestId('stay-refusal').getByRole('listitem').getByRole('button').first().click();
  await card.getByRole('button', { name: 'Send an inquiry' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send an inquiry' });
  await dialog.getByRole('button', { name: 'Send the inquiry' }).click();
  await expect(dialog.getByLabel('First name')).toHaveAttribute('aria-invalid', 'true');
  expectWords(await visibleErrors(page));
  // The browser reports the refused quote and the staged rejection; nothing else may be reported.
  pageErrors.splice(
    0,
    pageErrors.length,
    ...pageErrors.filter(
      (e) => !/status of 400/.test(e) || !/\/api\/(inquiries|properties\/\d+\/quote)/.test(e),
    ),
  );
});
