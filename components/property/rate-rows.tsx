import type { ReactNode } from 'react';
import type { RateSheet } from '@/lib/contract';
import { formatDate, fromDay, plural } from '@/lib/site/browser';
import { AboutMoney } from './display-money';
import { money } from './format';

/*
 * The rates table's rows, drawn the same way by the server for the first seasons and by the browser for the
 * rest (long-list-rest.tsx), which it draws from the booking widget's own copy of the rates: the rows the
 * first view leaves out are sent once, in that copy, not again as markup.
 */

type Rate = NonNullable<RateSheet['default_rate']>;
type Season = RateSheet['rates'][number];

/** Rows shown at once, in whole seasons (the first season always, whatever its number of bedroom tiers). */
export const RATE_ROWS_SHOWN = 6;

export const RATE_COLUMNS = ['Season', 'Bedrooms', 'Nightly', 'Weekly', 'Monthly', 'Minimum stay'];

/** The seasons still to come on `from`, in date order, and how many of them the first view shows. */
export function seasonsToCome(rates: readonly Season[], from: string): { seasons: Season[]; shown: number } {
  const seasons = rates
    .filter((r) => r.end_date >= from)
    .sort((a, b) => a.start_date.localeCompare(b.start_date) || a.rooms - b.rooms);
  const same = (a: Season, b: Season) =>
    a.name === b.name && a.start_date === b.start_date && a.end_date === b.end_date;
  let shown = 0;
  while (shown < seasons.length && (shown < RATE_ROWS_SHOWN || same(seasons[shown]!, seasons[shown - 1]!)))
    shown++;
  return { seasons, shown };
}

/** "13 Feb – 20 Mar 2027" for a season (no weekdays: a season is not a stay). */
export function seasonDates(start: string, end: string): string {
  const a = fromDay(start);
  const b = fromDay(end);
  if (!a || !b) return `${start} – ${end}`;
  return a.getFullYear() === b.getFullYear()
    ? `${formatDate(a, 'd MMM')} – ${formatDate(b, 'd MMM yyyy')}`
    : `${formatDate(a, 'd MMM yyyy')} – ${formatDate(b, 'd MMM yyyy')}`;
}

/** One row of the rates table: a season's (or the default) rate for a number of bedrooms. */
export function RateRow({ rate, currency, children }: { rate: Rate; currency: string; children: ReactNode }) {
  const maybe = (v: number | null) => (v === null ? '—' : money(v, currency));
  return (
    <tr className="border-b border-sand-100">
      <th scope="row" className="py-1 pr-3 font-normal">
        {children}
      </th>
      <td className="py-1 pr-3">{rate.rooms}</td>
      <td className="py-1 pr-3">
        {money(rate.nightly, currency)}
        <AboutMoney amount={rate.nightly} currency={currency} className="block text-xs text-ink-700" />
      </td>
      <td className="hidden py-1 pr-3 sm:table-cell">{maybe(rate.weekly)}</td>
      <td className="hidden py-1 pr-3 sm:table-cell">{maybe(rate.monthly)}</td>
      <td className="py-1">{plural(rate.min_stay, 'night')}</td>
    </tr>
  );
}

/** A season's rows. */
export function SeasonRows({ seasons, currency }: { seasons: readonly Season[]; currency: string }) {
  return seasons.map((r) => (
    <RateRow key={r.id} rate={r} currency={currency}>
      {r.name}
      <span className="block text-xs">{seasonDates(r.start_date, r.end_date)}</span>
    </RateRow>
  ));
}
