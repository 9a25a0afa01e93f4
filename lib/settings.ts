import { z } from 'zod';

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
  SVC_INQUIRY_LIMIT_PER_10_MIN: positiveInt.default(60),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  /** The upstream the partner side talks to; default: this server's own /v2. */
  SVC_BASE_URL: z.url().optional(),
  SVC_API_KEY: z.string().min(1).default('svc_test_demo_full_access'),
  UPSTREAM_TIMEOUT_MS: positiveInt.default(5000),
  /** The client keeps itself this far under the upstream's limits (per key, shared by every visitor). */
  UPSTREAM_BUDGET_PER_MINUTE: positiveInt.default(550),
  UPSTREAM_BUDGET_PER_HOUR: positiveInt.default(9500),
  /** A GET answered 429 is retried once when Retry-After is at most this; otherwise the site answers 503. */
  UPSTREAM_MAX_RETRY_WAIT_MS: positiveInt.default(2000),
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

let cached: Settings | undefined;

export function settings(): Settings {
  cached ??= load(process.env);
  return cached;
}

/** Tests change the environment and call this to read it again. */
export function reloadSettings(): Settings {
  cached = undefined;
  return settings();
}
