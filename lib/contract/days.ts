/*
 * Date arithmetic on `YYYY-MM-DD` strings, through UTC only, so no time zone can move a day. Here because
 * the contract's own rules (the longest stay, the furthest check-in) need it; lib/dates re-exports it.
 */

/**
 * The UTC midnight of a year, month (0-based, may overflow) and day. Not `Date.UTC`, which reads the years
 * 0–99 as 1900–1999: an upstream may send a range from 0001-01-01.
 */
export function utcDate(year: number, month: number, day: number): Date {
  const date = new Date(0);
  date.setUTCFullYear(year, month, day);
  return date;
}

/**
 * A Date's UTC day as `YYYY-MM-DD`, held within 0000-01-01 … 9999-12-31: beyond, toISOString writes
 * `+010000-01-01`, which compares as a string before every real day, and days are compared as strings.
 */
function dayOf(date: Date): string {
  const year = date.getUTCFullYear();
  if (year > 9999) return '9999-12-31';
  if (year < 0) return '0000-01-01';
  return date.toISOString().slice(0, 10);
}

export function utcToday(): string {
  return new Date().toISOString().slice(0, 10);
}

// Calendars, filters and prices step through days one at a time, millions of steps a minute in search:
// each answer is remembered (a few thousand distinct days are in use), bounded so it cannot grow forever.
const shifted = new Map<string, string>();
const SHIFTED_MAX = 200_000;

export function addDays(date: string, days: number): string {
  const key = `${date}${days}`;
  const known = shifted.get(key);
  if (known !== undefined) return known;
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const out = dayOf(utcDate(y, m - 1, d + days));
  if (shifted.size >= SHIFTED_MAX) shifted.clear();
  shifted.set(key, out);
  return out;
}

const yearShifted = new Map<string, string>();

export function addYears(date: string, years: number): string {
  const key = `${date}${years}`;
  const known = yearShifted.get(key);
  if (known !== undefined) return known;
  const out = shiftYears(date, years);
  if (yearShifted.size >= SHIFTED_MAX) yearShifted.clear();
  yearShifted.set(key, out);
  return out;
}

function shiftYears(date: string, years: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  // 29 February plus a year is 28 February, not 1 March.
  const lastDay = utcDate(y + years, m, 0).getUTCDate();
  return dayOf(utcDate(y + years, m - 1, Math.min(d, lastDay)));
}

const dayNumbers = new Map<string, number>();

/** Days since 1970-01-01 of a YYYY-MM-DD (remembered: a few thousand distinct days are in use). */
function dayNumber(day: string): number {
  let n = dayNumbers.get(day);
  if (n === undefined) {
    n = Math.round(Date.parse(`${day}T00:00:00Z`) / 86_400_000);
    if (dayNumbers.size >= SHIFTED_MAX) dayNumbers.clear();
    dayNumbers.set(day, n);
  }
  return n;
}

export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}
