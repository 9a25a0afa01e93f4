import { describe, expect, it } from 'vitest';
import { TaggedCache } from '@/lib/catalog-client/cache';
import { UpstreamError } from '@/lib/catalog-client/errors';
import { reloadSettings } from '@/lib/settings';
import { originAllowed, visitorOf } from '@/lib/site/http';

function configure(env: Record<string, string | undefined>) {
  for (const [k, v] of Object.entries(env)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
}

import { backoffSeconds } from '@/lib/site/leads';

const transient = (e: unknown) => e instanceof UpstreamError && e.transient;
const down = () => new UpstreamError(502, 'unreachable', 'down', undefined, null);

describe('the tagged cache', () => {
  it('loads once for concurrent readers and serves the answer until its tag is expired', async () => {
    let clock = 0;
    const cache = new TaggedCache({ maxBytes: 1_000_000 }, () => clock);
    let loads = 0;
    const load = async () => ({ n: ++loads });
    const opts = { tags: ['property:1:rates'], ttlMs: 1000 };
    const [a, b] = await Promise.all([cache.get('k', opts, load), cache.get('k', opts, load)]);
    expect(a).toEqual({ n: 1 });
    expect(b).toBe(a);
    clock = 999;
    expect(await cache.get('k', opts, load)).toEqual({ n: 1 });
    expect(cache.expireTag('property:1:content')).toBe(0);
    expect(cache.expireTag('property:1:rates')).toBe(1);
    expect(await cache.get('k', opts, load)).toEqual({ n: 2 });
    clock = 999 + 1000;
    expect(await cache.get('k', opts, load)).toEqual({ n: 3 });
  });

  it('serves a stale answer only when asked to, and only for a passing failure', async () => {
    const cache = new TaggedCache({ maxBytes: 1_000_000 });
    const opts = { tags: ['t'], ttlMs: 60_000, serveStaleOn: transient };
    await cache.get('k', opts, async () => 'old');
    cache.expireTag('t');
    expect(await cache.get('k', opts, () => Promise.reject(down()))).toBe('old');
    cache.expireTag('t');
    const refused = new UpstreamError(403, 'forbidden', 'no', undefined, null);
    await expect(cache.get('k', opts, () => Promise.reject(refused))).rejects.toBe(refused);
    await expect(cache.get('k', { tags: ['t'], ttlMs: 1 }, () => Promise.reject(down()))).rejects.toThrow(
      'down',
    );
  });

  it('marks a stale answer as such, so a page can say it may be out of date', async () => {
    const cache = new TaggedCache({ maxBytes: 1_000_000 });
    const opts = {
      tags: ['t'],
      ttlMs: 60_000,
      serveStaleOn: transient,
      markStale: (v: unknown) => ({ ...(v as object), stale: true }),
    };
    expect(await cache.get('k', opts, async () => ({ data: 1 }))).toEqual({ data: 1 });
    cache.expireTag('t');
    expect(await cache.get('k', opts, () => Promise.reject(down()))).toEqual({ data: 1, stale: true });
    // A fresh answer after that is not marked.
    cache.expireTag('t');
    expect(await cache.get('k', opts, async () => ({ data: 2 }))).toEqual({ data: 2 });
  });

  it('remembers a failure for as long as told, then asks again', async () => {
    let clock = 0;
    const cache = new TaggedCache({ maxBytes: 1_000_000 }, () => clock);
    const missing = new UpstreamError(404, 'not_found', 'gone', undefined, null);
    let calls = 0;
    const load = () => {
      calls++;
      return Promise.reject(missing);
    };
    const opts = { tags: ['t'], ttlMs: 60_000, cacheErrorMs: () => 500 };
    await expect(cache.get('k', opts, load)).rejects.toBe(missing);
    await expect(cache.get('k', opts, load)).rejects.toBe(missing);
    expect(calls).toBe(1);
    clock = 501;
    await expect(cache.get('k', opts, load)).rejects.toBe(missing);
    expect(calls).toBe(2);
  });

  it('stays within its size, dropping the least recently used and their tags', async () => {
    const cache = new TaggedCache({ maxBytes: 3000 });
    const big = 'x'.repeat(900);
    for (let i = 0; i < 10; i++)
      await cache.get(`k${i}`, { tags: [`t${i}`], ttlMs: 60_000 }, async () => big);
    expect(cache.size).toBeLessThanOrEqual(3);
    expect(cache.expireTag('t0')).toBe(0);
    expect(cache.expireTag('t9')).toBe(1);
  });
});

describe('lead retries', () => {
  it('wait twice as long after each failure, within ±10 %, never more than 10 minutes', () => {
    expect(backoffSeconds(1, 5, () => 0.5)).toBe(5);
    expect(backoffSeconds(2, 5, () => 0.5)).toBe(10);
    expect(backoffSeconds(3, 5, () => 0.5)).toBe(20);
    expect(backoffSeconds(3, 5, () => 0)).toBe(18);
    expect(backoffSeconds(3, 5, () => 1)).toBe(22);
    expect(backoffSeconds(30, 5, () => 1)).toBe(660);
    expect(backoffSeconds(30, 5, () => 0.5)).toBe(600);
  });
});

describe('who is asking', () => {
  const req = (headers: Record<string, string>) => new Request('http://localhost:3000/api/x', { headers });

  it('is the socket’s address, whatever the client writes in X-Forwarded-For, with no trusted proxy', () => {
    const s = reloadSettings();
    const peer = { 'x-rental-peer': '198.51.100.7' };
    expect(visitorOf(req(peer), s)).toBe('198.51.100.7');
    expect(visitorOf(req({ ...peer, 'x-forwarded-for': '1.2.3.4' }), s)).toBe('198.51.100.7');
    expect(visitorOf(req({ ...peer, 'x-forwarded-for': '1.2.3.4, 5.6.7.8' }), s)).toBe('198.51.100.7');
  });

  it('believes exactly TRUSTED_PROXY_COUNT proxies: the N-th address from the right', () => {
    const s = { ...reloadSettings(), TRUSTED_PROXY_COUNT: 1 };
    // client 203.0.113.1 → our proxy 10.0.0.2 (appends the client) → us; a forged entry sits further left.
    const headers = { 'x-rental-peer': '10.0.0.2', 'x-forwarded-for': '1.2.3.4, 203.0.113.1' };
    expect(visitorOf(req(headers), s)).toBe('203.0.113.1');
    expect(visitorOf(req(headers), { ...s, TRUSTED_PROXY_COUNT: 2 })).toBe('1.2.3.4');
    expect(visitorOf(req({}), s)).toBe('unknown');
  });

  it('accepts a POST from SITE_URL’s origin only, whatever Host the request claims', () => {
    configure({ SITE_URL: 'https://book.example' });
    const s = reloadSettings();
    expect(originAllowed(req({ origin: 'https://book.example' }), s)).toBe(true);
    expect(originAllowed(req({ origin: 'https://evil.example', host: 'evil.example' }), s)).toBe(false);
    expect(
      originAllowed(
        req({
          origin: 'https://evil.example',
          'x-forwarded-host': 'evil.example',
          'x-forwarded-proto': 'https',
        }),
        s,
      ),
    ).toBe(false);
    expect(originAllowed(req({ origin: 'http://book.example' }), s)).toBe(false);
    expect(originAllowed(req({}), s)).toBe(false);
    configure({ SITE_URL: undefined });
  });

  it('takes the loopback names of the default SITE_URL as the same site', () => {
    const s = reloadSettings();
    expect(originAllowed(req({ origin: 'http://localhost:3000' }), s)).toBe(true);
    expect(originAllowed(req({ origin: 'http://127.0.0.1:3000' }), s)).toBe(true);
    expect(originAllowed(req({ origin: 'http://127.0.0.1:3001' }), s)).toBe(false);
  });
});

describe('errors across server chunks', () => {
  it('recognises an UpstreamError made by another copy of the class (Next.js bundles one per chunk)', () => {
    const fromAnotherChunk = Object.assign(new Error('busy'), { [Symbol.for('rental.UpstreamError')]: true });
    expect(fromAnotherChunk instanceof UpstreamError).toBe(true);
    expect(new Error('plain') instanceof UpstreamError).toBe(false);
    expect(new UpstreamError(502, 'unreachable', 'x', undefined, null) instanceof UpstreamError).toBe(true);
  });
});
