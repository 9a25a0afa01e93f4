/** Currencies the catalog prices in: display symbol and minor units (the decimals money is rounded to). */
export const CURRENCIES: Record<string, { symbol: string; minorUnits: number }> = {
  EUR: { symbol: '€', minorUnits: 2 },
  USD: { symbol: '$', minorUnits: 2 },
  GBP: { symbol: '£', minorUnits: 2 },
  CHF: { symbol: 'CHF', minorUnits: 2 },
  CAD: { symbol: 'CA$', minorUnits: 2 },
  MXN: { symbol: 'MX$', minorUnits: 2 },
  THB: { symbol: '฿', minorUnits: 2 },
  JPY: { symbol: '¥', minorUnits: 0 },
  AUD: { symbol: 'A$', minorUnits: 2 },
  NZD: { symbol: 'NZ$', minorUnits: 2 },
  ZAR: { symbol: 'R', minorUnits: 2 },
};

/** Decimals of a currency's minor unit; an unknown code gets two, the most common. */
export function minorUnits(code: string): number {
  return CURRENCIES[code]?.minorUnits ?? 2;
}

/**
 * Half-up rounding to `digits` decimals. The detour through toFixed(6) strips binary noise first, so a
 * value written 1.005 (stored as 1.00499…) rounds to 1.01 as a person would expect.
 */
export function roundMoney(value: number, digits: number): number {
  const f = 10 ** digits;
  const scaled = value * f;
  // Only a value within a hair of a half can round differently once the noise is stripped; every other
  // value (nearly all: search rounds millions) skips the string detour and rounds the same.
  const fraction = scaled - Math.floor(scaled);
  if (Math.abs(fraction - 0.5) > 1e-5) return Math.round(scaled) / f;
  return Math.round(Number(scaled.toFixed(6))) / f;
}

/** An amount rounded to its currency's minor unit (JPY to whole yen, EUR to cents). */
export function roundToCurrency(value: number, currency: string): number {
  return roundMoney(value, minorUnits(currency));
}
