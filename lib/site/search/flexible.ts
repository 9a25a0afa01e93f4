import 'server-only';
import { furthestCheckin } from '@/lib/contract';
import { addDays, daysBetween } from '@/lib/dates';
import { bedroomsPriced, overCapacity } from '@/lib/rules';
import type { Stay } from '@/lib/site/browser/stay';
import {
  dayIndex,
  freeFor,
  keptFreeAt,
  leastNightly,
  minStays,
  nightsUnbooked,
  stayRents,
} from '@/lib/site/replica/calendar';
import type { FxRates } from '@/lib/site/replica/fx';
import type { ReplicaEntry } from '@/lib/site/replica/in-memory';
import type { CardPrice } from '@/lib/site/replica/types';
import { cardPrice, rentFloor, stayPriceFloor, stayRefusal } from './card-price';

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

/** A flexible search's check-ins, worked out once for every rental: each with its checkout and its day. */
export interface FlexiblePlan {
  nights: number;
  checkins: string[];
  checkouts: string[];
  /** Each check-in's days after the first one. */
  offsets: Int32Array;
}

export function flexiblePlan(ask: FlexibleAsk, today: string): FlexiblePlan {
  const checkins = flexibleCheckins(ask, today);
  return {
    nights: ask.nights,
    checkins,
    checkouts: checkins.map((d) => addDays(d, ask.nights)),
    offsets: Int32Array.from(checkins, (d) => daysBetween(checkins[0]!, d)),
  };
}

/** A rental's free stays in a flexible search, before pricing: the least its cheapest can cost, and how. */
export interface FlexibleOptions {
  /** A floor of its cheapest stay's compared nightly figure, in the rental's currency. */
  floor: number;
  /** Its cheapest stay, priced exactly (worked out once). */
  cheapest: () => FlexibleStay;
}

/**
 * Whether the rental has a free stay the rules allow among the plan's check-ins (null when not), with a
 * floor of its cheapest, found without pricing: the first such check-in ends the search, and the floor is
 * the least nightly amount of the window's nights for every night (leastNightly, rentFloor). Within its
 * calendar a check-in is free by the bitmap of booked nights and the full-day flags (as
 * `availabilityProblem`) and allowed by the minimum stay the calendar keeps for it (as `minimumStay`), for a
 * party the rental sleeps (`overCapacity`); outside it the rules answer.
 *
 * `cheapest()` is its cheapest stay (the earliest of equal totals), priced as the quote: every allowed
 * check-in's floor (stayRents: a running sum of the calendar's amounts, as stayPriceFloor) orders them, and
 * they are priced in that order until the cheapest so far is below the next floor, since no later one can
 * beat it; when none has a whole price (price on request, nights without a rate), its earliest stay.
 */
