// The limits alone: the contract's index brings zod and every schema into the page's first script.
import { INFANTS_MAX } from '@/lib/contract/limits';

/*
 * The writing half of the traveller's stay (stay.ts reads it from a URL): what a stay is, how it goes into
 * a link, and the two questions every view asks of it. Apart, so that the booking widget's first script
 * carries no URL reader it never uses.
 */

export interface Stay {
  checkin?: string;
  checkout?: string;
  adults: number;
  children: number;
  /** Under 2 (AGES): not among the API's guests; told to the agent with the inquiry. */
  infants?: number;
  bedrooms?: number;
}

export const STAY_KEYS = ['checkin', 'checkout', 'adults', 'children', 'infants', 'bedrooms'] as const;
/** Every name a link's stay may use: STAY_KEYS and older links' `guests` and `rooms` (stay-read.ts reads them). */
export const STAY_PARAMS = [...STAY_KEYS, 'guests', 'rooms'] as const;
export const DEFAULT_ADULTS = 2;
export const PARTY_LIMITS = {
  adults: { min: 1, max: 50 },
  children: { min: 0, max: 50 },
  infants: { min: 0, max: INFANTS_MAX },
} as const;

/** The stay as URL parameters, in a stable order; the default party is written too, so links are explicit. */
export function stayParams(stay: Stay): URLSearchParams {
  const out = new URLSearchParams();
  if (stay.checkin) out.set('checkin', stay.checkin);
  if (stay.checkin && stay.checkout) out.set('checkout', stay.checkout);
  out.set('adults', String(stay.adults));
  if (stay.children > 0) out.set('children', String(stay.children));
  if (stay.infants) out.set('infants', String(stay.infants));
  if (stay.bedrooms) out.set('bedrooms', String(stay.bedrooms));
  return out;
}

/** `path` with the stay in its query (other parameters already on `path` kept). */
export function withStay(path: string, stay: Stay): string {
  const [base, query = ''] = path.split('?', 2) as [string, string?];
  const params = new URLSearchParams(query);
  for (const k of STAY_KEYS) params.delete(k);
  params.delete('guests');
  for (const [k, v] of stayParams(stay)) params.set(k, v);
  const qs = params.toString();
  return qs ? `${base}?${qs}` : base;
}

/** Everyone staying: what the catalog's `guests` filter and a property's `sleeps` are compared with. */
export const guestsOf = (stay: Pick<Stay, 'adults' | 'children'>) => stay.adults + stay.children;

/** Whether the stay has both dates (a price can be asked for). */
export const hasDates = (stay: Stay): stay is Stay & { checkin: string; checkout: string } =>
  Boolean(stay.checkin && stay.checkout);
