import type { Locator, Page } from '@playwright/test';
import { INQUIRY_LIMITS } from '../../lib/contract';
import { showDay, showRange } from '../../lib/site/browser';
import { infantsLine } from '../../lib/site/browser/party';
import { addDays, formReady, freeStayAt, price, type Range } from './stays';
import { browserDay, catalogApi, expect, expectAccessible, replicaReady, snap, test } from './support';

/*
 * What a traveller is told about the stay they look at: the bedrooms a price is for (a six-bedroom villa
 * priced for the two a couple needs says "2 of 6"), a stay a link names that cannot be had (why, the
 * nearest stays the rules allow, the inquiry closed until one is chosen), and one child-age rule with
 * infants on the home search and the property page. At a desktop's width and a phone's.
 */

type RatePeriod = { start_date: string; end_date: string; rooms: number };

/** The tier a night uses for `bedrooms`, as the API document says: the covering period's smallest fitting `rooms`. */
const tierOf = (periods: RatePeriod[], night: string, bedrooms: number) =>
  periods
    .filter((p) => p.start_date <= night && night <= p.end_date && p.rooms >= bedrooms)
    .sort((a, b) => a.rooms - b.rooms)[0]?.rooms;

/**
 * A six-bedroom rental whose two-bedroom tier prices a couple's free week (every night), with that week,
 * the rental's place and its quote: found from the catalog's own answers, not from the site.
 */
async function villaForTwo(page: Page) {
  const start = await browserDay(page, 45);
  const { properties } = await catalogApi('/properties?rooms=6&per_page=200');
  for (const p of properties.filter((x: { bedrooms: number }) => x.bedrooms === 6)) {
    const stay = await freeStayAt(p.id, start, 7, 1, 90);
    if (!stay) continue;
    const rates = await catalogApi(`/properties/${p.id}/rates`);
    let night = stay.checkin;
    let twos = true;
    for (; night < stay.checkout && twos; night = addDays(night, 1))
      twos = tierOf(rates.rates, night, 1) === 2;
    if (!twos) continue;
    const q = await catalogApi(
      `/properties/${p.id}/quote?checkin=${stay.checkin}&checkout=${stay.checkout}&adults=2`,
    );
    if (q.price_on_request || q.accuracy !== 'exact') continue;
    return { ...stay, name: p.name as string, location: p.location.id as number, quote: q };
  }
  throw new Error('no six-bedroom rental with a two-bedroom week');
}

/** A rental with a booked range at least two weeks ahead, and that range. */
async function bookedAhead(page: Page) {
  const soon = await browserDay(page, 14);
  const { properties } = await catalogApi('/properties?per_page=60');
  for (const p of properties) {
    const { booked } = await catalogApi<{ booked: Range[] }>(`/properties/${p.id}/availability`);
    const range = booked.find((r) => r.checkin >= soon && r.checkout > addDays(r.checkin, 2));
    if (!range) continue;
    const rates = await catalogApi(`/properties/${p.id}/rates`);
    if (rates.price_on_request) continue;
    return { id: p.id as number, sleeps: p.sleeps as number, range, booked };
  }
  throw new Error('no rental with booked dates ahead');
}

