import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TaggedCache } from '@/lib/catalog-client/cache';
import { cacheBroadcast } from '@/lib/site/broadcast';

/*
 * Several instances: the one that ran the sync tells the others what to expire, through Redis. Runs
 * against a redis-server started on 127.0.0.1 (TEST_REDIS_URL, or /usr/bin/redis-server when installed).
 */

const binary = '/usr/bin/redis-server';
// `npm test` starts a Redis and requires this test to run (TEST_SERVICES_REQUIRED); elsewhere it is skipped
// without one.
const available =
  Boolean(process.env.TEST_REDIS_URL) || existsSync(binary) || process.env.TEST_SERVICES_REQUIRED === '1';
let redis: ChildProcess | undefined;
let url = process.env.TEST_REDIS_URL ?? '';

beforeAll(async () => {
  if (!available || url) return;
  const port = 20_000 + (process.pid % 10_000);
  redis = spawn(binary, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  url = `redis://127.0.0.1:${port}`;
  await new Promise((r) => setTimeout(r, 300));
});
afterAll(() => {
  redis?.kill();
});

const until = async (check: () => boolean) => {
  for (let i = 0; i < 250 && !check(); i++) await new Promise((r) => setTimeout(r, 40));
};

describe.skipIf(!available)('cache expiries across instances', () => {
  it('expires a tag in every instance when one of them runs the sync', async () => {
    const caches = [new TaggedCache({ maxBytes: 1e6 }), new TaggedCache({ maxBytes: 1e6 })];
    const casts = caches.map((c) => cacheBroadcast(c, url));
    try {
      await Promise.all(casts.map((c) => c.ready)); // both hear the channel
      let loads = 0;
      const read = (c: TaggedCache) =>
        c.get('p', { tags: ['property:7:rates'], ttlMs: 60_000 }, async () => ++loads);
      await read(caches[0]!);
      await read(caches[1]!);
      expect(loads).toBe(2);
      await casts[0]!.expire(['property:7:rates']);
      await until(() => caches[1]!.stats.expired > 0);
      expect(caches[1]!.stats.expired).toBe(1);
      await read(caches[0]!);
      await read(caches[1]!);
      expect(loads).toBe(4);
      await casts[1]!.clear();
      await until(() => caches[0]!.size === 0);
      expect(caches[0]!.size).toBe(0);
    } finally {
      await Promise.all(casts.map((c) => c.close()));
    }
  });
});
