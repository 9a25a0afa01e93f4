import 'server-only';
import { catalog, catalogClient } from '@/lib/catalog-client';
import type { CatalogSort } from '@/lib/contract';
import { daysBetween } from '@/lib/dates';
import { notePageRead } from '@/lib/request-context';
import { bedroomsPriced, overCapacity, type StayProblem } from '@/lib/rules';
import { settings } from '@/lib/settings';
import { inBounds } from '@/lib/site/browser/bounds';
import { getSiteDb } from '@/lib/site/db/client';
import { countSearch, currentFxRates } from '@/lib/site/replica';
import {
  CALENDAR_DAYS,
  dayNumberOf,
  freeFor,
  minStayAt,
  minStayOn,
  packedFree,
  SAME_MIN_STAY,
} from '@/lib/site/replica/calendar';
import { convert, type FxRates } from '@/lib/site/replica/fx';
import { type ReplicaEntry, type ReplicaIndex, replicaIndexIfBuilt } from '@/lib/site/replica/in-memory';
import type {
  CardPrice,
  CardStay,
  Facets,
  MapPoint,
  ReplicaSummary,
  Unbookable,
} from '@/lib/site/replica/types';
import {
  cardPrice,
  type DatedStay,
  type PriceAsk,
  stayBounds,
  stayCeilingBounds,
  stayCeilings,
  stayFigures,
  stayFloors,
  stayRefusal,
} from './card-price';
import { facetsAt, facetsOf, filtering, histogramOf, NO_FILTERS, passes } from './filters';
import { flexibleOptions, flexiblePlan } from './flexible';
import type { SearchRequest } from './request';
import { type WalkBounds, walkBoundsOf, walkOf } from './walk';

/*
 * Search's adapter over the site's replica (lib/site/replica): the request answered from this process's
 * in-memory index with no upstream call. It filters by the catalog's own rules (the location and its
 * descendants, sleeps, bedrooms, a stay free of booked nights by lib/rules, as the service's filter), then
 * keeps only the stays the quote would not refuse (lib/rules: the party's size, the minimum stay), counting
 * those it leaves out; prices each card as the quote would (card-price.ts), then filters by price, sorts
 * (a card without a whole price last) and pages. Each index
 * remembers its answers, so paging through a search or asking it again costs a lookup.
 */

export interface ReplicaPage {
  /** Each with its card price; in a flexible search, with the stay it is priced for. */
  properties: (ReplicaSummary & { price: CardPrice; stay?: CardStay })[];
  /** Every rental that can be booked as searched, on every page. */
  total: number;
  /** What a dated search left out as the rules refuse its stay there (null without dates). */
  unbookable: Unbookable | null;
  /** Each filter's choices with the count choosing it would leave, and the price histogram. */
  facets: Facets;
}

/** A search's answer: its ids in order, their card prices, a flexible search's stays, the filters' counts. */
type Answer = {
  /** In order: every match, or the first of a dated search by lowest price (at least the pages asked). */
  ids: number[];
  total: number;
  /** Every result's id, in no particular order: what the map shows. */
  every: Int32Array;
  /** Its cards' prices (and a flexible search's stays), worked out once each. */
  how: Pricer;
  unbookable: Unbookable | null;
  facets: Facets;
};
const ANSWERS = 300;
const remembered = new WeakMap<ReplicaIndex, Map<string, Answer>>();

/** The nightly figure compared by sort and filter, in the display currency (null: no price). */
const compared = (p: CardPrice) => (p.converted ? p.converted.nightly : p.nightly);
const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const BY: Record<CatalogSort, (a: ReplicaEntry, b: ReplicaEntry) => number> = {
  id: (a, b) => a.id - b.id,
  '-id': (a, b) => b.id - a.id,
  bedrooms: (a, b) => a.summary.bedrooms - b.summary.bedrooms || a.id - b.id,
  '-bedrooms': (a, b) => b.summary.bedrooms - a.summary.bedrooms || a.id - b.id,
  sleeps: (a, b) => a.summary.sleeps - b.summary.sleeps || a.id - b.id,
  '-sleeps': (a, b) => b.summary.sleeps - a.summary.sleeps || a.id - b.id,
  updated: (a, b) => cmp(a.summary.updated_at, b.summary.updated_at) || a.id - b.id,
  '-updated': (a, b) => cmp(b.summary.updated_at, a.summary.updated_at) || a.id - b.id,
};

