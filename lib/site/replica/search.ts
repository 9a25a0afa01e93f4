import 'server-only';
import { inArray, sql } from 'drizzle-orm';
import type { CatalogQuery } from '@/lib/contract';
import { addDays, addYears, daysBetween } from '@/lib/dates';
import {
  availabilityProblem,
  bedroomsPriced,
  indexPeriods,
  minorUnits,
  nightlyAmount,
  type Occupancy,
  occupancyOf,
  priceStay,
  rateForNight,
  ruleProblem,
} from '@/lib/rules';
import { executeRows } from '../../db/open';
import { type Bounds, inBounds } from '../browser/bounds';
import type { SiteDb } from '../db/client';
import { replicaProperties, replicaState } from '../db/schema';
import { convert, type FxRates } from './fx';
import type { CardPrice, ReplicaRates, ReplicaSummary } from './types';

export type { CardPrice };

/*
 * Search over the replica, in memory. Each process keeps an index of the replica's rows (summary, rate
 * sheet in the rules' shape, booked nights indexed) and reloads only rows whose `seq` changed, checked at
 * most once a second (`count(*)` and `sum(seq)` move with every committed change). A query filters by the
 * catalog's own rules (location and its descendants, sleeps, bedrooms, a stay free of booked nights by
 * lib/rules, as the service's filter), prices with lib/rules (as the service's quote), then sorts and pages.
 * Answers are remembered per index version, so a repeated search costs a lookup.
 */

export type SiteSort = CatalogQuery['sort'] | 'price' | '-price';

export interface ReplicaQuery {
  location?: number;
  /** Everyone staying must fit (the catalog's `guests`); absent when the search names no party. */
  guests?: number;
  rooms?: number;
  checkin?: string;
  checkout?: string;
  /** The party priced (the URL's adults and children, 2 adults by default) and the bedrooms asked. */
  adults: number;
  children: number;
  bedrooms?: number;
  sort: SiteSort;
  page: number;
  perPage: number;
  /** Nightly price range in the display currency, whole units. */
  priceMin?: number;
  priceMax?: number;
  currency: string;
  /** The map's area: only properties placed inside it (west > east crosses the antimeridian). */
  bounds?: Bounds;
  /** The site's today (UTC), for "from" prices. */
  today: string;
}

export interface ReplicaPage {
  properties: (ReplicaSummary & { price: CardPrice })[];
  total: number;
}

interface Entry {
  id: number;
  seq: number;
  summary: ReplicaSummary;
  rates: ReplicaRates;
  occupancy: Occupancy;
  /** "From" prices by bedrooms priced, for `fromDay`. */
  from: Map<number, { amount: number | null; estimated: boolean }>;
  fromDay: string;
}

interface Index {
  entries: Map<number, Entry>;
  /** Every row's seq as loaded (entries hold only the searchable ones). */
  seqs: Map<number, number>;
  version: string;
  complete: boolean;
  descendants: Map<number, Set<number>>;
  locationsStamp: number | undefined;
  checkedAt: number;
  answers: Map<string, { ids: number[]; prices: Map<number, CardPrice> }>;
}

const KEY = Symbol.for('rental.site.replica-index');
type G = typeof globalThis & { [KEY]?: { index?: Index; loading?: Promise<Index> } };
const CHECK_MS = 1000;
const ANSWERS = 300;

/** Every location with all its descendants (itself included), from the location catalog's parent links. */
function descendantsOf(locations: { id: number; parent_id: number | null }[]): Map<number, Set<number>> {
  const children = new Map<number, number[]>();
  for (const l of locations)
    if (l.parent_id !== null) children.set(l.parent_id, [...(children.get(l.parent_id) ?? []), l.id]);
  const out = new Map<number, Set<number>>();
  const collect = (id: number, into: Set<number>, depth: number) => {
    into.add(id);
    if (depth > 20) return;
    for (const c of children.get(id) ?? []) collect(c, into, depth + 1);
  };
  for (const l of locations) {
    const set = new Set<number>();
    collect(l.id, set, 0);
    out.set(l.id, set);
  }
  return out;
}

