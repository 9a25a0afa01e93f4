import 'server-only';
import { z } from 'zod';
import { processSingleton } from './process-singleton';

/**
 * Every setting of the app, read from the environment once and checked with zod; a bad value stops
 * start-up with a message naming the variable. All are optional (README lists them).
 */
const flag = z
  .enum(['1', '0', 'true', 'false', 'on', 'off'])
  .transform((v) => ['1', 'true', 'on'].includes(v));
const positiveInt = z.coerce.number().int().positive();

const schema = z.object({
  PORT: positiveInt.default(3000),
  SITE_URL: z.url().optional(),
  /** Origins allowed to frame /embed/* (comma-separated, e.g. `https://partner.example,https://b.example`). */
  EMBED_ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((v, ctx) => {
      const origins: string[] = [];
      for (const part of v
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean)) {
        try {
          const url = new URL(part);
          if (!/^https?:$/.test(url.protocol) || url.origin !== part.replace(/\/$/, '')) throw new Error();
          origins.push(url.origin);
        } catch {
          ctx.addIssue({
            code: 'custom',
            message: `"${part}" is not an origin like https://partner.example`,
          });
        }
      }
      return origins;
    }),
  /** The site's name in the header, titles and emails. */
  SITE_NAME: z.string().min(1).max(60).default('Villa & Co.'),
  SVC_SHORT_NAME: z
    .string()
    .regex(/^[A-Za-z0-9]{1,20}$/, 'letters and digits only')
    .default('SVC'),
  DATABASE_URL: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).default('.data'),
  CATALOG_API_ENABLED: flag.default(true),
  DEMO_SEED: z.coerce.number().int().default(20261121),
  DEMO_PROPERTIES: positiveInt.max(50_000).default(3000),
  CATALOG_ACTIVITY: flag.default(true),
  CATALOG_ACTIVITY_INTERVAL_SECONDS: positiveInt.default(300),
  SVC_RATE_LIMIT_PER_MINUTE: positiveInt.default(600),
  SVC_RATE_LIMIT_PER_HOUR: positiveInt.default(10_000),
  /** The partner tier's limits (a key the service grants more, such as the site's own embedded key). */
  SVC_PARTNER_RATE_LIMIT_PER_MINUTE: positiveInt.default(60_000),
  SVC_PARTNER_RATE_LIMIT_PER_HOUR: positiveInt.default(2_000_000),
  SVC_INQUIRY_LIMIT_PER_10_MIN: positiveInt.default(60),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  /** The upstream the partner side talks to; default: this server's own /v2. */
  SVC_BASE_URL: z.url().optional(),
  /**
   * The key the site sends upstream. Unset: against SVC_BASE_URL, the demo test key; on the embedded
   * service, the site's own key (lib/embedded-key.ts).
   */
  SVC_API_KEY: z.string().min(1).optional(),
  UPSTREAM_TIMEOUT_MS: positiveInt.default(5000),
  /** An inquiry (a POST that creates data) waits longer: a timed-out send leaves its outcome unknown. */
  UPSTREAM_POST_TIMEOUT_MS: positiveInt.default(15_000),
  /** Inquiries sent upstream at once by this process; more wait their turn in the lead queue. */
  LEAD_SEND_CONCURRENCY: positiveInt.max(64).default(4),
  /**
   * The client keeps itself this far under the upstream's limits (per key, shared by every visitor).
   * Unset: 550 and 9,500 (the document's limits), or the partner tier's on the embedded service.
   */
  UPSTREAM_BUDGET_PER_MINUTE: positiveInt.optional(),
  UPSTREAM_BUDGET_PER_HOUR: positiveInt.optional(),
  /**
   * A fair share of the budget (docs/decisions.md#a-fair-share-of-the-upstream-budget): one visitor's reads
   * may use at most this share of each window (their live work, half as much again), and reads never use
   * the last UPSTREAM_RESERVE_SHARE, kept for live work (the quote of the page a traveller is on, inquiries).
   */
  UPSTREAM_VISITOR_SHARE: z.coerce.number().min(0.001).max(1).default(0.1),
  UPSTREAM_RESERVE_SHARE: z.coerce.number().min(0).max(0.5).default(0.1),
  /** A GET answered 429 is retried once when Retry-After is at most this; otherwise the site answers 503. */
  UPSTREAM_MAX_RETRY_WAIT_MS: positiveInt.default(2000),
  /** The partner side's cache of upstream answers (memory per process). */
  CACHE_MAX_MB: positiveInt.max(4096).default(64),
  /** Property areas and searches stay fresh until the sync expires them, at most this long. */
  CACHE_TTL_SECONDS: positiveInt.default(21_600),
  /** The pages a visitor does not change, kept rendered (lib/site/page-cache.ts); 0: render every time. */
  PAGE_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(128),
  QUOTE_CACHE_SECONDS: positiveInt.default(120),
  /** The change-feed sync: in-process every SYNC_INTERVAL_SECONDS (the spec asks for at most hourly). */
  CATALOG_SYNC: flag.default(true),
  SYNC_INTERVAL_SECONDS: positiveInt.default(3600),
  /**
   * The site's replica of the catalog (summaries, rate sheets, booked dates) that search and card prices
   * come from; off: every search asks the upstream and cards show no price.
   */
  CATALOG_REPLICA: flag.default(true),
  /** Share of the upstream budget (per minute and per hour) the replica's load may use; the rest is the visitors'. */
  REPLICA_BUDGET_SHARE: z.coerce.number().min(0.05).max(1).default(0.75),
  /** The display currency sorting and the price filter compare in, when the URL names none. */
  DISPLAY_CURRENCY: z
    .string()
    .regex(/^[A-Z]{3}$/, 'an ISO currency code such as EUR')
    .default('EUR'),
  /** Reference exchange rates: a JSON file ({date, base, rates}) or the ECB's eurofxref-daily.xml. */
  FX_RATES_FILE: z.string().min(1).optional(),
  /** The same, fetched at start and daily (e.g. https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml). */
  FX_RATES_URL: z.url().optional(),
  /**
   * A MapLibre style (vector or raster tiles) for every map, e.g. a tile provider's `style.json`; without it
   * the maps draw the built-in Natural Earth style, served by this app with no tile server (README, "Maps").
   */
  MAP_STYLE_URL: z.url().optional(),
  /** Bearer secret of `POST /api/cron/sync`; the route is off without it. */
  CRON_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Per visitor (client address): requests to /api/* per minute, and inquiries per hour. */
  SITE_RATE_LIMIT_PER_MINUTE: positiveInt.default(120),
  SITE_INQUIRIES_PER_VISITOR_PER_HOUR: positiveInt.default(10),
  /** Per visitor: new shortlists and new proposals (drafts, duplicates) per hour (lib/site/advisors/limits.ts). */
  SITE_SHORTLISTS_PER_VISITOR_PER_HOUR: positiveInt.default(20),
  SITE_PROPOSALS_PER_VISITOR_PER_HOUR: positiveInt.default(30),
  /** Per visitor: page views per minute (a page may call the upstream; prefetches of a page's shell are free). */
  SITE_PAGE_VIEWS_PER_MINUTE: positiveInt.default(60),
  /** Per visitor: photo widths the CDN has not rendered before, per minute (cached widths are free). */
  CDN_RENDERS_PER_VISITOR_PER_MINUTE: positiveInt.default(120),
  /** `Strict-Transport-Security` max-age on every response (0: none; set it once the site is on HTTPS). */
  HSTS_MAX_AGE_SECONDS: z.coerce.number().int().min(0).default(0),
  /** Idle keep-alive connections close after this (above a load balancer's idle timeout, if it has one). */
  SERVER_KEEP_ALIVE_SECONDS: positiveInt.max(600).default(5),
  /** Proxies in front of the site that append to X-Forwarded-For (0: the client talks to Next.js directly). */
  TRUSTED_PROXY_COUNT: z.coerce.number().int().min(0).max(10).default(0),
  /** Sending queued and failed-for-now leads upstream, in-process. */
  LEAD_WORKER: flag.default(true),
  /** Attempts at sending a lead through network errors and 5xx before it is marked failed. */
  LEAD_MAX_ATTEMPTS: positiveInt.max(20).default(6),
  LEAD_RETRY_BASE_SECONDS: positiveInt.default(5),
  /** Prometheus metrics at /metrics (scripts/serve.mjs serves them; off by default). */
  METRICS: flag.default(false),
  /** When set, /metrics asks for `Authorization: Bearer <METRICS_TOKEN>`. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Settings = z.infer<typeof schema> & { siteUrl: string; cdnUrl: string; serviceBaseUrl: string };

function load(env: NodeJS.ProcessEnv): Settings {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid settings in the environment:\n${lines.join('\n')}`);
  }
  const s = parsed.data;
  const siteUrl = (s.SITE_URL ?? `http://localhost:${s.PORT}`).replace(/\/$/, '');
  return { ...s, siteUrl, cdnUrl: `${siteUrl}/cdn`, serviceBaseUrl: `${siteUrl}/v2` };
}

/** Counts reloads, process-wide: what is made from the settings is made again when it moves. */
const generation = () => processSingleton('settings.generation', () => ({ n: 0 }));

/** The settings, parsed once per process (not once per bundle: every bundle sees the same object). */
export function settings(): Settings {
  return processSingleton('settings', () => load(process.env), generation().n);
}

/** The settings' version: limits and clients built from them pass it to `processSingleton`. */
export const settingsVersion = (): number => generation().n;

/** Tests change the environment and call this to read it again. */
export function reloadSettings(): Settings {
  generation().n++;
  return settings();
}
