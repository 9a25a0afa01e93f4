import type { Page } from '@playwright/test';
import { stayLine } from '../../components/property/format';
import {
  addDays,
  booked,
  calendarNote,
  dayButton,
  formReady,
  freeStay,
  pageCalendar,
  pickStay,
  price,
  type Range,
} from './stays';
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

/*
 * The property page: one stay shared by the calendar, the party, the price and the inquiry; the booking
 * card beside the content on a desktop, the bar and sheet on a phone; the inquiry and its confirmation;
 * the forms' rules on their fields; the calendar's rules.
 */

const card = (page: Page) => page.getByRole('complementary', { name: 'Booking' });

async function sendInquiry(page: Page, base: string) {
  const stay = await freeStay(page);
  await page.goto(`${base}/properties/${stay.id}`);
  // Before dates: a "from" price and a call to choose dates, nothing to send yet.
  await expect(card(page).getByRole('button', { name: 'Choose dates', exact: true })).toBeVisible();
  await pickStay(pageCalendar(page), stay.checkin, stay.checkout);
  const expected = await catalogApi(
    `/properties/${stay.id}/quote?checkin=${stay.checkin}&checkout=${stay.checkout}&adults=2`,
  );
  await expect(card(page).getByTestId('quote-total')).toHaveText(
    price(expected.totals.total, expected.currency.code),
  );
  // The stay is in the URL, so a reload keeps it.
  await expect(page).toHaveURL(new RegExp(`checkin=${stay.checkin}&checkout=${stay.checkout}&adults=2`));
  // The quote follows the party.
  const again = page.waitForResponse((r) => r.url().includes('/quote?') && r.url().includes('adults=3'));
  await card(page).getByRole('button', { name: 'More adults' }).click();
  await again;
  const three = await catalogApi(
    `/properties/${stay.id}/quote?checkin=${stay.checkin}&checkout=${stay.checkout}&adults=3`,
  );
  await expect(card(page).getByTestId('quote-total')).toHaveText(
    price(three.totals.total, three.currency.code),
  );
  await card(page).getByRole('button', { name: 'Send an inquiry' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send an inquiry' });
  await expect(dialog).toBeVisible();
  // The inquiry shows the page's stay and asks no dates or party of its own.
  await expect(dialog.getByTestId('inquiry-stay')).toHaveText(
    stayLine({ checkin: stay.checkin, checkout: stay.checkout, adults: 3, children: 0 }),
  );
  await expect(dialog.getByLabel('Check-in')).toHaveCount(0);
  await expect(dialog.getByLabel('Adults')).toHaveCount(0);
  await expectAccessible(page);
  await dialog.getByLabel('First name').fill('Jane');
  await dialog.getByLabel('Last name').fill('Traveller');
  await dialog.getByLabel('Email').fill('jane@example.com');
  await dialog.getByLabel('Message (optional)').fill('Advisor: Avery, Demo Travel Co. Is the pool heated?');
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/inquiries') && r.method() === 'POST');
  await dialog.getByRole('button', { name: 'Send the inquiry' }).click();
  // What is sent is exactly the page's stay.
  expect((await sent).postDataJSON().stay).toMatchObject({
    checkin: stay.checkin,
    checkout: stay.checkout,
    guests: { adults: 3, children: 0 },
  });
  await expect(page).toHaveURL(/\/inquiries\/ld_[A-Za-z0-9_-]{20}$/);
  await expect(page.getByText('Your agent')).toBeVisible();
  // The confirmation: the rental, the stay in words, the party and the total quoted.
  const kept = page.getByRole('region', { name: 'Your inquiry' });
  await expect(kept.getByRole('heading', { level: 2 })).toHaveText(
    (await catalogApi(`/properties/${stay.id}`)).name,
  );
  await expect(kept).toContainText(`${stay.nights} nights`);
  await expect(kept).toContainText('3 adults');
  await expect(kept).toContainText(price(three.totals.total, three.currency.code));
  return { stay, id: Number(await page.locator('dt:has-text("Inquiry number") + dd').textContent()) };
}

// A whole journey each (two pages, a dialog, three accessibility checks): 12–24 s alone, 46–49 s in CI's
// run beside the contract and foreign lanes on two cores: more room than the 90 s every test gets.
const WHOLE_PATH_MS = 120_000;

test('the whole path under a test key: dates, party, price, inquiry, confirmation with an agent', async ({
  page,
}) => {
  test.setTimeout(WHOLE_PATH_MS);
  const { id, stay } = await sendInquiry(page, TEST_SITE);
  expect(id).toBeGreaterThanOrEqual(900_000_000);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your test inquiry was accepted');
  await expect(
    page.getByRole('main').getByRole('note').filter({ hasText: 'nothing was sent to a real agency' }),
  ).toHaveText(/Test mode: .*no email goes out/);
  await expect(page.getByText('What happens next')).toHaveCount(0);
  // Back to the rental with the same stay.
  await page.getByRole('link', { name: 'Back to the rental' }).click();
  await expect(page).toHaveURL(
    new RegExp(`/properties/${stay.id}\\?checkin=${stay.checkin}&checkout=${stay.checkout}&adults=3`),
  );
  await expect(card(page).getByTestId('quote-total')).toBeVisible();
  await expectAccessible(page);
});

test('the whole path under a live key: the inquiry is created upstream and what happens next is said', async ({
  page,
}) => {
  test.setTimeout(WHOLE_PATH_MS);
  const { id } = await sendInquiry(page, LIVE_SITE);
  expect(id).toBeGreaterThan(0);
  expect(id).toBeLessThan(900_000_000);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('your inquiry is with');
  await expect(page.getByText('Test mode')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'What happens next' })).toBeVisible();
});

