import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runActivityBatch } from '@/lib/catalog-api/activity';
import {
  addBookedRange,
  editRates,
  lapseHolds,
  publishProperty,
  removeProperty,
  reorderPhotos,
} from '@/lib/catalog-api/writers';
import { strict } from '@/lib/contract';
import { addDays, today } from '@/lib/dates';
import { Random } from '@/lib/sandbox/demo/random';
import { type ApiResponse, allPages, api, DEMO_KEYS, rows, setupService } from './service';

const service = setupService({ properties: 300, seed: 9 });

const AREAS = ['content', 'rates', 'availability', 'images'] as const;

async function feed(query: string, key?: string) {
  const items: any[] = [];
  let next: string | null = `/properties/changes?${query}`;
  while (next) {
    const res: ApiResponse = await api(next, { key });
    expect(res.status).toBe(200);
    items.push(...strict.changesPage.parse(res.body).changes);
    next = res.body.pagination.next;
  }
  return items;
}

async function item(since: string, id: number) {
  return (await feed(`since=${since}&per_page=1000`)).find((c) => c.id === id);
}

const instant = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
/*
 * Instants in the feed have whole seconds, so each change must happen at least a second after the one
 * before. The service's clock (lib/dates, Date) is the test's: it moves a second on instead of waiting one.
 */
beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
});
afterAll(() => {
  vi.useRealTimers();
});
const pause = async () => {
  vi.setSystemTime(Date.now() + 1100);
};

async function liveProperty(offset = 0): Promise<number> {
  const found = await rows<{ id: number }>(
    service.db,
    sql`SELECT id FROM properties p WHERE status = 'live' AND (SELECT count(*) FROM images WHERE property_id = p.id) > 2
        ORDER BY id OFFSET ${offset} LIMIT 1`,
  );
  return found[0]!.id;
}

/** The area that moved is at or after `since`; every other area is as it was before. */
function expectOnlyMoved(after: any, before: any, since: string, moved: readonly string[]) {
  for (const area of AREAS) {
    if (moved.includes(area)) expect(after.updated[area]).toBeAtOrAfter(since);
    else expect(after.updated[area]).toBe(before.updated[area]);
  }
  expect(after.updated_at).toBeAtOrAfter(since);
}

