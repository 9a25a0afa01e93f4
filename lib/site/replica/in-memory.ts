import 'server-only';
import { inArray, sql } from 'drizzle-orm';
import { addDays, today } from '@/lib/dates';
import { executeRows } from '@/lib/db/open';
import { processSingleton } from '@/lib/process-singleton';
import { indexPeriods, type Occupancy, occupancyOf } from '@/lib/rules';
import { getSiteDb, type SiteDb } from '@/lib/site/db/client';
import { replicaProperties, replicaState } from '@/lib/site/db/schema';
import { calendarBytes, leastRates, mostRates, type StayCalendar, stayCalendar } from './calendar';
import type { ReplicaBooked, ReplicaRates, ReplicaSummary } from './types';

/*
 * The replica in memory. Each process keeps an index of the replica's rows (summary, rate sheet in the rules'
 * shape, booked nights indexed, each location's descendants) and reloads only rows whose `seq` changed,
 * checked at most once a second (`site_replica_version`, moved by a trigger in the transaction of every change
 * to a row: one row read, where counting and summing `seq` read them all). Search asks
 * it (lib/site/search/from-replica.ts); so do the maps' place names. An index that did not change is the
 * same object, so what is worked out from it can be remembered by it.
 */

export interface ReplicaEntry {
  id: number;
  seq: number;
  summary: ReplicaSummary;
  rates: ReplicaRates;
  occupancy: Occupancy;
  /** Booked nights and each night's rate over the horizon (calendar.ts), for search's narrowing and bounds. */
  calendar: StayCalendar;
  /** What the cheapest of its stays could cost at least, before any is priced (calendar.ts's `leastRates`). */
  least: Float64Array;
  /** What the dearest of its nights could cost at most, before any is priced (calendar.ts's `mostRates`). */
  most: Float64Array;
}

export interface ReplicaIndex {
  entries: Map<number, ReplicaEntry>;
  /** Every row's seq as loaded (entries hold only the searchable ones). */
  seqs: Map<number, number>;
  version: string;
  /** Whether the replica's first load is complete (search answers from it alone). */
  complete: boolean;
  /**
   * Whether the catalog is listed: every live rental's summary is in, so search can answer from the rentals
   * loaded and count those still being priced (`pending`).
   */
  listed: boolean;
  /** Rentals listed whose rates or calendar are not in yet (during a first load, or a new rental's). */
  pending: Map<number, ReplicaSummary>;
  /** Every location with all its descendants, itself included. */
  descendants: Map<number, Set<number>>;
  /** The searchable entries of each location (its own, not its descendants'), rebuilt with the entries. */
  byLocation: Map<number, ReplicaEntry[]>;
  locationsStamp: number | undefined;
  checkedAt: number;
}

/** This process's index and its refresh under way, whichever bundle asks. */
const held = () =>
  processSingleton<{ index?: ReplicaIndex; loading?: Promise<ReplicaIndex> }>(
    'site.replica-index',
    () => ({}),
  );
const CHECK_MS = 1000;

/**
 * One row as search holds it: the rate sheet's periods indexed (lib/rules), the booked ranges as an
 * occupancy, and the calendar of both from a week before today. Also what benchmarks build an index from.
 */
export function replicaEntryOf(
  id: number,
  seq: number,
  summary: ReplicaSummary,
  rates: ReplicaRates,
  booked: ReplicaBooked,
  day = today(),
): ReplicaEntry {
  indexPeriods(rates.periods);
  const occupancy = occupancyOf(booked.ranges);
  const calendar = stayCalendar(occupancy, rates, addDays(day, -7));
  return { id, seq, summary, rates, occupancy, calendar, least: leastRates(rates), most: mostRates(rates) };
}

/** The entries of each location, for search to start from the places asked rather than the whole catalog. */
export function entriesByLocation(entries: Map<number, ReplicaEntry>): Map<number, ReplicaEntry[]> {
  const out = new Map<number, ReplicaEntry[]>();
  for (const e of entries.values()) {
    const list = out.get(e.summary.location.id);
    if (list) list.push(e);
    else out.set(e.summary.location.id, [e]);
  }
  return out;
}

/**
 * A complete index of these entries, held by no process: what benchmarks and tests search (the location tree
 * and the rest as `more` says; none by default).
 */
export function indexOfEntries(
  entries: Iterable<ReplicaEntry>,
  more: Partial<ReplicaIndex> = {},
): ReplicaIndex {
  const byId = new Map([...entries].map((e) => [e.id, e]));
  return {
    entries: byId,
    seqs: new Map([...byId.values()].map((e) => [e.id, e.seq])),
    version: 'made',
    complete: true,
    listed: true,
    pending: new Map(),
    descendants: new Map(),
    byLocation: entriesByLocation(byId),
    locationsStamp: undefined,
    checkedAt: Date.now(),
    ...more,
  };
}

