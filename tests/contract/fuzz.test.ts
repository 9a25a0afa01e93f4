import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as leadRoute from '@/app/api/inquiries/[lead]/route';
import * as inquiries from '@/app/api/inquiries/route';
import * as locations from '@/app/api/locations/route';
import * as areaRoute from '@/app/api/properties/[id]/[area]/route';
import * as quoteRoute from '@/app/api/properties/[id]/quote/route';
import * as propertyRoute from '@/app/api/properties/[id]/route';
import * as search from '@/app/api/search/route';
import { addDays, today } from '@/lib/dates';
import { serveService } from './http';
import { api, rows, setupService } from './service';
import { call, setupSite } from './site';

/*
 * A bounded fuzz of every parameter of /v2 and /api: hostile numbers, dates, unicode, NUL, broken
 * encodings and injections, one parameter at a time and in seeded random mixes. Whatever comes in, the
 * answer is a 4xx or a 2xx with the error shape, never a 5xx. About 3,000 requests, in-process.
 */

const service = setupService({ properties: 40, seed: 53 });
let upstream: Awaited<ReturnType<typeof serveService>>;
beforeAll(async () => {
  upstream = await serveService();
});
setupSite({ upstream: () => upstream.url });

let id = 1;
beforeAll(async () => {
  [{ id }] = (await rows<{ id: number }>(
    service.db,
    sql`SELECT id FROM properties WHERE status = 'live' ORDER BY id LIMIT 1`,
  )) as [{ id: number }];
});

const t = today();
/** Values as they would stand in a URL (already encoded where a client would encode them). */
const RAW = [
  '',
  '0',
  '-1',
  '1',
  '2',
  '50',
  '51',
  '100',
  '101',
  '32767',
  '32768',
  '2147483647',
  '2147483648',
  '-2147483649',
  '99999999999999999999',
  '1e3',
  '0x10',
  '1.5',
  '%201',
  'NaN',
  'null',
  'true',
  '%00',
  '%ff',
  '%',
  '%c0%ae',
  '%ED%A0%80',
  '%F0%9F%98%80',
  'caf%C3%A9',
  "'%3B%20DROP%20TABLE%20properties%3B--",
  '%3Cscript%3E',
  t,
  addDays(t, 1),
  addDays(t, 365),
  addDays(t, 366),
  addDays(t, 1200),
  '9999-12-31',
  '0000-00-00',
  '2026-02-30',
  '2026-13-01',
  '1900-01-01',
  '2026-1-1',
  '20261122',
  'T',
  'a'.repeat(3000),
  '2026-11-22T00:00:00Z',
  '2026-11-22T00:00:00%2B14:00',
  'id',
  '-id',
  'price',
  '-',
  '..%2F..%2Fetc',
];

const CATALOG = [
  'page',
  'per_page',
  'updated_since',
  'location',
  'sort',
  'checkin',
  'checkout',
  'guests',
  'rooms',
];
const SITE_SEARCH = [...CATALOG, 'adults', 'children', 'bedrooms'];
const QUOTE = ['checkin', 'checkout', 'adults', 'children', 'bedrooms'];
const WINDOW = ['from', 'to'];
const CHANGES = ['since', 'page', 'per_page'];
const IDS = ['1', '0', '-1', 'abc', '2147483648', '99999999999', '%00', '%ff', '1.5', String(id)];

