import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { strict } from '@/lib/contract';
import { allPages, api, DEMO_KEYS, rows, setupService } from './service';

const service = setupService({ properties: 400 });

interface Range {
  property_id: number;
  checkin: string;
  checkout: string;
  checkin_full_day: boolean;
  checkout_full_day: boolean;
}

/** docs/decisions.md#free-for-a-stay, written again independently of the SQL: is the stay free of this range? */
function rangeAllows(r: Range, checkin: string, checkout: string): boolean {
  if (r.checkin < checkout && r.checkout > checkin) return false;
  if (r.checkin === checkout && r.checkin_full_day) return false;
  if (r.checkout === checkin && r.checkout_full_day) return false;
  return true;
}

async function liveIds(): Promise<number[]> {
  const found = await rows<{ id: number }>(
    service.db,
    sql`SELECT id FROM properties WHERE status = 'live' ORDER BY id`,
  );
  return found.map((r) => r.id);
}

describe('GET /properties: page and pagination', () => {
  it('returns the first 50 live properties by id with a correct pagination block', async () => {
    const ids = await liveIds();
    const res = await api('/properties');
    expect(res.status).toBe(200);
    const page = strict.catalogPage.parse(res.body);
    expect(page.properties.map((p) => p.id)).toEqual(ids.slice(0, 50));
    expect(page.pagination).toEqual({
      page: 1,
      per_page: 50,
      total: ids.length,
      total_pages: Math.ceil(ids.length / 50),
      next: '/properties?page=2&per_page=50',
    });
  });

  it('lists every live property exactly once when following next, and never a removed one', async () => {
    const ids = await liveIds();
    const removed = await rows<{ id: number }>(
      service.db,
      sql`SELECT id FROM properties WHERE status = 'removed'`,
    );
    expect(removed.length).toBeGreaterThan(0);
    for (const sort of ['id', '-sleeps', 'bedrooms', '-updated']) {
      const seen = (await allPages(`/properties?per_page=37&sort=${sort}`)).map((p) => p.id);
      expect(seen).toHaveLength(ids.length);
      expect([...seen].sort((a, b) => a - b)).toEqual(ids);
    }
  });

  it('keeps the caller’s parameters in next, and ends with next null', async () => {
    const first = await api('/properties?sort=-sleeps&per_page=10&guests=4&foo=bar');
    expect(first.body.pagination.next).toBe('/properties?page=2&per_page=10&sort=-sleeps&guests=4&foo=bar');
    const last = await api(
      `/properties?per_page=10&page=${first.body.pagination.total_pages}&sort=-sleeps&guests=4`,
    );
    expect(last.body.pagination.next).toBeNull();
    expect(last.body.properties.length).toBeGreaterThan(0);
  });

  it('answers a page past the end with an empty list, the true total and no next', async () => {
    const ids = await liveIds();
    const res = await api('/properties?page=999&per_page=200');
    expect(res.status).toBe(200);
    expect(res.body.properties).toEqual([]);
    expect(res.body.pagination).toMatchObject({ page: 999, total: ids.length, next: null });
  });

  it('reports zero pages for an empty result', async () => {
    const res = await api('/properties?location=987654');
    expect(res.status).toBe(200);
    expect(res.body.pagination).toEqual({ page: 1, per_page: 50, total: 0, total_pages: 0, next: null });
  });

  it.each([
    ['per_page=0', 'per_page', 'must be between 1 and 200'],
    ['per_page=201', 'per_page', 'must be between 1 and 200'],
    ['per_page=1.5', 'per_page', 'must be an integer (between 1 and 200)'],
    ['per_page=', 'per_page', 'must be an integer (between 1 and 200)'],
    ['page=0', 'page', 'must be at least 1'],
    ['page=-3', 'page', 'must be at least 1'],
    ['page=two', 'page', 'must be an integer (at least 1)'],
    ['guests=0', 'guests', 'must be between 1 and 100'],
    ['rooms=0', 'rooms', 'must be between 1 and 50'],
    ['location=north', 'location', 'must be an integer'],
    ['sort=price', 'sort', 'must be one of id, -id, bedrooms, -bedrooms, sleeps, -sleeps, updated, -updated'],
    ['updated_since=2026-01-01', 'updated_since', 'must be an ISO 8601 date-time'],
    ['checkin=2027-02-30&checkout=2027-03-02', 'checkin', 'must be a date (YYYY-MM-DD)'],
  ])('refuses %s with 400 naming %s', async (query, field, message) => {
    const res = await api(`/properties?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.validation).toEqual({ [field]: message });
  });

  it('accepts per_page at both ends of its range', async () => {
    expect((await api('/properties?per_page=1')).body.properties).toHaveLength(1);
    expect((await api('/properties?per_page=200')).body.properties).toHaveLength(200);
  });

  it('uses the first value of a repeated parameter and ignores unknown ones', async () => {
    const res = await api('/properties?per_page=5&per_page=10&colour=blue');
    expect(res.status).toBe(200);
    expect(res.body.properties).toHaveLength(5);
  });
});

describe('GET /properties: sorting', () => {
  const key = (p: any, field: string) => (field === 'updated' ? p.updated_at : p[field]);
  it.each(['bedrooms', 'sleeps', 'updated'])('sorts by %s both ways, ties by id ascending', async (field) => {
    for (const dir of [1, -1]) {
      const items = await allPages(`/properties?per_page=200&sort=${dir === 1 ? '' : '-'}${field}`);
      for (let i = 1; i < items.length; i++) {
        const [a, b] = [items[i - 1], items[i]];
        const cmp = key(a, field) < key(b, field) ? -1 : key(a, field) > key(b, field) ? 1 : 0;
        if (cmp === 0) expect(a.id).toBeLessThan(b.id);
        else expect(cmp, `${field}: ${a.id} (${key(a, field)}) before ${b.id} (${key(b, field)})`).toBe(-dir);
      }
    }
  });

  it('sorts by id descending with -id', async () => {
    const ids = await liveIds();
    expect((await api('/properties?sort=-id&per_page=5')).body.properties.map((p: any) => p.id)).toEqual(
      ids.slice(-5).reverse(),
    );
  });
});

describe('GET /properties: filters', () => {
  it('filters by updated_since, inclusive of the instant itself', async () => {
    const items = await allPages('/properties?per_page=200');
    const pivot = [...items].sort((a, b) => a.updated_at.localeCompare(b.updated_at))[
      Math.floor(items.length / 2)
    ];
    const since = await allPages(`/properties?per_page=200&updated_since=${pivot.updated_at}`);
    expect(since.map((p) => p.id).sort()).toEqual(
      items
        .filter((p) => p.updated_at >= pivot.updated_at)
        .map((p) => p.id)
        .sort(),
    );
    expect(since.map((p) => p.id)).toContain(pivot.id);
    // The same instant written with an offset selects the same set.
    const shifted = new Date(Date.parse(pivot.updated_at) + 2 * 3600_000).toISOString().slice(0, 19);
    const offset = await api(
      `/properties?per_page=200&updated_since=${encodeURIComponent(`${shifted}+02:00`)}`,
    );
    expect(offset.body.pagination.total).toBe(since.length);
  });

  it('matches a location and every descendant', async () => {
    const locations = (await api('/locations')).body.locations as any[];
    const country = locations.find((l) => l.path.length === 2 && l.property_count > 5)!;
    const inCountry = await allPages(`/properties?per_page=200&location=${country.id}`);
    expect(inCountry.length).toBe(country.property_count);
    for (const p of inCountry) expect(p.location.path.slice(0, 2)).toEqual(country.path);
    const all = await allPages('/properties?per_page=200');
    const outside = all.filter((p) => p.location.path[1] !== country.path[1]);
    expect(outside.length + inCountry.length).toBe(all.length);
  });

  it('filters by guests (minimum sleeps) and rooms (minimum bedrooms)', async () => {
    const all = await allPages('/properties?per_page=200');
    const big = await allPages('/properties?per_page=200&guests=9&rooms=5');
    expect(big.length).toBe(all.filter((p) => p.sleeps >= 9 && p.bedrooms >= 5).length);
    expect(big.length).toBeGreaterThan(0);
  });

  it('keeps only properties free for the whole stay, by the full-day rules, on sampled stays', async () => {
    const ranges = await rows<Range>(
      service.db,
      sql`SELECT property_id, checkin::text, checkout::text, checkin_full_day, checkout_full_day FROM booked_ranges`,
    );
    const byProperty = new Map<number, Range[]>();
    for (const r of ranges) byProperty.set(r.property_id, [...(byProperty.get(r.property_id) ?? []), r]);
    const all = await allPages('/properties?per_page=200');
    const stays = (
      await rows<{ checkin: string; checkout: string }>(
        service.db,
        // Stays that start or end exactly on range edges: where the full-day flags decide.
        sql`(SELECT checkout::text AS checkin, (checkout + 4)::text AS checkout FROM booked_ranges WHERE checkout_full_day ORDER BY id LIMIT 3)
            UNION ALL (SELECT (checkin - 5)::text, checkin::text FROM booked_ranges WHERE checkin_full_day ORDER BY id LIMIT 3)
            UNION ALL (SELECT (current_date + 30)::text, (current_date + 37)::text)`,
      )
    ).slice(0, 7);
    for (const stay of stays) {
      const free = await allPages(
        `/properties?per_page=200&checkin=${stay.checkin}&checkout=${stay.checkout}`,
      );
      const expected = all.filter((p) =>
        (byProperty.get(p.id) ?? []).every((r) => rangeAllows(r, stay.checkin, stay.checkout)),
      );
      expect(free.map((p) => p.id)).toEqual(expected.map((p) => p.id));
      expect(free.length).toBeLessThan(all.length);
    }
  });

  it('honours each full-day flag on a range built for the purpose, and holds block like bookings', async () => {
    const [target] = await liveIds();
    await service.db.execute(
      sql`DELETE FROM booked_ranges WHERE property_id = ${target} AND checkin > '2029-01-01'`,
    );
    await service.db.execute(sql`INSERT INTO booked_ranges (property_id, checkin, checkout, checkin_full_day, checkout_full_day, status, created_at)
      VALUES (${target}, '2029-06-10', '2029-06-15', true, false, 'confirmed', now()),
             (${target}, '2029-07-10', '2029-07-15', false, true, 'hold', now()),
             (${target}, '2029-08-10', '2029-08-15', false, false, 'hold', now())`);
    const free = async (checkin: string, checkout: string) =>
      (await allPages(`/properties?per_page=200&checkin=${checkin}&checkout=${checkout}`)).some(
        (p) => p.id === target,
      );
    expect(await free('2029-06-05', '2029-06-10')).toBe(false); // ends on a full-day check-in
    expect(await free('2029-06-15', '2029-06-18')).toBe(true); // starts on a normal checkout day
    expect(await free('2029-07-05', '2029-07-10')).toBe(true); // ends on a normal check-in day
    expect(await free('2029-07-15', '2029-07-18')).toBe(false); // starts on a full-day checkout
    expect(await free('2029-08-12', '2029-08-13')).toBe(false); // a hold blocks its nights
    expect(await free('2029-08-05', '2029-08-10')).toBe(true); // back to back with a hold is fine
    expect(await free('2029-08-14', '2029-08-20')).toBe(false); // overlaps the hold's last night
  });

  it.each([
    ['checkin=2029-01-10', { checkout: 'is required with checkin' }],
    ['checkout=2029-01-10', { checkin: 'is required with checkout' }],
    ['checkin=2029-01-10&checkout=2029-01-10', { checkout: 'must be after checkin' }],
    ['checkin=2029-01-10&checkout=2029-01-09', { checkout: 'must be after checkin' }],
    ['checkin=2029-01-10&page=0', { checkout: 'is required with checkin', page: 'must be at least 1' }],
  ])('refuses %s', async (query, validation) => {
    const res = await api(`/properties?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.error.validation).toEqual(validation);
  });
});

describe('GET /properties: allow-lists', () => {
  it('shows a restricted key exactly its 20 allowed properties', async () => {
    const items = await allPages('/properties?per_page=7', DEMO_KEYS.testRestricted);
    const [key] = await rows<{ allow_list: number[] }>(
      service.db,
      sql`SELECT allow_list FROM api_keys WHERE label LIKE '%20 allowed%'`,
    );
    expect(items.map((p) => p.id).sort((a, b) => a - b)).toEqual([...key!.allow_list].sort((a, b) => a - b));
    expect(items).toHaveLength(20);
  });
});