async function readVersion(db: SiteDb) {
  const [row] = await executeRows<{ version: string }>(
    db,
    sql`
    SELECT (SELECT count(*) FROM site_replica_properties)::text || ':' ||
           coalesce((SELECT sum(seq) FROM site_replica_properties), 0)::text || ':' ||
           coalesce((SELECT phase || ':' || coalesce(locations_at::text, '') FROM site_replica_state WHERE name = 'catalog'), '') AS version`,
  );
  return row?.version ?? '';
}

async function refresh(db: SiteDb, previous: Index | undefined): Promise<Index> {
  const version = await readVersion(db);
  if (previous && previous.version === version) {
    previous.checkedAt = Date.now();
    return previous;
  }
  const [state] = await db.select().from(replicaState);
  const seqRows = await executeRows<{ id: number; seq: number }>(
    db,
    sql`SELECT property_id AS id, seq FROM site_replica_properties`,
  );
  const entries = new Map(previous?.entries);
  const seqs = new Map<number, number>();
  const changed: number[] = [];
  for (const { id, seq } of seqRows) {
    seqs.set(id, seq);
    if (previous?.seqs.get(id) !== seq) changed.push(id);
  }
  for (const id of entries.keys()) if (!seqs.has(id)) entries.delete(id);
  for (let i = 0; i < changed.length; i += 500) {
    const rows = await db
      .select()
      .from(replicaProperties)
      .where(inArray(replicaProperties.propertyId, changed.slice(i, i + 500)));
    for (const row of rows) {
      if (row.removed || !row.summary || !row.rates || !row.booked) {
        entries.delete(row.propertyId);
        continue;
      }
      indexPeriods(row.rates.periods);
      entries.set(row.propertyId, {
        id: row.propertyId,
        seq: row.seq,
        summary: row.summary,
        rates: row.rates,
        occupancy: occupancyOf(row.booked.ranges),
        from: new Map(),
        fromDay: '',
      });
    }
  }
  const sameLocations = previous && state?.locationsAt?.getTime() === previous.locationsStamp;
  const index: Index = {
    entries,
    seqs,
    version,
    complete: state?.phase === 'complete',
    descendants: sameLocations ? previous.descendants : descendantsOf(state?.locations ?? []),
    checkedAt: Date.now(),
    locationsStamp: state?.locationsAt?.getTime(),
    answers: new Map(),
  };
  return index;
}

/** The process's index, current to within a second (at once after `replicaChanged()`). */
export async function replicaIndex(db: SiteDb): Promise<Index> {
  const g = globalThis as G;
  g[KEY] ??= {};
  const held = g[KEY];
  if (held.index && Date.now() - held.index.checkedAt < CHECK_MS) return held.index;
  held.loading ??= refresh(db, held.index).finally(() => {
    held.loading = undefined;
  });
  held.index = await held.loading;
  return held.index;
}

/**
 * The index when this process has one (refreshed as `replicaIndex`), else null, having started to build
 * it: the first build reads every row and indexes thousands of calendars (seconds), and no visitor should
 * wait for that; their search asks the upstream meanwhile.
 */
export async function replicaIndexIfBuilt(db: SiteDb): Promise<Index | null> {
  const g = globalThis as G;
  g[KEY] ??= {};
  const held = g[KEY];
  if (held.index) return replicaIndex(db);
  held.loading ??= refresh(db, undefined)
    .then((index) => {
      held.index = index;
      return index;
    })
    .finally(() => {
      held.loading = undefined;
    });
  held.loading.catch(() => {});
  return null;
}

/** This process changed the replica: the next search looks at once. */
export function replicaChanged(): void {
  const held = (globalThis as G)[KEY];
  if (held?.index) held.index.checkedAt = 0;
}

/** Whether search can answer from the replica (its first load is complete). */
export async function replicaReady(db: SiteDb): Promise<boolean> {
  return (await replicaIndex(db)).complete;
}

/**
 * The lowest nightly rate over the 365 nights from `today`, for the bedrooms priced. The rate a night uses
 * changes only where a period (or last year's period, for the fallback) starts or ends, so each stretch
 * between such days is asked once.
 */
