import 'server-only';
import { processSingleton } from '@/lib/process-singleton';
import { consumeOrWait, createLimiter, type Limiter, redisForLimits } from '@/lib/rate-limit';
import { settings, settingsVersion } from '@/lib/settings';
import { ServiceError } from './http/errors';
import type { ApiKey } from './keys';
import { logger } from './logger';

/*
 * Section 8's limits per key (docs/decisions.md#rate-limits): requests per minute and per hour over all requests, and POST /inquiries
 * per 10 minutes. Counters live in memory, or in Redis when REDIS_URL is set so that several instances
 * share them (with an in-memory fallback while Redis is unreachable). Each window starts at the key's first
 * request in it (rate-limiter-flexible's fixed windows).
 */

interface Limiters {
  minute: Limiter;
  hour: Limiter;
  /** The partner tier's request limits (SVC_PARTNER_RATE_LIMIT_*), counted apart. */
  partnerMinute: Limiter;
  partnerHour: Limiter;
  inquiries: Limiter;
  renders: Limiter;
}

/**
 * Made once per process, whichever bundle asks first (the `/v2` adapter, the CDN route): made per bundle,
 * a key's count started again from zero whenever a request went through another bundle. Tests lower the
 * limits and reload the settings, which makes them again.
 */
function limiters(): Limiters {
  return processSingleton(
    'catalog-api.limits',
    () => {
      const s = settings();
      const redis = redisForLimits(s.REDIS_URL, logger);
      return {
        minute: createLimiter('svc_minute', s.SVC_RATE_LIMIT_PER_MINUTE, 60, redis),
        hour: createLimiter('svc_hour', s.SVC_RATE_LIMIT_PER_HOUR, 3600, redis),
        partnerMinute: createLimiter('svc_partner_minute', s.SVC_PARTNER_RATE_LIMIT_PER_MINUTE, 60, redis),
        partnerHour: createLimiter('svc_partner_hour', s.SVC_PARTNER_RATE_LIMIT_PER_HOUR, 3600, redis),
        inquiries: createLimiter('svc_inquiries', s.SVC_INQUIRY_LIMIT_PER_10_MIN, 600, redis),
        renders: createLimiter('cdn_renders', s.CDN_RENDERS_PER_VISITOR_PER_MINUTE, 60, redis),
      };
    },
    settingsVersion(),
  );
}

async function consume(limiter: Limiter, keyId: number, what: string): Promise<void> {
  const seconds = await consumeOrWait(limiter, String(keyId));
  if (seconds > 0) {
    throw new ServiceError(
      'rate_limited',
      `Too many ${what} for this key; retry after ${seconds} s.`,
      undefined,
      {
        'Retry-After': String(seconds),
      },
    );
  }
}

/** Counts a request against the key's per-minute and per-hour limits (its tier's); 429 when over either. */
export async function limitRequest(key: Pick<ApiKey, 'id' | 'tier'>): Promise<void> {
  const l = limiters();
  const [minute, hour] = key.tier === 'partner' ? [l.partnerMinute, l.partnerHour] : [l.minute, l.hour];
  await consume(minute, key.id, 'requests');
  await consume(hour, key.id, 'requests');
}

/** Counts an inquiry against the key's 10-minute inquiry limit; 429 (nothing created) when over it. */
export async function limitInquiry(keyId: number): Promise<void> {
  await consume(limiters().inquiries, keyId, 'inquiries');
}

/**
 * Counts a photo width the CDN has never rendered against the visitor's per-minute allowance (rendering
 * costs CPU and a file on disk; a cached width costs neither and is never counted). Returns the seconds to
 * wait, 0 when allowed.
 */
export function renderWait(visitor: string): Promise<number> {
  return consumeOrWait(limiters().renders, visitor);
}
