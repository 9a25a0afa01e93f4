import { afterEach, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/catalog-api/db/client';
import { ServiceError } from '@/lib/catalog-api/http/errors';
import { createKey } from '@/lib/catalog-api/keys';
import { limitInquiry } from '@/lib/catalog-api/limits';
import { reloadSettings } from '@/lib/settings';
import { api, DEMO_KEYS, setupService } from './service';

setupService({ properties: 60 });

function withLimits(limits: Record<string, string>) {
  Object.assign(process.env, limits);
  reloadSettings();
}

const SAVED = { ...process.env };
afterEach(() => {
  for (const name of [
    'SVC_RATE_LIMIT_PER_MINUTE',
    'SVC_RATE_LIMIT_PER_HOUR',
    'SVC_INQUIRY_LIMIT_PER_10_MIN',
    'SVC_PARTNER_RATE_LIMIT_PER_MINUTE',
    'SVC_PARTNER_RATE_LIMIT_PER_HOUR',
  ]) {
    if (SAVED[name] === undefined) delete process.env[name];
    else process.env[name] = SAVED[name];
  }
  reloadSettings();
});

describe('section 8: limits per key', () => {
  it('answers 429 rate_limited with Retry-After once a key passes its per-minute limit', async () => {
    withLimits({ SVC_RATE_LIMIT_PER_MINUTE: '5', SVC_RATE_LIMIT_PER_HOUR: '1000' });
    for (let i = 0; i < 5; i++) expect((await api('/properties?per_page=1')).status).toBe(200);
    const res = await api('/properties?per_page=1');
    expect(res.status).toBe(429);
    expect(res.body.error).toMatchObject({
      code: 'rate_limited',
      request_id: res.headers.get('x-request-id'),
    });
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(res.headers.get('x-svc-mode')).toBe('test');
  });

  it('counts each key apart, and counts errors too', async () => {
    withLimits({ SVC_RATE_LIMIT_PER_MINUTE: '3', SVC_RATE_LIMIT_PER_HOUR: '1000' });
    expect((await api('/nowhere')).status).toBe(404);
    expect((await api('/properties?page=0')).status).toBe(400);
    expect((await api('/properties/1')).status).toBe(404);
    expect((await api('/properties?per_page=1')).status).toBe(429);
    expect((await api('/properties?per_page=1', { key: DEMO_KEYS.liveFull })).status).toBe(200);
  });

  it('applies the per-hour limit with a wait of up to an hour', async () => {
    withLimits({ SVC_RATE_LIMIT_PER_MINUTE: '1000', SVC_RATE_LIMIT_PER_HOUR: '2' });
    await api('/properties?per_page=1');
    await api('/properties?per_page=1');
    const res = await api('/properties?per_page=1');
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(60);
    expect(Number(res.headers.get('retry-after'))).toBeLessThanOrEqual(3600);
  });

  it('does not count requests without a valid key against anyone', async () => {
    withLimits({ SVC_RATE_LIMIT_PER_MINUTE: '2', SVC_RATE_LIMIT_PER_HOUR: '1000' });
    for (let i = 0; i < 5; i++)
      expect((await api('/properties', { key: 'svc_test_unknown_key' })).status).toBe(401);
    expect((await api('/properties?per_page=1')).status).toBe(200);
  });

  it('gives a partner-tier key its tier’s limits, counted apart from the document’s', async () => {
    const { key } = await createKey(await getDb(), {
      mode: 'test',
      scopes: ['properties:read'],
      label: 'partner tier',
      partnerName: 'Tier test',
      tier: 'partner',
    });
    withLimits({
      SVC_RATE_LIMIT_PER_MINUTE: '2',
      SVC_RATE_LIMIT_PER_HOUR: '1000',
      SVC_PARTNER_RATE_LIMIT_PER_MINUTE: '6',
      SVC_PARTNER_RATE_LIMIT_PER_HOUR: '1000',
    });
    // A standard key stops at 2; the partner key goes on to its own 6.
    for (let i = 0; i < 2; i++) expect((await api('/properties?per_page=1')).status).toBe(200);
    expect((await api('/properties?per_page=1')).status).toBe(429);
    for (let i = 0; i < 6; i++) expect((await api('/properties?per_page=1', { key })).status).toBe(200);
    const over = await api('/properties?per_page=1', { key });
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });

  it('limits inquiries per key per 10 minutes, with a Retry-After of up to 600 s', async () => {
    withLimits({ SVC_INQUIRY_LIMIT_PER_10_MIN: '2' });
    await limitInquiry(101);
    await limitInquiry(101);
    const rejection = await limitInquiry(101).catch((e: unknown) => e);
    expect(rejection).toBeInstanceOf(ServiceError);
    const error = rejection as ServiceError;
    expect(error.code).toBe('rate_limited');
    expect(Number(error.headers?.['Retry-After'])).toBeGreaterThan(500);
    expect(Number(error.headers?.['Retry-After'])).toBeLessThanOrEqual(600);
    await expect(limitInquiry(102)).resolves.toBeUndefined();
  });
});
