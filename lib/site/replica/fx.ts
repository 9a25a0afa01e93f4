import 'server-only';
import { readFileSync } from 'node:fs';
import { processSingleton } from '@/lib/process-singleton';
import { CURRENCIES } from '@/lib/rules';
import { settings } from '@/lib/settings';
import type { DisplayMoney } from '@/lib/site/browser/money-convert';
import { logger } from '@/lib/site/logger';
import snapshot from './fx-rates.json';

/*
 * Reference exchange rates, so search can sort and filter properties priced in eleven currencies in one
 * display currency. The default is a dated snapshot shipped with the app (the ECB's euro reference rates);
 * FX_RATES_FILE or FX_RATES_URL give fresher ones, as JSON `{date, base, rates}` or the ECB's own
 * eurofxref-daily.xml. A converted figure is always shown with the rates' date: it is a guide, and each
 * property is priced, quoted and paid in its own currency.
 */

export interface FxRates {
  /** The day the rates were published (YYYY-MM-DD). */
  date: string;
  base: string;
  source: string;
  /** Units of each currency per one unit of `base`. */
  rates: Record<string, number>;
}

/** Reads a rates document: JSON `{date, base, rates}` or the ECB's XML. Throws on anything else. */
export function parseFxRates(text: string, source: string): FxRates {
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) {
    const json = JSON.parse(trimmed) as Partial<FxRates>;
    if (!json.date || !/^\d{4}-\d{2}-\d{2}$/.test(json.date) || !json.rates || typeof json.rates !== 'object')
      throw new Error('expected {"date": "YYYY-MM-DD", "base": "EUR", "rates": {...}}');
    const base = json.base ?? 'EUR';
    const rates: Record<string, number> = { [base]: 1 };
    for (const [code, rate] of Object.entries(json.rates))
      if (typeof rate === 'number' && rate > 0 && Number.isFinite(rate)) rates[code] = rate;
    return { date: json.date, base, source: json.source ?? source, rates };
  }
  const date = /time=['"](\d{4}-\d{2}-\d{2})['"]/.exec(trimmed)?.[1];
  const rates: Record<string, number> = { EUR: 1 };
  for (const m of trimmed.matchAll(/currency=['"]([A-Z]{3})['"]\s+rate=['"]([\d.]+)['"]/g)) {
    const rate = Number(m[2]);
    if (rate > 0) rates[m[1]!] = rate;
  }
  if (!date || Object.keys(rates).length < 2) throw new Error('neither rates JSON nor the ECB eurofxref XML');
  return { date, base: 'EUR', source: `European Central Bank reference rates (${source})`, rates };
}

interface HeldRates {
  rates: FxRates;
  fetchedAt: number;
  refreshing?: Promise<void>;
}

const DAY_MS = 24 * 3_600_000;

/** The rates in use: FX_RATES_FILE when set (read once), else the last FX_RATES_URL answer, else the snapshot. */
export function fxRates(options: { file?: string; url?: string } = {}): FxRates {
  const held = processSingleton<HeldRates>('site.fx', () => {
    let rates = snapshot as FxRates;
    if (options.file) {
      try {
        // An operator's file outside the project: not part of the build's traced files.
        rates = parseFxRates(readFileSync(/*turbopackIgnore: true*/ options.file, 'utf8'), options.file);
      } catch (error) {
        logger.error(
          { err: error, file: options.file },
          'FX_RATES_FILE unreadable; using the shipped snapshot',
        );
      }
    }
    return { rates, fetchedAt: options.url ? 0 : Date.now() };
  });
  if (options.url && !held.refreshing && Date.now() - held.fetchedAt > DAY_MS) {
    const url = options.url;
    held.refreshing = fetch(url, { signal: AbortSignal.timeout(10_000) })
      .then(async (res) => {
        if (!res.ok) throw new Error(`answered ${res.status}`);
        held.rates = parseFxRates(await res.text(), url);
        logger.info({ date: held.rates.date }, 'reference exchange rates loaded');
      })
      .catch((error: unknown) =>
        logger.warn({ err: error, url }, 'FX_RATES_URL failed; keeping the rates held'),
      )
      .finally(() => {
        held.fetchedAt = Date.now();
        held.refreshing = undefined;
      });
  }
  return held.rates;
}

/** The reference rates in use (the shipped snapshot unless a setting names fresher ones). */
export function currentFxRates(): FxRates {
  const s = settings();
  return fxRates({ file: s.FX_RATES_FILE, url: s.FX_RATES_URL });
}

/** Currencies a visitor may choose to compare in: those the site prices in that the rates know. */
export function displayCurrencies(rates: FxRates): string[] {
  return Object.keys(CURRENCIES).filter((code) => rates.rates[code] !== undefined);
}

/** The one conversion (lib/site/browser/money-convert.ts), here for search. */
export { convert } from '@/lib/site/browser/money-convert';

/**
 * The display currency a page shows "about" figures in (the URL's `currency` when the rates know it, else
 * `fallback`) with the rates of it and of `own`, the currencies its prices are in.
 */
export function displayMoney(
  requested: unknown,
  fallback: string,
  own: string[],
  rates: FxRates,
): DisplayMoney {
  const currency =
    typeof requested === 'string' && displayCurrencies(rates).includes(requested) ? requested : fallback;
  const picked: Record<string, number> = {};
  for (const code of [currency, ...own]) {
    const rate = rates.rates[code];
    if (rate !== undefined) picked[code] = rate;
  }
  return { currency, date: rates.date, rates: picked };
}
