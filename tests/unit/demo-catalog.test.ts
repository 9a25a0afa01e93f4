import { describe, expect, it } from 'vitest';
import { FEE_TYPES, POLICY_KEYS, PROPERTY_TYPES } from '@/lib/contract';
import { addDays, daysBetween } from '@/lib/dates';
import {
  availabilityProblem,
  bedroomsPriced,
  occupancyOf,
  type Period,
  type Rate,
  rateForNight,
  ruleProblem,
} from '@/lib/rules';
import { generateDemoCatalog } from '@/lib/sandbox/demo/generate';
import { landFor } from '@/lib/sandbox/demo/scenery';

const NOW = '2026-11-21T12:00:00Z';
// Large enough for every case the generator draws (12 bedrooms, every fee type, three rate tiers), small
// enough to build in a blink: the unit suite stays fast on two busy cores.
const SIZE = 400;
const catalog = generateDemoCatalog({ seed: 42, properties: SIZE, now: NOW });
const live = catalog.properties.filter((p) => p.status === 'live');

/** A property's bookings and rates in the shared rules' shapes. */
function termsOf(id: number) {
  const booked = catalog.booked_ranges
    .filter((r) => r.property_id === id)
    .map((r) => ({
      checkin: r.checkin,
      checkout: r.checkout,
      checkin_full_day: r.checkin_full_day ?? false,
      checkout_full_day: r.checkout_full_day ?? false,
    }));
  const periods: Period[] = catalog.rate_periods
    .filter((r) => r.property_id === id)
    .map((r) => ({
      start: r.start_date,
      end: r.end_date,
      rooms: r.rooms,
      nightly: Number(r.nightly),
      weekly: r.weekly === null ? null : Number(r.weekly),
      monthly: r.monthly === null ? null : Number(r.monthly),
      minStay: r.min_stay,
    }));
  const d = catalog.default_rates.find((r) => r.property_id === id);
  const defaultRate: Rate | null = d
    ? {
        rooms: d.rooms,
        nightly: Number(d.nightly),
        weekly: null,
        monthly: d.monthly === null ? null : Number(d.monthly),
        minStay: d.min_stay,
      }
    : null;
  return { occupancy: occupancyOf(booked), periods, defaultRate };
}

