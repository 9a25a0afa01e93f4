import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createKey } from '@/lib/catalog-api/keys';
import { strict } from '@/lib/contract';
import { addDays, today } from '@/lib/dates';
import { reloadSettings } from '@/lib/settings';
import { api, DEMO_KEYS, propertyOutsideAllowList, rows, setupService, stayWithWeekMinimum } from './service';

const service = setupService({ properties: 200, seed: 21 });

const post = (body: unknown, key: string = DEMO_KEYS.testFull, headers: Record<string, string> = {}) =>
  api('/inquiries', {
    key,
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

const stored = async () =>
  (await rows<{ n: number }>(service.db, sql`SELECT count(*)::int AS n FROM inquiries`))[0]!.n;

/** A live property and a stay it accepts: inside a period whose minimum stay is met, for two adults. */
async function acceptableStay() {
  const [row] = await rows<{ id: number; start: string; min: number }>(
    service.db,
    sql`SELECT p.id, greatest(r.start_date, current_date + 30)::text AS start, r.min_stay AS min FROM properties p
        JOIN rate_periods r ON r.property_id = p.id AND r.rooms >= 1
        WHERE p.status = 'live' AND p.sleeps >= 2 AND NOT p.price_on_request
          AND r.end_date >= greatest(r.start_date, current_date + 30) + 10 ORDER BY p.id LIMIT 1`,
  );
  return {
    property_id: row!.id,
    stay: { checkin: row!.start, checkout: addDays(row!.start, 10), guests: { adults: 2, children: 0 } },
  };
}

const contact = (email = 'ann.lee@example.com') => ({
  first_name: 'Ann',
  last_name: 'Lee',
  email,
  phone: '+44 20 7946 0000',
});

describe('POST /inquiries with a test key', () => {
  it('validates, answers 201 with test: true and an id from 900000000, and stores nothing', async () => {
    const before = await stored();
    const res = await post({
      ...(await acceptableStay()),
      contact: contact(),
      reference: 'LEAD-42',
      message: 'Advisor: Avery',
    });
    expect(res.status).toBe(201);
    const inquiry = strict.inquiry.parse(res.body);
    expect(inquiry).toMatchObject({
      status: 'new',
      test: true,
      reference: 'LEAD-42',
      destination: null,
      budget: null,
    });
    expect(inquiry.id).toBeGreaterThanOrEqual(900_000_000);
    expect(inquiry.contact).toEqual({ first_name: 'Ann', last_name: 'Lee', email: 'ann.lee@example.com' });
    expect(inquiry.agent.email).toMatch(/@/);
    expect(await stored()).toBe(before);
    expect(res.headers.get('x-svc-mode')).toBe('test');
  });
});

describe('POST /inquiries with a live key', () => {
  it('stores the inquiry with the phone, source and status new, and never echoes the phone', async () => {
    const body = { ...(await acceptableStay()), contact: contact('live.one@example.com'), reference: 'R-1' };
    const res = await post({ ...body, stay: { ...body.stay, bedrooms: 1 } }, DEMO_KEYS.liveFull);
    expect(res.status).toBe(201);
    const inquiry = strict.inquiry.parse(res.body);
    expect(inquiry.test).toBe(false);
    expect(inquiry.id).toBeLessThan(900_000_000);
    expect(inquiry.stay).toMatchObject({ nights: 10, bedrooms: 1 });
    expect(JSON.stringify(res.body)).not.toContain('7946');
    const [row] = await rows<any>(service.db, sql`SELECT * FROM inquiries WHERE id = ${inquiry.id}`);
    expect(row).toMatchObject({
      status: 'new',
      phone: '+44 20 7946 0000',
      source: 'Demo Partner',
      reference: 'R-1',
      property_id: body.property_id,
    });
  });

  it('credits the key’s travel advisor and tags the partner source', async () => {
    const { key } = await createKey(service.db, {
      mode: 'live',
      scopes: ['inquiries:write'],
      label: 'advisor key',
      partnerName: 'Blue Sky Travel',
      advisorName: 'Morgan Advisor',
    });
    const res = await post({ ...(await acceptableStay()), contact: contact('credited@example.com') }, key);
    expect(res.status).toBe(201);
    const [row] = await rows<any>(
      service.db,
      sql`SELECT source, advisor_name FROM inquiries WHERE id = ${res.body.id}`,
    );
    expect(row).toEqual({ source: 'Blue Sky Travel', advisor_name: 'Morgan Advisor' });
  });

  it('keeps a returning guest with their agent under the same key, whatever the case of the email', async () => {
    const body = await acceptableStay();
    const first = await post({ ...body, contact: contact('Returning@Example.com') }, DEMO_KEYS.liveFull);
    // Others inquire meanwhile: the region's turn moves on, the returning guest keeps their agent.
    for (let i = 0; i < 2; i++)
      await post({ ...body, contact: contact(`between${i}@example.com`) }, DEMO_KEYS.liveFull);
    const again = await post({ ...body, contact: contact('returning@example.COM') }, DEMO_KEYS.liveFull);
    expect(again.body.agent).toEqual(first.body.agent);
  });

  it('tells another key nothing of a guest’s inquiries: their agent is whoever is next for that key', async () => {
    const body = await acceptableStay();
    const inquired = 'inquired.elsewhere@example.com';
    const live = await post({ ...body, contact: contact(inquired) }, DEMO_KEYS.liveFull);
    await post({ ...body, contact: contact(inquired) }, DEMO_KEYS.liveFull);
    // The probe's question, with the test keys (the restricted one sees its own properties only).
    const [allowed] = await rows<{ id: number }>(
      service.db,
      sql`SELECT unnest(allow_list) AS id FROM api_keys WHERE allow_list IS NOT NULL LIMIT 1`,
    );
    for (const [key, propertyId] of [
      [DEMO_KEYS.testFull, body.property_id],
      [DEMO_KEYS.testRestricted, allowed!.id],
    ] as const) {
      const asked = { ...body, property_id: propertyId };
      const returning = await post({ ...asked, contact: contact(inquired) }, key);
      const fresh = await post({ ...asked, contact: contact(`never.seen.${key}@example.com`) }, key);
      expect(returning.status).toBe(201);
      expect(returning.body.agent).toEqual(fresh.body.agent);
    }
    // And the live key's own answer still knows its guest.
    expect(live.status).toBe(201);
  });

  it('takes turns among the region’s agents for new guests', async () => {
    const body = await acceptableStay();
    const agents = new Set<string>();
    for (let i = 0; i < 3; i++)
      agents.add(
        (await post({ ...body, contact: contact(`new${i}@example.com`) }, DEMO_KEYS.liveFull)).body.agent
          .email,
      );
    expect(agents.size).toBe(3);
  });

  it('takes a general request for a destination from the catalog or in free text, with a budget', async () => {
    // A place of the location catalog: live rentals at or beneath it.
    const [loc] = await rows<{ id: number; name: string; path: string[] }>(
      service.db,
      sql`SELECT l.id, l.name, l.path FROM locations l WHERE l.depth = 3 AND EXISTS (
            SELECT 1 FROM location_closure lc JOIN properties p ON p.location_id = lc.location_id
            WHERE lc.ancestor_id = l.id AND p.status = 'live') ORDER BY l.id LIMIT 1`,
    );
    const stay = { checkin: addDays(today(), 40), checkout: addDays(today(), 47), bedrooms: 3 };
    const known = await post(
      {
        destination: { id: loc!.id },
        stay,
        budget: { min: 300, max: 900 },
        contact: contact('g1@example.com'),
      },
      DEMO_KEYS.liveFull,
    );
    expect(known.status).toBe(201);
    expect(strict.inquiry.parse(known.body)).toMatchObject({
      property: null,
      destination: { id: loc!.id, name: loc!.name, path: loc!.path },
      budget: { min: 300, max: 900 },
      stay: { bedrooms: null, guests: { adults: 2, children: 0 } },
    });
    const free = await post({
      destination: { name: 'Somewhere warm with a pool' },
      stay,
      contact: contact('g2@example.com'),
    });
    expect(free.body.destination).toEqual({ id: null, name: 'Somewhere warm with a pool', path: null });
    expect(free.body.budget).toBeNull();
  });
});

describe('POST /inquiries: a restricted key’s destinations', () => {
  it('takes only a destination of its own location catalog, and names no other', async () => {
    const listed = new Set(
      (await api('/locations', { key: DEMO_KEYS.testRestricted })).body.locations.map(
        (l: { id: number }) => l.id,
      ),
    );
    const all = (await api('/locations', { key: DEMO_KEYS.testFull })).body.locations as {
      id: number;
      name: string;
    }[];
    const elsewhere = all.find((l) => !listed.has(l.id))!;
    const own = all.find((l) => listed.has(l.id))!;
    const general = (id: number) => ({
      destination: { id },
      stay: { checkin: addDays(today(), 40), checkout: addDays(today(), 47) },
      contact: contact('restricted@example.com'),
    });
    const refused = await post(general(elsewhere.id), DEMO_KEYS.testRestricted);
    expect(refused.status).toBe(400);
    expect(refused.body.error.validation).toEqual({
      'destination.id': 'is not a location in the catalog',
    });
    expect(JSON.stringify(refused.body)).not.toContain(elsewhere.name);
    const taken = await post(general(own.id), DEMO_KEYS.testRestricted);
    expect(taken.status).toBe(201);
    expect(taken.body.destination).toMatchObject({ id: own.id, name: own.name });
  });
});

describe('POST /inquiries: bad input, nothing stored', () => {
  it('reports every field problem at once, by dotted path', async () => {
    const before = await stored();
    const res = await post(
      {
        property_id: 1,
        destination: { name: 'x'.repeat(201) },
        stay: { checkin: addDays(today(), -1), checkout: addDays(today(), -2), guests: { adults: 0 } },
        budget: { min: 10, max: 5 },
        contact: { first_name: '', last_name: 'Lee', email: 'nope' },
        message: 'm'.repeat(5001),
        reference: 'r'.repeat(256),
      },
      DEMO_KEYS.liveFull,
    );
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(Object.keys(res.body.error.validation).sort()).toEqual(
      [
        'budget.max',
        'contact.email',
        'contact.first_name',
        'destination',
        'destination.name',
        'message',
        'property_id',
        'reference',
        'stay.checkin',
        'stay.checkout',
        'stay.guests.adults',
      ].sort(),
    );
    expect(await stored()).toBe(before);
  });

  it('names fields of the wrong type', async () => {
    const res = await post(
      {
        property_id: 'abc',
        stay: { checkin: 20270101, checkout: '2027-01-08', guests: { adults: 'two' } },
        contact: 'Ann',
      },
      DEMO_KEYS.liveFull,
    );
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.validation).sort()).toEqual([
      'contact',
      'property_id',
      'stay.checkin',
      'stay.guests.adults',
    ]);
  });

  it.each([
    ['an unknown property', { property_id: 999999 }, 'property_id'],
    ['a destination id not in the catalog', { destination: { id: 999999 } }, 'destination.id'],
  ])('names the field for %s', async (_, target, field) => {
    const res = await post(
      {
        ...target,
        stay: { checkin: addDays(today(), 30), checkout: addDays(today(), 37) },
        contact: contact(),
      },
      DEMO_KEYS.liveFull,
    );
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.validation)).toEqual([field]);
  });

  it('treats removed and not-allowed properties as unknown', async () => {
    const stay = { checkin: addDays(today(), 30), checkout: addDays(today(), 40) };
    const [removed] = await rows<{ id: number }>(
      service.db,
      sql`SELECT id FROM properties WHERE status = 'removed' LIMIT 1`,
    );
    expect(
      (await post({ property_id: removed!.id, stay, contact: contact() })).body.error.validation,
    ).toHaveProperty('property_id');
    const outside = await propertyOutsideAllowList(service.db);
    expect(
      (await post({ property_id: outside, stay, contact: contact() }, DEMO_KEYS.testRestricted)).body.error
        .validation,
    ).toHaveProperty('property_id');
  });

  it('answers the agent’s rules (minimum stay, capacity) with invalid_request and a plain message', async () => {
    const ok = await acceptableStay();
    const [p] = await rows<{ sleeps: number }>(
      service.db,
      sql`SELECT sleeps FROM properties WHERE id = ${ok.property_id}`,
    );
    const crowd = await post(
      { ...ok, stay: { ...ok.stay, guests: { adults: p!.sleeps, children: 1 } }, contact: contact() },
      DEMO_KEYS.liveFull,
    );
    expect(crowd.status).toBe(400);
    expect(crowd.body.error).toMatchObject({
      code: 'invalid_request',
      message: expect.stringContaining('too large'),
    });
    expect(crowd.body.error.validation).toBeUndefined();
    const strictMin = await stayWithWeekMinimum(service.db);
    const short = await post({
      property_id: strictMin.id,
      stay: {
        checkin: strictMin.start,
        checkout: addDays(strictMin.start, 2),
        guests: { adults: 1 },
        bedrooms: 50,
      },
      contact: contact(),
    });
    expect(short.body.error).toMatchObject({
      code: 'invalid_request',
      message: expect.stringContaining('minimum stay'),
    });
  });

  it.each([
    ['malformed JSON', '{"property_id": 1,', {}],
    ['an array body', '[1, 2]', {}],
    ['a JSON string', '"hello"', {}],
    ['a form post', 'a=1', { 'Content-Type': 'application/x-www-form-urlencoded' }],
    ['a body over 64 KiB', JSON.stringify({ message: 'x'.repeat(70_000) }), {}],
  ])('refuses %s with 400 invalid_request', async (_, body, headers) => {
    const before = await stored();
    const res = await post(body, DEMO_KEYS.liveFull, headers);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_request');
    expect(await stored()).toBe(before);
  });

  it('refuses JSON in another charset than UTF-8 with 415, and takes UTF-8 said aloud', async () => {
    const body = { ...(await acceptableStay()), contact: contact('charset@example.com') };
    for (const charset of ['utf-16', 'UTF-16LE', 'iso-8859-1', '"windows-1252"']) {
      const res = await post(body, DEMO_KEYS.testFull, {
        'Content-Type': `application/json; charset=${charset}`,
      });
      expect(res.status, charset).toBe(415);
      expect(res.body.error.code).toBe('invalid_request');
    }
    for (const type of ['application/json; charset=UTF-8', 'application/json;charset="utf8"'])
      expect((await post(body, DEMO_KEYS.testFull, { 'Content-Type': type })).status, type).toBe(201);
  });

  it('needs the inquiries:write scope and serves only POST', async () => {
    expect((await post({}, DEMO_KEYS.testReadOnly)).status).toBe(403);
    const get = await api('/inquiries');
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST, OPTIONS');
  });
});

describe('POST /inquiries: the inquiry limit', () => {
  afterEach(() => {
    delete process.env.SVC_INQUIRY_LIMIT_PER_10_MIN;
    reloadSettings();
  });

  it('answers 429 with Retry-After past the limit, and creates nothing', async () => {
    process.env.SVC_INQUIRY_LIMIT_PER_10_MIN = '2';
    reloadSettings();
    const body = { ...(await acceptableStay()), contact: contact('limit@example.com') };
    expect((await post(body, DEMO_KEYS.liveFull)).status).toBe(201);
    expect((await post(body, DEMO_KEYS.liveFull)).status).toBe(201);
    const before = await stored();
    const res = await post(body, DEMO_KEYS.liveFull);
    expect(res.status).toBe(429);
    expect(res.body.error.code).toBe('rate_limited');
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await stored()).toBe(before);
    expect((await api('/properties?per_page=1', { key: DEMO_KEYS.liveFull })).status).toBe(200);
  });
});