test('a stay in the URL is on the page at once: calendar, party, price; nonsense is dropped', async ({
  page,
}) => {
  const stay = await freeStay(page, 40);
  await page.goto(
    `/properties/${stay.id}?checkin=${stay.checkin}&checkout=${stay.checkout}&adults=2&children=1&reference=ADV-9`,
  );
  const expected = await catalogApi(
    `/properties/${stay.id}/quote?checkin=${stay.checkin}&checkout=${stay.checkout}&adults=2&children=1`,
  );
  await expect(card(page).getByTestId('quote-total')).toHaveText(
    price(expected.totals.total, expected.currency.code),
  );
  await expect(card(page).getByRole('group', { name: 'Children' }).getByRole('status')).toHaveText('1');
  // The calendar as a traveller reaches it: live, with the stay's nights.
  await pageCalendar(page).scrollIntoViewIfNeeded();
  await expect(pageCalendar(page).getByRole('button', { name: /check-in/ })).toHaveCount(1);
  // Changing the party keeps other parameters (the advisor's reference) in the URL.
  await card(page).getByRole('button', { name: 'Fewer children' }).click();
  await expect(page).toHaveURL(/adults=2&reference=ADV-9|reference=ADV-9.*adults=2/);
  await expect(page).not.toHaveURL(/children=/);
  await card(page).getByRole('button', { name: 'Send an inquiry' }).click();
  await expect(page.getByRole('dialog').getByLabel('Your reference (optional)')).toHaveValue('ADV-9');
  // A checkout before its checkin is no stay.
  await page.goto(`/properties/${stay.id}?checkin=${stay.checkout}&checkout=${stay.checkin}`);
  await expect(card(page).getByRole('button', { name: 'Choose dates', exact: true })).toBeVisible();
});

