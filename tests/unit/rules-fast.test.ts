import { describe, expect, it } from 'vitest';
import { addDays } from '@/lib/dates';
import {
  type BookedRange,
  indexPeriods,
  occupancyOf,
  type Period,
  rateForNight,
  roundMoney,
} from '@/lib/rules';

/*
 * Search asks the rules about thousands of stays per query, so three of them take shortcuts: booked nights
 * found by bisection instead of a walk, a rate sheet's periods looked up on a timeline instead of scanned,
 * money rounded without the string detour where it cannot matter. Each is held here to the plain way it
 * replaces, on random input (a seeded stream, so a failure repeats).
 */

function stream(seed: number) {
  let s = seed >>> 0;
  return (n: number) => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s % n;
  };
}
const day = (n: number) => addDays('2027-01-01', n);

describe('rules taken by shortcuts answer as the plain rules', () => {
  it('finds the first booked night of a stay as walking its nights does (overlapping holds included)', () => {
    const rand = stream(7);
    let booked = 0;
    for (let t = 0; t < 300; t++) {
      const ranges: BookedRange[] = Array.from({ length: rand(12) }, () => {
        const start = rand(200);
        return {
          checkin: day(start),
          checkout: day(start + rand(15)), // zero-night ranges too: they book nothing
          checkin_full_day: false,
          checkout_full_day: false,
        };
      });
      const nights = new Set(ranges.flatMap((r) => walk(r.checkin, r.checkout)));
      const occupancy = occupancyOf(ranges);
      for (let q = 0; q < 40; q++) {
        const checkin = rand(220);
        const checkout = day(checkin + 1 + rand(20));
        const walked = walk(day(checkin), checkout).find((n) => nights.has(n)) ?? null;
        if (walked) booked++;
        expect(occupancy.firstBookedNight(day(checkin), checkout)).toBe(walked);
      }
    }
    expect(booked).toBeGreaterThan(1000); // the samples do meet bookings
  });

  it('picks the same rate for every night and party from an indexed sheet as from a scanned one', () => {
    const rand = stream(11);
    for (let t = 0; t < 150; t++) {
      const periods: Period[] = Array.from({ length: rand(20) }, (_, i) => {
        const start = rand(700);
        return {
          start: day(start),
          end: day(start + rand(90) - 3), // a few end before they start: they cover nothing
          rooms: 1 + rand(5),
          nightly: 100 + i, // tells equal tiers apart: the first in the sheet wins
          weekly: null,
          monthly: null,
          minStay: 1 + rand(7),
        };
      });
      const indexed = indexPeriods(periods.map((p) => ({ ...p })));
      const defaultRate = rand(3) ? null : { ...periods[0]!, nightly: 1 };
      for (let q = 0; q < 60; q++) {
        const night = day(rand(900) - 100);
        const bedrooms = 1 + rand(5);
        const plain = rateForNight(night, bedrooms, periods, defaultRate);
        const fast = rateForNight(night, bedrooms, indexed, defaultRate);
        expect({ nightly: fast.rate?.nightly, source: fast.source }).toEqual({
          nightly: plain.rate?.nightly,
          source: plain.source,
        });
      }
    }
  });

  it('rounds money as the string detour does, halves and binary noise included', () => {
    const rand = stream(3);
    const slow = (v: number, d: number) => Math.round(Number((v * 10 ** d).toFixed(6))) / 10 ** d;
    const values = [1.005, 2.675, 1.0049999, 0.125, -2.5, -1.005, 1e9 + 0.005, 0.285, 10.235];
    for (let i = 0; i < 20_000; i++)
      values.push((rand(10_000_000) - 2_000_000) / 1000 + (rand(2) ? 0.0005 : 0));
    for (const v of values) for (const d of [0, 2, 3]) expect(roundMoney(v, d)).toBe(slow(v, d));
  });
});

function walk(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d < to; d = addDays(d, 1)) out.push(d);
  return out;
}
