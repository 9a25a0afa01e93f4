import { afterEach, describe, expect, it, vi } from 'vitest';
import { installDatabase, openDatabase } from '@/lib/catalog-api/db/client';
import { clearKeyCache, createKey, revokeKey } from '@/lib/catalog-api/keys';
import { logger } from '@/lib/catalog-api/logger';
import { ERROR_CODES, errorBodySchema } from '@/lib/contract';
import { reloadSettings } from '@/lib/settings';
import { api, DEMO_KEYS, setupService } from './service';

const service = setupService({ properties: 120 });

function expectError(res: { status: number; headers: Headers; body: any }, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(errorBodySchema.strict().parse(res.body).error.code).toBe(code);
  expect(ERROR_CODES).toContain(res.body.error.code);
  expect(typeof res.body.error.message).toBe('string');
  expect(res.body.error.request_id).toBe(res.headers.get('x-request-id'));
}

describe('section 5: authentication, scopes and modes', () => {
  it('refuses a request without a key with 401 unauthorized, mode live', async () => {
    const res = await api('/properties', { key: null });
    expectError(res, 401, 'unauthorized');
    expect(res.headers.get('x-svc-mode')).toBe('live');
  });

  it('refuses an unknown key with 401, and names the mode its prefix says', async () => {
    const testish = await api('/properties', { key: 'svc_test_not_a_real_key' });
    expectError(testish, 401, 'unauthorized');
    expect(testish.headers.get('x-svc-mode')).toBe('test');
    const liveish = await api('/properties', { key: 'svc_live_not_a_real_key' });
    expect(liveish.headers.get('x-svc-mode')).toBe('live');
    const other = await api('/properties', { key: 'something-else' });
    expect(other.headers.get('x-svc-mode')).toBe('live');
  });

  it('answers test keys in test mode and live keys in live mode, on successes and errors alike', async () => {
    expect((await api('/properties?per_page=1', { key: DEMO_KEYS.testFull })).headers.get('x-svc-mode')).toBe(
      'test',
    );
    expect((await api('/properties?per_page=1', { key: DEMO_KEYS.liveFull })).headers.get('x-svc-mode')).toBe(
      'live',
    );
    expect((await api('/properties/1', { key: DEMO_KEYS.liveFull })).headers.get('x-svc-mode')).toBe('live');
    expect((await api('/properties?page=0', { key: DEMO_KEYS.testFull })).headers.get('x-svc-mode')).toBe(
      'test',
    );
  });

  it('gives 403 forbidden to a key without the route scope: GET /locations needs locations:read', async () => {
    expect((await api('/properties?per_page=1', { key: DEMO_KEYS.testReadOnly })).status).toBe(200);
    expectError(await api('/locations', { key: DEMO_KEYS.testReadOnly }), 403, 'forbidden');
  });

  it('checks the key before anything else: 401 beats 404, 405 and validation; 403 beats validation', async () => {
    expectError(await api('/nowhere', { key: null }), 401, 'unauthorized');
    expectError(await api('/properties', { key: null, method: 'DELETE' }), 401, 'unauthorized');
    expectError(await api('/properties?page=0', { key: null }), 401, 'unauthorized');
    expectError(await api('/locations?page=0', { key: DEMO_KEYS.testReadOnly }), 403, 'forbidden');
  });

  it('stops accepting a key once it is revoked', async () => {
    const { id, key } = await createKey(service.db, {
      mode: 'live',
      scopes: ['properties:read'],
      label: 'temporary',
      partnerName: 'Tmp',
    });
    expect(key).toMatch(/^svc_live_[A-Za-z0-9_-]{20,}$/);
    expect((await api('/properties?per_page=1', { key })).status).toBe(200);
    expect(await revokeKey(service.db, id)).toBe(true);
    clearKeyCache();
    expectError(await api('/properties?per_page=1', { key }), 401, 'unauthorized');
  });
});

