import { fromDay } from './index';
import { DEFAULT_ADULTS, PARTY_LIMITS, type Stay } from './stay-link';

/*
 * The reading half of the traveller's stay (stay.ts): the stay a URL holds. Apart, and exporting nothing
 * else, so that the booking widget can load it when an address has a stay to read (stay-context.tsx).
 */

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
  const infants = count(get('infants'), PARTY_LIMITS.infants.min, PARTY_LIMITS.infants.max) ?? 0;
  const bedrooms = count(get('bedrooms') ?? get('rooms'), 1, 50);
  return {
    checkin,
    checkout: checkin ? checkout : undefined,
    adults,
    children,
    ...(infants > 0 ? { infants } : {}),
    bedrooms,
  };
}
