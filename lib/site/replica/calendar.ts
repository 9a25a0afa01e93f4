import { addDays, addYears, daysBetween } from '@/lib/dates';
import {
  availabilityProblem,
  minorUnits,
  nightlyAmount,
  type Occupancy,
  type Rate,
  rateForNight,
} from '@/lib/rules';
import type { ReplicaRates } from './types';

/*
 * A rental's calendar over the replica's horizon, worked out once from the shared rules (lib/rules) when its
 * row is indexed, so that search can ask about thousands of rentals without walking their ranges or rate
 * sheets:
 *
 *   - booked nights as a bitmap (bit i: the night `base + i` is booked, as `Occupancy.bookedNight` says);
 *   - for each bedrooms priced, the rate each night uses (`rateForNight`: the covering period with the
 *     smallest tier that fits, else the default rate, else last year's period, estimated), as an index into
 *     the rate sheet, so a stay's rent is a sum over a slice of days.
 *
 * The calendar answers only inside its horizon; outside it (or for a rate sheet too large to index) callers
 * ask the rules directly. What it answers is what the rules answer (tests/unit/replica-calendar.test.ts).
 */

/** Days the calendar covers from its first day: a week back, eighteen months on. */
export const CALENDAR_DAYS = 7 + 548;

/** Rate indexes are a byte: the high bit marks last year's period standing in (estimated). */
const ESTIMATED = 0x80;
const MAX_RATES = 0x7f;

export interface StayCalendar {
  /** The first day covered, YYYY-MM-DD. */
  base: string;
  days: number;
  /** Bit i: the night base + i is booked. */
  booked: Uint32Array;
  /**
   * Bit i: day base + i is kept free, no check-in on it (`checkout_full_day`); bit `days + i` (i up to
   * `days`): no checkout on it (`checkin_full_day`). Search then asks nothing of the occupancy inside it.
   */
  keptFree: Uint32Array;
  /** The rate sheet's rates: index 1 the default rate, 2… the periods (0: no rate). Null: too many to index. */
  rates: (Rate | null)[] | null;
  /**
   * The sheet's bedroom tiers (its periods' distinct `rooms`, ascending): a night's rate depends on the
   * bedrooms priced only through the tiers that fit them, so bedrooms up to `tiers[j]` (and above
   * `tiers[j - 1]`) share row j of `nightRates`, and bedrooms above every tier the last row. A vendor's
   * 5,000,000 bedrooms cost one row, not five million.
   */
  tiers: number[];
  /** Per tier, the rate index of each night; equal arrays shared. */
  nightRates: Uint8Array[];
  /**
   * Each rate's nightly amount as `nightlyAmount` gives it, for stays of under 7 nights, of 7 to 27, of 28
   * or more: `amounts[regime * rates.length + index - 1]`. A slice's rent then reads numbers, not rates.
   */
  amounts: Float64Array;
}

/** The row of `amounts` a stay of `nights` nights reads (`nightlyAmount`'s weekly and monthly thresholds). */
const regimeOf = (nights: number) => (nights >= 28 ? 2 : nights >= 7 ? 1 : 0);

/** Every rate's amount in each regime, worked out by `nightlyAmount` itself (the same doubles). */
function amountsOf(list: (Rate | null)[]): Float64Array {
  const out = new Float64Array(3 * list.length);
  for (const [regime, nights] of [1, 7, 28].entries())
    for (let i = 0; i < list.length; i++) {
      const rate = list[i];
      out[regime * list.length + i] = rate ? nightlyAmount(rate, nights) : Number.NaN;
    }
  return out;
}

