import 'server-only';
import { daysBetween } from '@/lib/dates';
import { ceilingFromTerms, ceilingTerms, floorFromTerms, minorUnits } from '@/lib/rules';
import {
  BLOCK_DAYS,
  BLOCKS,
  blockBounds,
  CALENDAR_DAYS,
  dayNumberOf,
  type PackedCalendars,
  packCalendarAt,
  packCalendars,
  packMinStays,
  packMinStaysAt,
} from '@/lib/site/replica/calendar';
import { convert, type FxRates } from '@/lib/site/replica/fx';
import type { ReplicaEntry, ReplicaIndex } from '@/lib/site/replica/in-memory';
import type { DatedStay } from './card-price';
import { type FacetCodes, facetCodes } from './filters';

/*
 * The whole catalog as typed arrays, for a search that walks every rental (from-replica.ts's wholeCatalog):
 * what it asks of each rental laid out so that one search reads it in a row, not rental object by rental
 * object. Made once per index version; the next version, when the sync only changed some rentals, copies the
 * arrays and writes those rentals again rather than making them all (538 ms at 30,000 rentals).
 */

/** The index's entries walked as arrays: a rental's facts at its place `p` in `entries`. */
export interface Walk {
  entries: ReplicaEntry[];
  sleeps: Int32Array;
  bedrooms: Int32Array;
  calendars: PackedCalendars;
  /** The longest minimum stay any of its rates asks (0: none): a stay this long no rule refuses for length. */
  longestMinStay: Int32Array;
  /** Price on request: no minimum stay applies. */
  onRequest: Uint8Array;
  /** The longest minimum stay of each check-in day (calendar.ts's packMinStays, with `calendars.base`). */
  minStays: Uint8Array;
  /** The facts the filters count, packed (filters.ts), made when first asked. */
  facets: () => FacetCodes;
  /** Each rental's `least` (5 figures at `p * 5`) and currency (an index into `currencies`). */
  least: Float64Array;
  /** Each rental's calendar's `blockBounds` (at `p * 6 * BLOCKS`; NaN where its calendar cannot say). */
  blocks: Float64Array;
  currency: Uint16Array;
  currencies: string[];
  /** Each rental's `most` (3 at `p * 3`) and its rate sheet's ceilingTerms (17 at `p * 17`), made when asked. */
  ceilings: () => Ceilings;
}

interface Ceilings {
  most: Float64Array;
  terms: Float64Array;
}

/** The longest minimum stay a rate sheet's rates ask, the default rate's included. */
function longestMinStay(rates: ReplicaEntry['rates']): number {
  let longest = rates.defaultRate?.minStay ?? 0;
  for (const p of rates.periods) longest = Math.max(longest, p.minStay ?? 0);
  return longest;
}

/** A rental's figures for its ceilings, at `p`. */
function ceilingAt(c: Ceilings, p: number, e: ReplicaEntry) {
  c.most.set(e.most, p * 3);
  const r = e.rates;
  c.terms.set(
    ceilingTerms({ minorUnits: minorUnits(r.currency), fees: r.fees, taxRates: r.taxRates }),
    p * 17,
  );
}

