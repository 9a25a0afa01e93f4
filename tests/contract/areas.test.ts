import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { touchAreas } from '@/lib/catalog-api/writers';
import { strict } from '@/lib/contract';
import { addDays, addYears, today } from '@/lib/dates';
import { allPages, api, DEMO_KEYS, propertyOutsideAllowList, rows, setupService } from './service';

const service = setupService({ properties: 250, seed: 5 });

const liveIds = async () =>
  (
    await rows<{ id: number }>(service.db, sql`SELECT id FROM properties WHERE status = 'live' ORDER BY id`)
  ).map((r) => r.id);

describe('GET /properties/{id}/rates', () => {
  it('returns a RateSheet from today by default, open-ended, without periods that already ended', async () => {
    const [id] = await rows<{ id: number }>(
      service.db,
      sql`SELECT property_id AS id FROM rate_periods GROUP BY property_id HAVING min(end_date) < current_date LIMIT 1`,
    );
    const res = await api(`/properties/${id!.id}/rates`);
    expect(res.status).toBe(200);
    const sheet = strict.rateSheet.parse(res.body);
    expect(sheet.from).toBe(today());
    expect(sheet.to).toBeNull();
    expect(sheet.rates.length).toBeGreaterThan(0);
    for (const r of sheet.rates) expect(r.end_date).toBeAtOrAfter(today());
    const [all] = await rows<{ n: number }>(
      service.db,
      sql`SELECT count(*)::int AS n FROM rate_periods WHERE property_id = ${id!.id} AND end_date >= current_date`,
    );
    expect(sheet.rates).toHaveLength(all!.n);
  });

  it('leaves out periods ending before from or starting after to, keeping those that overlap the edges', async () => {
    const [id] = await liveIds();
    const from = addDays(today(), 60);
    const to = addDays(today(), 120);
    const sheet = strict.rateSheet.parse((await api(`/properties/${id}/rates?from=${from}&to=${to}`)).body);
    expect(sheet).toMatchObject({ from, to });
    const expected = await rows<{ id: number }>(
      service.db,
      sql`SELECT id FROM rate_periods WHERE property_id = ${id} AND end_date >= ${from}::date AND start_date <= ${to}::date`,
    );
    expect(sheet.rates.map((r) => r.id).sort()).toEqual(expected.map((r) => r.id).sort());
    for (const r of sheet.rates) {
      expect(r.end_date).toBeAtOrAfter(from);
      expect(r.start_date).toBeAtOrBefore(to);
    }
  });

  it('carries the currency, default rate, fees (deposits marked refundable), taxes and notes', async () => {
    const [row] = await rows<{ id: number }>(
      service.db,
      sql`SELECT p.id FROM properties p WHERE status = 'live' AND rate_notes IS NOT NULL
          AND EXISTS (SELECT 1 FROM default_rates d WHERE d.property_id = p.id)
          AND EXISTS (SELECT 1 FROM fees f WHERE f.property_id = p.id AND f.refundable) LIMIT 1`,
    );
    const sheet = strict.rateSheet.parse((await api(`/properties/${row!.id}/rates`)).body);
    expect(sheet.default_rate).not.toBeNull();
    expect(sheet.fees.some((f) => f.refundable)).toBe(true);
    expect(sheet.notes).toContain('<p>');
    expect(sheet.currency.symbol.length).toBeGreaterThan(0);
    for (const r of sheet.rates) expect(r.currency).toBe(sheet.currency.code);
  });

  it('has no rates for a property priced on request', async () => {
    const [row] = await rows<{ id: number }>(
      service.db,
      sql`SELECT id FROM properties WHERE status = 'live' AND price_on_request LIMIT 1`,
    );
    const sheet = strict.rateSheet.parse((await api(`/properties/${row!.id}/rates`)).body);
    expect(sheet.rates).toEqual([]);
    expect(sheet.default_rate).toBeNull();
  });

  it.each([
    ['from=tomorrow', { from: 'must be a date (YYYY-MM-DD)' }],
    ['to=2027-13-01', { to: 'must be a date (YYYY-MM-DD)' }],
    ['from=2027-05-10&to=2027-05-09', { to: 'must not be before from' }],
  ])('refuses %s', async (query, validation) => {
    const [id] = await liveIds();
    const res = await api(`/properties/${id}/rates?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'validation_failed', validation });
  });
});

describe('GET /properties/{id}/availability', () => {
  it('defaults to today through two years on, and returns a range straddling the window whole', async () => {
    const [row] = await rows<{ id: number; checkin: string; checkout: string }>(
      service.db,
      sql`SELECT r.property_id AS id, r.checkin::text, r.checkout::text FROM booked_ranges r JOIN properties p ON p.id = r.property_id
          WHERE p.status = 'live' AND r.checkin < current_date AND r.checkout > current_date LIMIT 1`,
    );
    const res = await api(`/properties/${row!.id}/availability`);
    const availability = strict.availability.parse(res.body);
    expect(availability).toMatchObject({ property_id: row!.id, from: today(), to: addYears(today(), 2) });
    expect(availability.booked).toContainEqual(
      expect.objectContaining({ checkin: row!.checkin, checkout: row!.checkout }),
    );
  });

  it('returns exactly the ranges touching an explicit window, whole, with status and both flags', async () => {
    const [id] = await liveIds();
    const from = addDays(today(), 30);
    const to = addDays(today(), 200);
    const body = strict.availability.parse(
      (await api(`/properties/${id}/availability?from=${from}&to=${to}`)).body,
    );
    const expected = await rows<{ checkin: string }>(
      service.db,
      sql`SELECT checkin::text FROM booked_ranges WHERE property_id = ${id} AND checkout >= ${from}::date AND checkin <= ${to}::date ORDER BY checkin`,
    );
    expect(body.booked.map((r) => r.checkin)).toEqual(expected.map((r) => r.checkin));
    const everything = await rows<{ n: number }>(
      service.db,
      sql`SELECT count(*)::int AS n FROM booked_ranges WHERE property_id = ${id}`,
    );
    expect(body.booked.length).toBeLessThan(everything[0]!.n);
  });

  it('agrees with the catalog filter on sampled properties and stays, full-day flags included', async () => {
    const ids = (await liveIds()).slice(0, 25);
    const stays = await rows<{ checkin: string; checkout: string }>(
      service.db,
      sql`(SELECT checkout::text AS checkin, (checkout + 3)::text AS checkout FROM booked_ranges
            WHERE checkout_full_day AND checkin > current_date AND property_id = ANY(${`{${ids.join(',')}}`}::int[]) LIMIT 2)
          UNION ALL (SELECT (checkin - 4)::text, checkin::text FROM booked_ranges
            WHERE checkin_full_day AND checkin > current_date + 10 AND property_id = ANY(${`{${ids.join(',')}}`}::int[]) LIMIT 2)
          UNION ALL (SELECT (current_date + 45)::text, (current_date + 52)::text)`,
    );
    for (const stay of stays) {
      const free = new Set(
        (await allPages(`/properties?per_page=200&checkin=${stay.checkin}&checkout=${stay.checkout}`)).map(
          (p) => p.id,
        ),
      );
      for (const id of ids) {
        const { booked } = (
          await api(`/properties/${id}/availability?from=${stay.checkin}&to=${stay.checkout}`)
        ).body;
        const ok = booked.every(
          (r: any) =>
            !(r.checkin < stay.checkout && r.checkout > stay.checkin) &&
            !(r.checkin === stay.checkout && r.checkin_full_day) &&
            !(r.checkout === stay.checkin && r.checkout_full_day),
        );
        expect({ id, stay, free: free.has(id) }).toEqual({ id, stay, free: ok });
      }
    }
  });

  it.each([
    ['from=2027-02-29', { from: 'must be a date (YYYY-MM-DD)' }],
    ['from=2027-05-10&to=2027-05-01', { to: 'must not be before from' }],
    ['to=2001-01-01', { to: 'must not be before from' }],
  ])('refuses %s', async (query, validation) => {
    const [id] = await liveIds();
    const res = await api(`/properties/${id}/availability?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.error.validation).toEqual(validation);
  });
});

