import 'server-only';
import { furthestCheckin } from '@/lib/contract';
import { addDays } from '@/lib/dates';
import { availabilityProblem } from '@/lib/rules';
import type { Stay } from '@/lib/site/browser/stay';
import type { FxRates } from '@/lib/site/replica/fx';
import type { ReplicaEntry } from '@/lib/site/replica/in-memory';
import type { CardPrice } from '@/lib/site/replica/types';
import { cardPrice } from './card-price';

/*
 * Flexible dates (issue 29, item 5): "a week / a weekend / N nights in <month>" (up to three months). For each
 * rental, its cheapest stay of that length with a check-in in the months asked that the shared rules allow
 * (booked nights and full-day flags, the party's size, the check-in's minimum stay: lib/rules), priced as
 * the quote prices it (card-price.ts). A week is any 7 nights; a weekend is Friday to Sunday. It reads a
 * rental only through its entry's occupancy and rates, by lib/rules' functions.
 */

export interface FlexibleAsk {
  /** The stay's length in nights (7 for a week, 2 for a weekend). */
  nights: number;
  /** Only Friday check-ins (a weekend). */
  weekend: boolean;
  /** The months a check-in may fall in, `YYYY-MM`, at most three, in order. */
  months: string[];
}

export const FLEX_MAX_NIGHTS = 28;
export const FLEX_MAX_MONTHS = 3;

/** The first day of the month after `month` (`YYYY-MM`). */
function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
}

/** Friday, by the calendar (Zeller's rule via UTC: the date string names a day, not an instant). */
const isFriday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay() === 5;

/** Every check-in the ask allows: days of its months from today, Fridays only for a weekend. */
export function flexibleCheckins(ask: FlexibleAsk, today: string): string[] {
  const last = furthestCheckin(today);
  const out: string[] = [];
  for (const month of ask.months) {
    const end = nextMonth(month);
    for (let day = `${month}-01`; day < end; day = addDays(day, 1)) {
      if (day < today || day > last) continue;
      if (ask.weekend && !isFriday(day)) continue;
      out.push(day);
    }
  }
  return out;
}

/** A rental's best flexible stay: its dates and its card price (in the property's currency, converted beside). */
export interface FlexibleStay {
  checkin: string;
  checkout: string;
  price: CardPrice;
}

/**
 * The rental's cheapest free stay among the check-ins (the earliest of equal totals); when none has a whole
 * price (price on request, nights without a published rate), its earliest free stay; null when none is free.
 */
export function cheapestStay(
  entry: ReplicaEntry,
  checkins: readonly string[],
  ask: { nights: number; stay: Stay; currency: string; today: string },
  fx: FxRates,
): FlexibleStay | null {
  let best: FlexibleStay | null = null;
  let first: FlexibleStay | null = null;
  for (const checkin of checkins) {
    const checkout = addDays(checkin, ask.nights);
    if (availabilityProblem(entry.occupancy, checkin, checkout)) continue;
    const stay = { ...ask.stay, checkin, checkout };
    const price = cardPrice(entry, { stay, currency: ask.currency, today: ask.today }, fx);
    // The rules refuse it (the party's size, the check-in's minimum stay): not a stay to offer.
    if (price.kind === 'unavailable') continue;
    const found = { checkin, checkout, price };
    first ??= found;
    if (
      price.kind === 'stay' &&
      price.amount !== null &&
      (best === null || price.amount < best.price.amount!)
    )
      best = found;
  }
  return best ?? first;
}
