import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as cronSync from '@/app/api/cron/sync/route';
import * as leadRoute from '@/app/api/inquiries/[lead]/route';
import * as inquiries from '@/app/api/inquiries/route';
import * as locations from '@/app/api/locations/route';
import * as areaRoute from '@/app/api/properties/[id]/[area]/route';
import * as quoteRoute from '@/app/api/properties/[id]/quote/route';
import * as propertyRoute from '@/app/api/properties/[id]/route';
import * as search from '@/app/api/search/route';
import { addDays, today } from '@/lib/dates';
import { leads } from '@/lib/site/db/schema';
import { serveService } from './http';
import { api, DEMO_KEYS, rows, setupService, stayWithWeekMinimum } from './service';
import { answered, call, configure, setupSite } from './site';

/* The site's /api routes against the built-in service over HTTP, as they would reach the real vendor. */

const service = setupService({ properties: 120, seed: 41 });
let upstream: Awaited<ReturnType<typeof serveService>>;
beforeAll(async () => {
  upstream = await serveService();
});
const site = setupSite({ upstream: () => upstream.url });

let live: number[] = [];
beforeAll(async () => {
  live = (
    await rows<{ id: number }>(service.db, sql`SELECT id FROM properties WHERE status = 'live' ORDER BY id`)
  ).map((r) => r.id);
});

const stay = (days = 40, nights = 7) => ({
  checkin: addDays(today(), days),
  checkout: addDays(today(), days + nights),
});

function inquiry(overrides: Record<string, unknown> = {}) {
  return {
    property_id: live[0],
    stay: { ...stay(60, 7), guests: { adults: 2, children: 0 } },
    contact: { first_name: 'Jane', last_name: 'Traveller', email: 'jane@example.com', phone: '+1 555 0100' },
    message: 'Is the pool heated?',
    ...overrides,
  };
}

describe('GET /api/search', () => {
  it('answers a search with the upstream’s properties, paging through this route, mode and request id', async () => {
    upstream.take();
    const res = await call(search.GET, '/api/search?per_page=5&sort=-sleeps&guests=2');
    expect(res.status).toBe(200);
    const direct = await api('/properties?per_page=5&sort=-sleeps&guests=2');
    expect(res.body.properties.map((p: any) => p.id)).toEqual(direct.body.properties.map((p: any) => p.id));
    // The next page through this route, with the same query (in whatever order the site writes it).
    const query = (link: string) => [...new URL(link, 'http://x').searchParams].sort();
    expect(new URL(res.body.pagination.next, 'http://x').pathname).toBe('/api/search');
    expect(query(res.body.pagination.next)).toEqual(query(direct.body.pagination.next));
    expect(res.headers.get('x-catalog-mode')).toBe('test');
    expect(res.headers.get('x-request-id')).toMatch(/^site_[0-9a-f]{24}$/);
    // The site's request id went upstream with the call.
    expect(upstream.take()).toEqual([expect.stringMatching(/^GET \/v2\/properties\?/)]);
  });

  it('passes the browser’s own request id through, upstream and back', async () => {
    const res = await call(search.GET, '/api/search?per_page=3', {
      headers: { 'x-request-id': 'browser-1234' },
    });
    expect(res.headers.get('x-request-id')).toBe('browser-1234');
  });

  it('serves the same search from its cache, in any parameter order', async () => {
    await call(search.GET, '/api/search?per_page=4&sort=-bedrooms&guests=3');
    upstream.take();
    const again = await call(search.GET, '/api/search?guests=3&sort=-bedrooms&per_page=4&unknown=1');
    expect(again.status).toBe(200);
    expect(upstream.take()).toEqual([]);
  });

  it('refuses a bad query with every problem by field, without asking the upstream', async () => {
    upstream.take();
    const res = await call(
      search.GET,
      `/api/search?per_page=0&checkin=${addDays(today(), 10)}&sort=cheapest`,
    );
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      code: 'validation_failed',
      fields: {
        per_page: 'must be between 1 and 200',
        checkout: expect.any(String),
        sort: expect.stringContaining('must be one of'),
      },
      request_id: res.headers.get('x-request-id'),
    });
    expect(upstream.take()).toEqual([]);
  });
});

