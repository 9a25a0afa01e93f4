/*
 * Date arithmetic on `YYYY-MM-DD` strings, through UTC only, so no time zone can move a day. Here because
 * the contract's own rules (the longest stay, the furthest check-in) need it; lib/dates re-exports it.
 */

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
  const out = new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
  if (shifted.size >= SHIFTED_MAX) shifted.clear();
  shifted.set(key, out);
  return out;
}

export function addYears(date: string, years: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  // 29 February plus a year is 28 February, not 1 March.
  const target = new Date(Date.UTC(y + years, m - 1, 1));
  const lastDay = new Date(Date.UTC(y + years, m, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, lastDay));
  return target.toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
