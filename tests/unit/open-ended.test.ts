import { describe, expect, it } from 'vitest';
import { addDays, daysBetween } from '@/lib/dates';
import { availabilityProblem, type BookedRange, clipRanges, occupancyOf } from '@/lib/rules';
import { calendarOf } from '@/lib/site/browser/calendar-rules';

/*
 * An upstream may block dates indefinitely: the API document returns ranges that straddle the window
 * "whole", so a hold to 9999-12-31 or a block from 0001-01-01 can arrive in any calendar. The rules answer
 * about such ranges as about short ones, with work that does not grow with their length (the figures are
 * in `npm run bench:rules`; here, the answers).
 */

const range = (checkin: string, checkout: string, flags: Partial<BookedRange> = {}): BookedRange => ({
  checkin,
  checkout,
  checkin_full_day: false,
  checkout_full_day: false,
  ...flags,
});

function stream(seed: number) {
  let s = seed >>> 0;
  return (n: number) => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s % n;
  };
}

/** Every night of [from, to): the plain reading of a range, for short ranges only. */
function nights(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d < to; d = addDays(d, 1)) out.push(d);
  return out;
}

describe('booked ranges without end', () => {
  const forever = [
    range('0001-01-01', '2027-01-10', { checkout_full_day: true }),
    range('2027-03-01', '9999-12-31', { checkin_full_day: true }),
  ];

  it('answers about every day and stay as the ranges say', () => {
    const o = occupancyOf(forever);
    expect(o.bookedNight('1066-10-14')).toBe(true);
    expect(o.bookedNight('2027-01-09')).toBe(true);
    expect(o.bookedNight('2027-01-10')).toBe(false);
    expect(o.bookedNight('2027-02-28')).toBe(false);
    expect(o.bookedNight('2027-03-01')).toBe(true);
    expect(o.bookedNight('9999-12-30')).toBe(true);
    expect(o.bookedNight('9999-12-31')).toBe(false);
    expect(availabilityProblem(o, '2027-01-10', '2027-01-12')).toEqual({
      kind: 'checkin-kept-free',
      day: '2027-01-10',
    });
    expect(availabilityProblem(o, '2027-01-11', '2027-02-28')).toBeNull();
    expect(availabilityProblem(o, '2027-02-20', '2027-03-01')).toEqual({
      kind: 'checkout-kept-free',
      day: '2027-03-01',
    });
    expect(availabilityProblem(o, '2027-02-20', '2027-03-05')).toEqual({
      kind: 'booked-night',
      night: '2027-03-01',
    });
    expect(availabilityProblem(o, '5000-06-01', '5000-06-08')).toEqual({
      kind: 'booked-night',
      night: '5000-06-01',
    });
  });

  it('gives the calendar its days at once (the browser froze ~7 s on one such hold)', () => {
    const c = calendarOf(
      forever.map((r) => ({ ...r, status: 'hold' })),
      '2027-01-01',
    );
    expect(c.whyNoCheckin('2027-01-05')).toBe('booked');
    expect(c.whyNoCheckin('2027-01-10')).toMatch(/kept free/);
    expect(c.whyNoCheckin('2027-01-11')).toBeNull();
    expect(c.whyNoCheckout('2027-01-11', '2027-03-01')).toMatch(/kept free/);
    expect(c.whyNoCheckout('2027-01-11', '2027-03-02')).toMatch(/booked night/);
  });

  it('merges overlapping and touching ranges and still finds the first booked night of any stay', () => {
    const rand = stream(23);
    const day = (n: number) => addDays('2027-01-01', n);
    for (let t = 0; t < 200; t++) {
      const ranges = Array.from({ length: 1 + rand(8) }, () => {
        const start = rand(300);
        return range(day(start), day(start + rand(40)));
      });
      const booked = new Set(ranges.flatMap((r) => nights(r.checkin, r.checkout)));
      const o = occupancyOf(ranges);
      for (let q = 0; q < 30; q++) {
        const d = day(rand(360));
        expect(o.bookedNight(d)).toBe(booked.has(d));
        const checkout = addDays(d, 1 + rand(20));
        expect(o.firstBookedNight(d, checkout)).toBe(nights(d, checkout).find((n) => booked.has(n)) ?? null);
      }
    }
  });
});

describe('ranges cut to a window', () => {
  it('keeps every answer about the days and stays inside the window', () => {
    const rand = stream(5);
    const day = (n: number) => addDays('2027-01-01', n);
    const flag = () => rand(2) === 1;
    for (let t = 0; t < 300; t++) {
      const ranges = Array.from({ length: rand(10) }, () => {
        const start = rand(400) - 50;
        return range(day(start), rand(10) === 0 ? '9999-12-31' : day(start + rand(60)), {
          checkin_full_day: flag(),
          checkout_full_day: flag(),
        });
      });
      const from = day(rand(100));
      const to = addDays(from, 30 + rand(200));
      const whole = occupancyOf(ranges);
      const cut = occupancyOf(clipRanges(ranges, from, to));
      for (let d = from; d <= to; d = addDays(d, 1)) {
        expect(cut.bookedNight(d)).toBe(whole.bookedNight(d));
        expect(cut.checkinKeptFree(d)).toBe(whole.checkinKeptFree(d));
        expect(cut.checkoutKeptFree(d)).toBe(whole.checkoutKeptFree(d));
      }
      for (let q = 0; q < 40; q++) {
        const checkin = addDays(from, rand(daysBetween(from, to)));
        const checkout = addDays(checkin, 1 + rand(Math.max(1, daysBetween(checkin, to))));
        if (checkout > to) continue;
        expect(cut.bookedNight(checkin)).toBe(whole.bookedNight(checkin));
        expect(availabilityProblem(cut, checkin, checkout)).toEqual(
          availabilityProblem(whole, checkin, checkout),
        );
      }
    }
  });

  it('holds no more than the window, whatever the upstream sent', () => {
    const cut = clipRanges(
      [
        range('0001-01-01', '9999-12-31', { checkin_full_day: true, checkout_full_day: true }),
        range('1990-01-01', '1990-02-01'),
      ],
      '2027-01-01',
      '2029-01-01',
    );
    expect(cut).toEqual([range('2027-01-01', '2029-01-02')]);
  });
});
