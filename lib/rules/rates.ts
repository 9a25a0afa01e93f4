import { addYears } from '@/lib/dates';

/*
 * Which rate a night uses (docs/decisions.md#quote-arithmetic), and what follows from it: the bedrooms
 * priced, the per-night amount, the minimum stay of a check-in. Shapes are this module's own, so any
 * caller (the service's rows, the site's rate sheet from the API) maps into them once.
 */

/** What a rate says about a stay. Pricing needs the amounts; the stay rules only `rooms` and `minStay`. */
export interface Rate {
  rooms: number;
  nightly: number;
  weekly: number | null;
  monthly: number | null;
  minStay: number;
}

/** A dated rate. `end` is the last night it covers (inclusive), as the API's `end_date`. */
export interface Period extends Rate {
  start: string;
  end: string;
}

/** The least of a rate the rules need, so a caller with only terms (no amounts) can still ask. */
export type RateTerms = Pick<Rate, 'rooms' | 'minStay'>;
export type PeriodTerms = RateTerms & Pick<Period, 'start' | 'end'>;

/** Where a night's rate came from: `estimated` is last year's period standing in for a missing one. */
export type RateSource = 'published' | 'estimated' | 'none';

/** How far back the prior-year fallback looks: anyone holding rates for it must hold them from here. */
export function earliestRateDateFor(firstNight: string): string {
  return addYears(firstNight, -1);
}

/** The party and the bedrooms asked for, of a property with so many bedrooms. */
export interface PartyAndRooms {
  adults: number;
  children: number;
  bedrooms?: number | undefined;
  property: { bedrooms: number };
}

/**
 * Bedrooms priced: the request (or 1) raised to fit the party at two per room, at most the property's.
 * Generic so a caller can hand over its whole stay, property terms and all.
 */
export function bedroomsPriced<S extends PartyAndRooms>(stay: S): number {
  const fit = Math.ceil((stay.adults + stay.children) / 2);
  return Math.min(stay.property.bedrooms, Math.max(stay.bedrooms ?? 1, fit));
}

/**
 * The rate for one night: the covering period with the smallest tier that fits the bedrooms priced, else
 * the default rate, else the period covering the same date a year earlier (estimated), else none.
 */
export function rateForNight<R extends RateTerms, P extends R & PeriodTerms>(
  night: string,
  bedrooms: number,
  periods: readonly P[],
  defaultRate: R | null,
): { rate: P | R | null; source: RateSource } {
  const covering = (date: string) => {
    let best: P | undefined;
    for (const p of periods) {
      // Strict `<` keeps the first of equal tiers, as the stable sort it replaces did.
      if (p.start <= date && date <= p.end && p.rooms >= bedrooms && (!best || p.rooms < best.rooms))
        best = p;
    }
    return best;
  };
  const current = covering(night);
  if (current) return { rate: current, source: 'published' };
  if (defaultRate) return { rate: defaultRate, source: 'published' };
  const lastYear = covering(addYears(night, -1));
  if (lastYear) return { rate: lastYear, source: 'estimated' };
  return { rate: null, source: 'none' };
}

/** Weekly and monthly rates apply per night (weekly / 7, monthly / 30) to stays of 7 / 28 nights or more. */
export function nightlyAmount(rate: Rate, nights: number): number {
  if (nights >= 28 && rate.monthly !== null) return rate.monthly / 30;
  if (nights >= 7 && rate.weekly !== null) return rate.weekly / 7;
  return rate.nightly;
}

/**
 * The minimum stay of a check-in: that of the rate its first night uses, prior-year fallback included
 * (a calendar that skips the fallback offers stays the quote refuses). Null when no rate says.
 */
export function minimumStay(
  checkin: string,
  bedrooms: number,
  periods: readonly PeriodTerms[],
  defaultRate: RateTerms | null,
): number | null {
  return rateForNight(checkin, bedrooms, periods, defaultRate).rate?.minStay ?? null;
}
