import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { allowHeader, get, matchRoute, post, type Route } from '@/lib/catalog-api/http/router';
import { isCalendarDate } from '@/lib/contract';
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

describe('days at the ends of the calendar', () => {
  it('reads and moves the years 1 to 99 as themselves, not as 1901 to 1999', () => {
    expect(isCalendarDate('0001-01-01')).toBe(true);
    expect(isCalendarDate('0099-02-29')).toBe(false);
    expect(addDays('0001-01-01', 1)).toBe('0001-01-02');
    expect(addDays('0099-12-31', 1)).toBe('0100-01-01');
    expect(addYears('0004-02-29', 1)).toBe('0005-02-28');
    expect(daysBetween('0001-01-01', '0002-01-01')).toBe(365);
  });

  it('holds days past 9999-12-31 at it, so that days still compare as strings', () => {
    expect(addDays('9999-12-31', 1)).toBe('9999-12-31');
    expect(addYears('9999-06-01', 3)).toBe('9999-12-31');
    expect(addDays('0000-01-01', -1)).toBe('0000-01-01');
  });
});

describe('router', () => {
  const run = async () => ({ body: {} });
  const row = (path: string) =>
    get({ path, scope: 'properties:read', summary: path, query: z.object({}), errors: [], run });
  const routes: Route[] = [
    row('/properties'),
    row('/properties/changes'),
    row('/properties/{id}'),
    row('/properties/{id}/rates'),
    post({
      path: '/properties/{id}/rates',
      scope: 'properties:read',
      summary: '',
      body: z.object({}),
      errors: [],
      run,
    }),
  ];

  it('matches literal paths before ids and reads integer ids', () => {
    expect(matchRoute(routes, '/properties/changes')?.routes[0]?.path).toBe('/properties/changes');
    expect(matchRoute(routes, '/properties/42/rates')).toMatchObject({ params: { id: 42 } });
    expect(matchRoute(routes, '/properties/')?.routes[0]?.path).toBe('/properties');
  });

  it('answers every method of a path, and allows HEAD wherever GET is', () => {
    const match = matchRoute(routes, '/properties/7/rates');
    expect(match?.routes.map((r) => r.method)).toEqual(['GET', 'POST']);
    expect(allowHeader(match?.routes ?? [])).toBe('GET, POST, HEAD, OPTIONS');
  });

  it.each(['/properties/0', '/properties/007', '/properties/1e3', '/properties/2147483648', '/nope'])(
    'does not match %s',
    (path) => {
      expect(matchRoute(routes, path)).toBeNull();
    },
  );
});
