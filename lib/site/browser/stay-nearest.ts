import { furthestCheckin, STAY_LIMITS } from '@/lib/contract/limits';
import { addDays, daysBetween } from '@/lib/dates';
import { type NearbyStay, nearestStays } from '@/lib/rules';
import type { BookingData } from './booking';
import type { Stay } from './stay-link';
import { type Refusal, refusalOf } from './stay-refusal';
import { ratesOf } from './stay-rules';

/*
 * The nearest stays the shared rules allow (lib/rules/nearest.ts) instead of one a link carried that cannot
 * be had (stay-refusal.ts says why). Only a refused stay needs them, so the page loads this with the part
 * that shows them, not with its first scripts.
 */

/** How many nearest stays are offered. */
export const NEAREST_COUNT = 3;

/**
 * The nearest stays from today (as far as the calendar shows and a check-in may be), nearest first; none when
 * no dates would do (a party too large, a stay longer than any).
 */
export function nearestFor(
  stay: Stay,
  refusal: Refusal,
  data: BookingData,
  today: string,
  calendarDays: number,
): NearbyStay[] {
  const { checkin, checkout } = stay;
  if (!checkin || !checkout || refusal.kind === 'over-capacity' || refusal.kind === 'too-long') return [];
  const last = [addDays(today, calendarDays), furthestCheckin(today)].sort()[0]!;
  const { periods, defaultRate } = ratesOf(data.rates);
  // Measured from the wanted check-in, or from just outside the window when it lies outside (a day before
  // today for a past stay, so today's stay of the same length is offered first): the work stays bounded
  // by the window, whatever year a link names.
  const anchor = checkin < today ? addDays(today, -1) : checkin > last ? addDays(last, 1) : checkin;
  const nights = Math.min(daysBetween(checkin, checkout), STAY_LIMITS.maxNights);
  return nearestStays({
    stay: {
      checkin: anchor,
      checkout: addDays(anchor, nights),
      adults: stay.adults,
      children: stay.children,
      bedrooms: stay.bedrooms,
    },
    property: {
      bedrooms: data.maxBedrooms,
      sleeps: data.sleeps,
      priceOnRequest: data.priceOnRequest ?? false,
    },
    periods,
    defaultRate,
    booked: data.booked,
    window: { from: today, to: last },
    maxNights: STAY_LIMITS.maxNights,
    count: NEAREST_COUNT,
  });
}

/** Why the stay cannot be had and the nearest stays instead, or null when it can (or has no dates yet). */
export function stayRefusal(
  stay: Stay,
  data: BookingData,
  today: string,
  calendarDays: number,
): (Refusal & { nearest: NearbyStay[] }) | null {
  const refusal = refusalOf(stay, data, today);
  return refusal && { ...refusal, nearest: nearestFor(stay, refusal, data, today, calendarDays) };
}
