import 'server-only';
import { type AnyColumn, and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { CatalogClient } from '@/lib/catalog-client';
import { hasNextPage, UpstreamError } from '@/lib/catalog-client';
import {
  AREAS,
  type TolerantPropertyChange,
  type TolerantPropertyDetail,
  type TolerantPropertySummary,
} from '@/lib/contract';
import { addDays, addYears } from '@/lib/dates';
import { executeRows } from '@/lib/db/open';
import { earliestRateDateFor } from '@/lib/rules';
import {
  areaTags,
  areaTimeColumns,
  type DueArea,
  markRemoved,
  movedAreas,
  recordFeed,
  withSearches,
} from '@/lib/site/area-times';
import { siteBroadcast } from '@/lib/site/broadcast';
import type { SiteDb } from '@/lib/site/db/client';
import { replicaProperties, replicaState } from '@/lib/site/db/schema';
import { logger } from '@/lib/site/logger';
import { flushSearches, mostSearched, placesFirst } from './demand';
import { descendantsOf } from './in-memory';
import { replicaBookedOf, replicaRatesOf } from './terms';
import type { ReplicaDetailFacts, ReplicaSummary } from './types';

/*
 * The replica's load and upkeep: the API document's recommended client flow, held in the site's database.
 *
 *   1. `listing`: page through GET /properties (sorted by id, 200 a page), storing each summary with its
 *      area times; every property is then due its rates and availability. `next_page` resumes a restart.
 *   2. `areas`: fetch each due area (GET /properties/{id}/rates, /availability, or /properties/{id} for the
 *      content), a few at a time, within the budget's background share; a 429 pauses the load, not the site.
 *      The most searched places' rentals come first (demand.ts); search answers from what is in meanwhile.
 *      At the end of the first pass a full change feed reconciles what paging a moving catalog can miss.
 *   3. `complete`: search answers from the replica. From then on the change-feed sync (sync.ts) marks
 *      moved areas due and removed properties removed (lib/site/area-times.ts), and this work fetches them.
 *
 * The replica's rows hold the site's one record of each property's area times (lib/site/area-times.ts): a
 * move the listing or the reconciling feed sees first is recorded here, and its cache tags expired here,
 * as the sync does for a move it sees first.
 *
 * One instance works at a time: it holds a lease on the state row, renewed as it goes, so a second instance
 * (or a restart) waits or takes over when the lease runs out.
 */

const NAME = 'catalog';
const PAGE_SIZE = 200;
const LEASE_MS = 60_000;
const BATCH = 24;
const PARALLEL = 4;
/** Booked dates are fetched this far ahead: the furthest check-in (3 years) plus the longest stay (365 nights). */
const AVAILABILITY_YEARS = 4;
const AVAILABILITY_SLACK_DAYS = 31;
const LOCATIONS_MAX_AGE_MS = 24 * 3_600_000;

export interface ReplicaWorkDeps {
  db: SiteDb;
  client: CatalogClient;
  /** This process, for the lease. */
  holder: string;
  now?: () => Date;
  requestId?: string;
  /** Stops the work between calls (a shutdown, or a test's restart). */
  signal?: AbortSignal;
  /** Told after each stored batch, so this process's search index reloads at once. */
  changed?: () => void;
  /** Expires the cache tags of moves this work records first (default: this process's broadcast, every instance). */
  expire?: (tags: string[]) => void | Promise<void>;
  /** Waits out a budget pause or a 429 (tests pass a shorter clock). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export interface ReplicaProgress {
  phase: string;
  properties: number;
  due: number;
  /** The areas due, over every property: one upstream call each. */
  dueAreas: number;
  calls: number;
  startedAt: Date | null;
  completedAt: Date | null;
}

const today = (now: Date) => now.toISOString().slice(0, 10);

/** The last day the booked dates must cover today, and the window fetched (a little beyond, so it lasts). */
export function availabilityWindow(day: string) {
  const needed = addYears(day, AVAILABILITY_YEARS);
  return { from: day, to: addDays(needed, AVAILABILITY_SLACK_DAYS), needed };
}

const defaultSleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

/** The fields of a PropertySummary, picked from a detail (the content area's answer). */
const SUMMARY_KEYS = [
  'id',
  'name',
  'type',
  'url',
  'updated_at',
  'updated',
  'bedrooms',
  'bathrooms',
  'sleeps',
  'rating',
  'latitude',
  'longitude',
  'location',
  'image',
] as const satisfies readonly (keyof TolerantPropertySummary)[];

/** The keys of the detail's facts search filters by (types.ts), kept when a listing page refreshes a summary. */
const DETAIL_FACT_KEYS = [
  'amenities',
  'policies',
  'review_count',
] as const satisfies readonly (keyof ReplicaDetailFacts)[];

/** The summary and the facts search filters by, from a detail (the content area's answer). */
function summaryOf(detail: TolerantPropertyDetail): ReplicaSummary {
  const summary = Object.fromEntries(SUMMARY_KEYS.map((k) => [k, detail[k]])) as unknown as ReplicaSummary;
  summary.amenities = detail.amenities.map((a) => ({ category: a.category, items: a.items }));
  summary.policies = { ...detail.policies };
  summary.review_count = detail.reviews.length;
  return summary;
}

/** The stored summary's detail facts, kept under a listing page's fresher summary (which lacks them). */
const keptFacts = sql.raw(
  `jsonb_strip_nulls(jsonb_build_object(${DETAIL_FACT_KEYS.map((k) => `'${k}', site_replica_properties.summary->'${k}'`).join(', ')}))`,
);

/** Takes (or renews) the lease; false when another instance holds it. */
async function takeLease(db: SiteDb, holder: string, now: Date): Promise<boolean> {
  const until = new Date(now.getTime() + LEASE_MS);
  const taken = await executeRows(
    db,
    sql`
    INSERT INTO site_replica_state (name, phase, next_page, started_at, holder, lease_until)
    VALUES (${NAME}, 'listing', 1, ${now.toISOString()}, ${holder}, ${until.toISOString()})
    ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, lease_until = excluded.lease_until
    WHERE site_replica_state.lease_until IS NULL OR site_replica_state.lease_until < ${now.toISOString()}
       OR site_replica_state.holder = excluded.holder
    RETURNING name`,
  );
  return taken.length > 0;
}

async function releaseLease(db: SiteDb, holder: string) {
  await db
    .update(replicaState)
    .set({ leaseUntil: null, holder: null })
    .where(and(eq(replicaState.name, NAME), eq(replicaState.holder, holder)));
}

/** How far a first load is, and about how long it has left. */
export interface LoadProgress {
  /** Whole percent of the catalog's rentals whose rates and calendar are in (at most 99). */
  percent: number;
  /**
   * About how long the load has left: at its pace so far, and never less than its budget allows for the calls
   * left (one per due area); null until a rental is in.
   */
  secondsLeft: number | null;
}

/** The upstream calls a minute and an hour the load may make (its share of the site's budget). */
export interface LoadBudget {
  perMinute: number;
  perHour: number;
}

/**
 * The least time `calls` more calls take within the load's budget, `made` calls and `elapsed` seconds into
 * it. The hour's window slides, so a load held by its budget makes each hour's calls at the minute's limit,
 * then waits for the hour to pass: N calls take whole hours for each full hour's worth, and the rest at the
 * minute's limit. Never less than the minute's limit alone gives.
 */
function budgetSeconds(calls: number, made: number, elapsed: number, budget: LoadBudget): number {
  if (calls <= 0) return 0;
  // N calls end in hour ⌊(N − 1) / perHour⌋, after that hour's share of them at the minute's limit.
  const lastCall = (n: number) =>
    Math.floor((n - 1) / budget.perHour) * 3600 + (((n - 1) % budget.perHour) + 1) * (60 / budget.perMinute);
  // The calls left alone bound it too: a restart forgets the hour's window the load had used.
  return Math.max(lastCall(calls), lastCall(made + calls) - elapsed);
}

/**
 * How far a first load is: 0 before it starts and while it lists the catalog, at most 99 % until it is
 * complete, and null once it is; with the time it has left at its pace so far, or as the budget allows for
 * the calls left when that is longer (a load's first minutes run faster than the hour's limit lets it go on).
 */
export function loadProgress(
  progress: ReplicaProgress | null,
  now = new Date(),
  budget?: LoadBudget,
): LoadProgress | null {
  if (!progress) return { percent: 0, secondsLeft: null };
  if (progress.phase === 'complete') return null;
  const loaded = progress.properties - progress.due;
  if (progress.phase === 'listing' || progress.properties === 0 || loaded <= 0)
    return { percent: 0, secondsLeft: null };
  const elapsed = progress.startedAt ? (now.getTime() - progress.startedAt.getTime()) / 1000 : 0;
  const atPace = elapsed > 0 ? (progress.due * elapsed) / loaded : null;
  const allowed = budget ? budgetSeconds(progress.dueAreas, progress.calls, elapsed, budget) : 0;
  return {
    percent: Math.min(99, Math.floor((loaded / progress.properties) * 100)),
    secondsLeft: atPace === null ? null : Math.ceil(Math.max(atPace, allowed)),
  };
}

/** Raw rows of a statement (both drivers answer `{ rows }`). */
async function rows<T>(db: SiteDb, query: ReturnType<typeof sql>): Promise<T[]> {
  return executeRows<T>(db, query);
}

export async function replicaProgress(db: SiteDb): Promise<ReplicaProgress | null> {
  const [state] = await db.select().from(replicaState).where(eq(replicaState.name, NAME));
  if (!state) return null;
  const [counts] = await rows<{ properties: number; due: number; dueAreas: number }>(
    db,
    sql`SELECT count(*) FILTER (WHERE NOT removed)::int AS properties,
               count(*) FILTER (WHERE NOT removed AND due <> '{}')::int AS due,
               coalesce(sum(cardinality(due)) FILTER (WHERE NOT removed), 0)::int AS "dueAreas"
        FROM site_replica_properties`,
  );
  return {
    phase: state.phase,
    properties: counts?.properties ?? 0,
    due: counts?.due ?? 0,
    dueAreas: counts?.dueAreas ?? 0,
    calls: state.calls,
    startedAt: state.startedAt,
    completedAt: state.completedAt,
  };
}

/** Thrown between calls when the work was told to stop, or another instance took the lease. */
class Stopped extends Error {}

interface WorkContext extends ReplicaWorkDeps {
  clock: () => Date;
  wait: NonNullable<ReplicaWorkDeps['sleep']>;
  expire: NonNullable<ReplicaWorkDeps['expire']>;
  calls: number;
  /** Properties whose areas failed in this pass: left due for the next one, not asked again now. */
  skipped: Set<number>;
  /** The failures since the last property that loaded. */
  failedInARow: UpstreamError[];
}

/**
 * Properties in a row whose areas failed before the pass gives up: one broken property is skipped (the
 * rest of the catalog loads), but when every one fails the upstream itself is in trouble.
 */
const FAILED_IN_A_ROW = 8;

/**
 * How long the load waits after a transient failure: as long as a full budget or a 429 says, else a wait
 * that doubles with each failure in a row (at most a minute). Said in the log unless it is a short pause.
 */
function pauseFor(error: UpstreamError, paused: boolean, failures: number): number {
  const ms = paused ? (error.retryAfter ?? 1) * 1000 + 25 : Math.min(60_000, 1000 * 2 ** failures);
  if (!paused || ms > 5000)
    logger.info({ code: error.code, waitMs: ms }, 'replica load: upstream busy, pausing');
  return ms;
}

/**
 * One upstream call for the replica: in the budget's background share, waiting out a full budget or a
 * 429 (the load pauses, the site does not), trying a failing upstream again `retries` times with growing
 * waits.
 */
async function upstream<T>(
  ctx: WorkContext,
  call: (o: { background: true; requestId?: string; signal?: AbortSignal }) => Promise<T>,
  retries = 5,
): Promise<T> {
  for (let failures = 0; ; ) {
    if (ctx.signal?.aborted) throw new Stopped('stopped');
    try {
      const answer = await call({ background: true, requestId: ctx.requestId, signal: ctx.signal });
      ctx.calls++;
      return answer;
    } catch (error) {
      if (ctx.signal?.aborted) throw new Stopped('stopped');
      if (!(error instanceof UpstreamError) || !error.transient) throw error;
      if (error.code !== 'budget_exhausted') ctx.calls++;
      const paused = error.code === 'budget_exhausted' || error.status === 429;
      if (!paused && ++failures > retries) throw error;
      await ctx.wait(pauseFor(error, paused, failures), ctx.signal);
      if (!(await takeLease(ctx.db, ctx.holder, ctx.clock()))) throw new Stopped('lease lost');
    }
  }
}

async function addCalls(ctx: WorkContext, patch: Partial<typeof replicaState.$inferInsert> = {}) {
  const calls = ctx.calls;
  ctx.calls = 0;
  await ctx.db
    .update(replicaState)
    .set({ ...patch, calls: sql`${replicaState.calls} + ${calls}` })
    .where(eq(replicaState.name, NAME));
}

/**
 * Stores a page of summaries, with their area times in the record: each property is then due whichever of
 * its rates and availability moved. Returns the cache tags of the areas whose times moved (every area of a
 * property new to the record).
 */
async function storeSummaries(db: SiteDb, summaries: TolerantPropertySummary[]): Promise<string[]> {
  if (!summaries.length) return [];
  const ids = summaries.map((s) => s.id);
  const known = new Map(
    (
      await db
        .select({
          id: replicaProperties.propertyId,
          ...areaTimeColumns,
          hasRates: sql<boolean>`${replicaProperties.rates} IS NOT NULL`,
          hasBooked: sql<boolean>`${replicaProperties.booked} IS NOT NULL`,
          hasFacts: sql<boolean>`(${replicaProperties.summary} -> 'amenities') IS NOT NULL`,
          removed: replicaProperties.removed,
        })
        .from(replicaProperties)
        .where(inArray(replicaProperties.propertyId, ids))
    ).map((r) => [r.id, r]),
  );
  const expired: string[] = [];
  const values = summaries.map((s) => {
    const before = known.get(s.id);
    const fresh = !before || before.removed;
    expired.push(...areaTags(s.id, fresh ? AREAS : movedAreas(before, s.updated)));
    const due: DueArea[] = [];
    // The listing's summary lacks the detail's facts (amenities, policies, reviews) the filters read: fetched
    // first, so that a rental searchable (its rates and calendar in) has them, whatever pauses the load.
    if (fresh || !before.hasFacts || before.content !== s.updated.content) due.push('content');
    if (fresh || !before.hasRates || before.rates !== s.updated.rates) due.push('rates');
    if (fresh || !before.hasBooked || before.availability !== s.updated.availability)
      due.push('availability');
    return {
      propertyId: s.id,
      summary: s,
      contentAt: s.updated.content,
      imagesAt: s.updated.images,
      ratesAt: s.updated.rates,
      availabilityAt: s.updated.availability,
      due,
      removed: false,
    };
  });
  await db
    .insert(replicaProperties)
    .values(values)
    .onConflictDoUpdate({
      target: replicaProperties.propertyId,
      set: {
        summary: sql`excluded.summary || ${keptFacts}`,
        contentAt: sql`excluded.content_at`,
        imagesAt: sql`excluded.images_at`,
        ratesAt: sql`excluded.rates_at`,
        availabilityAt: sql`excluded.availability_at`,
        due: sql`excluded.due`,
        removed: false,
        seq: sql`nextval('site_replica_seq')`,
      },
    });
  return withSearches(expired);
}

/** GET /properties page by page from `nextPage`, storing summaries; the page reached is kept for a restart. */
async function listCatalog(ctx: WorkContext, nextPage: number) {
  for (let page = nextPage; ; page++) {
    const { data } = await upstream(ctx, (o) =>
      ctx.client.listProperties({ sort: 'id', per_page: PAGE_SIZE, page }, o),
    );
    // The cache is told once the new times are stored, as the sync does.
    await ctx.expire(await storeSummaries(ctx.db, data.properties));
    const last = !hasNextPage(data.pagination, page, data.properties.length);
    await addCalls(ctx, last ? { phase: 'areas', nextPage: page + 1 } : { nextPage: page + 1 });
    ctx.changed?.();
    logger.info(
      { page, pages: data.pagination.total_pages, properties: data.pagination.total },
      'replica load: catalog page stored',
    );
    if (last) return;
  }
}

/** The change feed in full (no `since`): every live property and its area times. */
async function reconcile(ctx: WorkContext) {
  const changes: TolerantPropertyChange[] = [];
  for (let page = 1; ; page++) {
    const { data } = await upstream(ctx, (o) => ctx.client.listChanges({ page, per_page: 1000 }, o));
    changes.push(...data.changes);
    if (!hasNextPage(data.pagination, page, data.changes.length)) break;
  }
  const result = await ctx.db.transaction((tx) => recordFeed(tx, changes, { full: true }));
  await ctx.expire(result.expired);
  await addCalls(ctx);
  if (result.added || result.due || result.removed)
    logger.info(
      { added: result.added, due: result.due, removed: result.removed },
      'replica load: the change feed found properties the paging missed',
    );
}

/** Availability fetched long ago no longer reaches far enough ahead: due again. */
async function markShortWindows(db: SiteDb, day: string) {
  const { needed } = availabilityWindow(day);
  await db.execute(sql`UPDATE site_replica_properties
    SET due = array_append(due, 'availability'), seq = nextval('site_replica_seq')
    WHERE NOT removed AND booked IS NOT NULL AND booked->>'to' < ${needed} AND NOT ('availability' = ANY(due))`);
}

type DueRow = {
  id: number;
  due: string[];
  contentAt: string | null;
  ratesAt: string | null;
  availabilityAt: string | null;
};

/** Tries of a property's area before it is skipped for this pass. */
const AREA_RETRIES = 2;

/**
 * Fetches one property's due areas and stores each (clearing it from `due` unless its time moved since).
 * False when one failed: the property stays due and is skipped until the next pass.
 */
async function fetchAreas(ctx: WorkContext, row: DueRow): Promise<boolean> {
  const { db, client } = ctx;
  const day = today(ctx.clock());
  const seq = sql`nextval('site_replica_seq')`;
  const clear = (area: DueArea, column: AnyColumn, seen: string | null) =>
    sql`CASE WHEN ${column} IS NOT DISTINCT FROM ${seen} THEN array_remove(${replicaProperties.due}, ${area}) ELSE ${replicaProperties.due} END`;
  const where = eq(replicaProperties.propertyId, row.id);
  try {
    for (const area of row.due as DueArea[]) {
      if (area === 'content') {
        const { data } = await upstream(ctx, (o) => client.getProperty(row.id, o), AREA_RETRIES);
        const summary = summaryOf(data);
        await db
          .update(replicaProperties)
          .set({ summary, due: clear('content', replicaProperties.contentAt, row.contentAt), seq })
          .where(where);
      } else if (area === 'rates') {
        const { data } = await upstream(
          ctx,
          (o) => client.getRates(row.id, { from: earliestRateDateFor(day) }, o),
          AREA_RETRIES,
        );
        await db
          .update(replicaProperties)
          .set({
            rates: replicaRatesOf(data),
            due: clear('rates', replicaProperties.ratesAt, row.ratesAt),
            seq,
          })
          .where(where);
      } else if (area === 'availability') {
        const { from, to } = availabilityWindow(day);
        const { data } = await upstream(
          ctx,
          (o) => client.getAvailability(row.id, { from, to }, o),
          AREA_RETRIES,
        );
        await db
          .update(replicaProperties)
          .set({
            booked: replicaBookedOf(data, { from, to }),
            due: clear('availability', replicaProperties.availabilityAt, row.availabilityAt),
            seq,
          })
          .where(where);
      } else {
        await db
          .update(replicaProperties)
          .set({ due: sql`array_remove(${replicaProperties.due}, ${area})` })
          .where(where);
      }
    }
    return true;
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    // Gone between the feed and the fetch (or outside the key's allow-list): it is not in the catalog.
    if (error.status === 404) {
      await markRemoved(db, [row.id]);
      return true;
    }
    // The site's key refused: nothing else will load either.
    if (error.status === 401 || error.status === 403) throw error;
    logger.warn(
      { propertyId: row.id, upstream: { status: error.status, code: error.code } },
      `replica load: skipping a property until the next pass: ${error.message}`,
    );
    ctx.skipped.add(row.id);
    ctx.failedInARow.push(error);
    return false;
  }
}

/**
 * The due rows in the order the load takes them: the rentals of the places travellers search most first
 * (demand.ts), read again before every batch so that a place searched now is fetched next; then by id.
 */
function dueOrder(first: number[]) {
  if (!first.length) return [asc(replicaProperties.propertyId)];
  // Whole numbers only: written into the statement as an array literal.
  const places = `{${first.map((id) => Math.trunc(id)).join(',')}}`;
  return [
    sql`array_position(${places}::int[], (${replicaProperties.summary} -> 'location' ->> 'id')::int) NULLS LAST`,
    asc(replicaProperties.propertyId),
  ];
}

async function fetchDue(ctx: WorkContext) {
  let done = 0;
  let lastLog = Date.now();
  const [state] = await ctx.db
    .select({ locations: replicaState.locations })
    .from(replicaState)
    .where(eq(replicaState.name, NAME));
  const beneath = descendantsOf(state?.locations ?? []);
  // The rentals of each place, for the most searched places to rank by searches per rental (demand.ts).
  const rentalsAt = new Map(
    (
      await rows<{ id: number; n: number }>(
        ctx.db,
        sql`SELECT (summary -> 'location' ->> 'id')::int AS id, count(*)::int AS n
            FROM site_replica_properties WHERE NOT removed AND summary IS NOT NULL GROUP BY 1`,
      )
    ).map((r) => [r.id, r.n]),
  );
  for (;;) {
    await flushSearches(ctx.db).catch(() => {});
    const first = placesFirst(await mostSearched(ctx.db), beneath, rentalsAt);
    const batch: DueRow[] = await ctx.db
      .select({
        id: replicaProperties.propertyId,
        due: replicaProperties.due,
        contentAt: replicaProperties.contentAt,
        ratesAt: replicaProperties.ratesAt,
        availabilityAt: replicaProperties.availabilityAt,
      })
      .from(replicaProperties)
      .where(
        and(
          eq(replicaProperties.removed, false),
          sql`${replicaProperties.due} <> '{}'`,
          ctx.skipped.size ? notInArray(replicaProperties.propertyId, [...ctx.skipped]) : undefined,
        ),
      )
      .orderBy(...dueOrder(first))
      .limit(BATCH);
    if (!batch.length) return;
    let next = 0;
    // The first failure that ends the pass; the other fetches in flight finish, and none starts after it.
    let failure: { error: unknown } | null = null;
    await Promise.all(
      Array.from({ length: PARALLEL }, async () => {
        while (next < batch.length && !failure) {
          try {
            if (await fetchAreas(ctx, batch[next++]!)) ctx.failedInARow = [];
            // Every property failing, not one: the upstream is in trouble; this pass ends, the next tries.
            else if (ctx.failedInARow.length >= FAILED_IN_A_ROW) failure = { error: ctx.failedInARow.at(-1) };
          } catch (error) {
            failure ??= { error };
          }
        }
      }),
    );
    if (failure) throw (failure as { error: unknown }).error;
    done += batch.length;
    await addCalls(ctx);
    ctx.changed?.();
    if (!(await takeLease(ctx.db, ctx.holder, ctx.clock()))) throw new Stopped('lease lost');
    if (Date.now() - lastLog > 10_000) {
      lastLog = Date.now();
      const progress = await replicaProgress(ctx.db);
      logger.info(
        { fetched: done, due: progress?.due, calls: progress?.calls },
        'replica load: areas fetched',
      );
    }
  }
}

/**
 * One pass of the replica's work: the listing (first load, or its resumption), then every due area, then,
 * on the first pass, the reconciling change feed. Returns the progress, or null when another instance
 * holds the lease or the work was stopped.
 */
export async function runReplicaWork(deps: ReplicaWorkDeps): Promise<ReplicaProgress | null> {
  const clock = deps.now ?? (() => new Date());
  const ctx: WorkContext = {
    ...deps,
    clock,
    wait: deps.sleep ?? defaultSleep,
    expire: deps.expire ?? ((tags) => siteBroadcast().expire(tags)),
    calls: 0,
    skipped: new Set(),
    failedInARow: [],
  };
  const { db } = deps;
  if (!(await takeLease(db, deps.holder, clock()))) return null;
  try {
    const [state] = await db.select().from(replicaState).where(eq(replicaState.name, NAME));
    if (!state) return null;
    const stale =
      !state.locations ||
      !state.locationsAt ||
      clock().getTime() - state.locationsAt.getTime() > LOCATIONS_MAX_AGE_MS;
    if (stale) {
      const { data } = await upstream(ctx, (o) => ctx.client.listLocations(o));
      const locations = data.locations.map((l) => ({ id: l.id, parent_id: l.parent_id, name: l.name }));
      await addCalls(ctx, { locations, locationsAt: clock() });
      ctx.changed?.();
    }
    if (state.phase === 'listing') {
      if (state.nextPage === 1)
        logger.info('replica load: starting (the catalog, then each rate sheet and calendar)');
      else logger.info({ page: state.nextPage }, 'replica load: resuming the catalog listing');
      await listCatalog(ctx, state.nextPage);
    }
    await markShortWindows(db, today(clock()));
    await fetchDue(ctx);
    if (state.phase !== 'complete') {
      await reconcile(ctx);
      await fetchDue(ctx);
      await addCalls(ctx, { phase: 'complete', completedAt: clock() });
      ctx.changed?.();
      const progress = await replicaProgress(db);
      logger.info(
        {
          properties: progress?.properties,
          calls: progress?.calls,
          seconds: progress?.startedAt
            ? Math.round((clock().getTime() - progress.startedAt.getTime()) / 1000)
            : null,
        },
        'replica load: complete; search now answers from the replica',
      );
    }
    return await replicaProgress(db);
  } catch (error) {
    if (error instanceof Stopped) return null;
    throw error;
  } finally {
    if (ctx.calls) await addCalls(ctx).catch(() => {});
    await releaseLease(db, deps.holder).catch(() => {});
  }
}
