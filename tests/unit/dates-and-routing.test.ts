import { afterEach, describe, expect, it, vi } from 'vitest';
import { matchRoute, type Route } from '@/lib/catalog-api/http/router';
import { addDays, addYears, daysBetween, today } from '@/lib/dates';

const ORIGINAL_TZ = process.env.TZ;

describe('dates as YYYY-MM-DD strings, whatever the time zone', () => {
  afterEach(() => {
    process.env.TZ = ORIGINAL_TZ;
    vi.useRealTimers();
  });

  // Honolulu is UTC-10, Tongatapu UTC+13, Kiritimati UTC+14: the classic places for an off-by-one.
  it.each(['Pacific/Honolulu', 'Pacific/Tongatapu', 'Pacific/Kiritimati', 'Europe/London'])(
    'keeps days and today in UTC in %s',
    (tz) => {
      process.env.TZ = tz;
      vi.useFakeTimers();
      vi.setSystemTime(new Date('2026-03-29T23:30:00Z')); // late evening UTC, next day in the Pacific
      expect(today()).toBe('2026-03-29');
      expect(addDays('2026-03-28', 1)).toBe('2026-03-29'); // across a European DST change
      expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
      expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
      expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
      expect(addYears('2028-02-29', 1)).toBe('2029-02-28');
    },
  );
});

describe('router', () => {
  const routes: Route[] = [
    { path: '/properties', methods: {} },
    { path: '/properties/changes', methods: {} },
    { path: '/properties/{id}', methods: {} },
    { path: '/properties/{id}/rates', methods: {} },
  ];

  it('matches literal paths before ids and reads integer ids', () => {
    expect(matchRoute(routes, '/properties/changes')?.route.path).toBe('/properties/changes');
    expect(matchRoute(routes, '/properties/42/rates')).toMatchObject({ params: { id: 42 } });
    expect(matchRoute(routes, '/properties/')?.route.path).toBe('/properties');
  });

  it.each(['/properties/0', '/properties/007', '/properties/1e3', '/properties/2147483648', '/nope'])(
    'does not match %s',
    (path) => {
      expect(matchRoute(routes, path)).toBeNull();
    },
  );
});
