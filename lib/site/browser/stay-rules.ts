import type { Availability, RateSheet, WindowQuery } from '@/lib/contract';
import {
  availabilityProblem,
  bedroomsPriced as bedroomsPricedRule,
  bedroomsRented as bedroomsRentedRule,
  earliestRateDateFor,
  minimumStay as minimumStayRule,
  occupancyOf,
  type Period,
  type Rate,
  ruleProblem,
  type StayProblem,
} from '@/lib/rules';

/*
 * The booked-date calendar's view of the shared stay rules (lib/rules): the API's rate sheet and
 * availability mapped into the rules' shapes, and the rules' answers put as the calendar says them. No
 * rule is decided here, so the calendar offers exactly the stays the service quotes and its filter finds.
 * The calendar's verdict on each day is calendar-rules.ts: apart, so that a page's first script, which needs
 * only the minimum stay and the bedrooms priced, does not carry it.
 */

type Range = Availability['booked'][number];
type Rates = Pick<RateSheet, 'rates' | 'default_rate'>;

/** The rate sheet's periods and default rate in the shared rules' shape. */
export function ratesOf(rates: Rates): { periods: Period[]; defaultRate: Rate | null } {
  const d = rates.default_rate;
  return {
    periods: rates.rates.map((r) => ({
      start: r.start_date,
      end: r.end_date,
      rooms: r.rooms,
      nightly: r.nightly,
      weekly: r.weekly,
      monthly: r.monthly,
      minStay: r.min_stay,
    })),
    defaultRate: d
      ? { rooms: d.rooms, nightly: d.nightly, weekly: d.weekly, monthly: d.monthly, minStay: d.min_stay }
      : null,
  };
}

/**
 * The rate sheet window the calendar needs: from a year before today, because a check-in with no
 * published rate takes its minimum stay from last year's period, which may have ended before today.
 */
export function calendarRatesWindow(today: string): WindowQuery {
  return { from: earliestRateDateFor(today) };
}

/**
 * The minimum stay of a check-in (the rate its first night uses, last year's period when nothing is
 * published), or null when no rate says. Needs the rates from `calendarRatesWindow`.
 */
export function minimumStay(rates: Rates, checkin: string, bedrooms: number): number | null {
  const { periods, defaultRate } = ratesOf(rates);
  return minimumStayRule(checkin, bedrooms, periods, defaultRate);
}

/** Bedrooms priced for a party (docs/decisions.md#quote-arithmetic): at least one per two guests, at most the property's. */
export function bedroomsPriced(
  asked: number | undefined,
  adults: number,
  children: number,
  max: number,
): number {
  return bedroomsPricedRule({ adults, children, bedrooms: asked, property: { bedrooms: max } });
}

/**
 * Bedrooms a stay's price is for (lib/rules' bedroomsRented: the tier its nights use), or the bedrooms
 * priced without dates. The booking widget asks its quote for exactly these and the inquiry sends them as
 * `stay.bedrooms`, so the price shown, the inquiry, the lead and the confirmation name one number.
 */
export function bedroomsRented(
  stay: { checkin?: string; checkout?: string; adults: number; children: number; bedrooms?: number },
  rates: Rates,
  max: number,
): number {
  const property = { bedrooms: max };
  if (!stay.checkin || !stay.checkout) return bedroomsPricedRule({ ...stay, property });
  const { periods, defaultRate } = ratesOf(rates);
  return bedroomsRentedRule(
    { ...stay, checkin: stay.checkin, checkout: stay.checkout, property },
    periods,
    defaultRate,
  );
}

/** What the site knows of a property's terms: from its detail, /rates and /availability. */
export interface PropertyTerms {
  sleeps: number;
  maxBedrooms: number;
  rates: Rates;
  booked: Range[];
  /**
   * The rate sheet does not say; a quote does. The agent waives the minimum stay of a property priced on
   * request, so a caller that knows should say.
   */
  priceOnRequest?: boolean;
}

export interface StayChoice {
  checkin: string;
  checkout: string;
  adults: number;
  children: number;
  bedrooms?: number | undefined;
}

export interface StayVerdict {
  /** What the catalog filter holds against the stay: a booked night or a day kept free. */
  availability: StayProblem | null;
  /** What the quote and the inquiry refuse it for (problemMessage gives the API's words). */
  rule: StayProblem | null;
}

/**
 * The calendar's verdicts for one property, prepared once (booked nights indexed, rates mapped) so a
 * calendar can ask about every day it shows. A stay can be offered when both parts are null.
 */
export function verdictsFor(terms: PropertyTerms): (stay: StayChoice) => StayVerdict {
  const occupancy = occupancyOf(terms.booked);
  const { periods, defaultRate } = ratesOf(terms.rates);
  const property = {
    bedrooms: terms.maxBedrooms,
    sleeps: terms.sleeps,
    priceOnRequest: terms.priceOnRequest ?? false,
  };
  return (stay) => ({
    availability: availabilityProblem(occupancy, stay.checkin, stay.checkout),
    rule: ruleProblem({ ...stay, property, periods, defaultRate }),
  });
}