/**
 * Whether the rules allow a dated stay at a rental the catalog's filter found (`refusal` counted in the
 * search's `unbookable` otherwise); with the rental's place in the index's walk, answered from its arrays
 * where they suffice (the party fits, and no rate asks a longer stay or the price is on request).
 */
type Bookable = (e: ReplicaEntry, p?: number) => boolean;

/**
 * The whole catalog's rentals the filter finds, walking its arrays: what `consider` does, entry by entry;
 * with `places`, each one's place in the walk (`at`), in the same order.
 */
function wholeCatalog(
  index: ReplicaIndex,
  r: SearchRequest,
  bookable: Bookable | null,
  places: boolean,
): { found: ReplicaEntry[]; at: Int32Array | null } {
  const { checkin, checkout, bedrooms } = r.stay;
  const walk = walkOf(index);
  const walked = placesFor(walk.entries.length);
  let count = 0;
  const day = checkin && checkout ? dayNumberOf(checkin) : null;
  const nights = checkin && checkout ? daysBetween(checkin, checkout) : 0;
  for (let p = 0; p < walk.entries.length; p++) {
    if (r.sleeps !== undefined && walk.sleeps[p]! < r.sleeps) continue;
    if (bedrooms !== undefined && walk.bedrooms[p]! < bedrooms) continue;
    const e = walk.entries[p]!;
    if (r.bounds && !inBounds(r.bounds, e.summary.latitude, e.summary.longitude)) continue;
    if (day !== null) {
      const free = packedFree(walk.calendars, p, day, nights);
      if (free === false || (free === null && !freeFor(e.calendar, e.occupancy, checkin!, checkout!)))
        continue;
    }
    if (bookable && !bookable(e, p)) continue;
    walked[count++] = p;
  }
  // Made at their size once counted: pushed one by one, the two lists' growth was two fifths of what a
  // whole-catalog search allocated at 30,000 rentals.
  const found = new Array<ReplicaEntry>(count);
  for (let k = 0; k < count; k++) found[k] = walk.entries[walked[k]!]!;
  return { found, at: places ? walked.slice(0, count) : null };
}

/**
 * wholeCatalog's places of its matches as it walks, kept from one search to the next. Safe because a search
 * (`answer`) runs to its end without waiting: an `await` inside it would let another search overwrite them,
 * as it would firstByPrice's arrays.
 */
let matchPlaces = new Int32Array(0);
function placesFor(n: number): Int32Array {
  if (matchPlaces.length < n) matchPlaces = new Int32Array(n);
  return matchPlaces;
}

/**
 * The rentals the catalog's own filter would find: place, size, the map's area, free for the dates. Starts
 * from the entries of the places asked (the index's `byLocation`), not the whole catalog; the rest are
 * predicates over those candidates, the dates answered by each rental's calendar of booked nights.
 */
function catalogMatches(
  index: ReplicaIndex,
  r: SearchRequest,
  bookable: Bookable | null = null,
  places = false,
): { found: ReplicaEntry[]; at: Int32Array | null } {
  if (r.location === undefined) return wholeCatalog(index, r, bookable, places);
  const { checkin, checkout, bedrooms } = r.stay;
  const found: ReplicaEntry[] = [];
  const consider = (list: Iterable<ReplicaEntry>) => {
    for (const e of list) {
      const s = e.summary;
      if (r.sleeps !== undefined && s.sleeps < r.sleeps) continue;
      if (bedrooms !== undefined && s.bedrooms < bedrooms) continue;
      if (r.bounds && !inBounds(r.bounds, s.latitude, s.longitude)) continue;
      if (checkin && checkout && !freeFor(e.calendar, e.occupancy, checkin, checkout)) continue;
      if (bookable && !bookable(e)) continue;
      found.push(e);
    }
  };
  for (const place of index.descendants.get(r.location) ?? []) consider(index.byLocation.get(place) ?? []);
  return { found, at: null };
}

/**
 * Why the quote would refuse the stay at this rental, as the shared rules say (stayRefusal): a party it does
 * not sleep, or a stay shorter than the check-in's minimum, read from its calendar where it can say (the
 * rate the first night uses, as `minimumStay`), from the rules otherwise.
 */
function refusal(
  e: ReplicaEntry,
  stay: DatedStay & { property: { bedrooms: number } },
  nights: number,
): StayProblem | null {
  const guests = stay.adults + stay.children;
  if (overCapacity(guests, e.summary.sleeps))
    return { kind: 'over-capacity', guests, sleeps: e.summary.sleeps };
  if (e.rates.priceOnRequest) return null;
  stay.property.bedrooms = e.summary.bedrooms;
  const minStay = e.calendar ? minStayOn(e.calendar, bedroomsPriced(stay), stay.checkin) : undefined;
  if (minStay === undefined) return stayRefusal(e, stay);
  return minStay !== null && nights < minStay ? { kind: 'min-stay', checkin: stay.checkin, minStay } : null;
}