test('a link’s stay is served the rental’s own page, and the card waits for the stay instead of offering dates', async ({
  page,
  browser,
}) => {
  const stay = await freeStay(page, 41);
  const withStay = `/properties/${stay.id}?checkin=${stay.checkin}&checkout=${stay.checkout}&adults=3`;
  // The server sends the page kept for the rental (lib/site/page-cache.ts, shellOf), the same bytes
  // whatever stay the link carries; the browser takes the stay from the address.
  const html = async (path: string) => (await page.request.get(path)).text();
  const plain = await html(`/properties/${stay.id}`);
  expect(await html(withStay)).toBe(plain);
  expect(await html(withStay.replace('adults=3', 'adults=4'))).toBe(plain);
  // A partner's campaign link too: its tags stay in the address, out of the page kept.
  expect(await html(`${withStay}&utm_source=partner&utm_campaign=spring&gclid=Cj0KCQ`)).toBe(plain);

  // Before the page's scripts run, what would show no stay (dates to add, a "from" price) is not shown.
  const context = await browser.newContext();
  const waiting = await context.newPage();
  await waiting.route(/\/_next\/static\/.*\.js$/, (route) => route.abort());
  await waiting.goto(withStay);
  await expect(card(waiting).getByRole('button', { name: 'Choose dates', exact: true })).toBeHidden();
  await expect(card(waiting)).toBeVisible();
  // Scripts that never come: after 3 s the card shows what it has rather than nothing.
  await expect(card(waiting).getByRole('button', { name: 'Choose dates', exact: true })).toBeVisible({
    timeout: 6000,
  });
  await context.close();

  // With them, the link's stay and its price, the URL as it came, the stay in the inquiry.
  await page.goto(withStay);
  const expected = await catalogApi(
    `/properties/${stay.id}/quote?checkin=${stay.checkin}&checkout=${stay.checkout}&adults=3`,
  );
  await expect(card(page).getByTestId('quote-total')).toHaveText(
    price(expected.totals.total, expected.currency.code),
  );
  await expect(card(page).getByRole('group', { name: 'Adults' }).getByRole('status')).toHaveText('3');
  await expect(page.locator('html')).not.toHaveAttribute('data-stay-pending');
  expect(new URL(page.url()).search).toBe(new URL(withStay, 'http://x').search);
  await card(page).getByRole('button', { name: 'Send an inquiry' }).click();
  await expect(page.getByRole('dialog').getByTestId('inquiry-stay')).toHaveText(
    stayLine({ checkin: stay.checkin, checkout: stay.checkout, adults: 3, children: 0 }),
  );
});

for (const timezoneId of ['Pacific/Honolulu', 'Pacific/Tongatapu']) {
  test(`a link’s stay, read in the browser, is the same days in ${timezoneId}`, async ({ browser }) => {
    const context = await browser.newContext({ timezoneId });
    const page = await context.newPage();
    const stay = await freeStay(page, 43);
    const quote = page.waitForRequest((r) => r.url().includes('/quote?'));
    await page.goto(`/properties/${stay.id}?checkin=${stay.checkin}&checkout=${stay.checkout}&adults=2`);
    const asked = new URL((await quote).url()).searchParams;
    expect([asked.get('checkin'), asked.get('checkout')]).toEqual([stay.checkin, stay.checkout]);
    // The calendar as a traveller reaches it: live, with the stay's nights.
    await pageCalendar(page).scrollIntoViewIfNeeded();
    await expect(pageCalendar(page).getByRole('button', { name: /check-in/ })).toHaveCount(1);
    await card(page).getByRole('button', { name: 'Send an inquiry' }).click();
    await expect(page.getByRole('dialog').getByTestId('inquiry-stay')).toHaveText(
      stayLine({ checkin: stay.checkin, checkout: stay.checkout, adults: 2, children: 0 }),
    );
    await context.close();
  });
}

for (const timezoneId of ['Pacific/Honolulu', 'Pacific/Tongatapu']) {
  test(`dates picked in the calendar stay the same days in ${timezoneId}`, async ({ browser }) => {
    const context = await browser.newContext({ timezoneId });
    const page = await context.newPage();
    const stay = await freeStay(page, 45);
    await page.goto(`/properties/${stay.id}`);
    const quote = page.waitForRequest((r) => r.url().includes('/quote?'));
    await pickStay(pageCalendar(page), stay.checkin, stay.checkout);
    const asked = new URL((await quote).url()).searchParams;
    expect(asked.get('checkin')).toBe(stay.checkin);
    expect(asked.get('checkout')).toBe(stay.checkout);
    expect(new URL(page.url()).searchParams.get('checkin')).toBe(stay.checkin);
    await card(page).getByRole('button', { name: 'Send an inquiry' }).click();
    await expect(page.getByRole('dialog').getByTestId('inquiry-stay')).toHaveText(
      stayLine({ checkin: stay.checkin, checkout: stay.checkout, adults: 2, children: 0 }),
    );
    await context.close();
  });
}

