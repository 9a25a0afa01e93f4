import 'server-only';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { processSingleton } from './process-singleton';

/*
 * Prometheus metrics of one server process, for operators (served at /metrics by scripts/serve.mjs when
 * METRICS is on). The registry is one per process (lib/process-singleton.ts): the server script registers the
 * HTTP metrics on it, the app (several Next.js bundles) registers these. Recording is cheap and always on;
 * only serving them is behind the setting.
 *
 * Labels stay few and bounded: upstream endpoints are templates (`/properties/{id}/rates`), outcomes a
 * status code or an error code. Nothing here ever holds the API key, a visitor's address or a lead's content.
 */

export function registry(): Registry {
  return processSingleton('metrics.registry', () => new Registry());
}

export interface CacheCounts {
  hits: number;
  misses: number;
  staleServed: number;
  expired: number;
}

export interface LeadCounts {
  /** Leads per status (`queued`, `sending`, `sent`, `rejected`, `failed`). */
  byStatus: Record<string, number>;
  /** Age in seconds of the oldest lead still waiting to be delivered (queued or sending), or null. */
  oldestWaitingSeconds: number | null;
}

/** What the metrics read at scrape time (set once the app's parts exist). */
export interface Sources {
  cache?: () => CacheCounts;
  leads?: () => Promise<LeadCounts>;
}

interface AppMetrics {
  upstream: Histogram<'endpoint' | 'method' | 'outcome'>;
  syncRuns: Counter<'outcome'>;
  syncExpired: Counter;
  syncLastSuccess: Gauge;
  sources: Sources;
}

const UPSTREAM_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15];

function appMetrics(): AppMetrics {
  return processSingleton('metrics.app', makeAppMetrics);
}

function makeAppMetrics(): AppMetrics {
  const registers = [registry()];
  const sources: Sources = {};
  new Counter({
    name: 'site_cache_reads_total',
    help: 'Reads of the site’s cache of upstream answers: hit (fresh), miss (fetched), stale_served (upstream failing)',
    labelNames: ['result'],
    registers,
    collect() {
      const counts = sources.cache?.();
      if (!counts) return;
      this.reset();
      this.inc({ result: 'hit' }, counts.hits);
      this.inc({ result: 'miss' }, counts.misses);
      this.inc({ result: 'stale_served' }, counts.staleServed);
    },
  });
  new Counter({
    name: 'site_cache_expired_total',
    help: 'Cache entries expired by the change-feed sync (here or broadcast by another instance)',
    registers,
    collect() {
      const counts = sources.cache?.();
      if (!counts) return;
      this.reset();
      this.inc(counts.expired);
    },
  });
  // Both lead gauges come from one query per scrape (a scrape collects every metric at once).
  let reading: { at: number; counts: Promise<LeadCounts | null> } | undefined;
  const leadsNow = () => {
    if (!reading || Date.now() - reading.at > 1000)
      reading = { at: Date.now(), counts: sources.leads?.().catch(() => null) ?? Promise.resolve(null) };
    return reading.counts;
  };
  new Gauge({
    name: 'site_leads',
    help: 'Leads (inquiries the site accepted) by state, in the site’s database',
    labelNames: ['state'],
    registers,
    async collect() {
      const counts = await leadsNow();
      this.reset();
      if (!counts) return;
      for (const state of ['queued', 'sending', 'sent', 'rejected', 'failed'])
        this.set({ state }, counts.byStatus[state] ?? 0);
    },
  });
  new Gauge({
    name: 'site_lead_oldest_waiting_seconds',
    help: 'Age of the oldest lead not yet delivered (queued or being sent); 0 when none waits',
    registers,
    async collect() {
      const counts = await leadsNow();
      this.reset();
      if (counts) this.set(counts.oldestWaitingSeconds ?? 0);
    },
  });
  return {
    sources,
    upstream: new Histogram({
      name: 'catalog_upstream_request_duration_seconds',
      help: 'Calls to the catalog API (SVC_BASE_URL) by endpoint, method and outcome (HTTP status or error code)',
      labelNames: ['endpoint', 'method', 'outcome'],
      buckets: UPSTREAM_BUCKETS,
      registers,
    }),
    syncRuns: new Counter({
      name: 'site_sync_runs_total',
      help: 'Change-feed sync runs by outcome (ok, failed)',
      labelNames: ['outcome'],
      registers,
    }),
    syncExpired: new Counter({
      name: 'site_sync_expired_tags_total',
      help: 'Cache tags the change-feed sync expired',
      registers,
    }),
    syncLastSuccess: new Gauge({
      name: 'site_sync_last_success_timestamp_seconds',
      help: 'When the last successful change-feed sync run of this process started (Unix time)',
      registers,
    }),
  };
}

/** Tells the metrics where to read the cache's counters and the lead counts at scrape time. */
export function setMetricSources(sources: Sources): void {
  Object.assign(appMetrics().sources, sources);
}

/** An upstream path as a label: ids become `{id}`, the query is dropped. */
export const endpointOf = (path: string): string => path.split('?')[0]!.replace(/\/\d+(?=\/|$)/g, '/{id}');

export function observeUpstream(
  method: string,
  path: string,
  outcome: string | number,
  seconds: number,
): void {
  appMetrics().upstream.observe({ endpoint: endpointOf(path), method, outcome: String(outcome) }, seconds);
}

export function observeSync(outcome: 'ok' | 'failed', expiredTags = 0, startedAt?: Date): void {
  const m = appMetrics();
  m.syncRuns.inc({ outcome });
  if (outcome === 'ok') {
    m.syncExpired.inc(expiredTags);
    if (startedAt) m.syncLastSuccess.set(startedAt.getTime() / 1000);
  }
}
