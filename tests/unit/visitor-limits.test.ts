import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { consumeOrWait, isLimiterRefusal } from '@/lib/rate-limit';

/*
 * The visitor limits against the way Next.js loads modules: once per bundle. Each `bundle()` below is a
 * fresh copy of every app module (its own settings cache, its own SiteError class), as the proxy and a
 * route handler each have theirs; what one copy counts the other must see.
 */

type Http = typeof import('@/lib/site/http');
const saved: Record<string, string | undefined> = {};
const env = { SITE_RATE_LIMIT_PER_MINUTE: '4', SITE_PAGE_VIEWS_PER_MINUTE: '3', REDIS_URL: undefined };

async function bundle(): Promise<Http> {
  vi.resetModules();
  return import('@/lib/site/http');
}

beforeAll(() => {
  for (const [k, v] of Object.entries(env)) {
    saved[k] = process.env[k];
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
});
afterAll(async () => {
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  (await import('@/lib/settings')).reloadSettings();
});

describe('visitor limits shared by every bundle', () => {
  it('counts page views and API requests from several bundles against one limit each', async () => {
    const proxy = await bundle();
    const route = await bundle();
    const refused = (e: unknown) => (e instanceof proxy.SiteError ? e.code : `not a SiteError: ${e}`);
    const visitor = '127.0.0.2';
    const pages: number[] = [];
    const api: string[] = [];
    // Alternated, as the probe did: a page view, an API call, a page view, …
    for (let i = 0; i < 6; i++) {
      pages.push(await proxy.pageViewWait(visitor));
      api.push(
        await route.limitVisitor(visitor, 'requests').then(
          () => 'ok',
          (e: unknown) => refused(e),
        ),
      );
    }
    expect(pages.map((w) => w > 0)).toEqual([false, false, false, true, true, true]);
    expect(api).toEqual(['ok', 'ok', 'ok', 'ok', 'rate_limited', 'rate_limited']);
    // Another visitor starts from zero.
    expect(await route.pageViewWait('127.0.0.3')).toBe(0);
  });
});

describe('a limiter’s refusal made by another copy of the library', () => {
  it('is recognised by its shape, and answered as a wait rather than thrown', async () => {
    // What another bundle's RateLimiterRes looks like from here: same fields, another class.
    const foreign = Object.assign(Object.create({ constructor: class RateLimiterRes {} }), {
      msBeforeNext: 2500,
      remainingPoints: 0,
      consumedPoints: 61,
      isFirstInDuration: false,
    });
    expect(isLimiterRefusal(foreign)).toBe(true);
    expect(isLimiterRefusal(new Error('redis down'))).toBe(false);
    const limiter = { consume: () => Promise.reject(foreign) } as unknown as Parameters<
      typeof consumeOrWait
    >[0];
    expect(await consumeOrWait(limiter, 'v')).toBe(3);
    const broken = { consume: () => Promise.reject(new Error('redis down')) } as unknown as Parameters<
      typeof consumeOrWait
    >[0];
    await expect(consumeOrWait(broken, 'v')).rejects.toThrow('redis down');
  });
});
