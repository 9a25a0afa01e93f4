import { addDays, addYears } from '@/lib/dates';

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
 * Bedrooms rented: what a price for the stay is for, said beside it ("for 2 of 6 bedrooms"). The party
 * needs the bedrooms priced, but a night's rate is the smallest tier that fits them, so a couple in a villa
 * that rents two, four or six is priced for two. The largest tier any night uses (a season may lack the
 * smaller one), at most the property's bedrooms; the bedrooms priced when no night has a rate.
 */
export function bedroomsRented(
  stay: PartyAndRooms & { checkin: string; checkout: string },
  periods: readonly PeriodTerms[],
  defaultRate: RateTerms | null,
): number {
  const priced = bedroomsPriced(stay);
  let rooms = 0;
  // A year of nights at most: a link may name any dates, and a longer stay is refused anyway.
  let left = 366;
  for (let night = stay.checkin; night < stay.checkout && left-- > 0; night = addDays(night, 1)) {
    const { rate } = rateForNight(night, priced, periods, defaultRate);
    if (rate && rate.rooms > rooms) rooms = rate.rooms;
  }
  return rooms === 0 ? priced : Math.min(stay.property.bedrooms, Math.max(rooms, priced));
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
  const current = covering(periods, bedrooms, night);
  if (current) return { rate: current, source: 'published' };
  if (defaultRate) return { rate: defaultRate, source: 'published' };
  const lastYear = covering(periods, bedrooms, addYears(night, -1));
  if (lastYear) return { rate: lastYear, source: 'estimated' };
  return { rate: null, source: 'none' };
}

/** The period covering `date` with the smallest tier that fits the bedrooms (the first of equal tiers). */
function covering<P extends PeriodTerms>(
  periods: readonly P[],
  bedrooms: number,
  date: string,
): P | undefined {
  const timeline = timelines.get(periods)?.(bedrooms);
  if (timeline) return timeline(date) as P | undefined;
  return scan(periods, bedrooms, date);
}

function scan<P extends PeriodTerms>(periods: readonly P[], bedrooms: number, date: string): P | undefined {
  let best: P | undefined;
  for (const p of periods) {
    // Strict `<` keeps the first of equal tiers, as the stable sort it replaces did.
    if (p.start <= date && date <= p.end && p.rooms >= bedrooms && (!best || p.rooms < best.rooms)) best = p;
  }
  return best;
}

type Timeline = (date: string) => PeriodTerms | undefined;
const timelines = new WeakMap<readonly PeriodTerms[], (bedrooms: number) => Timeline>();

/**
 * Marks a rate sheet's periods as asked about again and again (search prices thousands of stays over the
 * same sheets): its lookups then go through a timeline per bedrooms priced, the days where the answer can
 * change with the period `scan` would pick from each, found by bisection. The same answers as the scan;
 * the periods must not change afterwards.
 */
export function indexPeriods<P extends PeriodTerms>(periods: readonly P[]): readonly P[] {
  if (timelines.has(periods)) return periods;
  const byBedrooms = new Map<number, Timeline>();
  timelines.set(periods, (bedrooms) => {
    let timeline = byBedrooms.get(bedrooms);
    if (!timeline) {
      // Who covers a day changes only where a fitting period starts or the day after one ends.
      const days = new Set<string>();
      for (const p of periods) {
        if (p.rooms >= bedrooms && p.start <= p.end) {
          days.add(p.start);
          days.add(addDays(p.end, 1));
        }
      }
      const starts = [...days].sort();
      const picks = starts.map((day) => scan(periods, bedrooms, day));
      timeline = (date) => {
        let lo = 0;
        let hi = starts.length - 1;
        let at = -1;
        while (lo <= hi) {
          const mid = (lo + hi) >> 1;
          if (starts[mid]! <= date) {
            at = mid;
            lo = mid + 1;
          } else hi = mid - 1;
        }
        return at < 0 ? undefined : picks[at];
      };
      byBedrooms.set(bedrooms, timeline);
    }
    return timeline;
  });
  return periods;
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
