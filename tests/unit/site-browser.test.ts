import { format, isValid, parse } from 'date-fns';
import { afterEach, describe, expect, it } from 'vitest';
import type { Location } from '@/lib/contract';
import { addDays } from '@/lib/dates';
import { count, formatDate, fromDay, plural, showDay, toDay } from '@/lib/site/browser';
import { inquiryKey, newInquirySeed } from '@/lib/site/browser/inquiry-send';
import { matchLocations } from '@/lib/site/browser/match-locations';
import { cleanSearchParams } from '@/lib/site/browser/search-url';

const zone = process.env.TZ;
afterEach(() => {
  process.env.TZ = zone;
});

describe('days in the browser', () => {
  for (const tz of ['Pacific/Honolulu', 'Pacific/Tongatapu', 'UTC']) {
    it(`keeps a day the same day through the calendar in ${tz}`, () => {
      process.env.TZ = tz;
      for (const day of ['2026-12-01', '2027-02-28', '2028-02-29', '2026-03-29', '2026-11-01']) {
        const date = fromDay(day)!;
        expect(toDay(date)).toBe(day);
        expect(date.getDate()).toBe(Number(day.slice(8)));
      }
      expect(showDay('2026-12-05')).toBe('Sat 5 Dec 2026');
    });
  }

  it('refuses what is not a calendar day', () => {
    for (const bad of ['2026-02-30', '2026-13-01', '26-12-01', '', null, undefined, '2026-12-01T00:00:00Z']) {
      expect(fromDay(bad)).toBeUndefined();
    }
  });

  // The site's own formatter replaced date-fns in every page's script: it must write what date-fns wrote.
  it('writes every pattern the site uses as date-fns does, and reads days as date-fns parses them', () => {
    const patterns = [
      'yyyy-MM-dd',
      'EEE d MMM yyyy',
      'EEE d MMM',
      'd MMM',
      'd MMM yyyy',
      'MMMM yyyy',
      'EEE d',
      'd',
    ];
    for (let i = 0; i < 800; i += 3) {
      const day = addDays('2026-01-01', i);
      const date = fromDay(day)!;
      const theirs = parse(day, 'yyyy-MM-dd', new Date());
      expect(isValid(theirs) && date.getTime()).toBe(theirs.getTime());
      for (const pattern of [...patterns, 'd MMMM yyyy, EEEE'])
        expect(formatDate(date, pattern)).toBe(format(date, pattern));
    }
    expect(fromDay('0099-03-01')?.getFullYear()).toBe(99);
  });
});

describe('destination type-ahead', () => {
  const loc = (id: number, name: string, path: string[], count: number): Location => ({
    id,
    parent_id: null,
    name,
    path,
    url: '',
    property_count: count,
  });
  const all = [
    loc(1, 'Europe', ['Europe'], 900),
    loc(2, 'France', ['Europe', 'France'], 180),
    loc(3, 'Île-de-France', ['Europe', 'France', 'Île-de-France'], 12),
    loc(4, 'Franschhoek', ['Africa', 'South Africa', 'Franschhoek'], 3),
    loc(5, 'Saint-Tropez', ['Europe', 'France', 'Provence', 'Saint-Tropez'], 20),
  ];

  it('puts names that start with the text first, then the busiest, ignoring accents and case', () => {
    expect(matchLocations(all, 'fran').map((l) => l.id)).toEqual([2, 4, 3, 5]);
    expect(matchLocations(all, 'ILE').map((l) => l.id)).toEqual([3]);
    expect(matchLocations(all, 'provence').map((l) => l.id)).toEqual([5]);
    expect(matchLocations(all, '').map((l) => l.id)).toEqual([1, 2, 5, 3, 4]);
    expect(matchLocations(all, 'zzz')).toEqual([]);
  });
});

describe('search URLs', () => {
  it('keep known, non-empty parameters in a stable order, without defaults', () => {
    const params = cleanSearchParams(
      new URLSearchParams('page=1&guests=2&location=&utm=x&sort=id&checkin=2026-12-01&rooms=3'),
    );
    expect(params.toString()).toBe('checkin=2026-12-01&bedrooms=3&guests=2');
    expect(cleanSearchParams({ location: ['7', '9'], page: '3' }).toString()).toBe('location=7&page=3');
  });
  it('write the party as adults and children, and read an old link’s guests only without them', () => {
    expect(cleanSearchParams(new URLSearchParams('children=0&adults=3&guests=9')).toString()).toBe(
      'adults=3',
    );
    expect(cleanSearchParams(new URLSearchParams('children=2&guests=9')).toString()).toBe('children=2');
    expect(cleanSearchParams(new URLSearchParams('bedrooms=2&rooms=5')).toString()).toBe('bedrooms=2');
  });
});

describe('the inquiry form’s Idempotency-Key', () => {
  it('is the same for the same inquiry sent again, and new for a changed one or another form', () => {
    const seed = newInquirySeed();
    const body = { property_id: 7, contact: { email: 'ann@example.com' }, message: 'Hello' };
    const key = inquiryKey(seed, body);
    expect(key).toMatch(/^[A-Za-z0-9_-]{22}\.[0-9a-z]+$/);
    expect(key.length).toBeLessThanOrEqual(100);
    expect(inquiryKey(seed, { ...body })).toBe(key);
    expect(inquiryKey(seed, { ...body, message: 'Hello!' })).not.toBe(key);
    expect(inquiryKey(newInquirySeed(), body)).not.toBe(key);
  });
});

// Counts are grouped by the site, not by Intl (a page's first Intl call starts ICU): they must read as Intl's.
describe('counts', () => {
  it('groups whole numbers as Intl does in English', () => {
    const samples = [
      0, 1, 7, 12, 999, 1_000, 1_001, 12_345, 99_999, 100_000, 999_999, 1_000_000, 2_964, 30_000,
    ];
    samples.push(-1, -999, -1_000, -1_234_567, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER);
    for (let n = 1; n < 1e15; n = n * 7 + 3) samples.push(n);
    for (const n of samples) expect(count(n), String(n)).toBe(n.toLocaleString('en'));
  });

  it('leaves fractions and numbers past the safe range to Intl', () => {
    for (const n of [1.5, 1234.5678, 2 ** 60, Number.NaN, Number.POSITIVE_INFINITY])
      expect(count(n)).toBe(n.toLocaleString('en'));
  });

  it('says one thing, or many', () => {
    expect(plural(1, 'night')).toBe('1 night');
    expect(plural(2_964, 'rental')).toBe('2,964 rentals');
    expect(plural(0, 'child', 'children')).toBe('0 children');
  });
});
