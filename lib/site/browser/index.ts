/*
 * lib/site/browser — the site's code that may run in the browser: the stay in the URL (stay.ts), the search's
 * URL (search-url.ts), the calendar's view of the shared rules (stay-rules.ts), words for people
 * (messages.ts), the browser's client of the site's /api (api-client.ts), what the booking widget needs
 * (booking.ts), map bounds and the map's style (bounds.ts, map-style.ts), a wait in words (duration.ts), and
 * here the day and text helpers.
 * It imports only itself, lib/contract, lib/rules, lib/dates and browser-safe packages, never a server module
 * (docs/architecture.md, checked by `npm run check:imports`).
 *
 * Helpers the browser and the server share for the site's pages. Dates stay `YYYY-MM-DD` strings; a Date is
 * made only for a calendar widget, at local midnight of that day, and turned back with the same local rule,
 * so no time zone moves a day. Written out here rather than with date-fns: these few patterns are on every
 * page, and date-fns's `format` and `parse` would be most of a page's own script (the calendars, loaded when
 * opened, still use it through react-day-picker).
 */

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
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
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const TOKENS: Record<string, (d: Date) => string> = {
  yyyy: (d) => pad(d.getFullYear(), 4),
  MMMM: (d) => MONTHS[d.getMonth()]!,
  MMM: (d) => MONTHS[d.getMonth()]!.slice(0, 3),
  MM: (d) => pad(d.getMonth() + 1),
  dd: (d) => pad(d.getDate()),
  d: (d) => String(d.getDate()),
  EEEE: (d) => WEEKDAYS[d.getDay()]!,
  EEE: (d) => WEEKDAYS[d.getDay()]!.slice(0, 3),
};

/**
 * A local date in the site's English, by date-fns's tokens (`yyyy`, `MMMM`, `MMM`, `MM`, `dd`, `d`, `EEEE`,
 * `EEE`; anything else is copied): `formatDate(date, 'EEE d MMM yyyy')` is "Sat 5 Dec 2026", as date-fns
 * writes it.
 */
export function formatDate(date: Date, pattern: string): string {
  return pattern.replace(/yyyy|M{2,4}|dd?|E{3,4}/g, (token) => TOKENS[token]!(date));
}

export const toDay = (date: Date): string => formatDate(date, 'yyyy-MM-dd');

export function fromDay(day: string | null | undefined): Date | undefined {
  if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const date = new Date(y, m - 1, d);
  // Years below 100 would land in the 1900s: set the year itself.
  date.setFullYear(y);
  return toDay(date) === day ? date : undefined;
}

/** "Sat 5 Dec 2026", without a time zone getting involved. */
export function showDay(day: string): string {
  const date = fromDay(day);
  return date ? formatDate(date, 'EEE d MMM yyyy') : day;
}

/**
 * A stay's dates short enough for a heading on a phone: "Fri 1 – Fri 8 Jan 2027", "Fri 29 Jan – Fri 5 Feb
 * 2027", the year written twice only when the stay crosses one. Without weekdays ("29 Jan – 5 Feb 2027")
 * for a field in a narrow column.
 */
export function showRange(checkin: string, checkout: string, { weekdays = true } = {}): string {
  const from = fromDay(checkin);
  const to = fromDay(checkout);
  if (!from || !to) return `${showDay(checkin)} – ${showDay(checkout)}`;
  const day = weekdays ? 'EEE d' : 'd';
  if (from.getFullYear() !== to.getFullYear())
    return `${formatDate(from, `${day} MMM yyyy`)} – ${formatDate(to, `${day} MMM yyyy`)}`;
  const start = formatDate(from, from.getMonth() === to.getMonth() ? day : `${day} MMM`);
  return `${start} – ${formatDate(to, `${day} MMM yyyy`)}`;
}

/**
 * A count as English writes it ("1,234"). Whole numbers are grouped here, not by Intl: a page's first Intl
 * call starts ICU, 15–30 ms of a load's main thread on this machine (about four times that on a phone), and
 * a count in a form or a card was the only one on the home page. Anything else is Intl's.
 */
export function count(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString('en');
  const grouped = groupDigits(String(Math.abs(n)));
  return n < 0 ? `-${grouped}` : grouped;
}

/** "1234567" → "1,234,567". */
export function groupDigits(digits: string): string {
  let grouped = digits.slice(0, digits.length % 3 || 3);
  for (let i = grouped.length; i < digits.length; i += 3) grouped += `,${digits.slice(i, i + 3)}`;
  return grouped;
}

export const plural = (n: number, one: string, many = `${one}s`) => `${count(n)} ${n === 1 ? one : many}`;
