import type { RateSheet } from '@/lib/contract';
import { minimumStay, nightlyAmount, rateForNight } from '@/lib/rules';
import { convert, type DisplayMoney } from './money-convert';
import { ratesOf } from './stay-rules';

/*
 * The price calendar (issue 29 item 6, as Vrbo shows it): once a check-in is picked, each free day of the
 * property's calendar says its nightly price for the party chosen and its minimum stay as a check-in. Both
 * from the shared rules the quote uses (lib/rules: the rate a night uses for the bedrooms priced, prior-year
 * fallback included; the minimum stay of a check-in), in the display currency when the traveller chose
 * one. Where a price does not fit (a phone's narrow days), a low / mid / high mark over the days shown.
 */

type Rates = Pick<RateSheet, 'rates' | 'default_rate'>;

export type PriceBand = 'low' | 'mid' | 'high';

export interface DayPrice {
  /** The night's rate, per night, in `currency`; null when no rate covers it. */
  nightly: number | null;
  currency: string;
  /** Where the night stands among the days asked about; null when they all cost the same or have no price. */
  band: PriceBand | null;
  /** The minimum stay of a check-in that day, in nights; null when no rate says. */
  minStay: number | null;
}

/**
 * Each day's nightly price and minimum stay for `bedrooms` priced (the quote's bedrooms for the party),
 * converted to the display currency when there is one and a rate for it. Pure: the calendar asks for the
 * days it shows (its free days) and draws what comes back.
 */
export function dayPrices(
  rates: Rates,
  currency: string,
  bedrooms: number,
  days: readonly string[],
  display: DisplayMoney | null = null,
): Map<string, DayPrice> {
  const { periods, defaultRate } = ratesOf(rates);
  const to = display && display.currency !== currency ? display.currency : currency;
  const out = new Map<string, DayPrice>();
  let low = Number.POSITIVE_INFINITY;
  let high = Number.NEGATIVE_INFINITY;
  for (const day of days) {
    const { rate } = rateForNight(day, bedrooms, periods, defaultRate);
    // One night's rate: the stay's length is not known until check-out is picked.
    const own = rate ? nightlyAmount(rate, 1) : null;
    // In the display currency; the rental's own when the page's rates do not know one of the two.
    const converted = own !== null && display && to !== currency ? convert(own, currency, to, display) : null;
    const nightly = converted ?? own;
    if (nightly !== null) {
      low = Math.min(low, nightly);
      high = Math.max(high, nightly);
    }
    out.set(day, {
      nightly,
      currency: converted !== null ? to : currency,
      band: null,
      minStay: minimumStay(day, bedrooms, periods, defaultRate),
    });
  }
  const third = (high - low) / 3;
  if (third > 0)
    for (const price of out.values()) {
      if (price.nightly === null) continue;
      price.band = price.nightly < low + third ? 'low' : price.nightly > high - third ? 'high' : 'mid';
    }
  return out;
}

const compact = new Map<string, Intl.NumberFormat>();

/** A nightly price short enough for a day of the calendar: "€250", "$1.2K". */
export function shortPrice(amount: number, currency: string): string {
  let f = compact.get(currency);
  if (!f) {
    try {
      f = new Intl.NumberFormat('en', {
        style: 'currency',
        currency,
        currencyDisplay: 'narrowSymbol',
        notation: 'compact',
        maximumSignificantDigits: amount >= 1000 ? 2 : 3,
      });
    } catch {
      f = new Intl.NumberFormat('en', { notation: 'compact', maximumSignificantDigits: 3 });
    }
    // Keyed by currency alone: the digits differ above a thousand, so those are not kept.
    if (amount < 1000) compact.set(currency, f);
  }
  return f.format(amount);
}
