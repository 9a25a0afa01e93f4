import { CURRENCIES, roundMoney } from '@/lib/rules';

/*
 * The one conversion of money between currencies at reference rates: search's sort, filter and card
 * figures (lib/site/replica/fx.ts, on the server) and the "about" figures of property and confirmation
 * pages (in the browser) both use it. A converted figure is a guide: each rental is priced, quoted and paid
 * in its own currency.
 */

/** Reference rates: units of each currency per one unit of a common base, and the day they were published. */
export interface ReferenceRates {
  date: string;
  rates: Record<string, number>;
}

/** `amount` of `from` in `to`, rounded to `to`'s minor unit; null when the rates do not know either. */
export function convert(
  amount: number,
  from: string,
  to: string,
  rates: Pick<ReferenceRates, 'rates'>,
): number | null {
  if (from === to) return amount;
  const a = rates.rates[from];
  const b = rates.rates[to];
  if (!a || !b) return null;
  return roundMoney((amount / a) * b, CURRENCIES[to]?.minorUnits ?? 2);
}

/**
 * What a page needs to show its prices "about" in the traveller's display currency: that currency and the
 * rates of it and of the rentals' own currencies (a page carries those, not the whole table).
 */
export interface DisplayMoney extends ReferenceRates {
  currency: string;
}
