import { describe, expect, it } from 'vitest';
import { AMENITIES_SHOWN, splitAmenities } from '@/components/property/detail-lists';
import { RATE_ROWS_SHOWN, seasonsToCome } from '@/components/property/rate-rows';
import type { RateSheet } from '@/lib/contract';

/* The property page's long lists send a bounded first view; the rest is asked for or revealed. */

const group = (category: string, n: number) => ({
  category,
  items: Array.from({ length: n }, (_, i) => `${category} ${i + 1}`),
});

describe('the amenities’ first view', () => {
  it('takes whole groups up to the bound, the first group always', () => {
    const groups = [group('Kitchen', 4), group('Outdoor', 5), group('Safety', 3), group('Family', 2)];
    const { shown, rest } = splitAmenities(groups);
    expect(shown.map((g) => g.category)).toEqual(['Kitchen', 'Outdoor']);
    expect(rest.map((g) => g.category)).toEqual(['Safety', 'Family']);
    expect(shown.flatMap((g) => g.items).length).toBeLessThanOrEqual(AMENITIES_SHOWN);
    const big = splitAmenities([group('Everything', 40), group('More', 1)]);
    expect(big.shown.map((g) => g.category)).toEqual(['Everything']);
    expect(splitAmenities([])).toEqual({ shown: [], rest: [] });
  });
});

type Season = RateSheet['rates'][number];
const season = (id: number, name: string, start: string, end: string, rooms: number): Season =>
  ({ id, name, rooms, nightly: 100 * rooms, start_date: start, end_date: end }) as Season;

describe('the rates table’s first view', () => {
  it('shows the seasons still to come in date order, in whole seasons from the bound on', () => {
    const rates = [
      season(1, 'Festive', '2025-12-19', '2026-01-07', 2),
      season(2, 'Spring', '2026-04-01', '2026-06-14', 2),
      season(3, 'Spring', '2026-04-01', '2026-06-14', 6),
      season(4, 'Spring', '2026-04-01', '2026-06-14', 12),
      season(5, 'Low', '2026-01-08', '2026-03-31', 12),
      season(6, 'Low', '2026-01-08', '2026-03-31', 2),
      season(7, 'Low', '2026-01-08', '2026-03-31', 6),
      season(8, 'High', '2026-06-15', '2026-09-15', 2),
      season(9, 'High', '2026-06-15', '2026-09-15', 6),
      season(10, 'High', '2026-06-15', '2026-09-15', 12),
    ];
    const { seasons, shown } = seasonsToCome(rates, '2026-01-07');
    expect(seasons.map((s) => s.id)).toEqual([1, 6, 7, 5, 2, 3, 4, 8, 9, 10]);
    // The bound (6) falls inside Spring: Spring is shown whole.
    expect(RATE_ROWS_SHOWN).toBe(6);
    expect(shown).toBe(7);
    expect(seasonsToCome(rates, '2026-01-08').seasons.map((s) => s.id)).not.toContain(1);
    expect(seasonsToCome(rates.slice(0, 2), '2026-01-01').shown).toBe(2);
  });
});