/** A search's matches; in a whole-catalog search, `at`: each one's place in the index's walk, in order. */
interface Matched {
  found: ReplicaEntry[];
  unbookable: Unbookable | null;
  at: Int32Array | null;
}

/**
 * The catalog's matches that can be booked: for a dated search, those whose stay the shared rules allow
 * (the quote would not refuse it); what they leave out is counted, to be said once for the search.
 */
function matching(index: ReplicaIndex, r: SearchRequest): Matched {
  const { checkin, checkout } = r.stay;
  if (!checkin || !checkout) return { ...catalogMatches(index, r, null, true), unbookable: null };
  // One object for every rental's question (its bedrooms set in turn): thousands are asked.
  const stay = { ...r.stay, checkin, checkout, property: { bedrooms: 0 } };
  const nights = daysBetween(checkin, checkout);
  const guests = stay.adults + stay.children;
  const unbookable: Unbookable = { minStay: 0, shortest: null, tooSmall: 0 };
  const walk = r.location === undefined ? walkOf(index) : null;
  const day = dayNumberOf(checkin);
  /** Counts a stay shorter than `minStay` (no problem object made: thousands a search are refused so). */
  const tooShort = (minStay: number) => {
    unbookable.minStay++;
    unbookable.shortest = Math.min(unbookable.shortest ?? minStay, minStay);
    return true;
  };
  const refused = (problem: StayProblem | null) => {
    if (problem?.kind === 'min-stay') return tooShort(problem.minStay);
    if (problem?.kind === 'over-capacity') unbookable.tooSmall++;
    return problem !== null;
  };
  const bookable: Bookable = (e, p) => {
    if (!walk || p === undefined) return !refused(refusal(e, stay, nights));
    // From the walk's arrays: the party's fit, a price on request, the longest minimum stay of its rates.
    if (guests > walk.sleeps[p]!) return !refused(refusal(e, stay, nights));
    if (walk.onRequest[p] || nights >= walk.longestMinStay[p]!) return true;
    const base = walk.calendars.base[p]!;
    const i = day - base;
    const packed =
      base >= 0 && i >= 0 && i < CALENDAR_DAYS ? walk.minStays[i * walk.entries.length + p]! : 0x7f;
    // 0x7f: the packed calendar cannot say (or asks more): the calendar or the rules below.
    if (packed !== 0x7f) {
      const longest = packed & 0x7f;
      if (nights >= longest) return true;
      // Every tier asks the same that day: refused for its length, whatever the bedrooms priced.
      if (packed & SAME_MIN_STAY) return !tooShort(longest);
    }
    // The check-in's minimum stay for the bedrooms priced, read from its calendar by day number.
    stay.property.bedrooms = walk.bedrooms[p]!;
    const minStay = base < 0 ? undefined : minStayAt(e.calendar, bedroomsPriced(stay), i);
    if (minStay === undefined) return !refused(refusal(e, stay, nights));
    return !(minStay !== null && nights < minStay && tooShort(minStay));
  };
  return { ...catalogMatches(index, r, bookable, true), unbookable };
}

/**
 * A flexible search's matches: the catalog's (place, size, area) that have a free stay the rules allow of the
 * length asked in the months asked (flexible.ts), each with the floor of its cheapest. Kept as two typed
 * arrays by id, not a rental's options: an answer is remembered, and 30,000 rentals' closures are not.
 */
