import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { tags } from '@/lib/catalog-client';
import { AREAS, type Area, type AreaUpdates, type TolerantPropertyChange } from '@/lib/contract';
import type { SiteDb } from './db/client';
import { replicaProperties } from './db/schema';

/*
 * One record of each property's area times: the `*_at` columns of its row in the replica's table
 * (`site_replica_properties`). Three readers of the catalog compare what they see with it: the change-feed
 * sync (sync.ts), and the replica's listing and its reconciling feed (replica/load.ts). Whoever first sees
 * a time move records it here, which marks the replica's copy of that area due, and gets back the cache tags
 * of the moved areas (and `catalog`, every search) to expire. So the cache never keeps an area because the
 * other reader recorded its new time first: the first to record a move is the one that expires it.
 *
 * The record holds every property the site knows; one that left the catalog keeps its row, `removed`, and is
 * unknown to the record until it comes back (then it is new, in every area).
 */

/** The replica's copies of a property's areas: the summary (its content and cover photo), rates, booked dates. */
export type DueArea = Exclude<Area, 'images'>;

export type AreaTimes = AreaUpdates;

/** The areas whose time differs. */
export const movedAreas = (before: AreaTimes, now: AreaTimes): Area[] =>
  AREAS.filter((area) => before[area] !== now[area]);

/** What the replica fetches again for moved areas: the summary carries the cover photo, so images are content. */
export function dueFor(moved: readonly Area[]): DueArea[] {
  const due = new Set<DueArea>(moved.map((a) => (a === 'images' ? 'content' : a)));
  return [...due];
}

/** The cache tags of a property's areas. */
export const areaTags = (id: number, areas: readonly Area[] = AREAS): string[] =>
  areas.map((area) => tags.area(id, area));

/** Every cache tag a recording expires: the moved areas', and every search when anything moved. */
export function withSearches(expired: Iterable<string>): string[] {
  const all = [...new Set(expired)];
  return all.length ? [...all, tags.catalog] : all;
}

interface Known {
  times: AreaTimes;
  /** The summary's `updated_at` (search sorts by it), null until the summary is fetched. */
  updatedAt: string | null;
}

/** A property's area times as the record holds them: the columns to select, named as `AreaTimes`. */
export const areaTimeColumns = {
  content: replicaProperties.contentAt,
  rates: replicaProperties.ratesAt,
  availability: replicaProperties.availabilityAt,
  images: replicaProperties.imagesAt,
};

/** The record: every property the site knows (not removed), with its area times. */
async function knownTimes(db: SiteDb): Promise<Map<number, Known>> {
  const rows = await db
    .select({
      id: replicaProperties.propertyId,
      ...areaTimeColumns,
      updatedAt: sql<string | null>`${replicaProperties.summary}->>'updated_at'`,
    })
    .from(replicaProperties)
    .where(eq(replicaProperties.removed, false));
  return new Map(rows.map(({ id, updatedAt, ...times }) => [id, { times, updatedAt }]));
}

/** Marks properties removed (they left the catalog): the search index drops them, the record forgets them. */
export const markRemoved = (db: SiteDb, ids: number[]) =>
  ids.length
    ? db
        .update(replicaProperties)
        .set({ removed: true, due: [], seq: sql`nextval('site_replica_seq')` })
        .where(and(inArray(replicaProperties.propertyId, ids), eq(replicaProperties.removed, false)))
    : Promise.resolve();

export interface FeedRecorded {
  /** Cache tags to expire: the moved areas', every area of a new, removed or timeless property, `catalog`. */
  expired: string[];
  /** Properties new to the record. */
  added: number;
  /** Known properties with an area due again. */
  due: number;
  /** Rows marked removed. */
  removed: number;
  /** Every property the feed says has left (listed `removed`, or left out of a full listing). */
  gone: number[];
}

/** What a run of the feed does to the record, worked out before anything is written. */
interface Plan extends FeedRecorded {
  /** New properties, with the times their item carried (null: none). */
  inserts: { id: number; times: AreaTimes | null }[];
  /** Known properties whose item carried no times: every area due again. */
  timeless: number[];
  /** Known properties whose times moved (or whose `updated_at` did): the new times, the areas due. */
  moves: { id: number; times: AreaTimes; updatedAt: string | undefined; due: DueArea[] }[];
  toRemove: number[];
}

/**
 * The area times a live item carries, or null when it does not: the document promises only `id` and
 * `status`, and a status it does not name may come (docs/upstream-contract.md). Such a property is treated
 * as changed in every area, each time it is listed.
 */
function timesOf(change: TolerantPropertyChange): AreaTimes | null {
  if (change.status !== 'live' || !change.updated) return null;
  const u = change.updated;
  return { content: u.content, rates: u.rates, availability: u.availability, images: u.images };
}

