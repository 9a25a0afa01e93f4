import type { Availability, RateSheet } from '@/lib/contract';
import { addDays } from '@/lib/dates';

/*
 * The booked-date calendar's rules, on `YYYY-MM-DD` strings (decisions.md's availability rule): a night is
 * booked when a range covers it (checkin ≤ night < checkout; holds count like confirmed stays); a stay may
 * start on a range's checkout day unless that range's `checkout_full_day` is set, and may end on a range's
 * checkin day unless its `checkin_full_day` is set; a stay never crosses a booked night.
 */

type Range = Availability['booked'][number];

export interface Calendar {
  bookedNight: (day: string) => boolean;
  /** Why a stay cannot start on this day, or null when it can. */
  whyNoCheckin: (day: string) => string | null;
  /** Why a stay that starts on `checkin` cannot end on this day, or null when it can. */
  whyNoCheckout: (checkin: string, day: string) => string | null;
}

export function calendarOf(booked: Range[], today: string): Calendar {
  const nights = new Set<string>();
  const fullCheckoutDays = new Set<string>();
  const fullCheckinDays = new Set<string>();
  for (const r of booked) {
    for (let d = r.checkin; d < r.checkout; d = addDays(d, 1)) nights.add(d);
    if (r.checkout_full_day) fullCheckoutDays.add(r.checkout);
    if (r.checkin_full_day) fullCheckinDays.add(r.checkin);
  }
  const bookedNight = (day: string) => nights.has(day);
  return {
    bookedNight,
    whyNoCheckin(day) {
      if (day < today) return 'in the past';
      if (bookedNight(day)) return 'booked';
      if (fullCheckoutDays.has(day)) return 'the previous guests leave this day and it is kept free';
      return null;
    },
    whyNoCheckout(checkin, day) {
      if (day <= checkin) return 'before the check-in day';
      for (let d = checkin; d < day; d = addDays(d, 1)) {
        if (bookedNight(d)) return 'the stay would cross a booked night';
      }
      if (fullCheckinDays.has(day)) return 'the next guests arrive this day and it is kept free';
      return null;
    },
  };
}

/**
 * The minimum stay of the rate used for a check-in night (decisions.md): the period covering it with the
 * smallest `rooms` ≥ the bedrooms priced, else the default rate; null when no rate says.
 */
export function minimumStay(
  rates: Pick<RateSheet, 'rates' | 'default_rate'>,
  checkin: string,
  bedrooms: number,
): number | null {
  const covering = rates.rates
    .filter((r) => r.start_date <= checkin && checkin <= r.end_date && r.rooms >= bedrooms)
    .sort((a, b) => a.rooms - b.rooms);
  return covering[0]?.min_stay ?? rates.default_rate?.min_stay ?? null;
}

/** Bedrooms priced for a party (decisions.md): at least one per two guests, at most the property's. */
export function bedroomsPriced(
  asked: number | undefined,
  adults: number,
  children: number,
  max: number,
): number {
  return Math.min(max, Math.max(asked ?? 1, Math.ceil((adults + children) / 2)));
}
