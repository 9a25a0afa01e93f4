import { daysBetween } from '@/lib/dates';
import { formatDate, fromDay, plural } from '@/lib/site/browser';
import { partyWords } from '@/lib/site/browser/party';

/*
 * How the property side writes money, dates and parties for people. Pure, shared by the server's sections
 * and the browser's booking widget, so the card, the inquiry and the confirmation agree. Money stays a number
 * rounded by the API; Intl formats it here, at display time only. The API's codes as words are words.ts:
 * only the server's sections and later chunks need them, and this module is in every property page's script.
 */

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
  return formatter(currency, true).resolvedOptions().maximumFractionDigits ?? 2;
}

/** "€1,234" when the amount is whole, "€1,234.50" when it is not: exact, without ".00" noise. */
export function money(amount: number, currency: string): string {
  return formatter(currency, !Number.isInteger(amount)).format(amount);
}

/** A figure read at a glance (an average, a "from" price): whole units once it reaches 100. */
export function roughMoney(amount: number, currency: string): string {
  return amount >= 100 ? formatter(currency, false).format(Math.round(amount)) : money(amount, currency);
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
