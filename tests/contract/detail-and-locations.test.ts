import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { refreshPropertyDocuments } from '@/lib/catalog-api/read-model';
import { POLICY_KEYS, strict } from '@/lib/contract';
import { allPages, api, DEMO_KEYS, rows, setupService } from './service';

const service = setupService({ properties: 300, seed: 11 });

describe('GET /properties/{id}', () => {
  it('returns a PropertyDetail that matches the schema exactly and repeats the catalog summary', async () => {
    const summaries = await allPages('/properties?per_page=200');
    for (const summary of summaries.slice(0, 40)) {
      const res = await api(`/properties/${summary.id}`);
      expect(res.status).toBe(200);
      const detail = strict.propertyDetail.parse(res.body);
      // Every PropertySummary field of the detail equals the catalog's item.
      const picked = Object.fromEntries(
        Object.keys(summary).map((k) => [k, detail[k as keyof typeof detail]]),
      );
      expect(picked).toEqual(summary);
      expect(detail.url).toBe(`http://localhost:3000/properties/${detail.id}`);
      expect(detail.location.url).toBe(`http://localhost:3000/destinations/${detail.location.id}`);
    }
  });

  it('lists reviews newest first, all seven policies, rooms per bedroom and HH:MM arrival times', async () => {
    const [row] = await rows<{ id: number }>(
      service.db,
      sql`SELECT property_id AS id FROM reviews GROUP BY property_id HAVING count(*) >= 4 LIMIT 1`,
    );
    const detail = strict.propertyDetail.parse((await api(`/properties/${row!.id}`)).body);
    const dates = detail.reviews.map((r) => r.date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(Object.keys(detail.policies).sort()).toEqual([...POLICY_KEYS].sort());
    expect(detail.rooms.bedrooms).toHaveLength(detail.bedrooms);
    expect(detail.arrival.checkin_time).toMatch(/^\d{2}:\d{2}$/);
    const mean = detail.reviews.reduce((s, r) => s + r.rating, 0) / detail.reviews.length;
    expect(detail.rating).toBe(Math.round(mean * 10) / 10);
  });

  it('uses the first photo by position as the cover, and null when there is none', async () => {
    const [withPhotos] = await rows<{ id: number; first: number }>(
      service.db,
      sql`SELECT p.id, (SELECT i.id FROM images i WHERE i.property_id = p.id ORDER BY position LIMIT 1) AS first
          FROM properties p WHERE status = 'live' AND EXISTS (SELECT 1 FROM images WHERE property_id = p.id) LIMIT 1`,
    );
    const detail = (await api(`/properties/${withPhotos!.id}`)).body;
    expect(detail.image.url).toBe(`http://localhost:3000/cdn/photos/${withPhotos!.first}`);
    expect(detail.image.sizes).toEqual({
      thumb: `${detail.image.url}-400w`,
      medium: `${detail.image.url}-800w`,
      large: `${detail.image.url}-1600w`,
    });
    // A writer removing every photo rebuilds the property's documents in the same step.
    await service.db.execute(sql`DELETE FROM images WHERE property_id = ${withPhotos!.id}`);
    await refreshPropertyDocuments(service.db, [withPhotos!.id]);
    expect((await api(`/properties/${withPhotos!.id}`)).body.image).toBeNull();
  });

  it('carries nulls where the owner has said nothing (rating, coordinates, texts, policies)', async () => {
    const [nulls] = await rows<{ rating: number; coords: number; description: number; policy: number }>(
      service.db,
      sql`SELECT count(*) FILTER (WHERE rating IS NULL)::int AS rating,
                 count(*) FILTER (WHERE latitude IS NULL)::int AS coords,
                 count(*) FILTER (WHERE description IS NULL)::int AS description,
                 count(*) FILTER (WHERE policies->>'pets' IS NULL)::int AS policy
          FROM properties WHERE status = 'live'`,
    );
    expect(nulls!.rating).toBeGreaterThan(0);
    expect(nulls!.coords).toBeGreaterThan(0);
    const [unrated] = await rows<{ id: number }>(
      service.db,
      sql`SELECT id FROM properties WHERE status = 'live' AND rating IS NULL LIMIT 1`,
    );
    const detail = strict.propertyDetail.parse((await api(`/properties/${unrated!.id}`)).body);
    expect(detail.rating).toBeNull();
    expect(detail.reviews).toEqual([]);
  });

  it('answers 404 for an unknown property and for one that left the catalog', async () => {
    expect((await api('/properties/999999')).body.error.code).toBe('not_found');
    const [removed] = await rows<{ id: number }>(
      service.db,
      sql`SELECT id FROM properties WHERE status = 'removed' LIMIT 1`,
    );
    const res = await api(`/properties/${removed!.id}`);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
  });

  it('answers 404 to a restricted key for a property outside its allow-list', async () => {
    const [key] = await rows<{ allow_list: number[] }>(
      service.db,
      sql`SELECT allow_list FROM api_keys WHERE allow_list IS NOT NULL`,
    );
    const allowed = key!.allow_list[0]!;
    expect((await api(`/properties/${allowed}`, { key: DEMO_KEYS.testRestricted })).status).toBe(200);
    const [outside] = await rows<{ id: number }>(
      service.db,
      sql`SELECT id FROM properties WHERE status = 'live' AND NOT (id = ANY(${`{${key!.allow_list.join(',')}}`}::int[])) LIMIT 1`,
    );
    expect((await api(`/properties/${outside!.id}`, { key: DEMO_KEYS.testRestricted })).status).toBe(404);
    expect((await api(`/properties/${outside!.id}`)).status).toBe(200);
  });
});

describe('GET /locations', () => {
  it('lists locations with live properties, ordered so a parent precedes its children', async () => {
    const res = await api('/locations');
    expect(res.status).toBe(200);
    const { locations } = strict.locationCatalog.parse(res.body);
    const index = new Map(locations.map((l, i) => [l.id, i]));
    for (const [i, l] of locations.entries()) {
      expect(l.property_count).toBeGreaterThan(0);
      if (l.parent_id !== null) {
        expect(index.get(l.parent_id)).toBeLessThan(i);
        expect(l.path.slice(0, -1)).toEqual(locations[index.get(l.parent_id)!]!.path);
      }
      expect(l.path.at(-1)).toBe(l.name);
      expect(l.url).toBe(`http://localhost:3000/destinations/${l.id}`);
    }
    const roots = locations.filter((l) => l.parent_id === null);
    const live = await allPages('/properties?per_page=200');
    expect(roots.reduce((s, l) => s + l.property_count, 0)).toBe(live.length);
  });

  it('counts equal what the catalog returns for location = that id, at every depth', async () => {
    const { locations } = (await api('/locations')).body as { locations: any[] };
    for (const depth of [1, 2, 3, 4]) {
      for (const l of locations.filter((x) => x.path.length === depth).slice(0, 4)) {
        const res = await api(`/properties?per_page=1&location=${l.id}`);
        expect(res.body.pagination.total).toBe(l.property_count);
      }
    }
  });

  it('counts within the allow-list for a restricted key', async () => {
    const { locations } = (await api('/locations', { key: DEMO_KEYS.testRestricted })).body as {
      locations: any[];
    };
    const roots = locations.filter((l) => l.parent_id === null);
    expect(roots.reduce((s, l) => s + l.property_count, 0)).toBe(20);
    for (const l of locations.slice(0, 10)) {
      const res = await api(`/properties?per_page=1&location=${l.id}`, { key: DEMO_KEYS.testRestricted });
      expect(res.body.pagination.total).toBe(l.property_count);
    }
  });
});
