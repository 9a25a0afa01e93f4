import type { Availability } from '@/lib/contract';
import { availabilityProblem, occupancyOf, type StayProblem } from '@/lib/rules';

/*
 * The booked-date calendar's verdict on each day (stay-rules.ts says the rest of the calendar's rules): the
 * shared rules' availability problems, put as the calendar says them.
 */

type Range = Availability['booked'][number];

/** How many days ahead of today the booked-date calendar's months reach. */
export const CALENDAR_DAYS = 730;

export interface Calendar {
  bookedNight: (day: string) => boolean;
  /** Why a stay cannot start on this day, or null when it can. */
  whyNoCheckin: (day: string) => string | null;
  /** Why a stay that starts on `checkin` cannot end on this day, or null when it can. */
  whyNoCheckout: (checkin: string, day: string) => string | null;
}

/** The calendar's words for the availability problems (they read after "not available: "). */
const CALENDAR_WORDS: Partial<Record<StayProblem['kind'], string>> = {
  'booked-night': 'the stay would cross a booked night',
  'checkin-kept-free': 'the previous guests leave this day and it is kept free',
  'checkout-kept-free': 'the next guests arrive this day and it is kept free',
};

export function calendarOf(booked: Range[], today: string): Calendar {
  const occupancy = occupancyOf(booked);
  return {
    bookedNight: occupancy.bookedNight,
    whyNoCheckin(day) {
      if (day < today) return 'in the past';
      if (occupancy.bookedNight(day)) return 'booked';
      if (occupancy.checkinKeptFree(day)) return CALENDAR_WORDS['checkin-kept-free']!;
      return null;
    },
    whyNoCheckout(checkin, day) {
      if (day <= checkin) return 'before the check-in day';
      const problem = availabilityProblem(occupancy, checkin, day);
      return problem ? (CALENDAR_WORDS[problem.kind] ?? null) : null;
    },
  };
}
