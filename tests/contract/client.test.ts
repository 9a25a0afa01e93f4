import type { IncomingMessage } from 'node:http';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { RequestBudget } from '@/lib/catalog-client/budget';
import { createCatalogClient } from '@/lib/catalog-client/client';
import { UpstreamError } from '@/lib/catalog-client/errors';
import { addDays, today } from '@/lib/dates';
import { faultyUpstream, sendJson as json, serveService } from './http';
import { api, DEMO_KEYS, rows, setupService } from './service';

const service = setupService({ properties: 150, seed: 31 });

let serviceUrl = '';
beforeAll(async () => {
  serviceUrl = (await serveService()).url;
});

const client = (baseUrl: string, extra: Partial<Parameters<typeof createCatalogClient>[0]> = {}) =>
  createCatalogClient({ baseUrl, apiKey: DEMO_KEYS.testFull, timeoutMs: 2000, ...extra });

async function failure(promise: Promise<unknown>): Promise<UpstreamError> {
  const result = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(result).toBeInstanceOf(UpstreamError);
  return result as UpstreamError;
}

describe('the catalog client against the built-in service over HTTP', () => {
  it('searches, with the mode and the caller’s request id carried through', async () => {
    const [loc] = await rows<{ id: number }>(
      service.db,
      sql`SELECT id FROM locations WHERE depth = 2 ORDER BY id LIMIT 1`,
    );
    const query = {
      location: loc!.id,
      checkin: addDays(today(), 60),
      checkout: addDays(today(), 67),
      guests: 2,
      per_page: 20,
    };
    const answer = await client(serviceUrl).listProperties(query, { requestId: 'site-req-0001' });
    expect(answer.mode).toBe('test');
    expect(answer.requestId).toBe('site-req-0001');
    const direct = await api(
      `/properties?location=${loc!.id}&checkin=${query.checkin}&checkout=${query.checkout}&guests=2&per_page=20`,
    );
    expect(answer.data.properties.map((p) => p.id)).toEqual(direct.body.properties.map((p: any) => p.id));
    expect(answer.data.pagination.total).toBe(direct.body.pagination.total);
  });

  it('prices a stay and sends a test inquiry', async () => {
    const [p] = await rows<{ id: number }>(
      service.db,
      sql`SELECT id FROM properties WHERE status = 'live' AND price_on_request LIMIT 1`,
    );
    const quote = await client(serviceUrl).getQuote(p!.id, {
      checkin: addDays(today(), 30),
      checkout: addDays(today(), 37),
      adults: 1,
    });
    expect(quote.data.price_on_request).toBe(true);
    const inquiry = await client(serviceUrl).submitInquiry({
      destination: { name: 'Anywhere with a view' },
      stay: { checkin: addDays(today(), 30), checkout: addDays(today(), 37) },
      contact: { first_name: 'Ann', last_name: 'Lee', email: 'ann@example.com' },
    });
    expect(inquiry.data.test).toBe(true);
  });

  it('turns the service’s errors into UpstreamError with the field map and request id', async () => {
    const bad = await failure(client(serviceUrl).listProperties({ per_page: 500 }));
    expect(bad).toMatchObject({
      status: 400,
      code: 'validation_failed',
      fields: { per_page: 'must be between 1 and 200' },
    });
    expect(bad.requestId).toMatch(/^req_/);
    expect(bad.transient).toBe(false);
    const missing = await failure(client(serviceUrl).getProperty(999_999));
    expect(missing).toMatchObject({ status: 404, code: 'not_found' });
    const form = await failure(
      client(serviceUrl).submitInquiry({
        property_id: 1,
        stay: { checkin: '2001-01-01', checkout: '2001-01-02' },
        contact: { first_name: '', last_name: 'L', email: 'x' },
      }),
    );
    expect(Object.keys(form.fields ?? {})).toEqual(
      expect.arrayContaining(['stay.checkin', 'contact.email', 'contact.first_name']),
    );
    expect(JSON.stringify({ ...form, message: form.message })).not.toContain(DEMO_KEYS.testFull);
  });
});