export function flexibleOptions(
  entry: ReplicaEntry,
  plan: FlexiblePlan,
  ask: { stay: Stay; currency: string; today: string },
  fx: FxRates,
): FlexibleOptions | null {
  const { checkins, checkouts, offsets, nights } = plan;
  if (!checkins.length) return null;
  // A party the rental cannot sleep is refused at every check-in (the rules' first question).
  if (overCapacity(ask.stay.adults + ask.stay.children, entry.summary.sleeps)) return null;
  const stayAt = (k: number) => ({ ...ask.stay, checkin: checkins[k]!, checkout: checkouts[k]! });
  const calendar = entry.calendar;
  const occupancy = entry.occupancy;
  const start = calendar ? dayIndex(calendar, checkins[0]!) : -1;
  const last = start + offsets[offsets.length - 1]!;
  const bedrooms = bedroomsPriced({ ...ask.stay, property: { bedrooms: entry.summary.bedrooms } });
  const minStay = calendar && start >= 0 ? minStays(calendar, bedrooms) : null;
  const minStayApplies = !entry.rates.priceOnRequest;
  /** Whether check-in k is free and allowed; its calendar day (-1 outside it), or null when not. */
  const allowed = (k: number): number | null => {
    const i = start + offsets[k]!;
    if (calendar !== null && minStay !== null && start >= 0 && i + nights <= calendar.days) {
      if (!nightsUnbooked(calendar, i, nights)) return null;
      if (keptFreeAt(calendar, i, i + nights)) return null;
      const least = minStayApplies ? minStay(i) : null;
      return least !== null && nights < least ? null : i;
    }
    return freeFor(calendar, occupancy, checkins[k]!, checkouts[k]!) && !stayRefusal(entry, stayAt(k))
      ? -1
      : null;
  };
  let firstFree = -1;
  for (let k = 0; k < checkins.length && firstFree < 0; k++) if (allowed(k) !== null) firstFree = k;
  if (firstFree < 0) return null;

  // In the rental's own currency, as its totals are compared.
  const floorOf = rentFloor(entry, ask.stay, nights, entry.rates.currency, fx);
  const least =
    calendar && start >= 0 ? leastNightly(calendar, bedrooms, nights, start, last + nights) : null;
  const outside = !calendar || start < 0 || last + nights > calendar.days;
  const floor =
    least === null || outside
      ? Number.NEGATIVE_INFINITY
      : least === Number.POSITIVE_INFINITY
        ? Number.POSITIVE_INFINITY
        : floorOf(least * nights, 0);

  const priceOf = (k: number): FlexibleStay => {
    const price = cardPrice(entry, { stay: stayAt(k), currency: ask.currency, today: ask.today }, fx);
    return { checkin: checkins[k]!, checkout: checkouts[k]!, price };
  };
  /** Every allowed check-in's index, calendar day (-1 outside it) and floor. */
  const candidates = () => {
    // Inside the calendar (a day i >= 0) every stay's rent is a running sum.
    const rents = calendar && start >= 0 ? stayRents(calendar, bedrooms, nights, start, last) : null;
    const list: { k: number; day: number; floor: number }[] = [];
    for (let k = firstFree; k < checkins.length; k++) {
      const day = allowed(k);
      if (day === null) continue;
      const floor =
        day >= 0 && rents
          ? floorOf(rents.rent(day), rents.missing(day))
          : stayPriceFloor(entry, stayAt(k), entry.rates.currency, fx);
      list.push({ k, day, floor });
    }
    return { rents, list: list.sort((a, b) => a.floor - b.floor || a.k - b.k) };
  };
  const resolve = (): FlexibleStay => {
    const { rents, list } = candidates();
    let best: FlexibleStay | null = null;
    let bestDay = -1;
    for (const { k, day, floor } of list) {
      // Infinite floors (on request, nights without a rate) have no whole price to find.
      if (floor === Number.POSITIVE_INFINITY || (best && best.price.nightly! < floor)) break;
      // The same nightly amounts as the best so far, and later (order: floor, then date): the same total.
      const same = rents && floorOf.byRentAlone && day >= 0 && bestDay >= 0 && rents.same(day, bestDay);
      if (same) continue;
      const found = priceOf(k);
      if (found.price.kind !== 'stay' || found.price.amount === null) continue;
      if (best === null || before(found, best)) {
        best = found;
        bestDay = day;
      }
    }
    // No whole price: the earliest stay, as its card will say.
    return best ?? priceOf(firstFree);
  };
  let cheapest: FlexibleStay | null = null;
  return {
    floor,
    cheapest: () => {
      cheapest ??= resolve();
      return cheapest;
    },
  };
}

/** The rental's cheapest free stay among the plan's check-ins (flexibleOptions), or null when none is free. */
export function cheapestStay(
  entry: ReplicaEntry,
  plan: FlexiblePlan,
  ask: { stay: Stay; currency: string; today: string },
  fx: FxRates,
): FlexibleStay | null {
  return flexibleOptions(entry, plan, ask, fx)?.cheapest() ?? null;
}
