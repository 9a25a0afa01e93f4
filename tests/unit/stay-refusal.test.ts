import { describe, expect, it } from 'vitest';
import type { BookingData } from '@/lib/site/browser/booking';
import { stayRefusal } from '@/lib/site/browser/stay-nearest';

/*
 * A stay a link carries that cannot be had: the reason in a traveller's words and the nearest stays the
 * shared rules allow (lib/rules/nearest.ts), never a stay the quote would refuse.
 */

const TODAY = '2027-03-10';
const period = (start: string, end: string, minStay: number) => ({
  id: 1,
  name: 'Season',
  start_date: start,
  end_date: end,
  rooms: 3,
  nightly: 200,
  weekly: null,
  monthly: null,
  min_stay: minStay,
  balance_days: 30,
  currency: 'EUR',
  cancellation_policy: { name: 'Flexible', description: '' },
});
const data = (over: Partial<BookingData> = {}): BookingData => ({
  propertyId: 1,
  name: 'Villa',
  sleeps: 6,
  maxBedrooms: 3,
  // 1 April to 31 May is booked.
  booked: [
    {
      checkin: '2027-04-01',
      checkout: '2027-05-31',
      checkin_full_day: false,
      checkout_full_day: false,
      status: 'booked',
    },
  ],
  rates: { rates: [period('2027-01-01', '2027-12-31', 2)], default_rate: null },
  currency: 'EUR',
  fees: [],
  taxes: [],
  fromNightly: 200,
  missing: [],
  ...over,
});
const refusal = (stay: object, d = data()) => stayRefusal({ adults: 2, children: 0, ...stay }, d, TODAY, 730);

describe('a stay a link carries that cannot be had', () => {
  it('over booked nights: the first booked night, and the nearest free stays of the same length', () => {
    const r = refusal({ checkin: '2027-04-10', checkout: '2027-04-17' });
    expect(r?.kind).toBe('booked-night');
    expect(r?.reason).toBe('The night of Sat 10 Apr 2027 is booked.');
    // Nearest the 10th: ending on the booked range's check-in, then after it, one day out each way.
    expect(r?.nearest).toEqual([
      { checkin: '2027-03-25', checkout: '2027-04-01', nights: 7 },
      { checkin: '2027-03-24', checkout: '2027-03-31', nights: 7 },
      { checkin: '2027-03-23', checkout: '2027-03-30', nights: 7 },
    ]);
  });

  it('in the past: said so, and the nearest stays start today', () => {
    const r = refusal({ checkin: '2025-06-01', checkout: '2025-06-05' });
    expect(r?.reason).toBe('Check-in Sun 1 Jun 2025 has passed.');
    expect(r?.nearest.map((s) => [s.checkin, s.checkout])).toEqual([
      ['2027-03-10', '2027-03-14'],
      ['2027-03-11', '2027-03-15'],
      ['2027-03-12', '2027-03-16'],
    ]);
  });

  it('under the minimum stay: the same check-in for the minimum first', () => {
    const d = data({ rates: { rates: [period('2027-01-01', '2027-12-31', 5)], default_rate: null } });
    const r = refusal({ checkin: '2027-06-10', checkout: '2027-06-12' }, d);
    expect(r?.reason).toBe('The minimum stay from Thu 10 Jun 2027 is 5 nights.');
    expect(r?.nearest[0]).toEqual({ checkin: '2027-06-10', checkout: '2027-06-15', nights: 5 });
  });

  it('a party the rental does not sleep: the reason, and no dates offered (none would do)', () => {
    const r = refusal({ checkin: '2027-06-10', checkout: '2027-06-17', adults: 5, children: 3 });
    expect(r).toEqual({
      kind: 'over-capacity',
      reason: 'This rental sleeps 6; your party of 8 is too large.',
      nearest: [],
    });
  });

  it('any year a link names is answered at once, within the window', () => {
    const started = performance.now();
    const far = refusal({ checkin: '9999-01-01', checkout: '9999-01-08' });
    const old = refusal({ checkin: '0001-01-01', checkout: '0001-01-08' });
    expect(performance.now() - started).toBeLessThan(500);
    expect(far?.kind).toBe('too-far');
    expect(far?.nearest.every((s) => s.checkin <= '2029-03-10')).toBe(true);
    expect(old?.kind).toBe('past');
    expect(refusal({ checkin: '2027-06-01', checkout: '2028-06-05' })?.kind).toBe('too-long');
  });

  it('a stay that can be had, or one without both dates, is not refused', () => {
    expect(refusal({ checkin: '2027-06-10', checkout: '2027-06-17' })).toBeNull();
    expect(refusal({ checkin: '2027-04-10' })).toBeNull();
    // Without the booked dates the page cannot tell: the agent decides.
    expect(refusal({ checkin: '2027-04-10', checkout: '2027-04-17' }, data({ booked: [] }))).toBeNull();
  });
});
