import type { Locator, Page } from '@playwright/test';
import { browserDay, catalogApi, expect } from './support';

/* Stays a traveller could book in the demo catalog, and the calendar as a traveller uses it. */

export type Range = {
  checkin: string;
  checkout: string;
  checkin_full_day: boolean;
  checkout_full_day: boolean;
};
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
export const addDays = (day: string, n: number) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
};
export const booked = (ranges: Range[], night: string) =>
  ranges.some((r) => r.checkin <= night && night < r.checkout);

/** The price as the site writes it: cents only when the amount has them. */
export const price = (amount: number, currency: string) =>
  new Intl.NumberFormat('en', {
    style: 'currency',
    currency,
    ...(Number.isInteger(amount) ? { minimumFractionDigits: 0, maximumFractionDigits: 0 } : {}),
  }).format(amount);

/** A calendar's button for a day, turning months until it is shown. */
export async function dayButton(calendar: Locator, day: string) {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const name = new RegExp(`^${d} ${MONTHS[m - 1]} ${y},`);
  const target = calendar.getByRole('button', { name }).first();
  // As a person does before paging through months: the calendar in view. Its script loads as it nears;
  // until then the server's drawing stands in, its month buttons not yet working: wait for them.
  await calendar.scrollIntoViewIfNeeded();
  const next = calendar.getByRole('button', { name: 'Go to the Next Month' });
  const previous = calendar.getByRole('button', { name: 'Go to the Previous Month' });
  await expect.poll(async () => (await next.isEnabled()) || (await previous.isEnabled())).toBe(true);
  // Forward from the month shown; back again should the calendar have opened past the day. Months are
  // compared as year * 12 + month; a grid is named as "October 2028".
  const wanted = y * 12 + m - 1;
  for (let i = 0; i < 40 && !(await target.isVisible()); i++) {
    const [month = '', year = ''] = (
      (await calendar.getByRole('grid').first().getAttribute('aria-label')) ?? ''
    ).split(' ');
    const shown = Number(year) * 12 + MONTHS.indexOf(month);
    await (shown > wanted ? previous : next).click();
  }
  return target;
}

/** The page's own calendar (the main column's "Availability"). */
export const pageCalendar = (page: Page) => page.getByRole('region', { name: 'Availability' });

/** What the calendar says about the last day clicked (its months' captions are status regions too). */
export const calendarNote = (calendar: Locator) => calendar.locator('p[role=status]');

/** Check-in then check-out, as a traveller clicks them, waiting for the calendar to say each. */
export async function pickStay(calendar: Locator, checkin: string, checkout: string) {
  await (await dayButton(calendar, checkin)).click();
  await expect(calendarNote(calendar)).toContainText('Check-in');
  await (await dayButton(calendar, checkout)).click();
  await expect(calendarNote(calendar)).toContainText('Check-out');
}

/** A free stay of at least `nights` (and at least its minimum stay, at most 7) at one property, or null. */
export async function freeStayAt(id: number, start: string, nights = 3, bedrooms = 1, days = 60) {
  const { booked: ranges } = await catalogApi<{ booked: Range[] }>(`/properties/${id}/availability`);
  const rates = await catalogApi(`/properties/${id}/rates`);
  for (let offset = 0; offset < days; offset++) {
    const checkin = addDays(start, offset);
    const covering = rates.rates
      .filter((r: any) => r.start_date <= checkin && checkin <= r.end_date && r.rooms >= bedrooms)
      .sort((a: any, b: any) => a.rooms - b.rooms)[0];
    const min = covering?.min_stay ?? rates.default_rate?.min_stay;
    if (!min || min > 7) continue;
    const n = Math.max(min, nights);
    const checkout = addDays(checkin, n);
    let free = !ranges.some((r) => r.checkout === checkin && r.checkout_full_day);
    for (let d = checkin; d < checkout && free; d = addDays(d, 1)) free = !booked(ranges, d);
    if (free && !ranges.some((r) => r.checkin === checkout && r.checkin_full_day))
      return { id, checkin, checkout, nights: n };
  }
  return null;
}

/** A live, priced property and a free stay of `nights` from about `from` days ahead. */
export async function freeStay(page: Page, from = 30, nights = 3) {
  const start = await browserDay(page, from);
  const { properties } = await catalogApi('/properties?per_page=40&guests=2');
  for (const p of properties) {
    const stay = await freeStayAt(p.id, start, nights);
    if (!stay) continue;
    const q = await catalogApi(
      `/properties/${p.id}/quote?checkin=${stay.checkin}&checkout=${stay.checkout}&adults=2`,
    );
    if (!q.price_on_request) return { ...stay, sleeps: p.sleeps as number };
  }
  throw new Error('no free stay found');
}

/** Waits for a form's script to run: what is typed before that is not the form's yet. */
export async function formReady(page: Page) {
  await page.locator('form[data-ready]').first().waitFor();
}
