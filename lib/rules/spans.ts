import { addDays } from '@/lib/dates';
import { type PeriodTerms, type RateSource, type RateTerms, rateForNight } from './rates';

/*
 * A stay's nights grouped by the rate each uses. Apart from rates.ts, whose rules a property page's first
 * script carries: only what loads later (the price's terms, the inquiry's summary) needs this.
 */

/** A run of a stay's nights on one rate: `from` its first night, `to` the day after its last. */
export interface RateSpan<R> {
  from: string;
  to: string;
  rate: R | null;
  source: RateSource;
}

/**
 * A stay's nights grouped by the rate each uses (rateForNight, as the quote prices them): one span per
 * run of nights on the same rate and source. What a stay's terms come from, such as the cancellation
 * policy of each rate period it spans. A year of nights at most.
 */
export function rateSpans<R extends RateTerms, P extends R & PeriodTerms>(
  checkin: string,
  checkout: string,
  bedrooms: number,
  periods: readonly P[],
  defaultRate: R | null,
): RateSpan<P | R>[] {
  const spans: RateSpan<P | R>[] = [];
  let left = 366;
  for (let night = checkin; night < checkout && left-- > 0; night = addDays(night, 1)) {
    const { rate, source } = rateForNight(night, bedrooms, periods, defaultRate);
    const last = spans.at(-1);
    const next = addDays(night, 1);
    if (last && last.rate === rate && last.source === source) last.to = next;
    else spans.push({ from: night, to: next, rate, source });
  }
  return spans;
}
