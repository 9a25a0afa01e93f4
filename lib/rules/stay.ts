import { addDays, daysBetween } from '@/lib/dates';
import { bedroomsPriced, minimumStay, type PeriodTerms, type RateTerms } from './rates';

/*
 * Whether a stay can be had (docs/decisions.md#free-for-a-stay, docs/decisions.md#quote-arithmetic): the booked ranges
 * with their full-day flags, the property's capacity and the minimum stay of the check-in. The service's
 * quote and inquiry refuse what `ruleProblem` finds, its catalog filter what `availabilityProblem` finds
 * (in SQL, held to this by tests/contract/rules-differential.test.ts), and the site's calendar offers
 * only what both allow.
 */

/** A booked range as the API's availability gives it. `status` is not read: a hold blocks like a stay. */
export interface BookedRange {
  checkin: string;
  /** The guests' departure day; not a booked night. */
  checkout: string;
  /** The check-in day is kept free too: nobody may check out on it. */
  checkin_full_day: boolean;
  /** The checkout day is kept free too: nobody may check in on it. */
  checkout_full_day: boolean;
}

/** Why a stay cannot be had. The first three are availability, the last two the agent's rules. */
export type StayProblem =
  | { kind: 'booked-night'; night: string }
  | { kind: 'checkin-kept-free'; day: string }
  | { kind: 'checkout-kept-free'; day: string }
  | { kind: 'over-capacity'; guests: number; sleeps: number }
  | { kind: 'min-stay'; checkin: string; minStay: number };

export type StayProblemKind = StayProblem['kind'];

/**
 * A property's booked ranges, ready to be asked about day after day. Kept as sorted, merged intervals and
 * answered by bisection: the work never grows with a range's length, because an upstream may block dates
 * indefinitely (a hold to 9999-12-31 is three million nights; docs/upstream-contract.md).
 */
export interface Occupancy {
  bookedNight(day: string): boolean;
  /** A range ends this day with `checkout_full_day`: no stay may start on it. */
  checkinKeptFree(day: string): boolean;
  /** A range starts this day with `checkin_full_day`: no stay may end on it. */
  checkoutKeptFree(day: string): boolean;
  /** The first booked night in [checkin, checkout), or null: what walking the nights finds, without the walk. */
  firstBookedNight(checkin: string, checkout: string): string | null;
  /** Every day kept free: no check-in on `checkin` days, no checkout on `checkout` days (for indexes). */
  keptFree(): { checkin: readonly string[]; checkout: readonly string[] };
}

export function occupancyOf(booked: readonly BookedRange[]): Occupancy {
  const noCheckin = new Set<string>();
  const noCheckout = new Set<string>();
  for (const r of booked) {
    if (r.checkout_full_day) noCheckin.add(r.checkout);
    if (r.checkin_full_day) noCheckout.add(r.checkin);
  }
  // Booked nights as disjoint intervals [start, end), sorted; YYYY-MM-DD compares as the calendar does, so
  // search (which asks this of thousands of properties per query) does no date arithmetic.
  const sorted = booked
    .filter((r) => r.checkin < r.checkout)
    .map((r) => [r.checkin, r.checkout] as const)
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const starts: string[] = [];
  const ends: string[] = [];
  for (const [start, end] of sorted) {
    const last = ends.length - 1;
    if (last >= 0 && start <= ends[last]!) {
      if (end > ends[last]!) ends[last] = end;
    } else {
      starts.push(start);
      ends.push(end);
    }
  }
  return {
    bookedNight: (day) => {
      // The interval starting on or before the day holds it if it ends after it.
      const k = firstAfter(starts, day);
      return k > 0 && ends[k - 1]! > day;
    },
    checkinKeptFree: (day) => noCheckin.has(day),
    checkoutKeptFree: (day) => noCheckout.has(day),
    keptFree: () => ({ checkin: [...noCheckin], checkout: [...noCheckout] }),
    firstBookedNight: (checkin, checkout) => {
      // An interval starting before the check-in and still running then: booked on the check-in itself.
      const k = firstAtOrAfter(starts, checkin);
      if (k > 0 && ends[k - 1]! > checkin) return checkin;
      // Otherwise the earliest booked night is the start of the first interval starting within the stay.
      return k < starts.length && starts[k]! < checkout ? starts[k]! : null;
    },
  };
}