test('the calendar refuses a range across a booked night and honours both full-day flags', async ({
  page,
}) => {
  // The booked ranges to try are found through the API first, so the browser opens only the three pages it
  // needs: one range with days free before and after it, one whose arrival day is kept free, one whose
  // departure day is.
  const today = await browserDay(page, 0);
  const { properties } = await catalogApi('/properties?per_page=60');
  const found: Partial<Record<'cross' | 'fullCheckin' | 'fullCheckout', { id: number; r: Range }>> = {};
  for (const p of properties) {
    if (found.cross && found.fullCheckin && found.fullCheckout) break;
    const { booked: ranges } = await catalogApi<{ booked: Range[] }>(`/properties/${p.id}/availability`);
    const startDay = (x: Range) => addDays(x.checkin, -2);
    const soon = ranges.filter((r) => r.checkin > addDays(today, 3) && r.checkin < addDays(today, 150));
    const r = soon.find(
      (x) =>
        !booked(ranges, startDay(x)) &&
        !booked(ranges, addDays(x.checkin, -1)) &&
        !booked(ranges, x.checkout) &&
        // The stay's first day must be one a stay can start on: not a departure day kept free.
        !ranges.some((y) => y.checkout === startDay(x) && y.checkout_full_day),
    );
    if (!r) continue;
    found.cross ??= { id: p.id, r };
    if (r.checkin_full_day) found.fullCheckin ??= { id: p.id, r };
    if (r.checkout_full_day) found.fullCheckout ??= { id: p.id, r };
  }
  expect(Object.keys(found).sort()).toEqual(['cross', 'fullCheckin', 'fullCheckout']);
  const calendar = pageCalendar(page);

  const { id: crossId, r: cross } = found.cross!;
  await page.goto(`/properties/${crossId}`);
  await (await dayButton(calendar, addDays(cross.checkin, -2))).click();
  await expect(calendarNote(calendar)).toContainText('Check-in');
  await (await dayButton(calendar, addDays(cross.checkout, 1))).click();
  await expect(calendarNote(calendar)).toContainText('the stay would cross a booked night');
  // Without the flag, the arrival day of the next guests is a check-out day like any other.
  if (!cross.checkin_full_day) {
    await page.goto(`/properties/${crossId}`);
    await (await dayButton(calendar, addDays(cross.checkin, -2))).click();
    await expect(calendarNote(calendar)).toContainText('Check-in');
    await expect(await dayButton(calendar, cross.checkin)).not.toHaveAccessibleName(
      /next guests arrive|cross a booked night/,
    );
  }

  const { id: inId, r: fullIn } = found.fullCheckin!;
  await page.goto(`/properties/${inId}`);
  await (await dayButton(calendar, addDays(fullIn.checkin, -2))).click();
  await expect(calendarNote(calendar)).toContainText('Check-in');
  await expect(await dayButton(calendar, fullIn.checkin)).toHaveAccessibleName(/next guests arrive/);

  const { id: outId, r: fullOut } = found.fullCheckout!;
  await page.goto(`/properties/${outId}`);
  await expect(await dayButton(calendar, fullOut.checkout)).toHaveAccessibleName(/previous guests leave/);
  if (!cross.checkout_full_day) {
    await page.goto(`/properties/${crossId}`);
    await expect(await dayButton(calendar, cross.checkout)).not.toHaveAccessibleName(/not available/);
  }
});

