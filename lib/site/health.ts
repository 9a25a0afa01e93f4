import 'server-only';
import { timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { CatalogClient } from '@/lib/catalog-client';
import { UpstreamError } from '@/lib/catalog-client';
import { executeRows } from '@/lib/db/open';
import type { LeadCounts } from '@/lib/metrics';
import { forgetProcessSingleton, peekProcessSingleton, setProcessSingleton } from '@/lib/process-singleton';
import type { Settings } from '@/lib/settings';
import type { SiteDb } from './db/client';
import { replicaProgress } from './replica/load';
import { lastSync } from './sync';

/*
 * What an operator's probes ask (GET /api/ready): can this instance serve? Its database answers, and the
 * upstream answers this site's key. Also, for the operator only (METRICS_TOKEN): the change-feed
 * sync's last run, the replica's load (search falls back to the upstream until it is complete) and the
 * lead queue (how many wait, and for how long). Cheap and bounded: every check
 * has a time limit, and the upstream is asked at most once per UPSTREAM_CHECK_MS per process, whatever
 * the probes' rate, so probes never spend the budget the visitors share. Nothing in the answer comes from
 * the upstream's words or the settings' values (no key, no URL): only codes, counts and times.
 */

const CHECK_TIMEOUT_MS = 2000;
const UPSTREAM_CHECK_MS = 15_000;
/** One report serves every probe for this long: a flood of probes costs a database check every 2 s. */
const REPORT_MS = 2000;

export type UpstreamState = 'ok' | 'limited' | 'key_refused' | 'unreachable' | 'error';

export interface Readiness {
  ready: boolean;
  /** When this report was made (probes within REPORT_MS of it are answered with it). */
  checked_at: string;
  database: { ok: boolean; ms: number; error?: string };
  upstream: { ok: boolean; state: UpstreamState; status: number | null; ms: number; checked_at: string };
  sync: {
    /** Run in this process on a timer (CATALOG_SYNC), or by a scheduler through the cron route. */
    mode: 'timer' | 'scheduler' | 'off';
    last_run_at: string | null;
    age_seconds: number | null;
    /** No run for more than twice the interval (or never, an interval after start-up). */
    overdue: boolean;
  };
  replica: {
    /** The load's phase as the replica records it (`complete` once search is answered from it). */
    phase: string;
    properties: number;
    /** Properties with areas still to fetch. */
    due: number;
    completed_at: string | null;
  } | null;
  leads: {
    queued: number;
    sending: number;
    failed: number;
    oldest_waiting_seconds: number | null;
  } | null;
}

class TimedOut extends Error {}

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimedOut(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, limit]).finally(() => clearTimeout(timer));
}

/**
 * Leads by status and the oldest one still waiting to be delivered: one grouped query. `open` counts only
 * the leads not yet settled (queued, sending, failed), which the status index finds without reading the
 * sent ones: what a frequent probe needs.
 */
export async function leadCounts(db: SiteDb, scope: 'all' | 'open' = 'all'): Promise<LeadCounts> {
  const where = scope === 'open' ? sql`WHERE status IN ('queued', 'sending', 'failed')` : sql``;
  const rows = await executeRows<{ status: string; n: number; oldest: string | number | null }>(
    db,
    sql`
    SELECT status, count(*)::int AS n,
      extract(epoch FROM now() - min(created_at) FILTER (WHERE status IN ('queued', 'sending'))) AS oldest
    FROM site_leads ${where} GROUP BY status`,
  );
  const byStatus: Record<string, number> = {};
  let oldest: number | null = null;
  for (const row of rows) {
    byStatus[row.status] = Number(row.n);
    if (row.oldest !== null) oldest = Math.max(oldest ?? 0, Math.round(Number(row.oldest)));
  }
  return { byStatus, oldestWaitingSeconds: oldest };
}

interface UpstreamCheck {
  at: number;
  result: Readiness['upstream'];
}
const STARTED = Date.now();