describe('GET /properties/{id}/images', () => {
  it('lists photos in display order; the first is the catalog cover; sizes follow the -{width}w rule', async () => {
    const [row] = await rows<{ id: number }>(
      service.db,
      sql`SELECT property_id AS id FROM images i JOIN properties p ON p.id = i.property_id WHERE p.status = 'live'
          GROUP BY property_id HAVING count(*) > 3 LIMIT 1`,
    );
    const body = strict.propertyImages.parse((await api(`/properties/${row!.id}/images`)).body);
    expect(body.images.map((i) => i.position)).toEqual(body.images.map((_, n) => n + 1));
    const detail = (await api(`/properties/${row!.id}`)).body;
    expect(detail.image).toEqual({
      caption: body.images[0]!.caption,
      url: body.images[0]!.url,
      sizes: body.images[0]!.sizes,
    });
    for (const image of body.images) {
      expect(image.sizes.medium).toBe(`${image.url}-800w`);
      expect(image.width).toBeGreaterThan(0);
    }
  });

  it('answers an empty list, and a null cover, once a property has no photos', async () => {
    const [id] = await liveIds();
    await service.db.execute(sql`DELETE FROM images WHERE property_id = ${id}`);
    await touchAreas(service.db, [id!], ['images'], new Date().toISOString());
    expect((await api(`/properties/${id}/images`)).body).toEqual({ property_id: id, images: [] });
    expect((await api(`/properties/${id}`)).body.image).toBeNull();
  });
});

describe('every area: unknown, removed and restricted properties', () => {
  it.each(['rates', 'availability', 'images'])('answers 404 on /%s', async (area) => {
    const [removed] = await rows<{ id: number }>(
      service.db,
      sql`SELECT id FROM properties WHERE status = 'removed' LIMIT 1`,
    );
    expect((await api(`/properties/999999/${area}`)).status).toBe(404);
    expect((await api(`/properties/${removed!.id}/${area}`)).status).toBe(404);
    const outside = await propertyOutsideAllowList(service.db);
    expect((await api(`/properties/${outside}/${area}`, { key: DEMO_KEYS.testRestricted })).status).toBe(404);
    expect((await api(`/properties/${outside}/${area}`)).status).toBe(200);
  });
});