function flexibleMatching(index: ReplicaIndex, r: SearchRequest, ask: PriceAsk, fx: FxRates) {
  const plan = flexiblePlan(r.flexible!, ask.today);
  const kept: [number, number][] = [];
  const found = catalogMatches(index, r).found.filter((e) => {
    const o = flexibleOptions(e, plan, ask, fx);
    if (o) kept.push([e.id, o.floor]);
    return o !== null;
  });
  kept.sort((a, b) => a[0] - b[0]);
  const ids = Int32Array.from(kept, (k) => k[0]);
  const floors = Float64Array.from(kept, (k) => k[1]);
  const at = (id: number) => {
    let lo = 0;
    let hi = ids.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (ids[mid]! < id) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  return {
    found,
    flex: {
      floor: (id: number) => floors[at(id)]!,
      // Worked out again for the few rentals priced: their options were not kept.
      cheapest: (e: ReplicaEntry) => flexibleOptions(e, plan, ask, fx)!.cheapest(),
    },
  };
}

/** A flexible search's rentals: each one's floor, and its cheapest stay priced. */
type FlexibleRentals = ReturnType<typeof flexibleMatching>['flex'];

/**
 * How an answer prices its cards, once each (`prices`): the stay searched's quote, or "from" a nightly rate;
 * in a flexible search each rental's cheapest stay (then kept in `stays`). `floor`: the least a card's
 * compared figure can be, without pricing it (dated and flexible searches; null otherwise).
 */
interface Pricer {
  prices: Map<number, CardPrice>;
  stays: Map<number, CardStay> | null;
  price: (e: ReplicaEntry) => CardPrice;
  /** The card's compared figure, as `price` would give it, made without the card where it can be. */
  figure: (e: ReplicaEntry) => number | null;
  floor: ((e: ReplicaEntry) => number) | null;
  /** A cheaper bound below `floor` (the floor itself where it is cheap already). */
  bound: ((e: ReplicaEntry) => number) | null;
  /** The most a card's compared figure can be, without pricing it (dated searches; null otherwise). */
  ceiling: ((e: ReplicaEntry) => number) | null;
  /** A cheaper bound above `ceiling`. */
  ceilingBound: ((e: ReplicaEntry) => number) | null;
}

function pricer(r: SearchRequest, ask: PriceAsk, fx: FxRates, flex: FlexibleRentals | null): Pricer {
  return flex ? flexiblePricer(r, fx, flex) : datedPricer(r, ask, fx);
}

/** A flexible search's: each rental's cheapest stay of the window, priced (then kept in `stays`). */
function flexiblePricer(r: SearchRequest, fx: FxRates, flex: FlexibleRentals): Pricer {
  const prices = new Map<number, CardPrice>();
  const stays = new Map<number, CardStay>();
  const floor = (e: ReplicaEntry) => {
    const f = flex.floor(e.id);
    if (!Number.isFinite(f) || e.rates.currency === r.currency) return f;
    return convert(f, e.rates.currency, r.currency, fx) ?? Number.POSITIVE_INFINITY;
  };
  const price = (e: ReplicaEntry) => {
    let p = prices.get(e.id);
    if (!p) {
      const best = flex.cheapest(e);
      p = best.price;
      prices.set(e.id, p);
      stays.set(e.id, { checkin: best.checkin, checkout: best.checkout });
    }
    return p;
  };
  return {
    prices,
    stays,
    price,
    figure: (e) => compared(price(e)),
    floor,
    // The floor is already cheap (worked out when the rental was matched).
    bound: floor,
    ceiling: null,
    ceilingBound: null,
  };
}

/** A search's with dates (the stay's quote) or without ("from" a nightly rate). */
function datedPricer(r: SearchRequest, ask: PriceAsk, fx: FxRates): Pricer {
  const prices = new Map<number, CardPrice>();
  const { checkin, checkout } = ask.stay;
  const dated = checkin && checkout ? { ...ask.stay, checkin, checkout } : null;
  const price = (e: ReplicaEntry) => {
    let p = prices.get(e.id);
    if (!p) {
      p = cardPrice(e, ask, fx);
      prices.set(e.id, p);
    }
    return p;
  };
  const fast = dated ? stayFigures(dated, r.currency, fx) : null;
  return {
    prices,
    stays: null,
    price,
    figure: (e) => {
      const known = prices.get(e.id);
      if (known) return compared(known);
      const n = fast?.(e);
      return n === undefined ? compared(price(e)) : n;
    },
    floor: dated ? stayFloors(dated, r.currency, fx) : null,
    bound: dated ? stayBounds(dated, r.currency, fx) : null,
    ceiling: dated ? stayCeilings(dated, r.currency, fx) : null,
    ceilingBound: dated ? stayCeilingBounds(dated, r.currency, fx) : null,
  };
}

/** Orders priced cards: by the compared figure, a card without one last, then by id. */
function byPrice(prices: Map<number, CardPrice>, sign: number) {
  return (a: ReplicaEntry, b: ReplicaEntry) => {
    const x = compared(prices.get(a.id)!);
    const y = compared(prices.get(b.id)!);
    if (x === null || y === null) return (x === null ? 1 : 0) - (y === null ? 1 : 0) || a.id - b.id;
    return sign * (x - y) || a.id - b.id;
  };
}

/** How a search by price reaches a match's figure: keys that only rise, each cheaper than the next. */
interface PriceKeys {
  /** Writes every match's bound, read from the rental alone, to `out` in their order (stage 0); null: start at `floor`. */
  bounds: ((out: Float64Array) => void) | null;
  /** From its calendar (stage 1). */
  floor: (e: ReplicaEntry) => number;
  /** Its card's figure, exactly (stage 2), or null when the card has no whole price. */
  value: (e: ReplicaEntry) => number | null;
}

/**
 * The first `need` of a search's matches by price, pricing as few as it can: by lowest price its keys are a
 * bound, a floor and the card's figure; by highest, minus a ceiling and minus the figure. Each match starts at
 * its first key and is raised to the next when it comes first: keys only rise, so a figure that comes first
 * is below every other match's key, and the first `need` are the order of pricing every match and sorting
 * (a card without a whole price last, ties by id). The matches wait in a binary heap of their positions,
 * their keys and stages in typed arrays: a whole-catalog search has thousands.
 */
function firstByPrice(found: ReplicaEntry[], need: number, keys: PriceKeys): ReplicaEntry[] | null {
  const n = found.length;
  /** Each match's key, and its stage: 0 its bound, 1 its floor, 2 its card's figure. */
  const { key, stage, id, heap } = orderArrays(n);
  if (keys.bounds) {
    keys.bounds(key);
    stage.fill(0, 0, n);
  } else {
    for (let i = 0; i < n; i++) key[i] = keys.floor(found[i]!);
    stage.fill(1, 0, n);
  }
  for (let i = 0; i < n; i++) {
    id[i] = found[i]!.id;
    heap[i] = i;
  }
  // Lowest key first; at equal keys a bound before a floor before a price, then by id.
  const before = (a: number, b: number) =>
    key[a]! < key[b]! ||
    (key[a] === key[b] && (stage[a]! < stage[b]! || (stage[a] === stage[b] && id[a]! < id[b]!)));
  let size = n;
  const down = (k: number) => {
    const item = heap[k]!;
    for (;;) {
      const l = 2 * k + 1;
      if (l >= size) break;
      const c = l + 1 < size && before(heap[l + 1]!, heap[l]!) ? l + 1 : l;
      if (!before(heap[c]!, item)) break;
      heap[k] = heap[c]!;
      k = c;
    }
    heap[k] = item;
  };
  for (let k = (size >> 1) - 1; k >= 0; k--) down(k);
  const top: ReplicaEntry[] = [];
  while (size && top.length < need) {
    const i = heap[0]!;
    const e = found[i]!;
    if (stage[i] === 0) {
      key[i] = keys.floor(e);
      stage[i] = 1;
    } else if (stage[i] === 1) {
      const value = keys.value(e);
      if (value === null) heap[0] = heap[--size]!;
      else {
        key[i] = value;
        stage[i] = 2;
      }
    } else {
      top.push(e);
      heap[0] = heap[--size]!;
    }
    // The top's key rose (or another took its place): it sinks to where it belongs.
    if (size) down(0);
  }
  // Fewer priced than the page: the caller prices every match and sorts.
  return top.length === need ? top : null;
}

/**
 * firstByPrice's arrays, kept from one search to the next: a search runs to its end before another starts
 * (see placesFor), and they were 17 bytes a match, outside the heap, each time (~150 KB for the ~9,000
 * matches of a whole-catalog search at 30,000 rentals).
 */
let order = {
  key: new Float64Array(0),
  stage: new Uint8Array(0),
  id: new Int32Array(0),
  heap: new Int32Array(0),
};
function orderArrays(n: number) {
  if (order.key.length < n) {
    const size = Math.max(n, 2 * order.key.length);
    order = {
      key: new Float64Array(size),
      stage: new Uint8Array(size),
      id: new Int32Array(size),
      heap: new Int32Array(size),
    };
  }
  return order;
}

/** Writes `bound` of each match to `out`, in order (a search of a destination: no walk's arrays). */
const boundsOf = (found: ReplicaEntry[], bound: (e: ReplicaEntry) => number) => (out: Float64Array) => {
  for (let i = 0; i < found.length; i++) out[i] = bound(found[i]!);
};

/** A search by price's first `need` in its order (`sign` 1: lowest first), pricing as few as it can. */
function pricedFirst(
  found: ReplicaEntry[],
  need: number,
  how: Pricer,
  sign: 1 | -1,
  walkBounds: WalkBounds | null,
  at: Int32Array | null,
): ReplicaEntry[] {
  // The candidates' figures, exact, without making their cards: the page's are made when it is answered.
  const figure = how.figure;
  // A whole-catalog search reads its matches' bounds from the walk's arrays, by their places in it (`at`,
  // one per match in `found`'s order: answer() passes it only when nothing filtered `found` since).
  const walked = walkBounds && at ? (out: Float64Array) => walkBounds(at, out) : null;
  const top =
    sign === 1
      ? firstByPrice(found, need, {
          bounds: walked ?? (how.bound && boundsOf(found, how.bound)),
          floor: how.floor!,
          value: figure,
        })
      : firstByPrice(found, need, {
          bounds: walked ?? boundsOf(found, (e) => -how.ceilingBound!(e)),
          floor: (e) => -how.ceiling!(e),
          value: (e) => {
            const v = figure(e);
            return v === null ? null : -v;
          },
        });
  if (top) return top;
  for (const e of found) how.price(e);
  return [...found].sort(byPrice(how.prices, sign));
}

/** The entries' ids (a loop: `Int32Array.from` with a mapper walks an iterator, several times slower). */
function idsOf(entries: ReplicaEntry[]): Int32Array {
  const ids = new Int32Array(entries.length);
  for (let i = 0; i < entries.length; i++) ids[i] = entries[i]!.id;
  return ids;
}

/** At most this many of a search's results are priced for its histogram (spread evenly over them). */
const HISTOGRAM_SAMPLE = 200;

/**
 * The histogram of the results' nightly prices (every filter applied but the price range): of each result
 * when there are few or all are priced anyway, else of an even spread of HISTOGRAM_SAMPLE of them, so that
 * the bars' shape costs a bounded number of quotes however large the answer (docs/decisions.md).
 */
function histogram(results: ReplicaEntry[], currency: string, how: Pricer): Facets['histogram'] {
  const every = results.length <= HISTOGRAM_SAMPLE || results.every((e) => how.prices.has(e.id));
  const step = every ? 1 : results.length / HISTOGRAM_SAMPLE;
  const nightly: number[] = [];
  for (let i = 0; i < results.length; i += step) {
    const e = results[Math.floor(i)]!;
    // A small answer's cards are all priced (the map shows them); a sample's figures need no card.
    const n = every ? compared(how.price(e)) : how.figure(e);
    if (n !== null) nightly.push(n);
  }
  return histogramOf(nightly, currency, !every);
}

/**
 * Whether a search by price prices only what its pages need: bounded from below (lowest first) by a floor,
 * or from above by a ceiling (dated searches).
 */
function boundedBy(sort: SearchRequest['sort'], how: Pricer): boolean {
  return (sort === 'price' && how.floor !== null) || (sort === '-price' && how.ceiling !== null);
}

/** The matches whose card's compared figure is within the nightly price range (every one priced). */
function inPriceRange(found: ReplicaEntry[], range: SearchRequest['price'], how: Pricer): ReplicaEntry[] {
  const min = range.min ?? Number.NEGATIVE_INFINITY;
  const max = range.max ?? Number.POSITIVE_INFINITY;
  return found.filter((e) => {
    const n = compared(how.prices.get(e.id)!);
    return n !== null && n >= min && n <= max;
  });
}

/**
 * The answer, in order: filtered by the nightly price range and the filters (filters.ts), sorted by price or
 * the catalog's sort; with each filter's counts (the price range applied) and the price histogram. Every match
 * is priced only where the answer needs it (a price range); a dated or flexible search by lowest price, or a
 * dated one by highest, orders only its first `need` (ids may be a prefix of the `total` matches). Runs to
 * its end without waiting (no `await`): the walk's places and the price order's arrays are kept between
 * searches (placesFor, orderArrays).
 */
function answer(index: ReplicaIndex, r: SearchRequest, ask: PriceAsk, fx: FxRates, need: number): Answer {
  const flex = r.flexible ? flexibleMatching(index, r, ask, fx) : null;
  const matched: Matched = flex ? { found: flex.found, unbookable: null, at: null } : matching(index, r);
  const filters = r.filters ?? NO_FILTERS;
  const how = pricer(r, ask, fx, flex?.flex ?? null);
  let found = matched.found;
  const ranged = r.price.min !== undefined || r.price.max !== undefined;
  // A flexible search is sorted by its stays' totals unless another order is asked.
  const sort = flex && r.sort === 'id' ? 'price' : r.sort;
  const bounded = !ranged && boundedBy(sort, how);
  if (ranged || ((sort === 'price' || sort === '-price') && !bounded)) for (const e of found) how.price(e);
  const filtered = filtering(filters);
  const chart = histogram(
    filtered ? found.filter((e) => passes(e.summary, filters)) : found,
    r.currency,
    how,
  );
  if (ranged) found = inPriceRange(found, r.price, how);
  // Narrowed by no range or filter, a whole-catalog search's thousands of results are read from the walk's
  // arrays by their places in it: the filters' counts, the bounds of their prices.
  const at = matched.at && !ranged && !filtered ? matched.at : null;
  const counts = at ? facetsAt(walkOf(index).facets(), at) : facetsOf(index, found, filters);
  const facets: Facets = { ...counts, histogram: chart };
  if (filtered) found = found.filter((e) => passes(e.summary, filters));
  const rest = { how, unbookable: matched.unbookable, facets };
  if (bounded) {
    const sign = sort === 'price' ? 1 : -1;
    const bounds = at && walkBoundsOf(walkOf(index), r.stay, r.currency, fx, sign);
    const top = pricedFirst(found, need, how, sign, bounds, at);
    return { ids: top.map((e) => e.id), total: found.length, every: idsOf(found), ...rest };
  }
  // No whole price last, either way: an incomplete stay's, price on request.
  if (sort === 'price' || sort === '-price') found.sort(byPrice(how.prices, sort === 'price' ? 1 : -1));
  else found.sort(BY[sort]);
  return { ids: found.map((e) => e.id), total: found.length, every: idsOf(found), ...rest };
}

/** The search's whole answer, remembered by the index: every page of one search shares it. */
function answerOf(index: ReplicaIndex, r: SearchRequest, ask: PriceAsk, fx: FxRates, need: number): Answer {
  // Everything but the page.
  const key = JSON.stringify([
    r.location,
    r.sleeps,
    r.stay,
    r.sort,
    r.price,
    r.filters,
    r.flexible,
    r.currency,
    r.bounds,
    ask.today,
    fx.date,
  ]);
  let answers = remembered.get(index);
  if (!answers) {
    answers = new Map();
    remembered.set(index, answers);
  }
  let found = answers.get(key);
  if (!found || (found.ids.length < need && found.ids.length < found.total)) {
    // Deeper pages of a price-sorted search ask for more at once: a traveller paging on pages further.
    found = answer(index, r, ask, fx, Math.max(need, 2 * (found?.ids.length ?? 0)));
    if (answers.size >= ANSWERS) answers.delete(answers.keys().next().value!);
    answers.set(key, found);
  }
  return found;
}

/** The request's page from the index: its properties, each with its card price, and the total. */
export function searchIndex(index: ReplicaIndex, r: SearchRequest, today: string, fx: FxRates): ReplicaPage {
  const ask: PriceAsk = { stay: r.stay, currency: r.currency, today };
  const { ids, total, how, unbookable, facets } = answerOf(index, r, ask, fx, r.page * r.perPage);
  const start = (r.page - 1) * r.perPage;
  const properties = ids.slice(start, start + r.perPage).map((id) => {
    const e = index.entries.get(id)!;
    const price = how.price(e);
    const stays = how.stays;
    // The detail's amenities and policies stay on the server: the filters' counts say what a card needs.
    const { amenities: _a, policies: _p, ...summary } = e.summary;
    const stay = stays?.get(id);
    return stay ? { ...summary, price, stay } : { ...summary, price };
  });
  return { properties, total, unbookable, facets };
}

/** At most this many results are sent to the map (the catalog's first by id beyond it). */
export const MAP_POINTS = 5000;

/**
 * Every result of the search with a position, for the map: the same search as its pages (one answer
 * remembered for both), each with the price its card shows where the search priced it (the cards of the
 * pages asked, and the histogram's: every result of an answer of up to 200), none otherwise (its marker
 * says so; its page gives the price). No rental is priced for the map alone.
 */
export function searchPoints(
  index: ReplicaIndex,
  r: SearchRequest,
  today: string,
  fx: FxRates,
): { points: MapPoint[]; total: number } {
  const ask: PriceAsk = { stay: r.stay, currency: r.currency, today };
  const {
    every,
    how: { prices, stays },
  } = answerOf(index, r, ask, fx, r.perPage);
  const points: MapPoint[] = [];
  for (const id of [...every].sort((a, b) => a - b)) {
    const s = index.entries.get(id)?.summary;
    if (!s || s.latitude === null || s.longitude === null) continue;
    if (points.length === MAP_POINTS) break;
    const stay = stays?.get(id);
    points.push({
      id,
      name: s.name,
      latitude: s.latitude,
      longitude: s.longitude,
      price: prices.get(id) ?? null,
      ...(stay ? { stay } : {}),
    });
  }
  return { points, total: every.length };
}

/**
 * The site's key's mode for an answer that made no upstream call: the mode of the client's latest answer
 * (the replica's load, the sync and every page ask the upstream through it); before this process has heard
 * from the upstream at all, the cached location catalog's (one call a day at most, which pages make anyway).
 */
async function knownMode(): Promise<string | null> {
  const latest = catalogClient().latestMode();
  if (latest) return latest;
  return catalog()
    .locations()
    .then((a) => a.mode)
    .catch(() => null);
}

/** The replica's index this process holds (building it, the first time, and answering null meanwhile). */
async function heldIndex(): Promise<ReplicaIndex | null> {
  if (!settings().CATALOG_REPLICA) return null;
  const index = await replicaIndexIfBuilt(await getSiteDb());
  // A page kept rendered (lib/site/page-cache.ts) holds while this version does; one shown from a replica
  // still loading (or not built yet) is not kept: the next render shows more.
  if (index?.complete) notePageRead({ replica: index.version });
  else notePageRead({ unfit: 'the replica is still loading' });
  return index;
}

/**
 * The rentals the search would consider whose rates or calendar are not in yet (a first load under way):
 * the place, the party's size, bedrooms, the map's area and the filters a listing's summary can answer
 * (type, bathrooms, rating) checked; the dates and the detail's amenities and policies cannot be, so this is
 * at most how many more may appear.
 */
export function stillPricing(index: ReplicaIndex, r: SearchRequest): number {
  if (!index.pending.size) return 0;
  const places = r.location === undefined ? null : (index.descendants.get(r.location) ?? new Set<number>());
  const filters = { ...(r.filters ?? NO_FILTERS), amenities: [], policies: [] };
  let count = 0;
  for (const s of index.pending.values()) {
    if (places && !places.has(s.location.id)) continue;
    if (r.sleeps !== undefined && s.sleeps < r.sleeps) continue;
    if (r.stay.bedrooms !== undefined && s.bedrooms < r.stay.bedrooms) continue;
    if (r.bounds && !inBounds(r.bounds, s.latitude, s.longitude)) continue;
    if (!passes(s, filters)) continue;
    count++;
  }
  return count;
}

/**
 * Counts a first page's place as searched while the replica's first load runs, for the load to price it
 * first (demand.ts): a place of the catalog's location tree, or, before the replica holds that tree (this
 * process's index not built, the load not started), one the catalog answered rentals for (`upstreamTotal`).
 * Never an id the catalog does not have.
 */
export async function countPlace(request: SearchRequest, upstreamTotal: number | null): Promise<void> {
  if (request.page !== 1 || request.location === undefined) return;
  const index = await heldIndex();
  if (index?.complete) return;
  const known = index?.descendants.size ? index.descendants.has(request.location) : (upstreamTotal ?? 0) > 0;
  if (known) countSearch(await getSiteDb(), request.location);
}

/**
 * Every result's place on the map, from the replica once its first load is complete; null before (the map
 * shows the page's rentals: a part of the catalog would put a part of the results on the map).
 */
export async function mapPointsFromReplica(request: SearchRequest, today: string) {
  const index = await heldIndex();
  if (!index?.complete) return null;
  return searchPoints(index, request, today, currentFxRates());
}

/**
 * The request answered from the replica, or null while it cannot answer (its index not built yet, the
 * catalog not listed yet, or off), or when none of the search's rentals is in yet though some are being
 * priced (the upstream's answer shows more). While the first load runs, `partial` says how much of the
 * catalog is in (percent of the rentals listed) and how many of the search's rentals are not (`pending`);
 * null once the load is complete.
 */
export async function fromReplica(request: SearchRequest, today: string) {
  const index = await heldIndex();
  if (!index?.listed) return null;
  const pending = index.complete ? null : stillPricing(index, request);
  const fx = currentFxRates();
  const { properties, total, unbookable, facets } = searchIndex(index, request, today, fx);
  if (total === 0 && pending) return null;
  const listed = index.entries.size + index.pending.size;
  return {
    properties,
    unbookable,
    facets,
    pagination: {
      page: request.page,
      per_page: request.perPage,
      total,
      total_pages: Math.ceil(total / request.perPage),
    },
    source: 'replica' as const,
    partial:
      pending === null
        ? null
        : { pending, percent: Math.min(99, Math.floor((100 * index.entries.size) / Math.max(1, listed))) },
    mode: await knownMode(),
    prices: { currency: request.currency, rates_date: fx.date, rates_source: fx.source },
  };
}
