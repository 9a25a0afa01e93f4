import { addDays, daysBetween } from '@/lib/dates';
import { bedroomsPriced, minimumStay, type PeriodTerms, type RateTerms } from './rates';
import { availabilityProblem, type BookedRange, clipRanges, occupancyOf, overCapacity } from './stay';

/*
 * The nearest stays the rules allow, for a stay that cannot be had (its nights were booked, its check-in's
 * minimum stay grew, a day is kept free): what a proposal offers when an option's dates have gone, and what
 * a link with impossible dates can offer instead. Written once here, so that every page proposes only stays
 * the quote, the inquiry and the calendar accept.
 *
 * The work is bounded by the window of check-in days asked about, never by the booked ranges' lengths: the
 * ranges are cut to the window first (an upstream may send a hold to 9999-12-31, docs/upstream-contract.md),
 * and each day is then asked by bisection.
 */

export interface NearestStaysQuery {
  /** The stay wanted: its check-in is what "nearest" is measured from, its nights what is kept if it can be. */
  stay: {
    checkin: string;
    checkout: string;
    adults: number;
    children: number;
    bedrooms?: number | undefined;
  };
  property: { bedrooms: number; sleeps: number; priceOnRequest: boolean };
  periods: readonly PeriodTerms[];
  defaultRate: RateTerms | null;
  booked: readonly BookedRange[];
  /** The check-in days that may be offered, both ends included (callers start it no earlier than today). */
  window: { from: string; to: string };
  /** The longest stay that may be offered (the contract's 365 nights). */
  maxNights: number;
  /** How many stays to offer, nearest first. */
  count: number;
}

export interface NearbyStay {
  checkin: string;
  checkout: string;
  nights: number;
}

/** The widest window callers may ask: a bound on the work whatever a caller passes. */
export const NEAREST_WINDOW_MAX_DAYS = 366;

/**
 * Up to `count` stays free of booked nights and kept-free days that the agent's rules accept (capacity,
 * the minimum stay of each check-in), ordered by how far their check-in is from the one wanted (earlier
 * first on a tie). Each keeps the wanted number of nights, or the check-in's minimum stay when that is
 * longer. None when the party is larger than the property sleeps: no dates fix that.
 */
export function nearestStays(q: NearestStaysQuery): NearbyStay[] {
  const { stay, property, window } = q;
  if (overCapacity(stay.adults + stay.children, property.sleeps) || q.count < 1) return [];
  const nights = daysBetween(stay.checkin, stay.checkout);
  if (nights < 1 || window.to < window.from) return [];
  const last = minDay(window.to, addDays(window.from, NEAREST_WINDOW_MAX_DAYS - 1));
  const occupancy = occupancyOf(clipRanges(q.booked, window.from, addDays(last, q.maxNights)));
  const bedrooms = bedroomsPriced({ ...stay, property });
  const found: NearbyStay[] = [];
  const tryDay = (checkin: string) => {
    if (checkin < window.from || checkin > last) return;
    const min = property.priceOnRequest ? null : minimumStay(checkin, bedrooms, q.periods, q.defaultRate);
    const length = Math.max(nights, min ?? 1);
    if (length > q.maxNights) return;
    const checkout = addDays(checkin, length);
    if (availabilityProblem(occupancy, checkin, checkout)) return;
    found.push({ checkin, checkout, nights: length });
  };
  // Outward from the wanted check-in, one day each way at a time, as far as the window reaches.
  const reach = Math.max(daysBetween(window.from, stay.checkin), daysBetween(stay.checkin, last), 0);
  for (let d = 0; d <= reach && found.length < q.count; d++) {
    if (d === 0) {
      // The same check-in is offered only when it differs from the wanted stay (a longer minimum stay).
      tryDay(stay.checkin);
      if (found[0]?.checkout === stay.checkout) found.pop();
      continue;
    }
    tryDay(addDays(stay.checkin, -d));
    if (found.length < q.count) tryDay(addDays(stay.checkin, d));
  }
  return found;
}

const minDay = (a: string, b: string) => (a < b ? a : b);