describe('GET /api/properties/{id} and its areas', () => {
  it('answers content, rates, availability and images as the upstream does', async () => {
    const id = live[1]!;
    for (const [path, direct] of [
      [`/api/properties/${id}`, `/properties/${id}`],
      [`/api/properties/${id}/rates`, `/properties/${id}/rates`],
      [
        `/api/properties/${id}/availability?from=${today()}&to=${addDays(today(), 90)}`,
        `/properties/${id}/availability?from=${today()}&to=${addDays(today(), 90)}`,
      ],
      [`/api/properties/${id}/images`, `/properties/${id}/images`],
    ] as const) {
      const area = path.split('/')[4]?.split('?')[0];
      const res = area
        ? await call(areaRoute.GET, path, { params: { id: String(id), area } })
        : await call(propertyRoute.GET, path, { params: { id: String(id) } });
      expect(res.status, path).toBe(200);
      expect(res.body, path).toEqual((await api(direct)).body);
      expect(res.headers.get('x-catalog-mode')).toBe('test');
    }
  });

  it('says not found for an unknown property, an id that is not one, or an unknown area', async () => {
    const missing = await call(propertyRoute.GET, '/api/properties/99999999', { params: { id: '99999999' } });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toMatchObject({
      code: 'not_found',
      message: 'That property is not in the catalog.',
    });
    // A crawler asking again does not reach the upstream.
    upstream.take();
    await call(propertyRoute.GET, '/api/properties/99999999', { params: { id: '99999999' } });
    expect(upstream.take()).toEqual([]);
    for (const id of ['abc', '0', '-3', '1e3']) {
      expect((await call(propertyRoute.GET, `/api/properties/${id}`, { params: { id } })).status).toBe(404);
    }
    const area = await call(areaRoute.GET, `/api/properties/${live[0]}/secrets`, {
      params: { id: String(live[0]), area: 'secrets' },
    });
    expect(area.status).toBe(404);
  });

  it('refuses a bad availability window by field', async () => {
    const res = await call(areaRoute.GET, `/api/properties/${live[0]}/availability?from=2026-02-30`, {
      params: { id: String(live[0]), area: 'availability' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toHaveProperty('from');
  });
});

describe('GET /api/properties/{id}/quote', () => {
  it('round-trips a quote: the upstream’s totals, cached briefly by the full parameter set', async () => {
    const id = live[2]!;
    const { checkin, checkout } = stay(50, 7);
    const path = `/api/properties/${id}/quote?checkin=${checkin}&checkout=${checkout}&adults=2`;
    upstream.take();
    const res = await call(quoteRoute.GET, path, { params: { id: String(id) } });
    const direct = await api(`/properties/${id}/quote?checkin=${checkin}&checkout=${checkout}&adults=2`);
    expect(res.status).toBe(direct.status);
    expect(res.body).toEqual(direct.body);
    expect(upstream.take()).toHaveLength(1);
    await call(quoteRoute.GET, path, { params: { id: String(id) } });
    expect(upstream.take()).toEqual([]);
    // Another party size is another question.
    await call(quoteRoute.GET, `${path}&children=1`, { params: { id: String(id) } });
    expect(upstream.take()).toHaveLength(1);
  });

  it('refuses a stay in the past or back to front by field', async () => {
    const res = await call(
      quoteRoute.GET,
      `/api/properties/${live[0]}/quote?checkin=${addDays(today(), -1)}&checkout=${addDays(today(), -3)}`,
      { params: { id: String(live[0]) } },
    );
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toMatchObject({
      checkin: 'must be today or later',
      checkout: expect.any(String),
    });
  });

  it('passes the service’s own words about a stay rule back to the traveller', async () => {
    const { id, start } = await stayWithWeekMinimum(service.db);
    const res = await call(
      quoteRoute.GET,
      `/api/properties/${id}/quote?checkin=${start}&checkout=${addDays(start, 2)}&bedrooms=50`,
      { params: { id: String(id) } },
    );
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_request');
    expect(res.body.error.message).toMatch(/minimum stay/i);
  });
});

describe('GET /api/locations', () => {
  it('answers the location catalog, from the cache the second time', async () => {
    const res = await call(locations.GET, '/api/locations');
    expect(res.status).toBe(200);
    expect(res.body.locations.length).toBe((await api('/locations')).body.locations.length);
    upstream.take();
    await call(locations.GET, '/api/locations');
    expect(upstream.take()).toEqual([]);
  });
});

describe('POST /api/inquiries', () => {
  it('stores the lead, sends it, and reads it back for the confirmation page', async () => {
    const res = await call(inquiries.POST, '/api/inquiries', { body: inquiry() });
    expect(res.status).toBe(201);
    const lead = res.body.lead;
    expect(lead).toMatchObject({
      status: 'sent',
      kind: 'property',
      property_id: live[0],
      test: true,
      contact: { first_name: 'Jane', email: 'jane@example.com' },
      agent: { first_name: expect.any(String), email: expect.any(String) },
    });
    expect(lead.id).toMatch(/^ld_[A-Za-z0-9_-]{20}$/);
    expect(lead.inquiry_id).toBeGreaterThanOrEqual(900_000_000);
    // The site gives every lead a reference of its own when none was given.
    expect(lead.reference).toMatch(/^WEB-\d{8}-[0-9A-F]{6}$/);
    expect(res.headers.get('x-catalog-mode')).toBe('test');
    const back = await call(leadRoute.GET, `/api/inquiries/${lead.id}`, { params: { lead: lead.id } });
    expect(back.status).toBe(200);
    expect(back.body.lead).toEqual(lead);
    // Phone and message stay on the server.
    expect(back.text).not.toContain('555 0100');
    expect(back.text).not.toContain('Is the pool heated?');
  });

  it('keeps an advisor’s reference and sends a general request for a destination with a budget', async () => {
    const [loc] = await rows<{ id: number }>(
      service.db,
      sql`SELECT id FROM locations WHERE depth = 2 LIMIT 1`,
    );
    const res = await call(inquiries.POST, '/api/inquiries', {
      body: inquiry({
        property_id: undefined,
        destination: { id: loc!.id },
        budget: { min: 200, max: 450 },
        budget_currency: 'USD',
        reference: 'ADV-4411',
        message: 'Advisor: Avery, Demo Travel Co. Family of four.',
      }),
    });
    expect(res.status).toBe(201);
    expect(res.body.lead).toMatchObject({
      kind: 'general',
      reference: 'ADV-4411',
      budget: { min: 200, max: 450, currency: 'USD' },
    });
    // The API document gives a budget only its figures: its currency reaches the agent in the message.
    const [row] = await site.db.select().from(leads).where(eq(leads.id, res.body.lead.id));
    expect(row!.request.message).toBe(
      'Nightly budget in USD: from 200 to 450.\n\nAdvisor: Avery, Demo Travel Co. Family of four.',
    );
    expect(row!.request.budget).toEqual({ min: 200, max: 450 });
  });

  it('refuses a budget with no currency, or one the catalog does not price in, on its field', async () => {
    for (const budget_currency of [undefined, 'XXX']) {
      const res = await call(inquiries.POST, '/api/inquiries', {
        body: inquiry({
          property_id: undefined,
          destination: { name: 'Somewhere warm' },
          budget: { max: 300 },
          budget_currency,
        }),
      });
      expect(res.status).toBe(400);
      expect(res.body.error.fields).toEqual({
        budget_currency: 'Choose the currency of your nightly budget',
      });
    }
  });

  it('says a budget left empty as no budget, not as two missing figures', async () => {
    // What the form sends when both budget fields are empty: their undefined values drop out of the JSON.
    const res = await call(inquiries.POST, '/api/inquiries', {
      body: inquiry({ property_id: undefined, destination: { name: 'Anywhere quiet' }, budget: {} }),
    });
    expect(res.status).toBe(201);
    expect(res.body.lead.budget).toEqual({ min: null, max: null, currency: null });
  });

  it('refuses a cross-site or Origin-less post, storing nothing', async () => {
    const before = (await site.db.select().from(leads)).length;
    for (const headers of [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: 'http://localhost:3001' },
    ]) {
      const res = await call(inquiries.POST, '/api/inquiries', { body: inquiry(), headers });
      expect(res.status, headers.origin).toBe(403);
      expect(res.body.error.code).toBe('forbidden');
    }
    expect((await call(inquiries.POST, '/api/inquiries', { body: inquiry(), noOrigin: true })).status).toBe(
      403,
    );
    expect((await site.db.select().from(leads)).length).toBe(before);
    // The Host a request claims counts for nothing (a client sets it): only SITE_URL's origin is the site's.
    const claimed = await call(inquiries.POST, '/api/inquiries', {
      body: inquiry(),
      headers: {
        origin: 'https://book.example.com',
        'x-forwarded-host': 'book.example.com',
        'x-forwarded-proto': 'https',
      },
    });
    expect(claimed.status).toBe(403);
    expect((await call(inquiries.POST, '/api/inquiries', { body: inquiry() })).status).toBe(201);
  });

  it('drops a bot’s post that filled the honeypot: nothing stored, nothing sent', async () => {
    const before = (await site.db.select().from(leads)).length;
    upstream.take();
    const res = await call(inquiries.POST, '/api/inquiries', {
      body: { ...inquiry(), website: 'http://spam.example' },
    });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ lead: null });
    expect((await site.db.select().from(leads)).length).toBe(before);
    expect(upstream.take()).toEqual([]);
  });

  it('sends invalid fields back by dotted path, and stores nothing', async () => {
    const before = (await site.db.select().from(leads)).length;
    const res = await call(inquiries.POST, '/api/inquiries', {
      body: inquiry({
        stay: { checkin: addDays(today(), 20), checkout: addDays(today(), 18), guests: { adults: 0 } },
        contact: { first_name: '', last_name: 'T', email: 'not-an-email' },
      }),
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      code: 'validation_failed',
      fields: {
        'stay.checkout': 'must be after stay.checkin',
        'stay.guests.adults': 'must be between 1 and 50',
        'contact.first_name': 'is required',
        'contact.email': 'must be a valid email address',
      },
    });
    expect((await site.db.select().from(leads)).length).toBe(before);
  });

  it('puts the upstream’s refusal on the form’s field, keeping the lead as rejected', async () => {
    const res = await call(inquiries.POST, '/api/inquiries', { body: inquiry({ property_id: 99_999_999 }) });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.fields).toHaveProperty('property_id');
    const [row] = await site.db.select().from(leads).where(sql`request->>'property_id' = '99999999'`);
    expect(row).toMatchObject({ status: 'rejected' });
  });

  it('refuses a body that is not a JSON object', async () => {
    for (const body of ['{"contact":', '[1,2]']) {
      const res = await call(inquiries.POST, '/api/inquiries', { body });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('invalid_request');
    }
  });

  it('answers an inquiry sent again under its Idempotency-Key with the lead it made, once upstream', async () => {
    const key = `form-seed-0123456789abcdef.${Date.now().toString(36)}`;
    const body = inquiry({ contact: { first_name: 'Ida', last_name: 'Again', email: 'ida@example.com' } });
    upstream.take();
    const first = await call(inquiries.POST, '/api/inquiries', { body, headers: { 'idempotency-key': key } });
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    // The answer was lost; the traveller presses Send again (twice, and once more while the others run).
    const again = await Promise.all(
      Array.from({ length: 3 }, () =>
        call(inquiries.POST, '/api/inquiries', { body, headers: { 'idempotency-key': key } }),
      ),
    );
    for (const res of again) {
      expect(res.status).toBe(201);
      expect(res.body.lead.id).toBe(first.body.lead.id);
      expect(res.headers.get('idempotent-replayed')).toBe('true');
    }
    expect(upstream.take().filter((r) => r.startsWith('POST /v2/inquiries'))).toHaveLength(1);
    const stored = await site.db
      .select()
      .from(leads)
      .where(sql`request->'contact'->>'email' = 'ida@example.com'`);
    expect(stored).toHaveLength(1);
    // The same key with another inquiry is a client's mistake, not a resend.
    const other = await call(inquiries.POST, '/api/inquiries', {
      body: { ...body, message: 'Another question' },
      headers: { 'idempotency-key': key },
    });
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe('conflict');
    const bad = await call(inquiries.POST, '/api/inquiries', {
      body,
      headers: { 'idempotency-key': 'short' },
    });
    expect(bad.status).toBe(400);
  });

  it('makes one lead of two sends at once under one key', async () => {
    const key = `form-seed-fedcba9876543210.${Date.now().toString(36)}`;
    const body = inquiry({ contact: { first_name: 'Ola', last_name: 'Twice', email: 'ola@example.com' } });
    const both = await Promise.all(
      [0, 1].map(() => call(inquiries.POST, '/api/inquiries', { body, headers: { 'idempotency-key': key } })),
    );
    expect(both.map((r) => r.status).every((s) => s === 201 || s === 202)).toBe(true);
    expect(both[0]!.body.lead.id).toBe(both[1]!.body.lead.id);
    const stored = await site.db
      .select()
      .from(leads)
      .where(sql`request->'contact'->>'email' = 'ola@example.com'`);
    expect(stored).toHaveLength(1);
  });

  it('refuses a body in another charset than UTF-8 with 415', async () => {
    const res = await call(inquiries.POST, '/api/inquiries', {
      body: inquiry(),
      headers: { 'content-type': 'application/json; charset=utf-16' },
    });
    expect(res.status).toBe(415);
    expect(res.body.error).toMatchObject({
      code: 'unsupported_media_type',
      message: expect.stringMatching(/UTF-8/),
    });
    const utf8 = await call(inquiries.POST, '/api/inquiries', {
      body: inquiry(),
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expect(utf8.status).toBe(201);
  });

  it('limits inquiries per visitor, and only that visitor', async () => {
    configure({ SITE_INQUIRIES_PER_VISITOR_PER_HOUR: '2' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        statuses.push(
          (await call(inquiries.POST, '/api/inquiries', { body: inquiry(), visitor: '198.51.100.4' })).status,
        );
      }
      expect(statuses).toEqual([201, 201, 429]);
      const limited = await call(inquiries.POST, '/api/inquiries', {
        body: inquiry(),
        visitor: '198.51.100.4',
      });
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(60);
      expect(limited.body.error.message).toMatch(/try again in \d+ minutes/);
      expect(
        (await call(inquiries.POST, '/api/inquiries', { body: inquiry(), visitor: '198.51.100.5' })).status,
      ).toBe(201);
    } finally {
      configure({ SITE_INQUIRIES_PER_VISITOR_PER_HOUR: '1000000', SVC_BASE_URL: upstream.url });
    }
  });

  it('says not found for an unknown or malformed lead id', async () => {
    for (const id of ['ld_AAAAAAAAAAAAAAAAAAAA', 'nope']) {
      expect((await call(leadRoute.GET, `/api/inquiries/${id}`, { params: { lead: id } })).status).toBe(404);
    }
  });
});

describe('the per-visitor request limit', () => {
  it('answers 429 with Retry-After past SITE_RATE_LIMIT_PER_MINUTE', async () => {
    configure({ SITE_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const statuses = [];
      for (let i = 0; i < 4; i++)
        statuses.push((await call(locations.GET, '/api/locations', { visitor: '192.0.2.50' })).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      configure({ SITE_RATE_LIMIT_PER_MINUTE: '1000000', SVC_BASE_URL: upstream.url });
    }
  });
});

describe('POST /api/cron/sync', () => {
  it('is off without CRON_SECRET, refuses a wrong secret, and runs the sync with the right one', async () => {
    expect((await call(cronSync.POST, '/api/cron/sync', { method: 'POST' })).status).toBe(404);
    const secret = 'a-long-scheduler-secret-0123';
    configure({ CRON_SECRET: secret, SVC_BASE_URL: upstream.url });
    try {
      const wrong = await call(cronSync.POST, '/api/cron/sync', {
        method: 'POST',
        headers: { authorization: 'Bearer nope' },
      });
      expect(wrong.status).toBe(403);
      const ok = await call(cronSync.POST, '/api/cron/sync', {
        method: 'POST',
        headers: { authorization: `Bearer ${secret}` },
      });
      expect(ok.status).toBe(200);
      expect(ok.body.sync).toMatchObject({ since: null, listed: live.length, pages: 1 });
      const again = await call(cronSync.POST, '/api/cron/sync', {
        method: 'POST',
        headers: { authorization: `Bearer ${secret}` },
      });
      expect(again.body.sync.since).toEqual(expect.any(String));
    } finally {
      configure({ CRON_SECRET: undefined });
    }
  });
});

describe('the API key', () => {
  it('never appears in anything the site answered in this file, body or header', () => {
    expect(answered.length).toBeGreaterThan(30);
    for (const res of answered) {
      expect(res.text).not.toContain(DEMO_KEYS.testFull);
      for (const [name, value] of res.headers) {
        expect(value, name).not.toContain(DEMO_KEYS.testFull);
        expect(name).not.toMatch(/api-token/i);
      }
    }
  });
});