/** The arrays a walk's rentals fill, and the fillers of one rental's place. */
function arrays(index: ReplicaIndex, entries: ReplicaEntry[], from?: Walk) {
  const n = entries.length;
  const currencies = from ? [...from.currencies] : [];
  const currencyAt = new Map(currencies.map((c, i) => [c, i]));
  let codes: FacetCodes | undefined;
  let ceilings: Ceilings | undefined;
  const walk: Walk = {
    entries,
    sleeps: from ? from.sleeps.slice() : new Int32Array(n),
    bedrooms: from ? from.bedrooms.slice() : new Int32Array(n),
    calendars: from
      ? { ...from.calendars, bits: from.calendars.bits.slice(), base: from.calendars.base.slice() }
      : packCalendars(entries.map((e) => e.calendar)),
    longestMinStay: from ? from.longestMinStay.slice() : new Int32Array(n),
    onRequest: from ? from.onRequest.slice() : new Uint8Array(n),
    minStays: from
      ? from.minStays.slice()
      : packMinStays(
          entries.map((e) => e.calendar),
          entries.map((e) => e.summary.bedrooms),
        ),
    // The offered amenities are the index's: counted again for a new version.
    facets: () => {
      codes ??= facetCodes(
        index,
        entries.map((e) => e.summary),
      );
      return codes;
    },
    least: from ? from.least.slice() : new Float64Array(n * 5),
    blocks: from ? from.blocks.slice() : new Float64Array(n * 6 * BLOCKS),
    currency: from ? from.currency.slice() : new Uint16Array(n),
    currencies,
    ceilings: () => {
      if (!ceilings) {
        ceilings = { most: new Float64Array(n * 3), terms: new Float64Array(n * 17) };
        for (const [p, e] of entries.entries()) ceilingAt(ceilings, p, e);
      }
      return ceilings;
    },
  };
  /** Rental `p`'s facts; `calendar`: its calendar's too (a copied walk's changed rentals). */
  const fill = (p: number, e: ReplicaEntry, calendar: boolean) => {
    walk.sleeps[p] = e.summary.sleeps;
    walk.bedrooms[p] = e.summary.bedrooms;
    walk.longestMinStay[p] = longestMinStay(e.rates);
    walk.onRequest[p] = e.rates.priceOnRequest ? 1 : 0;
    walk.least.set(e.least, p * 5);
    const blocks = blockBounds(e.calendar, e.summary.bedrooms);
    if (blocks) walk.blocks.set(blocks, p * 6 * BLOCKS);
    else walk.blocks.fill(Number.NaN, p * 6 * BLOCKS, (p + 1) * 6 * BLOCKS);
    let c = currencyAt.get(e.rates.currency);
    if (c === undefined) {
      c = currencies.push(e.rates.currency) - 1;
      currencyAt.set(e.rates.currency, c);
    }
    walk.currency[p] = c;
    if (calendar) {
      packCalendarAt(walk.calendars, p, e.calendar);
      packMinStaysAt(walk.minStays, n, p, e.calendar, e.summary.bedrooms);
    }
  };
  return { walk, fill };
}

/**
 * The previous walk with the rentals that changed written again, when the new version holds the same rentals
 * in the same places (the sync moved rates or dates, added or removed none) and few changed; else null.
 */
function patched(previous: Walk, index: ReplicaIndex, entries: ReplicaEntry[]): Walk | null {
  if (previous.entries.length !== entries.length) return null;
  const changed: number[] = [];
  for (let p = 0; p < entries.length; p++) {
    if (entries[p]!.id !== previous.entries[p]!.id) return null;
    if (entries[p] !== previous.entries[p]) changed.push(p);
  }
  if (changed.length > entries.length / 4) return null;
  const { walk, fill } = arrays(index, entries, previous);
  for (const p of changed) fill(p, entries[p]!, true);
  return walk;
}

const walks = new WeakMap<ReplicaIndex, Walk>();
/** The walk made last: the next index version's starting point. */
let latest: Walk | null = null;

/** The index's walk, made once per index (from the previous version's where the sync changed a few rentals). */
export function walkOf(index: ReplicaIndex): Walk {
  const known = walks.get(index);
  if (known) return known;
  const entries = [...index.entries.values()];
  let walk = latest ? patched(latest, index, entries) : null;
  if (!walk) {
    const made = arrays(index, entries);
    for (const [p, e] of entries.entries()) made.fill(p, e, false);
    walk = made.walk;
  }
  walks.set(index, walk);
  latest = walk;
  return walk;
}

/**
 * Bounds of the prices of the rentals at `places` in a walk, written to `out` in the same order: a loop over
 * them, so that no bound is boxed on its way to the search's typed arrays (one number object per match, 16 %
 * of what a whole-catalog search allocated at 30,000 rentals when each was returned).
 */
export type WalkBounds = (places: ArrayLike<number>, out: Float64Array) => void;

/**
 * A bound below each rental's floor (stayFloors, card-price.ts) for the rentals of a walk, by their places in
 * it, read from its arrays: the least nightly amount a night of the stay can have (the higher of the sheet's
 * least and the least of the stay's blocks of its calendar, `blockBounds`; both bound every night), its best
 * promotion, and its fees and taxes as sums by kind (floorFromTerms), so a cleaning fee and a tax count
 * before any calendar is read.
 */