describe('the catalog client against a faulty upstream on 127.0.0.1', () => {
  const limited = { error: { code: 'rate_limited', message: 'slow down', request_id: 'req_x' } };

  it('retries a read once after a short Retry-After, and gets its answer', async () => {
    const up = await faultyUpstream((hit, _req, res) =>
      hit === 1 ? json(res, 429, limited, { 'Retry-After': '1' }) : json(res, 200, { locations: [] }),
    );
    const started = Date.now();
    const answer = await client(up.url).listLocations();
    expect(answer.data.locations).toEqual([]);
    expect(up.hits()).toBe(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('retries a read only once, however short the wait', async () => {
    const up = await faultyUpstream((_hit, _req, res) => json(res, 429, limited, { 'Retry-After': '1' }));
    const error = await failure(client(up.url).listLocations());
    expect(error.status).toBe(429);
    expect(up.hits()).toBe(2);
  });

  it('treats a 429 from an edge in front of the API (an HTML page, no request id) as a 429', async () => {
    const up = await faultyUpstream((hit, _req, res) => {
      if (hit > 1) return json(res, 200, { locations: [] });
      res.writeHead(429, { 'Content-Type': 'text/html', 'Retry-After': '1', 'cf-ray': 'abc' });
      res.end('<html>Too many requests</html>');
    });
    const answer = await client(up.url).listLocations();
    expect(answer.data.locations).toEqual([]);
    expect(up.hits()).toBe(2);
  });

  it('does not wait out a long Retry-After: it fails at once, then holds back without sending', async () => {
    const up = await faultyUpstream((_hit, _req, res) => json(res, 429, limited, { 'Retry-After': '30' }));
    const c = client(up.url);
    const first = await failure(c.listLocations());
    expect(first).toMatchObject({ status: 429, code: 'rate_limited', retryAfter: 30, transient: true });
    const second = await failure(c.listLocations());
    expect(second.code).toBe('budget_exhausted');
    expect(second.retryAfter).toBeGreaterThan(25);
    expect(up.hits()).toBe(1);
  });

  it('never retries a write, nor a 4xx, nor a 500', async () => {
    for (const [status, body] of [
      [429, limited],
      [
        400,
        { error: { code: 'validation_failed', message: 'no', validation: { x: 'bad' }, request_id: 'r1' } },
      ],
      [500, { error: { code: 'internal_error', message: 'oops', request_id: 'r2' } }],
    ] as const) {
      const up = await faultyUpstream((_hit, _req, res) => json(res, status, body, { 'Retry-After': '1' }));
      const c = client(up.url);
      await failure(
        c.submitInquiry({
          destination: { name: 'x' },
          stay: { checkin: '2030-01-01', checkout: '2030-01-02' },
          contact: { first_name: 'a', last_name: 'b', email: 'a@b.co' },
        }),
      );
      if (status !== 429) await failure(c.listLocations());
      expect(up.hits()).toBe(status === 429 ? 1 : 2);
    }
  });

  it('gives up on an upstream that hangs, at the timeout', async () => {
    const up = await faultyUpstream(() => {
      /* never answers */
    });
    const started = Date.now();
    const error = await failure(client(up.url, { timeoutMs: 300 }).listLocations());
    expect(error).toMatchObject({ status: 504, code: 'timeout', transient: true });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('reports malformed JSON and unreachable upstreams as bad gateway answers', async () => {
    const up = await faultyUpstream((_hit, _req, res) => json(res, 200, '{"locations": ['));
    // A success it cannot read is told apart: the call may have taken effect upstream.
    expect(await failure(client(up.url).listLocations())).toMatchObject({
      status: 502,
      code: 'unreadable_answer',
    });
    const broken = await faultyUpstream((_hit, _req, res) => json(res, 500, '<html>oops'));
    expect(await failure(client(broken.url).listLocations())).toMatchObject({
      status: 500,
      code: 'bad_response',
      transient: true,
    });
    expect(await failure(client('http://127.0.0.1:1/v2').listLocations())).toMatchObject({
      status: 502,
      code: 'unreachable',
    });
  });

  it('names the field of an answer it cannot read, and says the catalog answered', async () => {
    const up = await faultyUpstream((_hit, _req, res) =>
      json(res, 200, { locations: [{ id: 1, parent_id: null, name: 'Alps', path: ['Alps'], url: 'x' }] }),
    );
    const error = await failure(client(up.url).listLocations());
    expect(error).toMatchObject({ status: 502, code: 'unreadable_answer' });
    expect(error.message).toMatch(
      /^Unexpected answer from the catalog to GET \/locations: locations\.0\.property_count: /,
    );
    expect(error.message).not.toMatch(/not answering/);
  });

  it('keeps working when the upstream adds fields and enum values', async () => {
    const [p] = await rows<{ id: number }>(
      service.db,
      sql`SELECT id FROM properties WHERE status = 'live' ORDER BY id LIMIT 1`,
    );
    const real = (await api(`/properties?per_page=1`)).body;
    real.properties[0].type = 'treehouse';
    real.properties[0].sustainability_score = 7;
    real.pagination.cursor = 'abc';
    const up = await faultyUpstream((_hit, _req, res) => json(res, 200, real));
    const answer = await client(up.url).listProperties();
    expect(answer.data.properties[0]).toMatchObject({ id: p!.id, type: 'treehouse' });
    expect('sustainability_score' in answer.data.properties[0]!).toBe(false);
    expect(answer.mode).toBe('live');
  });

  it('sends the key in the header named by the short name, and nowhere else', async () => {
    let seen: IncomingMessage | undefined;
    const up = await faultyUpstream((_hit, req, res) => {
      seen = req;
      json(res, 200, { locations: [] });
    });
    await client(up.url, { shortName: 'ACME', apiKey: 'svc_live_secret_123' }).listLocations({
      requestId: 'abcdefgh',
    });
    expect(seen!.headers['x-acme-api-token']).toBe('svc_live_secret_123');
    expect(seen!.headers['x-request-id']).toBe('abcdefgh');
    expect(seen!.url).toBe('/locations');
  });
});

describe('request budget', () => {
  it('holds the client under its per-minute and per-hour limits, and pauses after a 429', () => {
    let now = 0;
    const budget = new RequestBudget(3, 5, () => now);
    expect([budget.take(), budget.take(), budget.take()]).toEqual([0, 0, 0]);
    expect(budget.take()).toBe(60_000);
    now = 60_000;
    expect([budget.take(), budget.take()]).toEqual([0, 0]);
    expect(budget.take()).toBe(3_600_000 - 60_000); // five in the hour
    const paused = new RequestBudget(100, 1000, () => now);
    paused.pauseFor(5000);
    expect(paused.take()).toBe(5000);
  });
});