describe('GET /properties/changes', () => {
  it('lists every live property by id with its area times when called without since', async () => {
    const items = await feed('per_page=1000');
    const live = await rows<{ id: number }>(
      service.db,
      sql`SELECT id FROM properties WHERE status = 'live' ORDER BY id`,
    );
    expect(items.map((c) => c.id)).toEqual(live.map((r) => r.id));
    for (const c of items) {
      expect(c.status).toBe('live');
      expect(c.updated_at).toBe(
        [c.updated.content, c.updated.rates, c.updated.availability, c.updated.images]
          .filter(Boolean)
          .sort()
          .at(-1) ?? c.updated_at,
      );
    }
  });

  it('pages by 500 by default and by up to 1000', async () => {
    const res = await api('/properties/changes?per_page=100');
    expect(res.body.pagination).toMatchObject({
      page: 1,
      per_page: 100,
      next: '/properties/changes?page=2&per_page=100',
    });
    expect((await api('/properties/changes')).body.pagination.per_page).toBe(500);
    expect((await api('/properties/changes?per_page=1000')).status).toBe(200);
  });

  it.each([
    ['per_page=1001', { per_page: 'must be between 1 and 1000' }],
    ['per_page=0', { per_page: 'must be between 1 and 1000' }],
    ['since=2026-11-01', { since: 'must be an ISO 8601 date-time' }],
    ['since=last-week&page=0', { since: 'must be an ISO 8601 date-time', page: 'must be at least 1' }],
  ])('refuses %s', async (query, validation) => {
    const res = await api(`/properties/changes?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.error.validation).toEqual(validation);
  });

  it('shows a removed property only with a since before its removal', async () => {
    const [removed] = await rows<{ id: number; at: string }>(
      service.db,
      sql`SELECT id, svc_iso(removed_at) AS at FROM properties WHERE status = 'removed' ORDER BY removed_at LIMIT 1`,
    );
    const before = new Date(Date.parse(removed!.at) - 1000).toISOString();
    const after = new Date(Date.parse(removed!.at) + 1000).toISOString();
    expect(await item(before, removed!.id)).toEqual({
      id: removed!.id,
      status: 'removed',
      updated_at: removed!.at,
      updated: null,
    });
    expect(await item(after, removed!.id)).toBeUndefined();
    expect((await feed('per_page=1000')).some((c) => c.id === removed!.id)).toBe(false);
  });

  it('agrees with the catalog’s updated_since', async () => {
    const items = await allPages('/properties?per_page=200');
    const since = [...items].sort((a, b) => a.updated_at.localeCompare(b.updated_at))[
      Math.floor(items.length * 0.8)
    ].updated_at;
    const catalog = (await allPages(`/properties?per_page=200&updated_since=${since}`))
      .map((p) => p.id)
      .sort((a, b) => a - b);
    const live = (await feed(`since=${since}&per_page=1000`))
      .filter((c) => c.status === 'live')
      .map((c) => c.id);
    expect(live).toEqual(catalog);
  });

  it('keeps a restricted key to its allow-list', async () => {
    const items = await feed('per_page=1000', DEMO_KEYS.testRestricted);
    expect(items).toHaveLength(20);
  });
});

describe('catalog changes move exactly their area', () => {
  it('a booking moves availability only, and the calendar shows it', async () => {
    const id = await liveProperty(0);
    const before = await item('2000-01-01T00:00:00Z', id);
    await pause();
    const since = instant();
    const checkin = addDays(today(), 900); // past every seeded range
    expect(
      await addBookedRange(service.db, id, { checkin, checkout: addDays(checkin, 5), status: 'confirmed' }),
    ).toBe(true);
    expectOnlyMoved(await item(since, id), before, since, ['availability']);
    const calendar = (await api(`/properties/${id}/availability?from=${checkin}&to=${addDays(checkin, 5)}`))
      .body;
    expect(calendar.booked).toContainEqual(expect.objectContaining({ checkin, status: 'confirmed' }));
    expect(
      await addBookedRange(service.db, id, {
        checkin: addDays(checkin, 2),
        checkout: addDays(checkin, 4),
        status: 'hold',
      }),
    ).toBe(false);
  });

  it('a lapsed hold disappears from the calendar and moves availability', async () => {
    const id = await liveProperty(1);
    const checkin = addDays(today(), 950);
    await addBookedRange(service.db, id, {
      checkin,
      checkout: addDays(checkin, 3),
      status: 'hold',
      expiresAt: new Date(Date.now() - 1000).toISOString(),
    });
    const before = await item('2000-01-01T00:00:00Z', id);
    await pause();
    const since = instant();
    expect(await lapseHolds(service.db)).toContain(id);
    expectOnlyMoved(await item(since, id), before, since, ['availability']);
    const calendar = (await api(`/properties/${id}/availability?from=${checkin}&to=${addDays(checkin, 3)}`))
      .body;
    expect(calendar.booked).toEqual([]);
  });

  it('a rate edit moves rates only, and the rate sheet and quotes show the new prices', async () => {
    const [priced] = await rows<{ id: number }>(
      service.db,
      sql`SELECT id FROM properties WHERE status = 'live' AND NOT price_on_request
          AND (SELECT max(end_date) FROM rate_periods r WHERE r.property_id = properties.id) > current_date + 200
          ORDER BY id LIMIT 1`,
    );
    const id = priced!.id;
    const stay = `checkin=${addDays(today(), 100)}&checkout=${addDays(today(), 114)}&adults=1`;
    const oldSheet = (await api(`/properties/${id}/rates`)).body;
    const oldQuote = (await api(`/properties/${id}/quote?${stay}`)).body;
    expect(oldQuote.totals.rate).toBeGreaterThan(0);
    const before = await item('2000-01-01T00:00:00Z', id);
    await pause();
    const since = instant();
    await editRates(service.db, id, 1.1);
    expectOnlyMoved(await item(since, id), before, since, ['rates']);
    const newSheet = (await api(`/properties/${id}/rates`)).body;
    expect(newSheet.rates[0].nightly).toBeCloseTo(oldSheet.rates[0].nightly * 1.1, 1);
    const newQuote = (await api(`/properties/${id}/quote?${stay}`)).body;
    expect(newQuote.totals.rate / oldQuote.totals.rate).toBeCloseTo(1.1, 2);
  });

  it('a photo reorder moves images only and changes the cover everywhere', async () => {
    const id = await liveProperty(3);
    const photos = (await api(`/properties/${id}/images`)).body.images;
    const before = await item('2000-01-01T00:00:00Z', id);
    await pause();
    const since = instant();
    expect(await reorderPhotos(service.db, id)).toBe(true);
    expectOnlyMoved(await item(since, id), before, since, ['images']);
    const newCover = photos.at(-1).url;
    expect((await api(`/properties/${id}/images`)).body.images[0].url).toBe(newCover);
    expect((await api(`/properties/${id}`)).body.image.url).toBe(newCover);
    expect((await allPages('/properties?per_page=200')).find((p) => p.id === id).image.url).toBe(newCover);
  });

  it('a property leaving is removed from the catalog, the counts and the detail, and shows as removed', async () => {
    const id = await liveProperty(4);
    const location = (await api(`/properties/${id}`)).body.location.id;
    const countBefore = (await api('/locations')).body.locations.find(
      (l: any) => l.id === location,
    ).property_count;
    const since = instant();
    expect(await removeProperty(service.db, id)).toBe(true);
    expect(await item(since, id)).toMatchObject({ id, status: 'removed', updated: null });
    expect((await api(`/properties/${id}`)).status).toBe(404);
    const after = (await api('/locations')).body.locations.find((l: any) => l.id === location);
    expect(after?.property_count ?? 0).toBe(countBefore - 1);
  });

  it('a published draft arrives with every area new', async () => {
    const [draft] = await rows<{ id: number }>(
      service.db,
      sql`SELECT id FROM properties WHERE status = 'draft' LIMIT 1`,
    );
    expect((await api(`/properties/${draft!.id}`)).status).toBe(404);
    const since = instant();
    expect(await publishProperty(service.db, draft!.id)).toBe(true);
    const arrived = await item(since, draft!.id);
    for (const area of AREAS) expect(arrived.updated[area]).toBeAtOrAfter(since);
    expect((await api(`/properties/${draft!.id}`)).status).toBe(200);
  });

  it('every change of an activity batch shows in the feed with its area moved', async () => {
    await pause();
    const since = instant();
    const changes = await runActivityBatch(service.db, new Random(3));
    expect(changes.length).toBeGreaterThanOrEqual(5);
    const items = await feed(`since=${since}&per_page=1000`);
    for (const c of changes) {
      const found = items.find((i) => i.id === c.propertyId);
      if (c.change === 'removed') expect(found).toMatchObject({ status: 'removed' });
      else if (c.change === 'published') expect(found.updated.content).toBeAtOrAfter(since);
      else expect(found.updated[c.change]).toBeAtOrAfter(since);
    }
    const touched = new Set(changes.map((c) => c.propertyId));
    expect(items.every((i) => touched.has(i.id))).toBe(true);
  });
});
