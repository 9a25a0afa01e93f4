import { fromDay } from './index';

/*
 * The traveller's stay: dates and party (and bedrooms where it matters), carried in the URL from the home
 * search to the results, into every card's link, onto the property page, into the inquiry and onto the
 * confirmation. One reader and one writer, shared by the server's pages and the browser, so every page
 * agrees on what `?checkin=…&checkout=…&adults=…&children=…` means. Dates stay `YYYY-MM-DD` strings.
 */

export interface Stay {
  checkin?: string;
  checkout?: string;
  adults: number;
  children: number;
  bedrooms?: number;
}

export const STAY_KEYS = ['checkin', 'checkout', 'adults', 'children', 'bedrooms'] as const;
export const DEFAULT_ADULTS = 2;
export const PARTY_LIMITS = { adults: { min: 1, max: 50 }, children: { min: 0, max: 50 } } as const;

type Input = URLSearchParams | Record<string, string | string[] | undefined>;

function getter(input: Input) {
  return (key: string): string | undefined => {
    if (input instanceof URLSearchParams) return input.get(key) ?? undefined;
    const v = input[key];
    return (Array.isArray(v) ? v[0] : v) ?? undefined;
  };
}

function count(raw: string | undefined, min: number, max: number): number | undefined {
  if (raw === undefined || !/^\d{1,3}$/.test(raw.trim())) return undefined;
  const n = Number(raw);
  return n >= min && n <= max ? n : undefined;
}

const day = (raw: string | undefined) => (raw && fromDay(raw.trim()) ? raw.trim() : undefined);

/**
 * The stay a URL holds. Values that make no sense are dropped rather than guessed at (a checkout not after
 * its checkin is no checkout); an older link's `guests` counts as adults.
 */
export function readStay(input: Input): Stay {
  const get = getter(input);
  const checkin = day(get('checkin'));
  const out = day(get('checkout'));
  const checkout = checkin && out && out > checkin ? out : undefined;
  const adults =
    count(get('adults'), PARTY_LIMITS.adults.min, PARTY_LIMITS.adults.max) ??
    count(get('guests'), PARTY_LIMITS.adults.min, PARTY_LIMITS.adults.max) ??
    DEFAULT_ADULTS;
  const children = count(get('children'), PARTY_LIMITS.children.min, PARTY_LIMITS.children.max) ?? 0;
  const bedrooms = count(get('bedrooms') ?? get('rooms'), 1, 50);
  return { checkin, checkout: checkin ? checkout : undefined, adults, children, bedrooms };
}

/** The stay as URL parameters, in a stable order; the default party is written too, so links are explicit. */
export function stayParams(stay: Stay): URLSearchParams {
  const out = new URLSearchParams();
  if (stay.checkin) out.set('checkin', stay.checkin);
  if (stay.checkin && stay.checkout) out.set('checkout', stay.checkout);
  out.set('adults', String(stay.adults));
  if (stay.children > 0) out.set('children', String(stay.children));
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