/** The upstream's answer to one small authenticated read, remembered for UPSTREAM_CHECK_MS. */
async function checkUpstream(client: CatalogClient, now: number): Promise<Readiness['upstream']> {
  const previous = await peekProcessSingleton<Promise<UpstreamCheck>>('site.upstream-check');
  if (previous && now - previous.at < UPSTREAM_CHECK_MS) return previous.result;
  const check = (async (): Promise<UpstreamCheck> => {
    const started = performance.now();
    const result = (state: UpstreamState, status: number | null) => ({
      ok: state === 'ok' || state === 'limited',
      state,
      status,
      ms: Math.round(performance.now() - started),
      checked_at: new Date(now).toISOString(),
    });
    try {
      await client.listProperties(
        { per_page: 1 },
        // The site's own question, whoever's probe asked it: charged to nobody's share.
        { requestId: `ready_${now}`, signal: AbortSignal.timeout(CHECK_TIMEOUT_MS), system: true },
      );
      return { at: now, result: result('ok', 200) };
    } catch (error) {
      if (!(error instanceof UpstreamError)) return { at: now, result: result('unreachable', null) };
      // Over its limit (or our own budget) the upstream is there: pages are served from the cache meanwhile.
      if (error.status === 429 || error.code === 'budget_exhausted')
        return { at: now, result: result('limited', error.status) };
      if (error.status === 401 || error.status === 403)
        return { at: now, result: result('key_refused', error.status) };
      if (error.status >= 500 || error.code === 'timeout' || error.code === 'unreachable')
        return { at: now, result: result('unreachable', error.status) };
      return { at: now, result: result('error', error.status) };
    }
  })();
  setProcessSingleton('site.upstream-check', check);
  return (await check).result;
}

/** Forgets the remembered upstream check and report (tests change the upstream between calls). */
export function forgetUpstreamCheck(): void {
  forgetProcessSingleton('site.upstream-check');
  forgetProcessSingleton('site.readiness');
}

/**
 * The readiness report, made at most once per REPORT_MS for every probe of this process, however many
 * arrive at once (the probe flooded it with 50 connections, and a concurrent /api/health waited 1 s).
 */
export function recentReadiness(deps: Parameters<typeof readiness>[0]): Promise<Readiness> {
  const now = deps.now ?? Date.now();
  const held = peekProcessSingleton<{ at: number; report: Promise<Readiness> }>('site.readiness');
  if (held && now - held.at < REPORT_MS) return held.report;
  const report = readiness(deps);
  setProcessSingleton('site.readiness', { at: now, report });
  return report;
}

/**
 * Whether the request is the operator's: `Authorization: Bearer <METRICS_TOKEN>`. Only then does
 * /api/ready say more than ready or not (the lead queue, the replica, the upstream's answer to our key are
 * the operator's business, not a passer-by's).
 */
export function fromOperator(request: Request, token: string | undefined): boolean {
  if (!token) return false;
  const given = Buffer.from(request.headers.get('authorization') ?? '');
  const expected = Buffer.from(`Bearer ${token}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export async function readiness(deps: {
  db: () => Promise<SiteDb>;
  client: CatalogClient;
  settings: Settings;
  now?: number;
}): Promise<Readiness> {
  const now = deps.now ?? Date.now();
  const s = deps.settings;
  const databaseCheck = (async () => {
    const started = performance.now();
    try {
      const db = await within(deps.db(), CHECK_TIMEOUT_MS);
      const [, leads, sync, replica] = await within(
        Promise.all([
          db.execute(sql`SELECT 1`),
          leadCounts(db, 'open'),
          lastSync(db),
          s.CATALOG_REPLICA ? replicaProgress(db) : null,
        ]),
        CHECK_TIMEOUT_MS,
      );
      return { ok: true, ms: Math.round(performance.now() - started), leads, sync, replica };
    } catch (error) {
      const reason = error instanceof TimedOut ? 'timeout' : 'unreachable';
      return { ok: false, ms: Math.round(performance.now() - started), error: reason };
    }
  })();
  const [database, upstream] = await Promise.all([databaseCheck, checkUpstream(deps.client, now)]);

  const mode = s.CATALOG_SYNC ? 'timer' : s.CRON_SECRET ? 'scheduler' : 'off';
  const lastRun = database.ok ? (database.sync?.lastRunAt ?? null) : null;
  const age = lastRun ? Math.max(0, Math.round((now - lastRun.getTime()) / 1000)) : null;
  const allowance = 2 * s.SYNC_INTERVAL_SECONDS;
  const overdue =
    mode !== 'off' &&
    database.ok &&
    (age === null ? (now - STARTED) / 1000 > s.SYNC_INTERVAL_SECONDS + 60 : age > allowance);
  const counts = database.ok ? database.leads : undefined;
  return {
    ready: database.ok && upstream.ok,
    checked_at: new Date(now).toISOString(),
    database: { ok: database.ok, ms: database.ms, ...(database.ok ? {} : { error: database.error }) },
    upstream,
    sync: { mode, last_run_at: lastRun?.toISOString() ?? null, age_seconds: age, overdue },
    replica:
      database.ok && database.replica
        ? {
            phase: database.replica.phase,
            properties: database.replica.properties,
            due: database.replica.due,
            completed_at: database.replica.completedAt?.toISOString() ?? null,
          }
        : null,
    leads: counts
      ? {
          queued: counts.byStatus.queued ?? 0,
          sending: counts.byStatus.sending ?? 0,
          failed: counts.byStatus.failed ?? 0,
          oldest_waiting_seconds: counts.oldestWaitingSeconds,
        }
      : null,
  };
}