test('past days and booked days look different, and the legend says which is which', async ({ page }) => {
  const stay = await freeStay(page, 2);
  await page.goto(`/properties/${stay.id}`);
  const calendar = pageCalendar(page);
  const legend = calendar.getByRole('list', { name: 'What the calendar shows' });
  await expect(legend).toContainText('Booked');
  await expect(legend).toContainText('Past');
  const { booked: ranges } = await catalogApi<{ booked: Range[] }>(`/properties/${stay.id}/availability`);
  const today = await browserDay(page, 0);
  const night = ranges.map((r) => r.checkin).find((d) => d > today && d.slice(0, 7) === today.slice(0, 7));
  const style = (b: Awaited<ReturnType<typeof dayButton>>) =>
    b.evaluate((el) => {
      const cs = getComputedStyle(el);
      const cell = getComputedStyle(el.parentElement!);
      return { line: cs.textDecorationLine, opacity: Number(cell.opacity) * Number(cs.opacity) };
    });
  if (today.slice(8) !== '01') {
    const past = await style(await dayButton(calendar, addDays(today, -1)));
    expect(past.line).not.toContain('line-through');
    expect(past.opacity).toBeLessThan(0.6);
  }
  if (night) {
    const bookedDay = await style(await dayButton(calendar, night));
    expect(bookedDay.line).toContain('line-through');
    expect(bookedDay.opacity).toBe(1);
  }
  // The brand's colour, not the library's blue, marks the chosen stay.
  await pickStay(calendar, stay.checkin, stay.checkout);
  const chosen = await (await dayButton(calendar, stay.checkin)).evaluate(
    (el) => getComputedStyle(el).backgroundColor,
  );
  expect(chosen).toBe('rgb(19, 92, 82)');
});