export function fromNightly(
  rates: Pick<ReplicaRates, 'periods' | 'defaultRate'>,
  bedrooms: number,
  today: string,
): { amount: number | null; estimated: boolean } {
  const end = addDays(today, 365);
  const starts = new Set<string>([today]);
  const add = (day: string) => {
    if (day > today && day < end) starts.add(day);
  };
  for (const p of rates.periods) {
    add(p.start);
    add(addDays(p.end, 1));
    // The fallback looks a year back: a night's rate changes where last year's period started or ended.
    for (const d of [addYears(p.start, 1), addDays(addYears(p.end, 1), 1)]) {
      add(d);
      add(addDays(d, 1));
      add(addDays(d, -1));
    }
  }
  let amount: number | null = null;
  let estimated = false;
  for (const day of starts) {
    const { rate, source } = rateForNight(day, bedrooms, rates.periods, rates.defaultRate);
    if (!rate) continue;
    const nightly = nightlyAmount(rate, 1);
    if (amount === null || nightly < amount) {
      amount = nightly;
      estimated = source === 'estimated';
    }
  }
  return { amount, estimated };
}

const noPrice = (currency: string, kind: CardPrice['kind'], reason: string | null = null): CardPrice => ({
  currency,
  kind,
  amount: null,
  nights: null,
  nightly: null,
  accuracy: null,
  reason,
  converted: null,
});

/** The card's price of one property for a query: the stay's quote total, or "from" a nightly rate. */
export function cardPrice(entry: Entry, q: ReplicaQuery, fx: FxRates): CardPrice {
  const r = entry.rates;
  const s = entry.summary;
  const property = { bedrooms: s.bedrooms, sleeps: s.sleeps, priceOnRequest: r.priceOnRequest ?? false };
  const unpublished = !r.periods.length && !r.defaultRate;
  const onRequest = r.priceOnRequest || (r.priceOnRequest === null && unpublished);
  let price: CardPrice;
  if (q.checkin && q.checkout) {
    const stay = {
      checkin: q.checkin,
      checkout: q.checkout,
      adults: q.adults,
      children: q.children,
      bedrooms: q.bedrooms,
      property,
      periods: r.periods,
      defaultRate: r.defaultRate,
    };
    const problem = ruleProblem(stay);
    if (problem) {
      const reason =
        problem.kind === 'min-stay'
          ? `Minimum stay ${problem.minStay} nights`
          : problem.kind === 'over-capacity'
            ? `Sleeps ${s.sleeps}`
            : 'Not available for these dates';
      return noPrice(r.currency, 'unavailable', reason);
    }
    // As the quote: the stay's rules first (a party too big is refused even where the price is on request).
    if (onRequest) return noPrice(r.currency, 'on_request');
    const result = priceStay({
      ...stay,
      minorUnits: minorUnits(r.currency),
      fees: r.fees,
      taxRates: r.taxRates,
      promotions: r.promotions ?? [],
    });
    const nights = daysBetween(q.checkin, q.checkout);
    price = {
      currency: r.currency,
      kind: 'stay',
      amount: result.totals.total,
      nights,
      nightly: result.totals.total / nights,
      // Without the rate sheet's promotions (a vendor without our extension) the total may miss a discount.
      accuracy: r.promotions === null && result.accuracy === 'exact' ? 'estimated' : result.accuracy,
      reason: null,
      converted: null,
    };
  } else {
    if (onRequest) return noPrice(r.currency, 'on_request');
    const bedrooms = bedroomsPriced({
      adults: q.adults,
      children: q.children,
      bedrooms: q.bedrooms,
      property,
    });
    if (entry.fromDay !== q.today) {
      entry.from.clear();
      entry.fromDay = q.today;
    }
    let from = entry.from.get(bedrooms);
    if (!from) {
      from = fromNightly(r, bedrooms, q.today);
      entry.from.set(bedrooms, from);
    }
    if (from.amount === null) return noPrice(r.currency, 'on_request');
    price = {
      currency: r.currency,
      kind: 'from',
      amount: from.amount,
      nights: null,
      nightly: from.amount,
      accuracy: from.estimated ? 'estimated' : 'exact',
      reason: null,
      converted: null,
    };
  }
  if (r.currency !== q.currency) {
    price.converted = {
      currency: q.currency,
      amount: price.amount === null ? null : convert(price.amount, r.currency, q.currency, fx),
      nightly: price.nightly === null ? null : convert(price.nightly, r.currency, q.currency, fx),
    };
  }
  return price;
}

