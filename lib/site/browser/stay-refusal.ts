import { furthestCheckin, STAY_LIMITS } from '@/lib/contract/limits';
import { addDays, daysBetween } from '@/lib/dates';
import { type NearbyStay, nearestStays, type StayProblem } from '@/lib/rules';
import type { BookingData } from './booking';
import { showDay } from './index';
import type { Stay } from './stay-link';
import { ratesOf, verdictsFor } from './stay-rules';

/*
 * Why a property page's stay cannot be had, in the traveller's words, and the nearest stays the shared
 * rules allow instead (lib/rules/nearest.ts). A link may carry any dates: over booked nights, in the past,
 * under the minimum stay, for a party the rental does not sleep. The page keeps them in view with this
 * reason and these stays, rather than dropping them, and the inquiry stays closed while they stand.
 */

export type RefusalKind = StayProblem['kind'] | 'past' | 'too-far' | 'too-long';

export interface Refusal {
  kind: RefusalKind;
  /** One sentence, ending with a full stop. */
  reason: string;
  /** Nearest first; none when no dates would do (a party too large, a stay longer than any). */
  nearest: NearbyStay[];
}

/** How many nearest stays are offered. */
export const NEAREST_COUNT = 3;

/** The first reason the stay cannot be had, before the rules' own (a day the rules need no telling). */
function boundsProblem(checkin: string, checkout: string, today: string): Refusal | null {
  if (checkin < today)
    return { kind: 'past', reason: `Check-in ${showDay(checkin)} has passed.`, nearest: [] };
  if (checkin > furthestCheckin(today))
    return {
      kind: 'too-far',
      reason: `Check-in can be at most ${STAY_LIMITS.maxYearsAhead} years ahead.`,
      nearest: [],
    };
  if (daysBetween(checkin, checkout) > STAY_LIMITS.maxNights)
    return {
      kind: 'too-long',
      reason: `A stay can be at most ${STAY_LIMITS.maxNights} nights.`,
      nearest: [],
    };
  return null;
}

/** The rules' problems as a traveller reads them (the API's own words are for partners). */
export function refusalReason(problem: StayProblem): string {
  switch (problem.kind) {
    case 'over-capacity':
      return `This rental sleeps ${problem.sleeps}; your party of ${problem.guests} is too large.`;
    case 'min-stay':
      return `The minimum stay from ${showDay(problem.checkin)} is ${problem.minStay} nights.`;
    case 'booked-night':
      return `The night of ${showDay(problem.night)} is booked.`;
    case 'checkin-kept-free':
      return `${showDay(problem.day)} is kept free after the previous guests leave: a stay can’t start on it.`;
    case 'checkout-kept-free':
      return `${showDay(problem.day)} is kept free before the next guests arrive: a stay can’t end on it.`;
  }
}

/**
 * Why the stay cannot be had, with the nearest stays the rules allow from today (as far as the calendar
 * shows and a check-in may be), or null when it can (or has no dates yet). Without the rates or booked
 * dates the page cannot tell: null, and the agent decides.
 */
export function stayRefusal(
  stay: Stay,
  data: BookingData,
  today: string,
  calendarDays: number,
): Refusal | null {
  const { checkin, checkout } = stay;
  if (!checkin || !checkout) return null;
  const asked = { checkin, checkout, adults: stay.adults, children: stay.children, bedrooms: stay.bedrooms };
  const property = {
    bedrooms: data.maxBedrooms,
    sleeps: data.sleeps,
    priceOnRequest: data.priceOnRequest ?? false,
  };
  const bounds = boundsProblem(checkin, checkout, today);
  // The rules are asked only of a stay within the bounds: its nights are then at most a year.
  const verdict = bounds ? null : verdictsFor({ ...data, priceOnRequest: property.priceOnRequest })(asked);
  const over = verdict?.rule?.kind === 'over-capacity' ? verdict.rule : null;
  const problem = bounds ?? (over || verdict?.availability || verdict?.rule || null);
  if (!problem) return null;
  const refusal =
    'reason' in problem ? problem : { kind: problem.kind, reason: refusalReason(problem), nearest: [] };
  if (refusal.kind === 'over-capacity' || refusal.kind === 'too-long') return refusal;
  const last = [addDays(today, calendarDays), furthestCheckin(today)].sort()[0]!;
  const { periods, defaultRate } = ratesOf(data.rates);
  // Measured from the wanted check-in, or from just outside the window when it lies outside (a day before
  // today for a past stay, so today's stay of the same length is offered first): the work stays bounded
  // by the window, whatever year a link names.
  const anchor = checkin < today ? addDays(today, -1) : checkin > last ? addDays(last, 1) : checkin;
  const nights = Math.min(daysBetween(checkin, checkout), STAY_LIMITS.maxNights);
  refusal.nearest = nearestStays({
    stay: { ...asked, checkin: anchor, checkout: addDays(anchor, nights) },
    property,
    periods,
    defaultRate,
    booked: data.booked,
    window: { from: today, to: last },
    maxNights: STAY_LIMITS.maxNights,
    count: NEAREST_COUNT,
  });
  return refusal;
}