/** A seeded random (mulberry32): the same mixes every run, so a failure can be replayed. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let r = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

function queries(params: string[], mixes: number, seed: number): string[] {
  const out = params.flatMap((p) => RAW.map((v) => `${p}=${v}`));
  const next = random(seed);
  for (let i = 0; i < mixes; i++) {
    const parts = params
      .filter(() => next() < 0.5)
      .map((p) => `${p}=${RAW[Math.floor(next() * RAW.length)]}`);
    out.push(parts.join('&'));
  }
  // Parameters twice, and a query that is nothing but broken encoding.
  out.push('checkin=2027-01-01&checkin=%ff&checkout=2027-01-08', '%ff=%ff&%=%');
  return out;
}

const failures: string[] = [];
function record(what: string, status: number, body: unknown) {
  const shaped = typeof body === 'object' && body !== null;
  if (status >= 500 || (status >= 400 && !shaped)) failures.push(`${status} ${what}`);
}

const texts = [
  'A\u0000na',
  '\ud800',
  '\udc00x',
  '😀',
  'é'.repeat(120),
  '<img src=x onerror=alert(1)>',
  "'; DROP TABLE inquiries;--",
  '',
  ' ',
  'x'.repeat(5001),
  'n'.repeat(256),
];
const numbers = [0, -1, 1, 50, 51, 32768, 2 ** 31, 2 ** 53, 1.5, Number.NaN, '1', null, true, [], {}];
const dates = [t, addDays(t, 10), addDays(t, 400), '9999-12-31', '2026-02-30', '0000-00-00', 'T', 5, null];

function bodies(): unknown[] {
  const base = () => ({
    property_id: id,
    stay: { checkin: addDays(t, 30), checkout: addDays(t, 37), guests: { adults: 2, children: 0 } },
    contact: { first_name: 'Fuzz', last_name: 'Test', email: 'fuzz@example.com' },
  });
  const out: unknown[] = [null, [], 'text', 42, {}];
  const set = (path: string, value: unknown) => {
    const body: Record<string, any> = base();
    const keys = path.split('.');
    let at = body;
    for (const k of keys.slice(0, -1)) at = at[k] ??= {};
    at[keys.at(-1)!] = value;
    return body;
  };
  for (const v of texts)
    for (const p of [
      'contact.first_name',
      'contact.last_name',
      'contact.email',
      'contact.phone',
      'message',
      'reference',
      'destination.name',
    ])
      out.push(p === 'destination.name' ? { ...set(p, v), property_id: undefined } : set(p, v));
  for (const v of numbers)
    for (const p of [
      'property_id',
      'stay.guests.adults',
      'stay.guests.children',
      'stay.bedrooms',
      'destination.id',
      'budget.min',
      'budget.max',
    ])
      out.push(
        p.startsWith('destination') || p.startsWith('budget')
          ? { ...set(p, v), property_id: undefined }
          : set(p, v),
      );
  for (const v of dates) for (const p of ['stay.checkin', 'stay.checkout']) out.push(set(p, v));
  return out;
}

describe('fuzz: no input makes a 5xx', () => {
  it('/v2, every query parameter and path id', async () => {
    const paths = [
      ...queries(CATALOG, 150, 1).map((q) => `/properties?${q}`),
      ...queries(CHANGES, 40, 2).map((q) => `/properties/changes?${q}`),
      ...queries(QUOTE, 120, 3).map((q) => `/properties/${id}/quote?${q}`),
      ...queries(WINDOW, 30, 4).flatMap((q) => [
        `/properties/${id}/rates?${q}`,
        `/properties/${id}/availability?${q}`,
      ]),
      ...IDS.flatMap((i) =>
        ['', '/rates', '/availability', '/images', '/quote', '/nope'].map((a) => `/properties/${i}${a}`),
      ),
      '/locations',
      '/locations?x=%ff',
      '/%ff',
      '/properties/%',
      '/../../etc/passwd',
    ];
    for (const p of paths) {
      const res = await api(p);
      record(`GET /v2${p.slice(0, 120)}`, res.status, res.body);
    }
    expect(paths.length).toBeGreaterThan(1000);
    expect(failures).toEqual([]);
  }, 240_000);

  it('/api, every query parameter and path id', async () => {
    let count = 0;
    const get = async (handler: any, p: string, params: Record<string, string> = {}) => {
      count++;
      const res = await call(handler, p, { params });
      record(`GET ${p.slice(0, 120)}`, res.status, res.body);
    };
    for (const q of queries(SITE_SEARCH, 150, 5)) await get(search.GET, `/api/search?${q}`);
    for (const q of queries(QUOTE, 120, 6))
      await get(quoteRoute.GET, `/api/properties/${id}/quote?${q}`, { id: String(id) });
    for (const q of queries(WINDOW, 30, 7))
      for (const area of ['rates', 'availability'])
        await get(areaRoute.GET, `/api/properties/${id}/${area}?${q}`, { id: String(id), area });
    for (const i of IDS) {
      await get(propertyRoute.GET, `/api/properties/${i}`, { id: i });
      for (const area of ['rates', 'availability', 'images', 'nope'])
        await get(areaRoute.GET, `/api/properties/${i}/${area}`, { id: i, area });
      await get(
        quoteRoute.GET,
        `/api/properties/${i}/quote?checkin=${addDays(t, 5)}&checkout=${addDays(t, 9)}`,
        { id: i },
      );
      await get(leadRoute.GET, `/api/inquiries/${i}`, { lead: i });
    }
    await get(locations.GET, '/api/locations?%ff=%');
    expect(count).toBeGreaterThan(1000);
    expect(failures).toEqual([]);
  }, 240_000);

  it('POST /v2/inquiries and /api/inquiries, every field', async () => {
    const all = bodies();
    for (const body of all) {
      const text = JSON.stringify(body);
      const v2 = await api('/inquiries', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: text,
      });
      record(`POST /v2/inquiries ${text.slice(0, 100)}`, v2.status, v2.body);
      const site = await call(inquiries.POST, '/api/inquiries', { body: text });
      record(`POST /api/inquiries ${text.slice(0, 100)}`, site.status, site.body);
    }
    // Bodies that are not JSON at all, or JSON with escapes Postgres cannot hold.
    for (const text of ['{', '{"a":"\\u0000"}', '{"contact":{"first_name":"\\ud800"}}', 'x'.repeat(70_000)]) {
      const v2 = await api('/inquiries', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: text,
      });
      record(`POST /v2/inquiries ${text.slice(0, 40)}`, v2.status, v2.body);
      const site = await call(inquiries.POST, '/api/inquiries', { body: text });
      record(`POST /api/inquiries ${text.slice(0, 40)}`, site.status, site.body);
    }
    expect(all.length).toBeGreaterThan(150);
    expect(failures).toEqual([]);
  }, 240_000);
});