/** The index in `nightRates` of the row that prices `bedrooms`. */
function tierIndex(calendar: StayCalendar, bedrooms: number): number {
  const { tiers } = calendar;
  let lo = 0;
  let hi = tiers.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (tiers[mid]! >= bedrooms) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** The row of `nightRates` that prices `bedrooms`. */
function tierRow(calendar: StayCalendar, bedrooms: number): Uint8Array | undefined {
  return calendar.nightRates[tierIndex(calendar, bedrooms)];
}

/**
 * The rows a rental of `bedrooms` bedrooms can be priced by, each once: the bedrooms priced are 1 up to its
 * own (lib/rules bedroomsPriced; 0 for a studio), so never the row of more bedrooms than every tier when its
 * own fit a tier, a row that often has no rate at all.
 */
export function reachableRows(calendar: StayCalendar, bedrooms: number): Uint8Array[] {
  const from = tierIndex(calendar, Math.min(1, bedrooms));
  const to = tierIndex(calendar, bedrooms);
  return [...new Set(calendar.nightRates.slice(from, to + 1))];
}

/**
 * The days where the rate a night uses may change, `from` first: where a period starts or the day after it
 * ends, and, for the fallback that looks a year back, around where last year's period started or ended;
 * within [from, to). In the order found (the card's "from" price keeps the first of equal rates).
 */
export function rateChangeDays(rates: Pick<ReplicaRates, 'periods'>, from: string, to: string): Set<string> {
  const days = new Set<string>([from]);
  const add = (day: string) => {
    if (day > from && day < to) days.add(day);
  };
  for (const p of rates.periods) {
    add(p.start);
    add(addDays(p.end, 1));
    for (const d of [addYears(p.start, 1), addDays(addYears(p.end, 1), 1)]) {
      add(d);
      add(addDays(d, 1));
      add(addDays(d, -1));
    }
  }
  return days;
}

/**
 * The kept-free bits (StayCalendar.keptFree): check-in days 0 … days - 1, then checkout days 0 … days (a
 * stay may end on the day after the calendar's last).
 */
function markKeptFree(bits: Uint32Array, occupancy: Occupancy, base: string, days: number) {
  const kept = occupancy.keptFree();
  for (const [offset, list, last] of [
    [0, kept.checkin, days - 1],
    [days, kept.checkout, days],
  ] as const)
    for (const d of list) {
      const i = d >= base ? daysBetween(base, d) : -1;
      if (i >= 0 && i <= last) bits[(offset + i) >> 5]! |= 1 << ((offset + i) & 31);
    }
}

/** The calendar of one rental, from its occupancy and rate sheet (periods indexed by the caller). */
export function stayCalendar(
  occupancy: Occupancy,
  rates: Pick<ReplicaRates, 'periods' | 'defaultRate'>,
  base: string,
  days = CALENDAR_DAYS,
): StayCalendar {
  const end = addDays(base, days);
  // The booked nights and the kept-free days in one buffer, side by side: a search reads both of a rental.
  const words = Math.ceil(days / 32);
  const bits = new Uint32Array(words + Math.ceil((2 * days + 1) / 32));
  const booked = bits.subarray(0, words);
  // Walk only booked stretches: the first booked night from a day, then night by night while booked.
  let day = base;
  while (day < end) {
    const next = occupancy.firstBookedNight(day, end);
    if (next === null) break;
    let i = daysBetween(base, next);
    day = next;
    do {
      booked[i >> 5]! |= 1 << (i & 31);
      i++;
      day = addDays(day, 1);
    } while (day < end && occupancy.bookedNight(day));
  }
  const keptFree = bits.subarray(words);
  markKeptFree(keptFree, occupancy, base, days);
  const list = [rates.defaultRate, ...rates.periods];
  if (list.length > MAX_RATES)
    return {
      base,
      days,
      booked,
      keptFree,
      rates: null,
      tiers: [],
      nightRates: [],
      amounts: new Float64Array(0),
    };
  const position = new Map<Rate, number>(list.flatMap((r, i) => (r ? [[r, i + 1] as const] : [])));
  const changes = [...rateChangeDays(rates, base, end)].sort();
  const tiers = [...new Set(rates.periods.map((p) => p.rooms))].sort((a, b) => a - b);
  const nightRates: Uint8Array[] = [];
  // Row j prices the bedrooms of tier j (any bedrooms it is the smallest fitting tier of); the last row,
  // more bedrooms than any tier.
  for (let j = 0; j <= tiers.length; j++) {
    const b = j < tiers.length ? tiers[j]! : (tiers.at(-1) ?? 0) + 1;
    const out = new Uint8Array(days);
    for (let k = 0; k < changes.length; k++) {
      const { rate, source } = rateForNight(changes[k]!, b, rates.periods, rates.defaultRate);
      if (!rate) continue;
      const value = position.get(rate)! | (source === 'estimated' ? ESTIMATED : 0);
      const from = daysBetween(base, changes[k]!);
      const to = k + 1 < changes.length ? daysBetween(base, changes[k + 1]!) : days;
      out.fill(value, from, to);
    }
    const previous = nightRates[j - 1];
    nightRates.push(previous && sameBytes(previous, out) ? previous : out);
  }
  return { base, days, booked, keptFree, rates: list, tiers, nightRates, amounts: amountsOf(list) };
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Day differences worked out: a search asks the same few (base, day) of thousands of calendars. */
const differences = new Map<string, number>();

/** The last few (base, day) asked, tried before the map: a search asks the same two of every calendar. */
const recent: { base: string; day: string; i: number }[] = [];

/** The calendar's day index of `day`, or -1 outside it. */
export function dayIndex(calendar: StayCalendar, day: string): number {
  let i: number | undefined;
  for (const r of recent)
    if (r.day === day && r.base === calendar.base) {
      i = r.i;
      break;
    }
  if (i === undefined) {
    const key = calendar.base + day;
    i = differences.get(key);
    if (i === undefined) {
      if (differences.size > 256) differences.clear();
      i = daysBetween(calendar.base, day);
      differences.set(key, i);
    }
    recent.unshift({ base: calendar.base, day, i });
    if (recent.length > 4) recent.pop();
  }
  return i >= 0 && i < calendar.days ? i : -1;
}

/** Whether the night `day` is booked; null outside the calendar (ask the occupancy). */
export function bookedNight(calendar: StayCalendar, day: string): boolean | null {
  const i = dayIndex(calendar, day);
  if (i < 0) return null;
  return (calendar.booked[i >> 5]! & (1 << (i & 31))) !== 0;
}

/** Whether any of `nights` nights from day index `from` is booked (all inside the calendar). */
function anyBooked(booked: Uint32Array, from: number, nights: number): boolean {
  for (let i = from; i < from + nights; i++) if (booked[i >> 5]! & (1 << (i & 31))) return true;
  return false;
}

/**
 * Whether the nights [checkin, checkout) can be had, as `availabilityProblem` says: no booked night, the
 * check-in and checkout days not kept free. The bitmap answers inside the calendar, the occupancy outside.
 */
export function freeFor(
  calendar: StayCalendar | null,
  occupancy: Occupancy,
  checkin: string,
  checkout: string,
): boolean {
  const from = calendar ? dayIndex(calendar, checkin) : -1;
  const nights = from < 0 ? 0 : dayIndex(calendar!, checkout) - from;
  if (!calendar || from < 0 || nights < 1 || from + nights > calendar.days)
    return availabilityProblem(occupancy, checkin, checkout) === null;
  if (anyBooked(calendar.booked, from, nights)) return false;
  return !keptFreeAt(calendar, from, from + nights);
}

/** A stay's rent from the calendar: the sum of its nights' amounts, and what the quote would say of them. */
export interface SliceRent {
  /** Sum of `nightlyAmount(rate, nights)` over the nights that have a rate. */
  rent: number;
  /** Nights without a rate (the quote's total is then incomplete). */
  missing: number;
  /** Some night uses last year's period. */
  estimated: boolean;
  /** Sum of each night's amount times the best offer covering it, as the quote sums its discounts. */
  discounts: number;
}

/** A promotion as one stay sees it: the nights it covers (0 the first night, both ends included). */
export interface StayOffer {
  first: number;
  last: number;
  percent: number;
}

/**
 * The rent of `nights` nights from `checkin` for the bedrooms priced, a sum over a slice of the calendar
 * (the nightly amounts as the quote takes them, weekly and monthly rates included); null when the calendar
 * cannot say (outside it, or a rate sheet too large to index). Not rounded: the quote (lib/rules'
 * priceStay) stays the one total; this is for bounds and for lists of nightly prices.
 */
export function sliceRent(
  calendar: StayCalendar,
  bedrooms: number,
  checkin: string,
  nights: number,
  offers: readonly StayOffer[] = [],
): SliceRent | null {
  const from = dayIndex(calendar, checkin);
  if (!calendar.rates || from < 0 || nights < 1 || from + nights > calendar.days) return null;
  const row = tierRow(calendar, bedrooms);
  if (!row) return null;
  const amounts = calendar.amounts;
  const at = regimeOf(nights) * calendar.rates.length - 1;
  let rent = 0;
  let missing = 0;
  let estimated = false;
  let discounts = 0;
  for (let k = 0; k < nights; k++) {
    const v = row[from + k]!;
    if (v === 0) {
      missing++;
      continue;
    }
    if (v & ESTIMATED) estimated = true;
    const amount = amounts[at + (v & MAX_RATES)]!;
    rent += amount;
    if (offers.length === 0) continue;
    // The quote's discount of the night, summed in the quote's order (lib/rules priceStay).
    let percent = 0;
    for (const o of offers) if (o.first <= k && k <= o.last && o.percent > percent) percent = o.percent;
    discounts += (amount * percent) / 100;
  }
  return { rent, missing, estimated, discounts };
}

/**
 * Whether a stay from calendar day `checkin` to day `checkout` (both inside it) starts on a day kept free
 * of check-ins or ends on one kept free of checkouts.
 */
export function keptFreeAt(calendar: StayCalendar, checkin: number, checkout: number): boolean {
  const k = calendar.keptFree;
  const out = calendar.days + checkout;
  return (k[checkin >> 5]! & (1 << (checkin & 31))) !== 0 || (k[out >> 5]! & (1 << (out & 31))) !== 0;
}

/** Whether the nights [from, from + nights) (calendar days) hold no booked night; the caller keeps in range. */
export const nightsUnbooked = (calendar: StayCalendar, from: number, nights: number) =>
  !anyBooked(calendar.booked, from, nights);

/**
 * For stays of `nights` nights, each check-in day's rent from the calendar at once (a running sum, not a
 * sum per stay): `rent(i)` and `missing(i)` for check-in day i in [from, to] (calendar days, `i + nights`
 * within it), as `sliceRent` gives them; null when the calendar cannot say (a rate sheet too large to index).
 */
export function stayRents(
  calendar: StayCalendar,
  bedrooms: number,
  nights: number,
  from = 0,
  to = calendar.days,
) {
  const row = calendar.rates && nights >= 1 ? tierRow(calendar, bedrooms) : undefined;
  if (!row || !calendar.rates) return null;
  // Running sums over the days [from, end): check-ins from `from` up to `to`, each with its nights.
  const end = Math.min(calendar.days, to + nights);
  const rent = new Float64Array(end - from + 1);
  const missing = new Int32Array(end - from + 1);
  const amounts = calendar.amounts;
  const at = regimeOf(nights) * calendar.rates.length - 1;
  for (let i = from; i < end; i++) {
    const v = row[i]!;
    const j = i - from;
    rent[j + 1] = rent[j]! + (v === 0 ? 0 : amounts[at + (v & MAX_RATES)]!);
    missing[j + 1] = missing[j]! + (v === 0 ? 1 : 0);
  }
  return {
    rent: (i: number) => rent[i - from + nights]! - rent[i - from]!,
    missing: (i: number) => missing[i - from + nights]! - missing[i - from]!,
    /** Whether the stays from days i and j use the same rate night by night (so the same amounts). */
    same: (i: number, j: number) => {
      for (let k = 0; k < nights; k++) if (row[i + k] !== row[j + k]) return false;
      return true;
    },
  };
}

/**
 * The minimum stay of a check-in on `day`, as `minimumStay` (the rate its first night uses), for the bedrooms
 * priced: a number, null when no rate says, undefined when the calendar cannot say (outside it, or a rate
 * sheet too large to index).
 */
export function minStayOn(calendar: StayCalendar, bedrooms: number, day: string): number | null | undefined {
  return minStayAt(calendar, bedrooms, dayIndex(calendar, day));
}

/** minStayOn for calendar day `i` (-1 or beyond it: undefined, ask the rules). */
export function minStayAt(calendar: StayCalendar, bedrooms: number, i: number): number | null | undefined {
  const row = i >= 0 && i < calendar.days && calendar.rates ? tierRow(calendar, bedrooms) : undefined;
  if (!row) return undefined;
  const v = row[i]!;
  return v === 0 ? null : (calendar.rates![(v & MAX_RATES) - 1]!.minStay ?? null);
}

/**
 * The minimum stay of a check-in on day i, as `minimumStay` (the rate its first night uses; null when no
 * rate says), for the bedrooms priced; null when the calendar cannot say (a rate sheet too large to index).
 */
export function minStays(calendar: StayCalendar, bedrooms: number): ((i: number) => number | null) | null {
  const row = calendar.rates ? tierRow(calendar, bedrooms) : undefined;
  const rates = calendar.rates;
  if (!row || !rates) return null;
  return (i) => {
    const v = row[i]!;
    return v === 0 ? null : (rates[(v & MAX_RATES) - 1]!.minStay ?? null);
  };
}

/**
 * The least nightly amount of any night from day `from` up to `to` (calendar days) for stays of `nights`
 * nights, for the bedrooms priced: times the nights, a floor of the rent of every stay in that window.
 * Infinity when no night there has a rate; null when the calendar cannot say.
 */
export function leastNightly(
  calendar: StayCalendar,
  bedrooms: number,
  nights: number,
  from: number,
  to: number,
): number | null {
  const row = calendar.rates && nights >= 1 ? tierRow(calendar, bedrooms) : undefined;
  if (!row || !calendar.rates) return null;
  const seen = new Set<number>();
  let least = Number.POSITIVE_INFINITY;
  for (let i = Math.max(0, from); i < Math.min(calendar.days, to); i++) {
    const v = row[i]! & MAX_RATES;
    if (v === 0 || seen.has(v)) continue;
    seen.add(v);
    least = Math.min(least, nightlyAmount(calendar.rates[v - 1]!, nights));
  }
  return least;
}

/**
 * The least a night can cost at this rental, whatever its dates, and what may lower a stay's total below its
 * rent, for a bound of its cheapest stay worked out without its calendar: [least nightly amount of stays of 1
 * to 6 nights, of 7 to 27, of 28 or more (`nightlyAmount` over every rate of its sheet), the best promotion's
 * percent, the quote's rounding slack in its currency]. Every figure is minus infinity when a fee, a tax or a
 * promotion over 100 % could lower a total by more; infinity when it is priced on request.
 */
export function leastRates(
  rates: Pick<
    ReplicaRates,
    'periods' | 'defaultRate' | 'fees' | 'taxRates' | 'promotions' | 'currency' | 'priceOnRequest'
  >,
): Float64Array {
  const out = new Float64Array(5);
  const sheet = [rates.defaultRate, ...rates.periods].filter((r): r is Rate => r !== null);
  if (rates.priceOnRequest || (rates.priceOnRequest === null && !sheet.length))
    return out.fill(Number.POSITIVE_INFINITY);
  let promotion = 0;
  for (const p of rates.promotions ?? []) promotion = Math.max(promotion, p.percent);
  if (promotion > 100 || rates.fees.some((f) => f.amount < 0) || rates.taxRates.some((t) => t < 0))
    return out.fill(Number.NEGATIVE_INFINITY);
  [1, 7, 28].forEach((nights, i) => {
    out[i] = Math.min(Number.POSITIVE_INFINITY, ...sheet.map((r) => nightlyAmount(r, nights)));
  });
  out[3] = promotion;
  const taxRate = rates.taxRates.reduce((sum, t) => sum + t, 0);
  out[4] = (4 + (1.5 * taxRate) / 100) * 10 ** -minorUnits(rates.currency);
  return out;
}

/**
 * Many rentals' calendars side by side, for a search that walks the whole catalog: their booked nights and
 * kept-free days copied into one buffer word by word across the rentals (word w of rental p at `w * count +
 * p`), so that a search, asking every rental about the same few days, reads its words in a row; and each
 * one's first day as a day number (`-1` with no calendar, or one of another length: ask `freeFor`).
 */
export interface PackedCalendars {
  /** Words per rental: its booked nights, then its kept-free days. */
  stride: number;
  count: number;
  bits: Uint32Array;
  base: Int32Array;
}

const EPOCH = '1970-01-01';
const BOOKED_WORDS = Math.ceil(CALENDAR_DAYS / 32);

export function packCalendars(calendars: readonly (StayCalendar | null)[]): PackedCalendars {
  const stride = BOOKED_WORDS + Math.ceil((2 * CALENDAR_DAYS + 1) / 32);
  const count = calendars.length;
  const pack = { stride, count, bits: new Uint32Array(count * stride), base: new Int32Array(count) };
  for (const [p, c] of calendars.entries()) packCalendarAt(pack, p, c);
  return pack;
}

/** The day numbers of calendars' first days: a pack's thousands share a few. */
const baseDays = new Map<string, number>();

/** Rental `p`'s calendar written into a pack (made again when the rental changed). */
export function packCalendarAt(pack: PackedCalendars, p: number, c: StayCalendar | null): void {
  const { stride, count, bits } = pack;
  if (!c || c.days !== CALENDAR_DAYS || c.booked.buffer.byteLength !== stride * 4) {
    pack.base[p] = -1;
    for (let w = 0; w < stride; w++) bits[w * count + p] = 0;
    return;
  }
  const words = new Uint32Array(c.booked.buffer);
  for (let w = 0; w < stride; w++) bits[w * count + p] = words[w]!;
  let d = baseDays.get(c.base);
  if (d === undefined) {
    if (baseDays.size > 64) baseDays.clear();
    d = daysBetween(EPOCH, c.base);
    baseDays.set(c.base, d);
  }
  pack.base[p] = d;
}

/** Whether any of bits [from, to) of a rental's run of words (starting at word `first`) is set. */
function anySet(pack: PackedCalendars, p: number, first: number, from: number, to: number): boolean {
  const { bits, count } = pack;
  for (let w = from >> 5; w <= (to - 1) >> 5; w++) {
    const lo = Math.max(from, w << 5) - (w << 5);
    const hi = Math.min(to, (w + 1) << 5) - (w << 5);
    const mask = hi - lo === 32 ? 0xffffffff : ((1 << (hi - lo)) - 1) << lo;
    if (bits[(first + w) * count + p]! & mask) return true;
  }
  return false;
}

/**
 * Whether rental `p` of a pack is free for `nights` nights from day number `checkin` (as `freeFor`); null
 * when its calendar cannot say (none, or the stay outside it).
 */
export function packedFree(
  pack: PackedCalendars,
  p: number,
  checkin: number,
  nights: number,
): boolean | null {
  if (pack.base[p]! < 0) return null;
  const i = checkin - pack.base[p]!;
  if (i < 0 || nights < 1 || i + nights > CALENDAR_DAYS) return null;
  if (anySet(pack, p, 0, i, i + nights)) return false;
  // The kept-free bits follow the booked nights (stayCalendar's buffer): check-in days, then checkouts.
  const out = CALENDAR_DAYS + i + nights;
  return !anySet(pack, p, BOOKED_WORDS, i, i + 1) && !anySet(pack, p, BOOKED_WORDS, out, out + 1);
}

/** packMinStays' byte of one calendar's day. */
function dayMinStays(c: StayCalendar, rows: readonly Uint8Array[], i: number): number {
  let most = 0;
  let same = true;
  let first: number | null = null;
  for (const row of rows) {
    const v = row[i]! & MAX_RATES;
    const minStay = v ? (c.rates![v - 1]?.minStay ?? null) : null;
    if (minStay === null) same = false;
    else {
      most = Math.max(most, minStay);
      if (first === null) first = minStay;
      else if (first !== minStay) same = false;
    }
  }
  if (most >= MAX_RATES) return MAX_RATES;
  return most | (same && most > 0 ? SAME_MIN_STAY : 0);
}

/** In packMinStays' bytes: every tier's rate that day asks the same minimum stay (the low bits). */
export const SAME_MIN_STAY = 0x80;

/**
 * Many rentals' longest minimum stay of each day of their calendars, whatever the bedrooms priced (the most
 * any of the tiers' rates their bedrooms can be priced by asks that night; 0 with no rate), day by day across the rentals (day i of rental
 * p at `i * count + p`): a stay at least this long from that check-in no rule refuses for its length. With
 * SAME_MIN_STAY set, every tier has a rate that day asking just that: a shorter stay is refused for it,
 * whatever the bedrooms. 127 where a calendar cannot say (none, another length, or rates not indexed) or
 * asks more: ask the calendar or the rules.
 */
export function packMinStays(
  calendars: readonly (StayCalendar | null)[],
  bedrooms: readonly number[],
): Uint8Array {
  const out = new Uint8Array(calendars.length * CALENDAR_DAYS);
  for (const [p, c] of calendars.entries()) packMinStaysAt(out, calendars.length, p, c, bedrooms[p]!);
  return out;
}

/**
 * Rental `p`'s days written into packMinStays' bytes for `count` rentals, over the tiers its `bedrooms` can be
 * priced by (reachableRows).
 */
export function packMinStaysAt(
  out: Uint8Array,
  count: number,
  p: number,
  c: StayCalendar | null,
  bedrooms: number,
): void {
  const known = c && c.days === CALENDAR_DAYS && c.rates;
  const rows = known ? reachableRows(c, bedrooms) : [];
  for (let i = 0; i < CALENDAR_DAYS; i++) out[i * count + p] = known ? dayMinStays(c, rows, i) : MAX_RATES;
}

/** Days per block of `blockBounds`, and blocks in a calendar. */
export const BLOCK_DAYS = 32;
export const BLOCKS = Math.ceil(CALENDAR_DAYS / BLOCK_DAYS);

/**
 * The least and the most nightly amount of a night in each block of 32 days of the calendar, over the tiers a
 * rental of `bedrooms` bedrooms can be priced by (reachableRows), for stays of under 7 nights, of 7 to 27 and of 28 or more: the least at
 * `[regime * BLOCKS + block]`, the most at `[(3 + regime) * BLOCKS + block]` (infinity and minus infinity
 * where no night of the block has a rate). Bounds of a dated stay's rent from below and above, closer than
 * the sheet's own (a summer stay is not bounded by the winter's rate). Null when the calendar cannot say.
 */
export function blockBounds(calendar: StayCalendar | null, bedrooms: number): Float64Array | null {
  if (!calendar?.rates || calendar.days !== CALENDAR_DAYS) return null;
  const out = new Float64Array(6 * BLOCKS);
  out.fill(Number.POSITIVE_INFINITY, 0, 3 * BLOCKS);
  out.fill(Number.NEGATIVE_INFINITY, 3 * BLOCKS);
  const { amounts } = calendar;
  const n = calendar.rates.length;
  for (const row of reachableRows(calendar, bedrooms))
    for (let d = 0; d < calendar.days; d++) {
      const v = row[d]! & MAX_RATES;
      if (v === 0) continue;
      const b = Math.floor(d / BLOCK_DAYS);
      for (let r = 0; r < 3; r++) {
        const a = amounts[r * n + v - 1]!;
        const least = r * BLOCKS + b;
        const most = (3 + r) * BLOCKS + b;
        if (a < out[least]!) out[least] = a;
        if (a > out[most]!) out[most] = a;
      }
    }
  return out;
}

/** The day number of `day` (days since 1970-01-01), as packed calendars count. */
export const dayNumberOf = (day: string) => daysBetween(EPOCH, day);

/** The calendar's size in bytes (its typed arrays; the rate objects are the rate sheet's own). */
export function calendarBytes(calendar: StayCalendar): number {
  const rows = new Set(calendar.nightRates);
  let bytes = calendar.booked.buffer.byteLength + calendar.amounts.byteLength;
  for (const r of rows) bytes += r.byteLength;
  return bytes;
}

/**
 * The most a night can cost at this rental, whatever its dates: [most nightly amount of stays of 1 to 6
 * nights, of 7 to 27, of 28 or more] over every rate of its sheet, for a bound of a stay's rent from above
 * worked out without its calendar. Minus infinity when it is priced on request or has no rate (its card has
 * no price: last in a search by highest price).
 */
export function mostRates(
  rates: Pick<ReplicaRates, 'periods' | 'defaultRate' | 'priceOnRequest'>,
): Float64Array {
  const out = new Float64Array(3);
  const sheet = [rates.defaultRate, ...rates.periods].filter((r): r is Rate => r !== null);
  if (rates.priceOnRequest || !sheet.length) return out.fill(Number.NEGATIVE_INFINITY);
  [1, 7, 28].forEach((nights, i) => {
    out[i] = Math.max(...sheet.map((r) => nightlyAmount(r, nights)));
  });
  return out;
}
