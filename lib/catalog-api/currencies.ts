/** Currencies the catalog prices in: display symbol and minor units (decimals money is rounded to). */
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

export function minorUnits(code: string): number {
  return CURRENCIES[code]?.minorUnits ?? 2;
}
