import { daysBetween } from '@/lib/dates';
import { formatDate, fromDay, groupDigits, plural } from '@/lib/site/browser';
import { partyWords } from '@/lib/site/browser/party';

/*
 * How the property side writes money, dates and parties for people. Pure, shared by the server's sections
 * and the browser's booking widget, so the card, the inquiry and the confirmation agree. Money stays a number
 * rounded by the API; Intl formats it here, at display time only. The API's codes as words are words.ts:
 * only the server's sections and later chunks need them, and this module is in every property page's script.
 */

/**
 * The currencies most rentals are priced in, with the mark English writes before their amounts (two
 * decimals each). They are written here, without Intl: a page's first Intl call starts ICU, ~15 ms of the
 * property page's load on this machine and about four times that on a phone, in the task that makes the
 * booking widget live (tests/unit/upstream-values.test.ts holds each to Intl). Any other code is Intl's.
 */
const MARKS: Record<string, string> = { EUR: '€', USD: '$', GBP: '£' };

/**
 * `amount` as Intl writes it in English when `currency` is one of MARKS, whole or with cents: rounded half
 * away from zero on the decimal JavaScript prints (1.005, not the 1.00499… a double holds: the shift is made
 * on the text, "1.005e2" is 100.5), grouped by commas, the sign first. Null for any other currency, past
 * 10^13, or for what is not a plain finite number (Intl's, then).
 */
function written(amount: number, currency: string, cents: boolean): string | null {
  const mark = MARKS[currency];
  const digits = cents ? 2 : 0;
  const scaled = Math.round(Number(`${Math.abs(amount)}e${digits}`));
  if (!mark || !(scaled < 1e15)) return null;
  const kept = String(scaled).padStart(digits + 1, '0');
  const point = kept.length - digits;
  const sign = amount < 0 || Object.is(amount, -0) ? '-' : '';
  return `${sign}${mark}${groupDigits(kept.slice(0, point))}${digits ? `.${kept.slice(point)}` : ''}`;
}

const formatters = new Map<string, Intl.NumberFormat>();
function formatter(currency: string, cents: boolean): Intl.NumberFormat {
  const key = `${currency}|${cents}`;
  let f = formatters.get(key);
  if (!f) {
    const digits = cents ? {} : { minimumFractionDigits: 0, maximumFractionDigits: 0 };
    try {
      f = new Intl.NumberFormat('en', { style: 'currency', currency, ...digits });
    } catch {
      // A code Intl refuses ("EURO", "", "US$": an upstream's, and stored with a lead): the amount as a
      // number with the code beside it, so no page, and no confirmation, is unreadable for it.
      f = codeBeside(currency, cents ? { minimumFractionDigits: 2, maximumFractionDigits: 2 } : digits);
    }
    formatters.set(key, f);
  }
  return f;
}

/** A formatter that writes "1,234.50 EURO": Intl's number, the code as given after it. */
function codeBeside(currency: string, digits: Intl.NumberFormatOptions): Intl.NumberFormat {
  const number = new Intl.NumberFormat('en', digits);
  const code = currency.trim() || 'in an unknown currency';
  return {
    format: (amount: number) => `${number.format(amount)} ${code}`,
    resolvedOptions: () => number.resolvedOptions(),
  } as Intl.NumberFormat;
}

/** Decimals of a currency's minor unit, as Intl knows them (two for a code it refuses). */
export function currencyDigits(currency: string): number {
  return MARKS[currency] ? 2 : (formatter(currency, true).resolvedOptions().maximumFractionDigits ?? 2);
}

/** "€1,234" when the amount is whole, "€1,234.50" when it is not: exact, without ".00" noise. */
export function money(amount: number, currency: string): string {
  const cents = !Number.isInteger(amount);
  return written(amount, currency, cents) ?? formatter(currency, cents).format(amount);
}

/** A figure read at a glance (an average, a "from" price): whole units once it reaches 100. */
export function roughMoney(amount: number, currency: string): string {
  const whole = Math.round(amount);
  if (amount < 100) return money(amount, currency);
  return written(whole, currency, false) ?? formatter(currency, false).format(whole);
}

/** "Sat 13 Feb" (with the year when asked). */
export function shortDay(day: string, withYear = false): string {
  const date = fromDay(day);
  return date ? formatDate(date, withYear ? 'EEE d MMM yyyy' : 'EEE d MMM') : day;
}

/** "Sat 13 Feb – Sat 20 Feb 2027": the year once when both days share it. */
export function stayDates(checkin: string, checkout: string): string {
  const sameYear = checkin.slice(0, 4) === checkout.slice(0, 4);
  return `${shortDay(checkin, !sameYear)} – ${shortDay(checkout, true)}`;
}

/** "4 adults, 1 child", with infants when there are some ("…, 1 infant"). */
export function party(adults: number, children: number, infants = 0): string {
  return partyWords({ adults, children, infants });
}

/** "Sat 13 Feb – Sat 20 Feb 2027 · 7 nights · 4 adults, 1 child" */
export function stayLine(stay: {
  checkin: string;
  checkout: string;
  adults: number;
  children: number;
  infants?: number;
}) {
  return `${stayDates(stay.checkin, stay.checkout)} · ${plural(daysBetween(stay.checkin, stay.checkout), 'night')} · ${party(stay.adults, stay.children, stay.infants)}`;
}