test.describe('the inquiry forms', () => {
  test('each rule is shown on its field, in words', async ({ page }) => {
    await page.goto('/inquire');
    await formReady(page);
    await formReady(page);
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Message (optional)').fill('x'.repeat(5001));
    await page.getByLabel('Minimum nightly budget').fill('300');
    await page.getByLabel('Maximum nightly budget').fill('200');
    await page.getByRole('button', { name: 'Send the request' }).click();
    await expect(page.getByText('Choose a destination or describe one')).toBeVisible();
    await expect(page.getByText('Choose your check-in and check-out dates')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Enter a valid email address');
    await expect(page.getByLabel('Message (optional)')).toHaveAccessibleDescription(
      'Message can be at most 5,000 characters',
    );
    await expect(page.getByLabel('Maximum nightly budget')).toHaveAccessibleDescription(
      'Maximum nightly budget can’t be below the minimum nightly budget',
    );
    await expect(page.getByLabel('First name')).toHaveAccessibleDescription('Enter a first name');
    await expectAccessible(page);
    // Dates come from the site's own picker, not a native date box; choosing them clears the message.
    await expect(page.locator('input[type=date]')).toHaveCount(0);
    await page.getByRole('button', { name: /^Dates/ }).click();
    const picker = page.getByRole('dialog', { name: 'Choose check-in and check-out' });
    const checkin = await browserDay(page, 20);
    await (await dayButton(picker, checkin)).click();
    await (await dayButton(picker, addDays(checkin, 5))).click();
    await picker.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByText('Choose your check-in and check-out dates')).toHaveCount(0);
  });

  test('a general request reaches an agent with its destination and budget', async ({ page }) => {
    await page.goto('/inquire');
    await formReady(page);
    await formReady(page);
    const combo = page.getByRole('combobox', { name: 'Destination' });
    await combo.fill('Ital');
    await page.getByRole('option', { name: /^Italy/ }).click();
    await page.getByRole('button', { name: /^Dates/ }).click();
    const picker = page.getByRole('dialog', { name: 'Choose check-in and check-out' });
    const checkin = await browserDay(page, 40);
    await (await dayButton(picker, checkin)).click();
    await (await dayButton(picker, addDays(checkin, 7))).click();
    await picker.getByRole('button', { name: 'Done' }).click();
    await page.getByLabel('Minimum nightly budget').fill('200');
    await page.getByLabel('Maximum nightly budget').fill('450');
    await page.getByLabel('First name').fill('Sam');
    await page.getByLabel('Last name').fill('Planner');
    await page.getByLabel('Email').fill('sam@example.com');
    await page.getByLabel('Your reference (optional)').fill('ADV-2211');
    await page.getByRole('button', { name: 'Send the request' }).click();
    await expect(page).toHaveURL(/\/inquiries\/ld_/);
    await expect(page.getByText('ADV-2211')).toBeVisible();
    await expect(page.getByText('Your agent')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Your inquiry' })).toContainText('Italy');
    await expect(page.getByRole('region', { name: 'Your inquiry' })).toContainText('7 nights');
    await expectAccessible(page);
  });

  test('the server’s rejections land on the form in words: fields on their inputs, the rest above', async ({
    page,
    pageErrors,
  }) => {
    const stay = await freeStay(page);
    await page.goto(`/properties/${stay.id}?checkin=${stay.checkin}&checkout=${stay.checkout}&adults=2`);
    await page.route('**/api/inquiries', (route) =>
      route.fulfill({
        status: 400,
        json: {
          error: {
            code: 'validation_failed',
            message: 'x',
            fields: { 'contact.email': 'must be a valid email address', property_id: 'is not available' },
          },
        },
      }),
    );
    await card(page).getByRole('button', { name: 'Send an inquiry' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send an inquiry' });
    await dialog.getByLabel('First name').fill('Jo');
    await dialog.getByLabel('Last name').fill('Doe');
    await dialog.getByLabel('Email').fill('jo@example.com');
    await dialog.getByRole('button', { name: 'Send the inquiry' }).click();
    await expect(dialog.getByLabel('Email')).toHaveAccessibleDescription('Enter a valid email address');
    await expect(dialog.getByRole('alert')).toHaveText('This rental is no longer available');
    await page.unroute('**/api/inquiries');
    await page.keyboard.press('Escape');
    // A rule the agent enforces (more guests than the rental sleeps) is said before any form is filled in:
    // the inquiry stays closed, with the reason.
    await page.goto(
      `/properties/${stay.id}?checkin=${stay.checkin}&checkout=${stay.checkout}&adults=${Math.min(50, stay.sleeps + 1)}`,
    );
    await expect(card(page)).toContainText(`This rental sleeps ${stay.sleeps}`);
    await expect(card(page).getByRole('button', { name: 'Send an inquiry' })).toBeDisabled();
    await expect(card(page).getByRole('button', { name: 'Send an inquiry' })).toHaveAccessibleDescription(
      'Choose fewer guests to send an inquiry.',
    );
    // The browser reports the staged 400 answer; nothing else may be reported.
    expect(pageErrors.filter((e) => e.includes('400') && e.endsWith('/api/inquiries'))).toHaveLength(1);
    pageErrors.splice(0, pageErrors.length, ...pageErrors.filter((e) => !e.endsWith('/api/inquiries')));
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a bar at the bottom holds the price and opens the booking as a sheet (focus kept, Escape closes)', async ({
    page,
  }) => {
    const stay = await freeStay(page, 35);
    await page.goto(`/properties/${stay.id}`);
    const bar = page.getByRole('button', { name: 'Check availability' });
    await expect(bar).toBeInViewport();
    await expect(page.getByText('Add dates', { exact: true })).toBeInViewport();
    await bar.click();
    const sheet = page.getByRole('dialog', { name: 'Your stay' });
    await expect(sheet).toBeVisible();
    await expectAccessible(page);
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      expect(await sheet.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    await expect(bar).toBeFocused();
    // Dates chosen in the sheet: the bar shows the stay's total, the inquiry follows it.
    await bar.click();
    await pickStay(sheet.getByRole('region', { name: 'Dates' }), stay.checkin, stay.checkout);
    const q = await catalogApi(
      `/properties/${stay.id}/quote?checkin=${stay.checkin}&checkout=${stay.checkout}&adults=2`,
    );
    await expect(sheet.getByTestId('quote-total')).toHaveText(price(q.totals.total, q.currency.code));
    await sheet.getByRole('button', { name: 'Send an inquiry' }).click();
    const inquiry = page.getByRole('dialog', { name: 'Send an inquiry' });
    await expect(inquiry.getByTestId('inquiry-stay')).toHaveText(
      stayLine({ checkin: stay.checkin, checkout: stay.checkout, adults: 2, children: 0 }),
    );
    await expectAccessible(page);
    await inquiry.getByRole('button', { name: 'Close' }).click();
    await expect(
      page.getByRole('button', { name: `${price(q.totals.total, q.currency.code)} total`, exact: false }),
    ).toBeInViewport();
  });
});

for (const [width, height] of [
  [1366, 900],
  [390, 844],
] as const)
  test(`the photo viewer still answers keys after the photo is clicked (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    const { properties } = await catalogApi('/properties?per_page=20');
    const id = properties.find((p: any) => p.image)!.id;
    const { images } = await catalogApi(`/properties/${id}/images`);
    await page.goto(`/properties/${id}`);
    await page.getByRole('button', { name: /Show all \d+ photos/ }).click();
    const box = page.getByRole('dialog', { name: /Photos of/ });
    await expect(box).toContainText(`Photo 1 of ${images.length}`);
    // A click on the photo itself: no button there, so focus used to fall to the page behind.
    await box.getByRole('figure').click();
    expect(await box.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('ArrowRight');
    await expect(box).toContainText(`Photo 2 of ${images.length}`);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(box).toContainText(`Photo ${images.length} of ${images.length}`);
    await snap(page, `viewer-after-click-${width}`);
    await page.keyboard.press('Escape');
    await expect(box).toBeHidden();
  });

test('the gallery: thumbnails line up with the cover; lightbox by keyboard, focus kept inside and restored', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const { properties } = await catalogApi('/properties?per_page=20');
  const id = properties.find((p: any) => p.image)!.id;
  const { images } = await catalogApi(`/properties/${id}/images`);
  await page.goto(`/properties/${id}`);
  const photos = page.getByRole('region', { name: 'Photos' });
  const cover = await photos.getByRole('button', { name: /Open photo 1 of/ }).boundingBox();
  const last = await photos.getByRole('button', { name: /Open photo 5 of/ }).boundingBox();
  const second = await photos.getByRole('button', { name: /Open photo 2 of/ }).boundingBox();
  expect(Math.abs(second!.y - cover!.y)).toBeLessThanOrEqual(1);
  expect(Math.abs(last!.y + last!.height - (cover!.y + cover!.height))).toBeLessThanOrEqual(1);
  const opener = page.getByRole('button', { name: /Show all \d+ photos/ });
  await opener.focus();
  await page.keyboard.press('Enter');
  const box = page.getByRole('dialog', { name: /Photos of/ });
  await expect(box).toBeVisible();
  await expect(box).toContainText(`Photo 1 of ${images.length}`);
  await expect(box.getByRole('figure')).toContainText(images[0].caption);
  await page.keyboard.press('ArrowRight');
  await expect(box).toContainText(`Photo 2 of ${images.length}`);
  const figure = await box.getByRole('figure').boundingBox();
  const swipe = async (dx: number) => {
    await page.mouse.move(figure!.x + figure!.width / 2, figure!.y + figure!.height / 2);
    await page.mouse.down();
    await page.mouse.move(figure!.x + figure!.width / 2 + dx, figure!.y + figure!.height / 2, { steps: 5 });
    await page.mouse.up();
  };
  await swipe(-200);
  await expect(box).toContainText(`Photo 3 of ${images.length}`);
  await swipe(200);
  await expect(box).toContainText(`Photo 2 of ${images.length}`);
  await box.getByRole('button', { name: 'Close' }).focus();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(box).toContainText(`Photo ${images.length} of ${images.length}`);
  for (let i = 0; i < 5; i++) {
    await page.keyboard.press('Tab');
    expect(await box.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(box).toBeHidden();
  await expect(opener).toBeFocused();
});

test('the page reads like a listing: About near the top, the price beside it, codes in words', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const stay = await freeStay(page, 50);
  await page.goto(`/properties/${stay.id}?checkin=${stay.checkin}&checkout=${stay.checkout}&adults=2`);
  const about = await page.getByRole('heading', { name: 'About this rental' }).boundingBox();
  expect(about!.y).toBeLessThan(900);
  await expect(card(page).getByTestId('quote-total')).toBeInViewport();
  const text = await page.locator('main').innerText();
  expect(text).not.toMatch(/\b[a-z]+_[a-z_]+\b/);
  expect(text).not.toMatch(/refundable \(refundable/);
  // Seasons that ended are gone; season dates read in words.
  await expect(page.getByRole('region', { name: 'Rates' })).not.toContainText(/\d{4}-\d{2}-\d{2}/);
  await expectAccessible(page);
});

test('an unknown property is the not-found page', async ({ page, pageErrors }) => {
  const res = await page.goto('/properties/99999999');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'We could not find that page' })).toBeVisible();
  pageErrors.splice(0, pageErrors.length, ...pageErrors.filter((e) => !e.endsWith('/properties/99999999')));
});
