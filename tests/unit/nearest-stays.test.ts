import { describe, expect, it } from 'vitest';
import { addDays } from '@/lib/dates';
import {
  availabilityProblem,
  type BookedRange,
  type NearestStaysQuery,
  nearestStays,
  occupancyOf,
  type PeriodTerms,
  ruleProblem,
} from '@/lib/rules';

/* lib/rules/nearest.ts: the stays offered when a wanted one cannot be had, by the shared rules only. */

const range = (checkin: string, checkout: string, flags: Partial<BookedRange> = {}): BookedRange => ({
  checkin,
  checkout,
  checkin_full_day: false,
  checkout_full_day: false,
  ...flags,
});

const base = (over: Partial<NearestStaysQuery> = {}): NearestStaysQuery => ({
  stay: { checkin: '2027-06-10', checkout: '2027-06-14', adults: 2, children: 0 },
  property: { bedrooms: 3, sleeps: 6, priceOnRequest: false },
  periods: [],
  defaultRate: { rooms: 3, minStay: 2 },
  booked: [],
  window: { from: '2027-05-01', to: '2027-08-01' },
  maxNights: 365,
  count: 3,
  ...over,
});

describe('nearestStays', () => {
  it('offers the free stays of the same length nearest the wanted check-in, earlier first on a tie', () => {
    // 9–15 June is booked: the four nights from the 10th cannot be had.
    const stays = nearestStays(base({ booked: [range('2027-06-09', '2027-06-15')] }));
    expect(stays).toEqual([
      // Ending on the 9th (the booked range's check-in) is allowed; the stays after start on the 15th.
      { checkin: '2027-06-05', checkout: '2027-06-09', nights: 4 },
      { checkin: '2027-06-15', checkout: '2027-06-19', nights: 4 },
      { checkin: '2027-06-04', checkout: '2027-06-08', nights: 4 },
    ]);
  });

  it('keeps the days the full-day flags keep free', () => {
    const stays = nearestStays(
      base({
        booked: [range('2027-06-09', '2027-06-15', { checkin_full_day: true, checkout_full_day: true })],
      }),
    );
    // No stay may end on the 9th nor start on the 15th.
    expect(stays.map((s) => s.checkin)).toEqual(['2027-06-04', '2027-06-16', '2027-06-03']);
    expect(stays.every((s) => s.checkout !== '2027-06-09')).toBe(true);
  });

  it('offers the same check-in for the minimum stay when that grew, before moving the dates', () => {
    const periods: PeriodTerms[] = [{ start: '2027-06-01', end: '2027-06-30', rooms: 3, minStay: 7 }];
    const stays = nearestStays(base({ periods, count: 2 }));
    expect(stays[0]).toEqual({ checkin: '2027-06-10', checkout: '2027-06-17', nights: 7 });
    expect(stays[1]).toEqual({ checkin: '2027-06-09', checkout: '2027-06-16', nights: 7 });
  });

  it('offers nothing when the party is larger than the rental sleeps', () => {
    expect(nearestStays(base({ stay: { ...base().stay, adults: 5, children: 2 } }))).toEqual([]);
  });

  it('offers no check-in outside the window (nothing before today)', () => {
    const stays = nearestStays(
      base({ booked: [range('2027-06-01', '2027-06-15')], window: { from: '2027-06-08', to: '2027-06-20' } }),
    );
    expect(stays.map((s) => s.checkin)).toEqual(['2027-06-15', '2027-06-16', '2027-06-17']);
  });

  it('is bounded by the window, not by a hold from the first day to the last', () => {
    const started = performance.now();
    const stays = nearestStays(
      base({ booked: [range('0001-01-01', '9999-12-31')], window: { from: '2027-01-01', to: '2030-01-01' } }),
    );
    expect(stays).toEqual([]);
    // A year of days asked by bisection: milliseconds, whatever the hold's three million nights.
    expect(performance.now() - started).toBeLessThan(500);
    // A hold starting after the window's reach changes nothing before it.
    const open = nearestStays(base({ booked: [range('2027-06-12', '9999-12-31')] }));
    expect(open[0]).toEqual({ checkin: '2027-06-08', checkout: '2027-06-12', nights: 4 });
  });

  it('offers only stays the shared rules accept, on random calendars', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let round = 0; round < 200; round++) {
      const booked: BookedRange[] = [];
      let day = '2027-05-01';
      for (let i = 0; i < 12; i++) {
        day = addDays(day, 1 + Math.floor(random() * 8));
        const end = addDays(day, 1 + Math.floor(random() * 6));
        booked.push(range(day, end, { checkin_full_day: random() < 0.3, checkout_full_day: random() < 0.3 }));
        day = end;
      }
      const periods: PeriodTerms[] = [
        { start: '2027-06-01', end: '2027-06-20', rooms: 3, minStay: 1 + Math.floor(random() * 6) },
      ];
      const q = base({ booked, periods, count: 4 });
      const occupancy = occupancyOf(booked);
      for (const s of nearestStays(q)) {
        expect(availabilityProblem(occupancy, s.checkin, s.checkout)).toBeNull();
        expect(
          ruleProblem({ ...q.stay, ...s, property: q.property, periods, defaultRate: q.defaultRate }),
        ).toBeNull();
        expect(s.checkin >= q.window.from && s.checkin <= q.window.to).toBe(true);
      }
    }
  });
});