/** The bytes the index's typed arrays hold per entry (the calendars), for the benchmarks to report. */
export function calendarBytesOf(entries: Iterable<ReplicaEntry>): number {
  let bytes = 0;
  for (const e of entries) bytes += calendarBytes(e.calendar);
  return bytes;
}

/** Every location with all its descendants (itself included), from the location catalog's parent links. */
export function descendantsOf(
  locations: { id: number; parent_id: number | null }[],
): Map<number, Set<number>> {
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
    SELECT coalesce((SELECT n FROM site_replica_version WHERE id = 1), 0)::text || ':' ||
           coalesce((SELECT phase || ':' || coalesce(locations_at::text, '') FROM site_replica_state WHERE name = 'catalog'), '') AS version`,
  );
  return row?.version ?? '';
}

/** The rows whose seq moved since `previous`, read again (500 at a time) into a copy of its entries. */
async function reloadChanged(db: SiteDb, previous: ReplicaIndex | undefined) {
  const seqRows = await executeRows<{ id: number; seq: number }>(
    db,
    sql`SELECT property_id AS id, seq FROM site_replica_properties`,
  );
  const entries = new Map(previous?.entries);
  const pending = new Map(previous?.pending);
  const seqs = new Map<number, number>();
  const changed: number[] = [];
  for (const { id, seq } of seqRows) {
    seqs.set(id, seq);
    if (previous?.seqs.get(id) !== seq) changed.push(id);
  }
  for (const id of entries.keys()) if (!seqs.has(id)) entries.delete(id);
  for (const id of pending.keys()) if (!seqs.has(id)) pending.delete(id);
  for (let i = 0; i < changed.length; i += 500) {
    const rows = await db
      .select()
      .from(replicaProperties)
      .where(inArray(replicaProperties.propertyId, changed.slice(i, i + 500)));
    for (const row of rows) {
      if (row.removed || !row.summary || !row.rates || !row.booked) {
        entries.delete(row.propertyId);
        if (!row.removed && row.summary) pending.set(row.propertyId, row.summary);
        else pending.delete(row.propertyId);
        continue;
      }
      pending.delete(row.propertyId);
      entries.set(
        row.propertyId,
        replicaEntryOf(row.propertyId, row.seq, row.summary, row.rates, row.booked),
      );
    }
  }
  return { entries, pending, seqs };
}

async function refresh(db: SiteDb, previous: ReplicaIndex | undefined): Promise<ReplicaIndex> {
  const version = await readVersion(db);
  if (previous && previous.version === version) {
    previous.checkedAt = Date.now();
    return previous;
  }
  const [state] = await db.select().from(replicaState);
  const { entries, pending, seqs } = await reloadChanged(db, previous);
  const sameLocations = previous && state?.locationsAt?.getTime() === previous.locationsStamp;
  return {
    entries,
    seqs,
    version,
    complete: state?.phase === 'complete',
    listed: state?.phase === 'areas' || state?.phase === 'complete',
    pending,
    descendants: sameLocations ? previous.descendants : descendantsOf(state?.locations ?? []),
    byLocation: entriesByLocation(entries),
    checkedAt: Date.now(),
    locationsStamp: state?.locationsAt?.getTime(),
  };
}

/** The process's index, current to within a second (at once after `replicaChanged()`). */
export async function replicaIndex(db: SiteDb): Promise<ReplicaIndex> {
  const h = held();
  if (h.index && Date.now() - h.index.checkedAt < CHECK_MS) return h.index;
  h.loading ??= refresh(db, h.index).finally(() => {
    h.loading = undefined;
  });
  h.index = await h.loading;
  return h.index;
}

/**
 * The index when this process has one (refreshed as `replicaIndex`), else null, having started to build
 * it: the first build reads every row and indexes thousands of calendars (seconds), and no visitor should
 * wait for that; their search asks the upstream meanwhile.
 */
export async function replicaIndexIfBuilt(db: SiteDb): Promise<ReplicaIndex | null> {
  const h = held();
  if (h.index) return replicaIndex(db);
  h.loading ??= refresh(db, undefined)
    .then((index) => {
      h.index = index;
      return index;
    })
    .finally(() => {
      h.loading = undefined;
    });
  h.loading.catch(() => {});
  return null;
}

/**
 * The version of the index this process holds (undefined before it has one), looking again in the background
 * when it is over a second old: what a page kept from a search of the replica is checked against
 * (lib/site/page-cache.ts), without waiting on the database.
 */
export function replicaVersionNow(): string | undefined {
  const h = held();
  if (h.index && !h.loading && Date.now() - h.index.checkedAt >= CHECK_MS)
    getSiteDb()
      .then(replicaIndex)
      .catch(() => {});
  return h.index?.version;
}

/** This process changed the replica: the next search looks at once. */
export function replicaChanged(): void {
  const index = held().index;
  if (index) index.checkedAt = 0;
}