function plan(
  known: Map<number, Known>,
  changes: TolerantPropertyChange[],
  full: boolean,
  baseline: boolean,
) {
  const p: Plan = {
    expired: [],
    added: 0,
    due: 0,
    removed: 0,
    gone: [],
    inserts: [],
    timeless: [],
    moves: [],
    toRemove: [],
  };
  const expire = (tagList: string[]) => p.expired.push(...tagList);
  const listed = new Set<number>();
  for (const change of changes) {
    listed.add(change.id);
    const before = known.get(change.id);
    if (change.status === 'removed') {
      expire(areaTags(change.id));
      p.gone.push(change.id);
      if (before) p.toRemove.push(change.id);
      continue;
    }
    const times = timesOf(change);
    if (!before) {
      p.added++;
      p.inserts.push({ id: change.id, times });
      // On the sync's first run every property is new: that run sets the baseline and clears the cache.
      if (!times || !baseline) expire(areaTags(change.id));
      continue;
    }
    if (!times) {
      p.due++;
      p.timeless.push(change.id);
      expire(areaTags(change.id));
      continue;
    }
    const moved = movedAreas(before.times, times);
    expire(areaTags(change.id, moved));
    const stamp =
      before.updatedAt !== null && change.updated_at !== undefined && before.updatedAt !== change.updated_at;
    if (!moved.length && !stamp) continue;
    if (moved.length) p.due++;
    p.moves.push({ id: change.id, times, updatedAt: change.updated_at, due: dueFor(moved) });
  }
  // A full listing names every live property: the ones it leaves out have gone.
  if (full)
    for (const id of known.keys())
      if (!listed.has(id)) {
        p.gone.push(id);
        p.toRemove.push(id);
        expire(areaTags(id));
      }
  p.removed = p.toRemove.length;
  if (!baseline && (p.expired.length || p.added)) p.expired.push(tags.catalog);
  p.expired = [...new Set(p.expired)];
  return p;
}

const ALL_DUE: DueArea[] = ['content', 'rates', 'availability'];
const nextSeq = sql`nextval('site_replica_seq')`;
const columnsOf = (times: AreaTimes) => ({
  contentAt: times.content,
  ratesAt: times.rates,
  availabilityAt: times.availability,
  imagesAt: times.images,
});

async function write(db: SiteDb, p: Plan) {
  // New properties: due everything. A row that was removed comes back (with its times, when the item has them).
  for (const withTimes of [true, false]) {
    const rows = p.inserts.filter((r) => (r.times !== null) === withTimes);
    for (let i = 0; i < rows.length; i += 500) {
      const values = rows.slice(i, i + 500).map((r) => ({
        propertyId: r.id,
        ...(r.times ? columnsOf(r.times) : {}),
        due: ALL_DUE,
      }));
      const times = withTimes
        ? {
            contentAt: sql`excluded.content_at`,
            ratesAt: sql`excluded.rates_at`,
            availabilityAt: sql`excluded.availability_at`,
            imagesAt: sql`excluded.images_at`,
          }
        : {};
      await db
        .insert(replicaProperties)
        .values(values)
        .onConflictDoUpdate({
          target: replicaProperties.propertyId,
          set: { ...times, due: ALL_DUE, removed: false, seq: nextSeq },
        });
    }
  }
  if (p.timeless.length)
    await db
      .update(replicaProperties)
      .set({ due: ALL_DUE, seq: nextSeq })
      .where(inArray(replicaProperties.propertyId, p.timeless));
  for (const move of p.moves) {
    const due = `{${move.due.join(',')}}`;
    await db
      .update(replicaProperties)
      .set({
        ...columnsOf(move.times),
        due: sql`ARRAY(SELECT DISTINCT unnest(${replicaProperties.due} || ${due}::text[]))`,
        // The summary's times follow at once (search sorts by `updated_at`); its other fields when fetched.
        summary: sql`CASE WHEN ${replicaProperties.summary} IS NULL THEN NULL ELSE
          jsonb_set(jsonb_set(${replicaProperties.summary}, '{updated_at}',
            coalesce(to_jsonb(${move.updatedAt ?? null}::text), ${replicaProperties.summary}->'updated_at')),
            '{updated}', ${JSON.stringify(move.times)}::jsonb) END`,
        seq: nextSeq,
      })
      .where(eq(replicaProperties.propertyId, move.id));
  }
  await markRemoved(db, p.toRemove);
}

/**
 * A run of the change feed, recorded: moved areas' new times written and their replica copies due, new
 * properties added (due everything), removed ones marked removed; a full listing (`full`) also removes
 * every known property it leaves out. Returns the cache tags to expire. `baseline`: the sync's first run,
 * which records every property without expiring it (it clears the whole cache instead).
 *
 * Run it inside a transaction with whatever else must move with the record (the sync's cursor).
 */
export async function recordFeed(
  db: SiteDb,
  changes: TolerantPropertyChange[],
  { full, baseline = false }: { full: boolean; baseline?: boolean },
): Promise<FeedRecorded> {
  const p = plan(await knownTimes(db), changes, full, baseline);
  await write(db, p);
  return { expired: p.expired, added: p.added, due: p.due, removed: p.removed, gone: [...new Set(p.gone)] };
}
