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
 * Currencies English writes as a mark before the amount, with their minor digits, as Intl writes them
 * (tests/unit/site-property.test.ts holds every one to Intl). They are written here, without Intl: a page's
 * first Intl call starts ICU, ~15 ms of the property page's load on this machine and about four times that
 * on a phone, in the task that makes the booking widget live. Any other code is Intl's.
 */
const WRITTEN: Record<string, readonly [mark: string, digits: number]> = {
  EUR: ['€', 2],
  USD: ['$', 2],
  GBP: ['£', 2],
  CAD: ['CA$', 2],
  AUD: ['A$', 2],
  NZD: ['NZ$', 2],
  HKD: ['HK$', 2],
  MXN: ['MX$', 2],
  BRL: ['R$', 2],
  CNY: ['CN¥', 2],
  INR: ['₹', 2],
  JPY: ['¥', 0],
  KRW: ['₩', 0],
  ...Object.fromEntries(
    ['CHF', 'SEK', 'NOK', 'DKK', 'CZK', 'PLN', 'ZAR', 'THB', 'TRY', 'AED', 'SGD'].map((c) => [
      c,
      [`${c}\u00a0`, 2],
    ]),
  ),
  ISK: ['ISK\u00a0', 0],
  HUF: ['HUF\u00a0', 0],
};

interface Formatter {
  format(amount: number): string;
  /** Decimals it writes. */
  digits: number;
}

/**
 * `amount` with `digits` decimals as Intl writes it in English: the number's shortest decimal form (the one
 * JavaScript prints: 1.005, not the 1.00499… a double holds) rounded half away from zero, grouped by commas,
 * the sign before the mark; null for a number JavaScript prints with an exponent (Intl's, then).
 */
function written(mark: string, digits: number): (amount: number) => string | null {
  return (amount) => {
    const shortest = String(Math.abs(amount));
    if (!/^\d+(\.\d+)?$/.test(shortest)) return null;
    const [whole = '', fraction = ''] = shortest.split('.');
    let kept = whole + fraction.slice(0, digits).padEnd(digits, '0');
    if (fraction.charCodeAt(digits) >= 53 /* "5" or more */)
      kept = (BigInt(kept) + 1n).toString().padStart(kept.length, '0');
    const point = kept.length - digits;
    const negative = amount < 0 || Object.is(amount, -0);
    const decimals = digits > 0 ? `.${kept.slice(point)}` : '';
    return `${negative ? '-' : ''}${mark}${groupDigits(kept.slice(0, point))}${decimals}`;
  };
}

const formatters = new Map<string, Formatter>();
function formatter(currency: string, cents: boolean): Formatter {
  const key = `${currency}|${cents}`;
  let f = formatters.get(key);
  if (!f) {
    const known = WRITTEN[currency];
    if (known) {
      const [mark, minor] = known;
      const digits = cents ? minor : 0;
      const mine = written(mark, digits);
      f = { format: (a) => mine(a) ?? intlFormatter(currency, cents).format(a), digits };
    } else f = intlFormatter(currency, cents);
    formatters.set(key, f);
  }
  return f;
}

function intlFormatter(currency: string, cents: boolean): Formatter {
  const digits = cents ? {} : { minimumFractionDigits: 0, maximumFractionDigits: 0 };
  try {
    const f = new Intl.NumberFormat('en', { style: 'currency', currency, ...digits });
    return { format: (a) => f.format(a), digits: f.resolvedOptions().maximumFractionDigits ?? 2 };
  } catch {
    // A code Intl refuses ("EURO", "", "US$": an upstream's, and stored with a lead): the amount as a
    // number with the code beside it, so no page, and no confirmation, is unreadable for it.
    return codeBeside(currency, cents ? { minimumFractionDigits: 2, maximumFractionDigits: 2 } : digits);
  }
}

/** A formatter that writes "1,234.50 EURO": Intl's number, the code as given after it. */
function codeBeside(currency: string, digits: Intl.NumberFormatOptions): Formatter {
  const number = new Intl.NumberFormat('en', digits);
  const code = currency.trim() || 'in an unknown currency';
  return {
    format: (amount: number) => `${number.format(amount)} ${code}`,
    digits: digits.maximumFractionDigits ?? 2,
  };
}

/** Decimals of a currency's minor unit, as Intl knows them (two for a code it refuses). */
export function currencyDigits(currency: string): number {
  return formatter(currency, true).digits;
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