describe('section 7 and docs/decisions.md#error-statuses: errors', () => {
  it('answers an unknown path under /v2 with a JSON 404', async () => {
    expectError(await api('/nowhere'), 404, 'not_found');
    expectError(await api(''), 404, 'not_found');
    expectError(await api('/properties/12/nothing'), 404, 'not_found');
  });

  it.each(['0', '-1', 'abc', '1.5', '01', '99999999999', '2147483648'])(
    'treats property id %s as not found',
    async (id) => {
      expectError(await api(`/properties/${id}`), 404, 'not_found');
    },
  );

  it('answers a method not served with 405 method_not_allowed and an Allow header', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const res = await api('/properties', { method });
      expectError(res, 405, 'method_not_allowed');
      expect(res.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    }
    expect((await api('/locations', { method: 'POST' })).status).toBe(405);
  });

  it('answers OPTIONS with 204 and Allow, and HEAD like GET without a body', async () => {
    const options = await api('/properties/1', { method: 'OPTIONS' });
    expect(options.status).toBe(204);
    expect(options.headers.get('allow')).toContain('GET');
    const head = await api('/properties?per_page=1', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.body).toBeNull();
    expect(head.headers.get('x-request-id')).toMatch(/^req_[0-9a-f]{24}$/);
  });

  it('reports every invalid parameter at once, each named, with a message naming the rule', async () => {
    // A rule across fields (checkout with checkin) is reported alongside the fields' own problems.
    const res = await api(
      '/properties?page=0&per_page=500&sort=name&guests=x&updated_since=yesterday&checkin=2029-01-10',
    );
    expectError(res, 400, 'validation_failed');
    expect(res.body.error.validation).toEqual({
      checkout: 'is required with checkin',
      page: 'must be at least 1',
      per_page: 'must be between 1 and 200',
      sort: expect.stringContaining('must be one of id, -id'),
      guests: expect.stringContaining('must be an integer'),
      updated_since: 'must be an ISO 8601 date-time',
    });
  });

  it('answers a database failure with a generic 500 that leaks nothing', async () => {
    const broken = await openDatabase('memory://');
    await broken.close();
    installDatabase(broken);
    const logged = vi.spyOn(logger, 'error');
    try {
      const res = await api('/properties', { key: 'svc_test_uncached_key_for_500' });
      expectError(res, 500, 'internal_error');
      // The log keeps what the partner does not get, under the same request id, and never the key.
      expect(logged).toHaveBeenCalledWith(
        expect.objectContaining({ requestId: res.body.error.request_id, err: expect.any(Error) }),
        'unhandled error',
      );
      expect(JSON.stringify(logged.mock.calls)).not.toContain('svc_test_uncached_key_for_500');
      expect(res.body.error.message).toBe('Something went wrong on our side.');
      expect(JSON.stringify(res.body)).not.toMatch(/pglite|closed|select|stack|at /i);
    } finally {
      logged.mockRestore();
      service.reinstall();
    }
  });
});

describe('request ids', () => {
  it('reuses a client id of 8-64 characters of A-Za-z0-9._-', async () => {
    for (const id of ['abcdefgh', 'Partner.req-42_x', 'x'.repeat(64)]) {
      const res = await api('/properties/1', { headers: { 'X-Request-Id': id } });
      expect(res.headers.get('x-request-id')).toBe(id);
      expect(res.body.error.request_id).toBe(id);
    }
  });

  it('replaces any other id with a generated req_ + 24 hex characters', async () => {
    for (const id of ['short', 'x'.repeat(65), 'has space here', 'semi;colon1', 'bad/slash/id', '']) {
      const res = await api('/properties/1', { headers: { 'X-Request-Id': id } });
      expect(res.headers.get('x-request-id')).toMatch(/^req_[0-9a-f]{24}$/);
      expect(res.body.error.request_id).toBe(res.headers.get('x-request-id'));
    }
  });

  it('generates a fresh id for every request without one', async () => {
    const a = await api('/properties?per_page=1');
    const b = await api('/properties?per_page=1');
    expect(a.headers.get('x-request-id')).toMatch(/^req_[0-9a-f]{24}$/);
    expect(a.headers.get('x-request-id')).not.toBe(b.headers.get('x-request-id'));
  });
});

describe('settings', () => {
  afterEach(() => {
    delete process.env.SVC_SHORT_NAME;
    delete process.env.CATALOG_API_ENABLED;
    reloadSettings();
  });

  it('uses the short name setting in the key and mode headers', async () => {
    process.env.SVC_SHORT_NAME = 'ACME';
    reloadSettings();
    const res = await api('/properties?per_page=1', {
      key: null,
      headers: { 'X-ACME-API-TOKEN': DEMO_KEYS.liveFull },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-acme-mode')).toBe('live');
    expect((await api('/properties?per_page=1')).status).toBe(401);
  });

  it('serves nothing when the catalog API is turned off', async () => {
    process.env.CATALOG_API_ENABLED = 'off';
    reloadSettings();
    expect((await api('/properties?per_page=1')).status).toBe(404);
  });
});