/** The nightly figure compared by sort and filter, in the display currency (null: no price). */
const compared = (p: CardPrice) => (p.converted ? p.converted.nightly : p.nightly);

const BY: Record<Exclude<SiteSort, 'price' | '-price'>, (a: Entry, b: Entry) => number> = {
  id: (a, b) => a.id - b.id,
  '-id': (a, b) => b.id - a.id,
  bedrooms: (a, b) => a.summary.bedrooms - b.summary.bedrooms || a.id - b.id,
  '-bedrooms': (a, b) => b.summary.bedrooms - a.summary.bedrooms || a.id - b.id,
  sleeps: (a, b) => a.summary.sleeps - b.summary.sleeps || a.id - b.id,
  '-sleeps': (a, b) => b.summary.sleeps - a.summary.sleeps || a.id - b.id,
  updated: (a, b) => cmp(a.summary.updated_at, b.summary.updated_at) || a.id - b.id,
  '-updated': (a, b) => cmp(b.summary.updated_at, a.summary.updated_at) || a.id - b.id,
};
const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The query's answer from the index: the page's properties, each with its card price, and the total. */
export function searchIndex(index: Index, q: ReplicaQuery, fx: FxRates): ReplicaPage {
  const key = JSON.stringify([q, fx.date]);
  let answer = index.answers.get(key);
  if (!answer) {
    const places = q.location === undefined ? null : (index.descendants.get(q.location) ?? new Set<number>());
    const dated = q.checkin && q.checkout ? { checkin: q.checkin, checkout: q.checkout } : null;
    let found: Entry[] = [];
    for (const e of index.entries.values()) {
      const s = e.summary;
      if (places && !places.has(s.location.id)) continue;
      if (q.guests !== undefined && s.sleeps < q.guests) continue;
      if (q.rooms !== undefined && s.bedrooms < q.rooms) continue;
      if (q.bounds && !inBounds(q.bounds, s.latitude, s.longitude)) continue;
      if (dated && availabilityProblem(e.occupancy, dated.checkin, dated.checkout)) continue;
      found.push(e);
    }
    const prices = new Map<number, CardPrice>();
    const priced =
      q.sort === 'price' || q.sort === '-price' || q.priceMin !== undefined || q.priceMax !== undefined;
    if (priced) {
      for (const e of found) prices.set(e.id, cardPrice(e, q, fx));
      if (q.priceMin !== undefined || q.priceMax !== undefined) {
        const min = q.priceMin ?? Number.NEGATIVE_INFINITY;
        const max = q.priceMax ?? Number.POSITIVE_INFINITY;
        found = found.filter((e) => {
          const n = compared(prices.get(e.id)!);
          return n !== null && n >= min && n <= max;
        });
      }
    }
    if (q.sort === 'price' || q.sort === '-price') {
      const sign = q.sort === 'price' ? 1 : -1;
      found.sort((a, b) => {
        const x = compared(prices.get(a.id)!);
        const y = compared(prices.get(b.id)!);
        if (x === null || y === null) return (x === null ? 1 : 0) - (y === null ? 1 : 0) || a.id - b.id;
        return sign * (x - y) || a.id - b.id;
      });
    } else found.sort(BY[q.sort]);
    answer = { ids: found.map((e) => e.id), prices };
    if (index.answers.size >= ANSWERS) index.answers.delete(index.answers.keys().next().value!);
    index.answers.set(key, answer);
  }
  const start = (q.page - 1) * q.perPage;
  const properties = answer.ids.slice(start, start + q.perPage).map((id) => {
    const e = index.entries.get(id)!;
    let price = answer.prices.get(id);
    if (!price) {
      price = cardPrice(e, q, fx);
      answer.prices.set(id, price);
    }
    return { ...e.summary, price };
  });
  return { properties, total: answer.ids.length };
}
