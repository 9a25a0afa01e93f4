import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { strict } from '@/lib/contract';
import { addDays, today } from '@/lib/dates';
import { api, DEMO_KEYS, propertyOutsideAllowList, rows, setupService, stayWithWeekMinimum } from './service';

const service = setupService({ properties: 300, seed: 13 });

/** A live property with a published period covering a 3-night stay at least 40 days out, min stay ≤ 3. */
async function simpleStay() {
  const [row] = await rows<{ id: number; start: string; bedrooms: number }>(
    service.db,
    sql`SELECT p.id, greatest(r.start_date, current_date + 40)::text AS start, p.bedrooms FROM properties p
        JOIN rate_periods r ON r.property_id = p.id
        WHERE p.status = 'live' AND NOT p.price_on_request AND r.min_stay <= 3 AND r.rooms = p.bedrooms
          AND r.end_date >= greatest(r.start_date, current_date + 40) + 3
          AND NOT EXISTS (SELECT 1 FROM promotions m WHERE m.property_id = p.id)
        ORDER BY p.id LIMIT 1`,
  );
  return { ...row!, checkin: row!.start, checkout: addDays(row!.start, 3) };
}

describe('GET /properties/{id}/quote', () => {
  it('prices a stay from the published rate sheet, and its totals add up', async () => {
    const stay = await simpleStay();
    const adults = Math.min(2 * stay.bedrooms, 2);
    const res = await api(
      `/properties/${stay.id}/quote?checkin=${stay.checkin}&checkout=${stay.checkout}&adults=${adults}&bedrooms=${stay.bedrooms}`,
    );
    expect(res.status).toBe(200);
    const quote = strict.quote.parse(res.body);
    const sheet = (await api(`/properties/${stay.id}/rates?from=${stay.checkin}&to=${stay.checkout}`)).body;
    const nightly = (night: string) =>
      sheet.rates
        .filter((r: any) => r.start_date <= night && night <= r.end_date && r.rooms >= stay.bedrooms)
        .sort((a: any, b: any) => a.rooms - b.rooms)[0].nightly;
    const rent = [0, 1, 2].reduce((sum, i) => sum + nightly(addDays(stay.checkin, i)), 0);
    expect(quote.totals.rate).toBeCloseTo(rent, 2);
    expect(quote.stay).toEqual({
      checkin: stay.checkin,
      checkout: stay.checkout,
      nights: 3,
      guests: { adults, children: 0 },
      bedrooms: stay.bedrooms,
    });
    expect(quote.accuracy).toBe('exact');
    expect(quote.currency.code).toBe(sheet.currency.code);
    const t = quote.totals;
    expect(t.total).toBeCloseTo(t.rate - t.discounts + t.fees + t.taxes, 2);
    expect(t.total_payable).toBeCloseTo(t.total + t.refundable_deposits, 2);
    const deposits = sheet.fees
      .filter((f: any) => f.refundable)
      .reduce((s: number, f: any) => s + f.amount, 0);
    expect(t.refundable_deposits).toBeCloseTo(deposits, 2);
    expect(quote.tax_rate).toBe(sheet.taxes.reduce((s: number, x: any) => s + x.rate, 0));
  });

  it('raises the bedrooms priced to fit the party at two per room', async () => {
    const [row] = await rows<{ id: number }>(
      service.db,
      sql`SELECT id FROM properties WHERE status = 'live' AND bedrooms >= 4 AND sleeps >= 7 AND NOT price_on_request LIMIT 1`,
    );
    const checkin = addDays(today(), 120);
    const res = await api(
      `/properties/${row!.id}/quote?checkin=${checkin}&checkout=${addDays(checkin, 10)}&adults=5&children=2`,
    );
    expect(res.body.stay?.bedrooms ?? res.body.error.message).toBe(4);
  });

  it('says estimated when nights fall back to last year’s rates', async () => {
    const [row] = await rows<{ id: number }>(
      service.db,
      sql`SELECT p.id FROM properties p WHERE status = 'live' AND NOT price_on_request
          AND NOT EXISTS (SELECT 1 FROM default_rates d WHERE d.property_id = p.id)
          AND (SELECT max(end_date) FROM rate_periods r WHERE r.property_id = p.id) < current_date + 60 LIMIT 1`,
    );
    const checkin = addDays(today(), 250);
    const res = await api(
      `/properties/${row!.id}/quote?checkin=${checkin}&checkout=${addDays(checkin, 10)}&adults=1`,
    );
    expect(res.body.accuracy).toBe('estimated');
    expect(res.body.totals.rate).toBeGreaterThan(0);
  });

  it('quotes zeros and nulls for a property priced on request', async () => {
    const [row] = await rows<{ id: number }>(
      service.db,
      sql`SELECT id FROM properties WHERE status = 'live' AND price_on_request LIMIT 1`,
    );
    const checkin = addDays(today(), 30);
    const quote = strict.quote.parse(
      (await api(`/properties/${row!.id}/quote?checkin=${checkin}&checkout=${addDays(checkin, 7)}&adults=1`))
        .body,
    );
    expect(quote).toMatchObject({
      price_on_request: true,
      accuracy: null,
      average_nightly_rate: null,
      rate_range: null,
      tax_rate: null,
    });
    expect(Object.values(quote.totals).every((v) => v === 0)).toBe(true);
  });

  it('answers the agent’s rules with 400 invalid_request and a plain message', async () => {
    const stay = await simpleStay();
    const [big] = await rows<{ sleeps: number }>(
      service.db,
      sql`SELECT sleeps FROM properties WHERE id = ${stay.id}`,
    );
    const crowd = await api(
      `/properties/${stay.id}/quote?checkin=${stay.checkin}&checkout=${stay.checkout}&adults=${big!.sleeps}&children=1`,
    );
    expect(crowd.status).toBe(400);
    expect(crowd.body.error.code).toBe('invalid_request');
    expect(crowd.body.error.validation).toBeUndefined();
    expect(crowd.body.error.message).toContain(`sleeps ${big!.sleeps}`);
    const strictMin = await stayWithWeekMinimum(service.db);
    const short = await api(
      `/properties/${strictMin.id}/quote?checkin=${strictMin.start}&checkout=${addDays(strictMin.start, 2)}&adults=1&bedrooms=50`,
    );
    expect(short.status).toBe(400);
    expect(short.body.error).toMatchObject({
      code: 'invalid_request',
      message: expect.stringContaining('minimum stay'),
    });
  });

  it('reports every invalid parameter at once', async () => {
    const res = await api(
      `/properties/${(await simpleStay()).id}/quote?checkin=${addDays(today(), -1)}&checkout=${addDays(today(), -3)}&adults=0&children=51&bedrooms=0`,
    );
    expect(res.status).toBe(400);
    expect(res.body.error.validation).toEqual({
      checkin: 'must be today or later',
      checkout: 'must be after checkin',
      adults: 'must be between 1 and 50',
      children: 'must be between 0 and 50',
      bedrooms: 'must be between 1 and 50',
    });
    const missing = await api(`/properties/${(await simpleStay()).id}/quote`);
    expect(missing.body.error.validation).toEqual({ checkin: 'is required', checkout: 'is required' });
  });

  it('answers 404 for unknown, removed and not-allowed properties', async () => {
    const q = `checkin=${addDays(today(), 30)}&checkout=${addDays(today(), 37)}`;
    expect((await api(`/properties/999999/quote?${q}`)).status).toBe(404);
    const [removed] = await rows<{ id: number }>(
      service.db,
      sql`SELECT id FROM properties WHERE status = 'removed' LIMIT 1`,
    );
    expect((await api(`/properties/${removed!.id}/quote?${q}`)).status).toBe(404);
    const outside = await propertyOutsideAllowList(service.db);
    expect((await api(`/properties/${outside}/quote?${q}`, { key: DEMO_KEYS.testRestricted })).status).toBe(
      404,
    );
  });
});