for (const [width, height, device] of [
  [1366, 900, 'desktop'],
  [390, 844, 'phone'],
] as const) {
  test.describe(`on a ${device} (${width} px)`, () => {
    test.use({ viewport: { width, height } });
    const phone = width < 1024;
    /** Where the stay's price and call to action are: the card beside the page, or the phone's sheet. */
    const booking = async (page: Page): Promise<Locator> => {
      if (!phone) return page.getByRole('complementary', { name: 'Booking' });
      await page
        .getByRole('button', { name: /total|Not available|Too many guests|Add dates|Working out/ })
        .first()
        .click();
      return page.getByRole('dialog', { name: 'Your stay' });
    };

    test('a six-bedroom villa priced for two says so: card, booking, inquiry, confirmation', async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await page.goto('/');
      const villa = await villaForTwo(page);
      await replicaReady();
      const total = price(villa.quote.totals.total, villa.quote.currency.code);
      await page.goto(
        `/search?location=${villa.location}&checkin=${villa.checkin}&checkout=${villa.checkout}&adults=2&sort=-bedrooms`,
      );
      const card = page.getByRole('article').filter({ hasText: villa.name });
      await expect(card.getByTestId('card-total')).toHaveText(total);
      await expect(card.getByTestId('card-bedrooms-priced')).toHaveText('for 2 of 6 bedrooms');
      await snap(page, 'bedrooms-1-card');
      await card.getByRole('link', { name: villa.name }).click();

      const scope = await booking(page);
      await expect(scope.getByTestId('quote-for')).toContainText('2 of 6 bedrooms');
      await expect(scope.getByTestId('quote-total').first()).toHaveText(total);
      await expect(scope.getByText('Priced for 2 of 6 bedrooms')).toBeVisible();
      await snap(page, 'bedrooms-2-booking');
      await scope.getByRole('button', { name: 'Send an inquiry' }).click();
      const inquiry = page.getByRole('dialog', { name: 'Send an inquiry' });
      await expect(inquiry.getByTestId('inquiry-bedrooms')).toHaveText('2 of 6 bedrooms');
      await expect(inquiry).toContainText(`${total} total`);
      await expectAccessible(page);
      await formReady(page);
      await inquiry.getByLabel('First name').fill('Ana');
      await inquiry.getByLabel('Last name').fill('Bedrooms');
      await inquiry.getByLabel('Email').fill('ana@example.com');
      await snap(page, 'bedrooms-3-inquiry');
      await inquiry.getByRole('button', { name: 'Send the inquiry' }).click();
      await expect(page).toHaveURL(/\/inquiries\//);
      await expect(page.getByTestId('confirmation-bedrooms')).toHaveText('2 of 6 bedrooms');
      await expect(page.getByRole('region', { name: 'Your inquiry' })).toContainText(total);
      await snap(page, 'bedrooms-4-confirmation', { fullPage: true });
    });

    test('a link over booked dates: kept, with why and the nearest stays; one chosen is priced', async ({
      page,
    }) => {
      await page.goto('/');
      const { id, range, booked } = await bookedAhead(page);
      // Three nights from the first booked one: what a traveller's link might name.
      const checkin = range.checkin;
      const checkout = addDays(checkin, 3);
      await page.goto(`/properties/${id}?checkin=${checkin}&checkout=${checkout}&adults=2`);
      const refusal = page.getByTestId('stay-refusal').filter({ visible: true }).first();
      await expect(refusal).toContainText(
        `Not available ${showRange(checkin, checkout, { weekdays: false })}`,
      );
      await expect(refusal).toContainText(`The night of ${showDay(checkin)} is booked.`);
      // The call to action is closed, with the reason, before anything is filled in.
      const cta = phone
        ? page.getByRole('button', { name: 'Send an inquiry' })
        : page
            .getByRole('complementary', { name: 'Booking' })
            .getByRole('button', { name: 'Send an inquiry' });
      await expect(cta).toBeDisabled();
      if (!phone)
        await expect(cta).toHaveAccessibleDescription(/Choose one of the nearest stays, or other dates/);
      await snap(page, 'refused-1-booked');
      await expectAccessible(page);

      // Every stay offered is free of booked nights and quoted by the catalog, nearest first.
      const offered = refusal.getByRole('listitem').getByRole('button');
      await expect(offered).not.toHaveCount(0);
      const labels = await offered.allTextContents();
      const nearest = [];
      for (const label of labels) {
        const nights = Number(label.match(/(\d+) nights?$/)?.[1]);
        expect(nights).toBeGreaterThanOrEqual(3);
        nearest.push(label);
      }
      // The first offered, by keyboard: it becomes the stay, in the URL, priced as the catalog prices it.
      await offered.first().focus();
      await page.keyboard.press('Enter');
      const url = new URL(page.url());
      await expect.poll(() => new URL(page.url()).searchParams.get('checkin')).not.toBe(checkin);
      const chosen = new URL(page.url()).searchParams;
      const [ci, co] = [chosen.get('checkin')!, chosen.get('checkout')!];
      expect(url.pathname).toBe(`/properties/${id}`);
      for (let n = ci; n < co; n = addDays(n, 1))
        expect(
          booked.some((r) => r.checkin <= n && n < r.checkout),
          `night ${n} booked`,
        ).toBe(false);
      expect(nearest[0]).toContain(showRange(ci, co, { weekdays: false }));
      await expect(page.getByRole('status').filter({ hasText: 'Your stay is now' }).first()).toBeFocused();
      const q = await catalogApi(`/properties/${id}/quote?checkin=${ci}&checkout=${co}&adults=2`);
      const scope = await booking(page);
      await expect(scope.getByTestId('quote-total').first()).toHaveText(
        price(q.totals.total, q.currency.code),
      );
      await expect(scope.getByRole('button', { name: 'Send an inquiry' })).toBeEnabled();
      await snap(page, 'refused-2-chosen');
    });

    test('a link in the past, and a party too large: said, the inquiry closed', async ({ page }) => {
      await page.goto('/');
      const { id, sleeps } = await bookedAhead(page);
      const today = await browserDay(page, 0);
      const past = await browserDay(page, -400);
      await page.goto(`/properties/${id}?checkin=${past}&checkout=${addDays(past, 4)}&adults=2`);
      const refusal = page.getByTestId('stay-refusal').filter({ visible: true }).first();
      await expect(refusal).toContainText(`Check-in ${showDay(past)} has passed.`);
      // Nearest stays start today or later, in the traveller's own calendar, and keep the four nights.
      const first = refusal.getByRole('listitem').getByRole('button').first();
      await expect(first).toHaveText(/ · 4 nights$/);
      await expect(page.getByRole('button', { name: 'Send an inquiry' }).first()).toBeDisabled();
      await first.click();
      await expect.poll(() => new URL(page.url()).searchParams.get('checkin') ?? '').toMatch(/^\d{4}-/);
      expect(new URL(page.url()).searchParams.get('checkin')! >= today).toBe(true);
      await snap(page, 'refused-3-past');

      const stay = await freeStayAt(id, await browserDay(page, 20), 3);
      expect(stay).not.toBeNull();
      await page.goto(
        `/properties/${id}?checkin=${stay!.checkin}&checkout=${stay!.checkout}&adults=${sleeps}&children=1`,
      );
      const big = page.getByTestId('stay-refusal').filter({ visible: true }).first();
      // The dates are not what is wrong: the heading says the party is.
      await expect(big).toContainText('Too many guests for this rental');
      await expect(big).not.toContainText('Not available');
      await expect(big).toContainText(
        `This rental sleeps ${sleeps}; your party of ${sleeps + 1} is too large.`,
      );
      await expect(big.getByRole('listitem')).toHaveCount(0);
      if (phone) await expect(page.getByText('Too many guests', { exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Send an inquiry' }).first()).toBeDisabled();
      await snap(page, 'refused-4-party');
      // Fewer guests: the stay can be had and the inquiry opens.
      const scope = await booking(page);
      await scope.getByRole('button', { name: 'Fewer children' }).click();
      await expect(scope.getByRole('button', { name: 'Send an inquiry' })).toBeEnabled();
    });

    test('infants: the home search and the property page use one age rule, and agree', async ({ page }) => {
      await page.goto('/');
      await page.getByRole('button', { name: 'Guests 2 adults' }).click();
      const party = page.getByRole('dialog', { name: 'Guests' });
      await expect(party).toContainText('Ages 13 or above');
      await expect(party).toContainText('Ages 2–12');
      await expect(party).toContainText('Under 2');
      await party.getByRole('button', { name: 'More infants' }).click();
      await party.getByRole('button', { name: 'More children' }).click();
      await snap(page, 'infants-1-home');
      await party.getByRole('button', { name: 'Done' }).click();
      await expect(page.getByRole('button', { name: 'Guests 2 adults · 1 child · 1 infant' })).toBeVisible();
      await page.getByRole('button', { name: 'Search' }).click();
      await expect(page).toHaveURL(/adults=2&children=1&infants=1/);
      const first = page.getByRole('article').first().getByRole('link').first();
      await expect(first).toHaveAttribute('href', /infants=1/);
      await first.click();
      await expect(page).toHaveURL(/\/properties\/\d+\?.*infants=1/);
      const scope = await booking(page);
      const infants = scope.getByRole('group', { name: 'Infants' });
      await expect(infants.getByRole('status')).toHaveText('1');
      await expect(scope).toContainText('Ages 2–12');
      await expect(scope).toContainText('Under 2');
      // An infant takes no bed: the party's size against what the rental sleeps is adults and children.
      await expect(scope).toContainText(/Sleeps up to \d+\./);
      await snap(page, 'infants-2-property');
      await expectAccessible(page);

      // With dates, the inquiry and its confirmation name the infant; the agent is told in the message.
      const id = Number(new URL(page.url()).pathname.split('/').pop());
      const stay = await freeStayAt(id, await browserDay(page, 40), 3);
      expect(stay).not.toBeNull();
      await page.goto(
        `/properties/${id}?checkin=${stay!.checkin}&checkout=${stay!.checkout}&adults=2&children=1&infants=1`,
      );
      const dated = await booking(page);
      await dated.getByRole('button', { name: 'Send an inquiry' }).click();
      const inquiry = page.getByRole('dialog', { name: 'Send an inquiry' });
      await expect(inquiry.getByTestId('inquiry-stay')).toContainText('2 adults, 1 child, 1 infant');
      await formReady(page);
      await inquiry.getByLabel('First name').fill('Ines');
      await inquiry.getByLabel('Last name').fill('Infant');
      await inquiry.getByLabel('Email').fill('ines@example.com');
      // The infant's line opens the message the agent gets: a message typed to the API's full limit is
      // refused here, on its field, with the room that is really left, and sent once it fits.
      const room = INQUIRY_LIMITS.message - infantsLine(1).length - 2;
      await expect(inquiry).toContainText(`Up to ${room.toLocaleString('en')} characters.`);
      const message = inquiry.getByLabel('Message (optional)');
      await message.fill('x'.repeat(INQUIRY_LIMITS.message));
      await inquiry.getByRole('button', { name: 'Send the inquiry' }).click();
      await expect(inquiry).toContainText(
        `must be at most ${room.toLocaleString('en')} characters here: the line about infants goes before it`,
      );
      await expect(message).toBeFocused();
      await expect(page).not.toHaveURL(/\/inquiries\//);
      await message.fill('x'.repeat(room));
      await inquiry.getByRole('button', { name: 'Send the inquiry' }).click();
      await expect(page).toHaveURL(/\/inquiries\//);
      await expect(page.getByRole('region', { name: 'Your inquiry' })).toContainText(
        '2 adults, 1 child, 1 infant',
      );
      await snap(page, 'infants-3-confirmation');
    });
  });
}

for (const timezoneId of ['Pacific/Honolulu', 'Pacific/Tongatapu'])
  test.describe(`in ${timezoneId}`, () => {
    test.use({ timezoneId });
    test('a refused link says the days the link names, and offers no day before today', async ({ page }) => {
      await page.goto('/');
      const { id, range } = await bookedAhead(page);
      const checkout = addDays(range.checkin, 2);
      await page.goto(`/properties/${id}?checkin=${range.checkin}&checkout=${checkout}&adults=2`);
      const refusal = page.getByTestId('stay-refusal').filter({ visible: true }).first();
      await expect(refusal).toContainText(
        `Not available ${showRange(range.checkin, checkout, { weekdays: false })}`,
      );
      await expect(refusal).toContainText(`The night of ${showDay(range.checkin)} is booked.`);
      const today = await browserDay(page, 0);
      await refusal.getByRole('listitem').getByRole('button').first().click();
      await expect.poll(() => new URL(page.url()).searchParams.get('checkin')).not.toBe(range.checkin);
      expect(new URL(page.url()).searchParams.get('checkin')! >= today).toBe(true);
    });
  });