/** The index of the first of the sorted `days` on or after `day` (their length when none is). */
function firstAtOrAfter(days: readonly string[], day: string): number {
  let lo = 0;
  let hi = days.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (days[mid]! < day) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The index of the first of the sorted `days` after `day`. */
function firstAfter(days: readonly string[], day: string): number {
  let lo = 0;
  let hi = days.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (days[mid]! <= day) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The booked ranges as far as they matter to stays within the days [from, to]: ranges wholly outside are
 * dropped, and a range reaching past either end is cut there (its flag on the far day dropped with the
 * day). Every answer about a day in the window, and about a stay whose nights and days lie in it, is the
 * same as from the whole ranges; the result's size and span are bounded by the window, not by the upstream.
 */
export function clipRanges<R extends BookedRange>(ranges: readonly R[], from: string, to: string): R[] {
  const end = addDays(to, 1);
  const out: R[] = [];
  for (const r of ranges) {
    if (r.checkout < from || r.checkin > to) continue;
    const clipped = { ...r };
    if (r.checkin < from) Object.assign(clipped, { checkin: from, checkin_full_day: false });
    if (r.checkout > end) Object.assign(clipped, { checkout: end, checkout_full_day: false });
    out.push(clipped);
  }
  return out;
}

/** The first reason the nights [checkin, checkout) cannot be had, or null when the property is free. */
export function availabilityProblem(
  occupancy: Occupancy,
  checkin: string,
  checkout: string,
): StayProblem | null {
  const night = occupancy.firstBookedNight(checkin, checkout);
  if (night !== null) return { kind: 'booked-night', night };
  if (occupancy.checkinKeptFree(checkin)) return { kind: 'checkin-kept-free', day: checkin };
  if (occupancy.checkoutKeptFree(checkout)) return { kind: 'checkout-kept-free', day: checkout };
  return null;
}

/** A stay as the agent's rules see it: dates, party and the property's own terms. */
export interface RuledStay {
  checkin: string;
  checkout: string;
  adults: number;
  children: number;
  /** Bedrooms asked for; the party can raise it (see bedroomsPriced). */
  bedrooms?: number | undefined;
  property: { bedrooms: number; sleeps: number; priceOnRequest: boolean };
  periods: readonly PeriodTerms[];
  defaultRate: RateTerms | null;
}

export function overCapacity(guests: number, sleeps: number): boolean {
  return guests > sleeps;
}

/**
 * The first rule an agent would refuse the stay by: more guests than the property sleeps, then the
 * minimum stay of the check-in (not applied when the price is on request: the agent prices it by hand).
 */
export function ruleProblem(stay: RuledStay): StayProblem | null {
  const guests = stay.adults + stay.children;
  if (overCapacity(guests, stay.property.sleeps)) {
    return { kind: 'over-capacity', guests, sleeps: stay.property.sleeps };
  }
  if (stay.property.priceOnRequest) return null;
  const minStay = minimumStay(stay.checkin, bedroomsPriced(stay), stay.periods, stay.defaultRate);
  if (minStay !== null && daysBetween(stay.checkin, stay.checkout) < minStay) {
    return { kind: 'min-stay', checkin: stay.checkin, minStay };
  }
  return null;
}

/**
 * The sentence a partner reads for a problem; for the rules, the message of the API's 400
 * `invalid_request` word for word. `name` names the property (the inquiry does, the quote does not).
 */
export function problemMessage(problem: StayProblem, name = 'This property'): string {
  switch (problem.kind) {
    case 'over-capacity':
      return `${name} sleeps ${problem.sleeps}; the party of ${problem.guests} is too large.`;
    case 'min-stay':
      return `The minimum stay for a check-in on ${problem.checkin} is ${problem.minStay} nights.`;
    case 'booked-night':
      return `The night of ${problem.night} is booked.`;
    case 'checkin-kept-free':
      return `${problem.day} is kept free after the previous guests leave; a stay cannot start on it.`;
    case 'checkout-kept-free':
      return `${problem.day} is kept free before the next guests arrive; a stay cannot end on it.`;
  }
}
