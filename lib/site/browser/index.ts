import { format, isValid, parse } from 'date-fns';
import type { Location } from '@/lib/contract';

/*
 * lib/site/browser — the site's code that may run in the browser: the stay in the URL (stay.ts), the search's
 * URL state (search.ts), the calendar's view of the shared rules (stay-rules.ts), words for people
 * (messages.ts), the browser's client of the site's /api (api-client.ts), what the booking widget needs
 * (booking.ts), map bounds and the map's style (bounds.ts, map-style.ts), and here the day and text helpers.
 * It imports only itself, lib/contract, lib/rules, lib/dates and browser-safe packages, never a server module
 * (docs/architecture.md, checked by `npm run check:imports`).
 *
 * Helpers the browser and the server share for the site's pages. Dates stay `YYYY-MM-DD` strings; a Date is
 * made only for a calendar widget, at local midnight of that day, and turned back with the same local rule,
 * so no time zone moves a day.
 */

export const toDay = (date: Date): string => format(date, 'yyyy-MM-dd');

export function fromDay(day: string | null | undefined): Date | undefined {
  if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const date = parse(day, 'yyyy-MM-dd', new Date());
  return isValid(date) && toDay(date) === day ? date : undefined;
}

/** "Sat 5 Dec 2026", without a time zone getting involved. */
export function showDay(day: string): string {
  const date = fromDay(day);
  return date ? format(date, 'EEE d MMM yyyy') : day;
}

/** Lower case without accents, for matching what a traveller types. */
export const fold = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** Destinations matching typed text: names that start with it first, then the busiest. */
export function matchLocations(locations: Location[], typed: string, limit = 8): Location[] {
  const q = fold(typed.trim());
  if (!q) return [...locations].sort((a, b) => b.property_count - a.property_count).slice(0, limit);
  const scored: { l: Location; score: number }[] = [];
  for (const l of locations) {
    const name = fold(l.name);
    const path = fold(l.path.join(' '));
    const score = name.startsWith(q) ? 0 : name.includes(q) ? 1 : path.includes(q) ? 2 : -1;
    if (score >= 0) scored.push({ l, score });
  }
  return scored
    .sort((a, b) => a.score - b.score || b.l.property_count - a.l.property_count)
    .slice(0, limit)
    .map((s) => s.l);
}

export const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en')} ${n === 1 ? one : many}`;
