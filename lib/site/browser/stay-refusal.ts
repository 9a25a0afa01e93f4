import { furthestCheckin, STAY_LIMITS } from '@/lib/contract/limits';
import { daysBetween } from '@/lib/dates';
import type { StayProblem } from '@/lib/rules';
import type { BookingData } from './booking';
import { showDay } from './index';
import type { Stay } from './stay-link';
import { verdictsFor } from './stay-rules';

/*
 * Why a property page's stay cannot be had, in the traveller's words. A link may carry any dates: over
 * booked nights, in the past, under the minimum stay, for a party the rental does not sleep. The page keeps
 * them in view with this reason, rather than dropping them, and the inquiry stays closed while they stand;
 * the nearest stays the rules allow instead are stay-nearest.ts's, loaded only when a stay is refused.
 */

export type RefusalKind = StayProblem['kind'] | 'past' | 'too-far' | 'too-long';

export interface Refusal {
  kind: RefusalKind;
  /** One sentence, ending with a full stop. */
  reason: string;
}

/** The first reason the stay cannot be had, before the rules' own (a day the rules need no telling). */
function boundsProblem(checkin: string, checkout: string, today: string): Refusal | null {
  if (checkin < today) return { kind: 'past', reason: `Check-in ${showDay(checkin)} has passed.` };
  if (checkin > furthestCheckin(today))
    return {
      kind: 'too-far',
      reason: `Check-in can be at most ${STAY_LIMITS.maxYearsAhead} years ahead.`,
    };
  if (daysBetween(checkin, checkout) > STAY_LIMITS.maxNights)
    return {
      kind: 'too-long',
      reason: `A stay can be at most ${STAY_LIMITS.maxNights} nights.`,
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
 * Why the stay cannot be had, or null when it can (or has no dates yet). Without the rates or booked dates
 * the page cannot tell: null, and the agent decides.
 */
export function refusalOf(stay: Stay, data: BookingData, today: string): Refusal | null {
  const { checkin, checkout } = stay;
  if (!checkin || !checkout) return null;
  const bounds = boundsProblem(checkin, checkout, today);
  if (bounds) return bounds;
  // The rules are asked only of a stay within the bounds: its nights are then at most a year.
  const asked = { checkin, checkout, adults: stay.adults, children: stay.children, bedrooms: stay.bedrooms };
  const verdict = verdictsFor({ ...data, priceOnRequest: data.priceOnRequest ?? false })(asked);
  const over = verdict.rule?.kind === 'over-capacity' ? verdict.rule : null;
  const problem = over || verdict.availability || verdict.rule || null;
  return problem ? { kind: problem.kind, reason: refusalReason(problem) } : null;
}
