/**
 * Now and dates for both roles. "Today" is the UTC date: one answer for every partner, whatever the
 * server's or the client's time zone (the service decides by it, and the site checks input the same way). Date arithmetic is on `YYYY-MM-DD` strings through UTC, never
 * through local time, so no time zone can move a day.
 */
export function nowIso(): string {
  return new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export { addDays, addYears, daysBetween, utcToday as today } from '@/lib/contract/days';
