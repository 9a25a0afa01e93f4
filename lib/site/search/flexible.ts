import 'server-only';
import { furthestCheckin } from '@/lib/contract';
import { addDays } from '@/lib/dates';
import type { Stay } from '@/lib/site/browser/stay';
import { freeFor } from '@/lib/site/replica/calendar';
import type { FxRates } from '@/lib/site/replica/fx';
import type { ReplicaEntry } from '@/lib/site/replica/in-memory';
import type { CardPrice } from '@/lib/site/replica/types';
import { cardPrice, stayPriceFloor } from './card-price';

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

/** Whether `a` comes before `b`: a lower total, then the earlier check-in. */
const before = (a: FlexibleStay, b: FlexibleStay) =>
  a.price.amount! < b.price.amount! || (a.price.amount === b.price.amount && a.checkin < b.checkin);

/**
 * The rental's cheapest free stay among the check-ins (the earliest of equal totals); when none has a whole
 * price (price on request, nights without a published rate), its earliest free stay; null when none is free.
 * Free nights are read from the rental's calendar (`freeFor`, as `availabilityProblem`). Each free check-in's
 * price floor (stayPriceFloor: a sum over the calendar) orders them, and they are priced exactly, as the
 * quote, in that order until the cheapest so far is below the next floor: no later one can beat it.
 */
export function cheapestStay(
  entry: ReplicaEntry,
  checkins: readonly string[],
  ask: { nights: number; stay: Stay; currency: string; today: string },
  fx: FxRates,
): FlexibleStay | null {
  const free: string[] = [];
  for (const checkin of checkins)
    if (freeFor(entry.calendar, entry.occupancy, checkin, addDays(checkin, ask.nights))) free.push(checkin);
  const priceOf = (checkin: string): FlexibleStay => {
    const checkout = addDays(checkin, ask.nights);
    const stay = { ...ask.stay, checkin, checkout };
    return {
      checkin,
      checkout,
      price: cardPrice(entry, { stay, currency: ask.currency, today: ask.today }, fx),
    };
  };
  const floors = free.map((checkin) =>
    // In the rental's own currency, as its totals are compared.
    stayPriceFloor(
      entry,
      { ...ask.stay, checkin, checkout: addDays(checkin, ask.nights) },
      entry.rates.currency,
      fx,
    ),
  );
  const order = Array.from(free.keys()).sort((a, b) => floors[a]! - floors[b]! || a - b);
  let best: FlexibleStay | null = null;
  for (let k = 0; k < order.length; k++) {
    const i = order[k]!;
    // Infinite floors (on request, nights without a rate) have no whole price to find.
    if (floors[i] === Number.POSITIVE_INFINITY) break;
    if (best && best.price.nightly! < floors[i]!) break;
    const found = priceOf(free[i]!);
    // The rules refuse it (the party's size, the check-in's minimum stay): not a stay to offer.
    if (found.price.kind !== 'stay' || found.price.amount === null) continue;
    if (best === null || before(found, best)) best = found;
  }
  if (best) return best;
  // No whole price: the earliest stay the rules allow, as its card will say.
  for (const checkin of free) {
    const found = priceOf(checkin);
    if (found.price.kind !== 'unavailable') return found;
  }
  return null;
}