function walkBounds(walk: Walk, stay: DatedStay, currency: string, fx: FxRates): WalkBounds {
  const nights = daysBetween(stay.checkin, stay.checkout);
  const regime = nights >= 28 ? 2 : nights >= 7 ? 1 : 0;
  const day = dayNumberOf(stay.checkin);
  const { least, currencies, blocks } = walk;
  const base = walk.calendars.base;
  const { terms } = walk.ceilings();
  const party = { nights, adults: stay.adults, children: stay.children };
  return (places, out) => {
    for (let k = 0; k < places.length; k++) {
      const p = places[k]!;
      const at = p * 5;
      let l = least[at + regime]!;
      if (!Number.isFinite(l)) {
        out[k] = l;
        continue;
      }
      const i = day - base[p]!;
      if (base[p]! >= 0 && i >= 0 && i + nights <= CALENDAR_DAYS) {
        const row = p * 6 * BLOCKS + regime * BLOCKS;
        const last = Math.floor((i + nights - 1) / BLOCK_DAYS);
        // The least of the blocks the stay's nights fall in: each night costs at least its block's least.
        let m = Number.POSITIVE_INFINITY;
        for (let b = Math.floor(i / BLOCK_DAYS); b <= last; b++) m = Math.min(m, blocks[row + b]!);
        // NaN (the calendar cannot say) is never higher.
        if (m > l) l = m;
      }
      const nightly = floorFromTerms(terms, p * 17, party, l * nights, least[at + 3]!) / nights;
      const own = currencies[walk.currency[p]!]!;
      out[k] = own === currency ? nightly : (convert(nightly, own, currency, fx) ?? Number.POSITIVE_INFINITY);
    }
  };
}

/**
 * stayCeilingBounds (card-price.ts) for the rentals of a walk, by their places in it, negated, with the most
 * of the stay's blocks of its calendar (`blockBounds`) where that is lower than the sheet's dearest night.
 */
function walkCeilingBounds(walk: Walk, stay: DatedStay, currency: string, fx: FxRates): WalkBounds {
  const nights = daysBetween(stay.checkin, stay.checkout);
  const regime = nights >= 28 ? 2 : nights >= 7 ? 1 : 0;
  const day = dayNumberOf(stay.checkin);
  const { most, terms } = walk.ceilings();
  const { blocks } = walk;
  const base = walk.calendars.base;
  const party = { nights, adults: stay.adults, children: stay.children };
  return (places, out) => {
    for (let j = 0; j < places.length; j++) {
      const p = places[j]!;
      let m = most[p * 3 + regime]!;
      if (!Number.isFinite(m)) {
        out[j] = -m;
        continue;
      }
      const i = day - base[p]!;
      if (base[p]! >= 0 && i >= 0 && i + nights <= CALENDAR_DAYS) {
        const row = p * 6 * BLOCKS + (3 + regime) * BLOCKS;
        const last = Math.floor((i + nights - 1) / BLOCK_DAYS);
        // The most of the blocks the stay's nights fall in: each night costs at most its block's most.
        let b = Number.NEGATIVE_INFINITY;
        for (let k = Math.floor(i / BLOCK_DAYS); k <= last; k++) b = Math.max(b, blocks[row + k]!);
        // No night of those blocks has a rate: the stay has no price, last by highest price.
        if (b === Number.NEGATIVE_INFINITY) {
          out[j] = Number.POSITIVE_INFINITY;
          continue;
        }
        // NaN (the calendar cannot say) is never lower.
        if (b < m) m = b;
      }
      const ceiling = ceilingFromTerms(terms, p * 17, party, m * nights) / nights;
      // Above the ceiling by a billionth: a stay whose every night is its block's most sums its rent in
      // another order than this product, and a bound must never fall under what it stands for.
      const nightly = Number.isFinite(ceiling) ? ceiling + Math.abs(ceiling) * 1e-9 : ceiling;
      const own = walk.currencies[walk.currency[p]!]!;
      out[j] =
        own === currency || nightly === Number.POSITIVE_INFINITY
          ? -nightly
          : -(convert(nightly, own, currency, fx) ?? Number.POSITIVE_INFINITY);
    }
  };
}

/**
 * A dated search's bounds of its matches' prices from the walk's arrays (`sign` 1: from below, stayBounds;
 * -1: minus a bound from above, stayCeilingBounds), by their places; null without dates.
 */
export function walkBoundsOf(
  walk: Walk,
  stay: Partial<DatedStay> & Omit<DatedStay, 'checkin' | 'checkout'>,
  currency: string,
  fx: FxRates,
  sign: 1 | -1,
): WalkBounds | null {
  const { checkin, checkout } = stay;
  if (!checkin || !checkout) return null;
  const dated = { ...stay, checkin, checkout };
  return sign === 1 ? walkBounds(walk, dated, currency, fx) : walkCeilingBounds(walk, dated, currency, fx);
}
