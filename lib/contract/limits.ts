import { addYears, daysBetween } from './days';

/*
 * Bounds the API document leaves open, decided so that no request can make the server work without end
 * (docs/decisions.md#longest-stay-and-furthest-check-in, docs/decisions.md#party-and-room-counts). Both roles and the
 * forms apply them through the contract's schemas.
 */

export const STAY_LIMITS = {
  /** A quote adds up night by night; a year is longer than any rental stay a partner sells. */
  maxNights: 365,
  /** Rates are published at most a year or two ahead; three years leaves room and bounds the work. */
  maxYearsAhead: 3,
} as const;

/**
 * The party's ages (docs/decisions.md#children-and-infants): the API counts adults and children, both toward
 * capacity and fees, and names no ages. As the big listing sites do, adults are 13 or older, children 2 to
 * 12, infants under 2; infants are not among the API's guests (no capacity, no fees): the agent is told of
 * them in the inquiry's message. Every field that asks for a party says these ages from here.
 */
export const AGES = { adultFrom: 13, childFrom: 2 } as const;
/** Infants a party may bring (as listing sites allow), told to the agent only. */
export const INFANTS_MAX = 5;

/** Catalog `guests` and `rooms`: as many as an inquiry or a quote may hold (adults 50 + children 50). */
export const PARTY_MAX = { guests: 100, rooms: 50 } as const;

export const furthestCheckin = (today: string) => addYears(today, STAY_LIMITS.maxYearsAhead);

type Push = (path: string, message: string) => void;

/**
 * The stay's bounds as field problems: a check-in beyond the furthest day, a stay longer than the longest.
 * Called only with real calendar dates.
 */
export function checkStayBounds(
  push: Push,
  today: string,
  checkin: string,
  checkout: string | undefined,
  paths: { checkin: string; checkout: string },
) {
  if (checkin > furthestCheckin(today))
    push(paths.checkin, `must be at most ${STAY_LIMITS.maxYearsAhead} years ahead`);
  if (checkout && checkout > checkin && daysBetween(checkin, checkout) > STAY_LIMITS.maxNights)
    push(paths.checkout, `must be at most ${STAY_LIMITS.maxNights} nights after ${paths.checkin}`);
}

/**
 * Text a person typed (docs/decisions.md#text-a-person-typed): unpaired surrogates are not text, and no
 * keyboard types a control character. Refused as the field's problem, instead of failing deep in a
 * database (NUL) or reaching an agent's screen and mail as something else: ESC and BEL drive terminals,
 * CR and LF forge lines in a name, U+202E and its kin turn a name's letters around. A message keeps its
 * line breaks and tabs; a name, a phone number or a reference is one line.
 */
export function isPlainText(value: string, lines: 'one' | 'many' = 'one'): boolean {
  const controls = lines === 'many' ? MESSAGE_CONTROLS : LINE_CONTROLS;
  return !controls.test(value) && !LONE_SURROGATE.test(value);
}
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
// C0 and C1 controls, DEL, the line and paragraph separators, and the bidirectional embeddings,
// overrides and isolates (U+202A-U+202E, U+2066-U+2069).
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const LINE_CONTROLS = /[\u0000-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const MESSAGE_CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
