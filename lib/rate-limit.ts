import 'server-only';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';

/*
 * Fixed-window counters for both roles (the service's per-key limits, the site's per-visitor limits):
 * in memory, or in Redis when REDIS_URL is set so that several instances share them, with an in-memory
 * fallback while Redis is unreachable.
 */

export type Limiter = RateLimiterMemory | RateLimiterRedis;

export function redisForLimits(url: string | undefined, logger: Logger): Redis | null {
  if (!url) return null;
  const redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  redis.on('error', (error) =>
    logger.warn({ err: error }, 'rate-limit store unreachable; counting in memory'),
  );
  return redis;
}

export function createLimiter(
  keyPrefix: string,
  points: number,
  durationSeconds: number,
  redis: Redis | null,
): Limiter {
  const options = { keyPrefix, points, duration: durationSeconds };
  if (!redis) return new RateLimiterMemory(options);
  return new RateLimiterRedis({
    ...options,
    storeClient: redis,
    insuranceLimiter: new RateLimiterMemory(options),
  });
}

/**
 * A limiter's refusal, recognised by its shape rather than `instanceof`: the limiters are made once per
 * process (lib/process-singleton.ts), so the one a bundle calls may come from another bundle's copy of
 * rate-limiter-flexible, whose RateLimiterRes is another class. Mistaken for a failure, every refusal
 * would be a 500.
 */
export function isLimiterRefusal(value: unknown): value is RateLimiterRes {
  if (value instanceof RateLimiterRes) return true;
  if (typeof value !== 'object' || value === null) return false;
  const res = value as Partial<Record<keyof RateLimiterRes, unknown>>;
  return (
    typeof res.msBeforeNext === 'number' &&
    typeof res.remainingPoints === 'number' &&
    typeof res.consumedPoints === 'number'
  );
}

/** Counts one for `key`; returns 0 when allowed, else the whole seconds until it would be. */
export async function consumeOrWait(limiter: Limiter, key: string): Promise<number> {
  try {
    await limiter.consume(key);
    return 0;
  } catch (rejection) {
    if (!isLimiterRefusal(rejection)) throw rejection;
    return Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
  }
}