describe('demo catalog generator', () => {
  it('is deterministic for a seed and differs for another seed', () => {
    const again = generateDemoCatalog({ seed: 42, properties: SIZE, now: NOW });
    expect(again.properties).toEqual(catalog.properties);
    expect(again.booked_ranges).toEqual(catalog.booked_ranges);
    const other = generateDemoCatalog({ seed: 43, properties: SIZE, now: NOW });
    expect(other.properties.map((p) => p.name)).not.toEqual(catalog.properties.map((p) => p.name));
    // Two more catalogs of 3,000 properties, each with its photo galleries planned: seconds on a busy machine.
  }, 30_000);

  it('builds about 800 locations in a three-to-four level tree, properties on leaves only', () => {
    expect(catalog.locations.length).toBeGreaterThan(700);
    expect(catalog.locations.length).toBeLessThan(950);
    const depths = new Set(catalog.locations.map((l) => l.depth));
    expect([...depths].sort()).toEqual([1, 2, 3, 4]);
    const parents = new Set(catalog.locations.map((l) => l.parent_id));
    for (const p of catalog.properties) expect(parents.has(p.location_id)).toBe(false);
    const leafDepths = new Set(
      catalog.properties.map((p) => catalog.locations.find((l) => l.id === p.location_id)!.depth),
    );
    expect([...leafDepths].sort()).toEqual([3, 4]);
    // Real coordinates for the upper levels: Tuscany is where it should be.
    const tuscany = catalog.locations.find((l) => l.name === 'Tuscany')!;
    expect(tuscany).toMatchObject({
      latitude: 43.35,
      longitude: 11.02,
      path: ['Europe', 'Italy', 'Tuscany'],
    });
    expect(catalog.locations.find((l) => l.name === 'Cape Town')!.latitude).toBeLessThan(0);
  });

  it('uses every property type, 1-12 bedrooms, several currencies and every fee type', () => {
    expect(new Set(catalog.properties.map((p) => p.type))).toEqual(new Set(PROPERTY_TYPES));
    const bedrooms = catalog.properties.map((p) => p.bedrooms);
    expect(Math.min(...bedrooms)).toBe(1);
    expect(Math.max(...bedrooms)).toBe(12);
    expect(new Set(catalog.properties.map((p) => p.currency_code)).size).toBeGreaterThanOrEqual(8);
    expect(new Set(catalog.fees.map((f) => f.type))).toEqual(new Set(FEE_TYPES));
    expect(catalog.fees.some((f) => f.refundable)).toBe(true);
    expect(catalog.properties.some((p) => p.currency_code === 'JPY')).toBe(true);
  });

  it('includes the awkward cases: null ratings, coordinates, covers, policies, default rates; price on request', () => {
    expect(live.some((p) => p.rating === null)).toBe(true);
    expect(live.some((p) => p.latitude === null)).toBe(true);
    const withImages = new Set(catalog.images.map((i) => i.property_id));
    expect(live.some((p) => !withImages.has(p.id))).toBe(true);
    const policyValues = new Set(live.flatMap((p) => POLICY_KEYS.map((k) => p.policies[k])));
    expect(policyValues).toEqual(new Set(['yes', 'no', 'on_request', null]));
    const withDefault = new Set(catalog.default_rates.map((r) => r.property_id));
    expect(live.some((p) => !withDefault.has(p.id))).toBe(true);
    expect(live.some((p) => p.price_on_request)).toBe(true);
    const imageCounts = new Map<number, number>();
    for (const i of catalog.images) imageCounts.set(i.property_id, (imageCounts.get(i.property_id) ?? 0) + 1);
    expect(Math.max(...imageCounts.values())).toBeLessThanOrEqual(30);
  });

  it('publishes rates for this year and next per bedroom tier, some only part way ahead', () => {
    const years = new Set(catalog.rate_periods.map((r) => r.start_date.slice(0, 4)));
    expect(years).toEqual(new Set(['2025', '2026', '2027']));
    const lastEnd = new Map<number, string>();
    for (const r of catalog.rate_periods) {
      const end = r.end_date;
      if ((lastEnd.get(r.property_id) ?? '') < end) lastEnd.set(r.property_id, end);
    }
    const ends = new Set(lastEnd.values());
    expect(ends).toEqual(new Set(['2028-01-07', '2027-06-14', '2026-12-18']));
    const tiers = new Map<number, Set<number>>();
    for (const r of catalog.rate_periods)
      tiers.set(r.property_id, (tiers.get(r.property_id) ?? new Set()).add(r.rooms));
    expect([...tiers.values()].some((t) => t.size === 3)).toBe(true);
  });

  it('books and holds from the past months to two years ahead, never overlapping, with both full-day flags', () => {
    const today = NOW.slice(0, 10);
    const byProperty = new Map<number, { checkin: string; checkout: string }[]>();
    for (const r of catalog.booked_ranges) {
      byProperty.set(r.property_id, [...(byProperty.get(r.property_id) ?? []), r]);
      expect(r.checkout).toBeAfter(r.checkin);
    }
    for (const ranges of byProperty.values()) {
      for (let i = 1; i < ranges.length; i++)
        expect(ranges[i]!.checkin).toBeAtOrAfter(ranges[i - 1]!.checkout);
    }
    const checkins = catalog.booked_ranges.map((r) => r.checkin).sort();
    expect(checkins[0]).toBeBefore(addDays(today, -90));
    expect(checkins.at(-1)).toBeAfter(addDays(today, 700));
    expect(catalog.booked_ranges.some((r) => r.status === 'hold')).toBe(true);
    expect(catalog.booked_ranges.some((r) => r.checkin_full_day)).toBe(true);
    expect(catalog.booked_ranges.some((r) => r.checkout_full_day)).toBe(true);
  });

  it('keeps updated_at the latest area time and removes a few properties in the last days', () => {
    for (const p of catalog.properties) {
      const areas = [
        p.content_updated_at,
        p.rates_updated_at,
        p.availability_updated_at,
        p.images_updated_at,
        p.removed_at,
      ];
      const latest = areas
        .filter((t): t is string => typeof t === 'string')
        .sort()
        .at(-1);
      if (latest) expect(p.updated_at).toBe(latest);
    }
    const removed = catalog.properties.filter((p) => p.status === 'removed');
    expect(removed.length).toBeGreaterThanOrEqual(3);
    for (const p of removed) {
      expect(Date.parse(NOW) - Date.parse(p.removed_at ?? '')).toBeLessThan(7 * 86_400_000);
    }
  });

  it('has stays of four weeks or more, at a monthly rate, in each of the coming seasons', () => {
    const today = NOW.slice(0, 10);
    for (let season = 0; season < 4; season++) {
      const from = addDays(today, 21 + season * 91);
      // Live homes with a 28-night stay free, bookable by the rules and priced at its monthly rate,
      // starting on some day of the season's first 56.
      const bookable = live.filter((p) => {
        const { occupancy, periods, defaultRate } = termsOf(p.id);
        for (let d = 0; d < 56; d++) {
          const checkin = addDays(from, d);
          const checkout = addDays(checkin, 28);
          if (availabilityProblem(occupancy, checkin, checkout)) continue;
          const stay = {
            checkin,
            checkout,
            adults: 2,
            children: 0,
            property: { bedrooms: p.bedrooms, sleeps: p.sleeps, priceOnRequest: p.price_on_request ?? false },
            periods,
            defaultRate,
          };
          if (ruleProblem(stay)) continue;
          const { rate } = rateForNight(checkin, bedroomsPriced(stay), periods, defaultRate);
          if (rate?.monthly) return true;
        }
        return false;
      });
      expect(bookable.length, `season from ${from}`).toBeGreaterThanOrEqual(Math.round(live.length * 0.05));
    }
  });

  it('says one thing about a home: policies, rules, staff, amenities and its setting agree', () => {
    const amenities = (id: number) =>
      catalog.amenities.filter((a) => a.property_id === id).flatMap((a) => a.items);
    let staffed = 0;
    for (const p of catalog.properties) {
      const items = amenities(p.id);
      const rules = p.house_rules ?? '';
      if (rules.includes('No parties or events')) expect(p.policies.events, p.name).not.toBe('yes');
      if (rules.includes('Pool is unfenced')) {
        expect(items).not.toContain('Pool fence');
        expect(items.some((i) => /pool/i.test(i))).toBe(true);
      }
      const home = ['villa', 'estate', 'chalet'].includes(p.type) && p.bedrooms >= 4;
      const staff = p.staff ?? [];
      if (!home)
        expect(
          staff.filter((s) => s !== 'Housekeeper'),
          p.name,
        ).toEqual([]);
      else if (staff.length) staffed++;
      if (items.includes('Dining for 12')) expect(p.sleeps).toBeGreaterThanOrEqual(10);
      if (p.type === 'apartment' || p.type === 'condo') expect(items).not.toContain('Private pool');
      if (p.location_description?.includes('beach')) {
        const place = catalog.locations.find((l) => l.id === p.location_id)!;
        expect(['coast', 'tropics']).toContain(landFor(place.path, place.latitude ?? 0).setting);
      }
    }
    expect(staffed).toBeGreaterThan(10);
    expect(catalog.properties.filter((p) => p.policies.long_term === 'yes').length).toBeGreaterThan(
      SIZE * 0.1,
    );
  });

  it('moves with today: every date is relative to the day it is generated', () => {
    for (const now of ['2026-05-01T00:00:00Z', '2027-05-01T00:00:00Z']) {
      const c = generateDemoCatalog({ seed: 42, properties: 50, now });
      const checkins = c.booked_ranges.map((r) => r.checkin).sort();
      expect(daysBetween(now.slice(0, 10), checkins.at(-1)!)).toBeGreaterThan(690);
      expect(daysBetween(now.slice(0, 10), checkins.at(-1)!)).toBeLessThanOrEqual(730 + 25);
      expect(daysBetween(now.slice(0, 10), checkins[0]!)).toBeLessThan(-100);
    }
  });
});
