import { afterEach, describe, expect, it } from 'vitest';
import {
  availabilityProblem,
  type BookedRange,
  bedroomsPriced,
  earliestRateDateFor,
  minimumStay,
  occupancyOf,
  type PeriodTerms,
  problemMessage,
  type RateTerms,
  type RuledStay,
  roundMoney,
  roundToCurrency,
  ruleProblem,
  type StayProblem,
} from '@/lib/rules';

/* The shared rules (lib/rules) on their own: what the calendar, the quote and the filter all decide by. */

const range = (checkin: string, checkout: string, flags: Partial<BookedRange> = {}): BookedRange => ({
  checkin,
  checkout,
  checkin_full_day: false,
  checkout_full_day: false,
  ...flags,
});

describe('availability: booked nights and full-day flags', () => {
  // 10–14 March: an ordinary stay. 20–22 March: its arrival day kept free. 1–5 April: its departure day kept free.
  const occupancy = occupancyOf([
    range('2027-03-10', '2027-03-14'),
    range('2027-03-20', '2027-03-22', { checkin_full_day: true }),
    range('2027-04-01', '2027-04-05', { checkout_full_day: true }),
  ]);
  it.each<[string, string, string, StayProblem | null]>([
    ['ends on an ordinary check-in day', '2027-03-07', '2027-03-10', null],
    ['starts on an ordinary checkout day', '2027-03-14', '2027-03-17', null],
    ['starts on a booked night', '2027-03-13', '2027-03-15', { kind: 'booked-night', night: '2027-03-13' }],
    ['crosses a booked range', '2027-03-08', '2027-03-16', { kind: 'booked-night', night: '2027-03-10' }],
    [
      'fills the gap between two ranges',
      '2027-03-14',
      '2027-03-20',
      { kind: 'checkout-kept-free', day: '2027-03-20' },
    ],
    ['ends the day before a kept-free arrival', '2027-03-15', '2027-03-19', null],
    [
      'starts on a kept-free departure day',
      '2027-04-05',
      '2027-04-08',
      { kind: 'checkin-kept-free', day: '2027-04-05' },
    ],
    ['starts the day after a kept-free departure', '2027-04-06', '2027-04-08', null],
    ['one night before a range', '2027-03-09', '2027-03-10', null],
    [
      'the last booked night alone',
      '2027-03-13',
      '2027-03-14',
      { kind: 'booked-night', night: '2027-03-13' },
    ],
  ])('a stay that %s (%s → %s): %o', (_, checkin, checkout, expected) => {
    expect(availabilityProblem(occupancy, checkin, checkout)).toEqual(expected);
  });

  it('blocks with a hold exactly as with a confirmed stay (the status is not read)', () => {
    const hold = { ...range('2027-05-01', '2027-05-03', { checkout_full_day: true }), status: 'hold' };
    const confirmed = { ...hold, status: 'confirmed' };
    for (const [checkin, checkout] of [
      ['2027-04-29', '2027-05-02'],
      ['2027-05-03', '2027-05-04'],
      ['2027-05-04', '2027-05-06'],
    ] as const) {
      expect(availabilityProblem(occupancyOf([hold]), checkin, checkout)).toEqual(
        availabilityProblem(occupancyOf([confirmed]), checkin, checkout),
      );
    }
    expect(availabilityProblem(occupancyOf([hold]), '2027-05-03', '2027-05-04')?.kind).toBe(
      'checkin-kept-free',
    );
  });
});

const terms = (rooms: number, minStay: number, start: string, end: string): PeriodTerms => ({
  rooms,
  minStay,
  start,
  end,
});

function stay(overrides: Partial<RuledStay> = {}): RuledStay {
  return {
    checkin: '2027-05-10',
    checkout: '2027-05-11',
    adults: 2,
    children: 0,
    property: { bedrooms: 4, sleeps: 8, priceOnRequest: false },
    periods: [],
    defaultRate: null,
    ...overrides,
  };
}

describe('the agent’s rules: capacity and minimum stay', () => {
  const spring2026 = terms(4, 4, '2026-04-01', '2026-06-14');
  const spring2027small = terms(2, 3, '2027-04-01', '2027-06-14');
  const spring2027big = terms(4, 5, '2027-04-01', '2027-06-14');
  const standard: RateTerms = { rooms: 4, minStay: 2 };
  it.each<[string, Partial<RuledStay>, StayProblem | null]>([
    [
      'a party of 9 in a house sleeping 8',
      { adults: 7, children: 2 },
      { kind: 'over-capacity', guests: 9, sleeps: 8 },
    ],
    ['a party of exactly 8', { adults: 6, children: 2 }, null],
    [
      'capacity first, then the minimum stay',
      { adults: 9, periods: [spring2027big] },
      { kind: 'over-capacity', guests: 9, sleeps: 8 },
    ],
    [
      'the smallest tier that fits the bedrooms priced',
      { periods: [spring2027big, spring2027small] },
      { kind: 'min-stay', checkin: '2027-05-10', minStay: 3 },
    ],
    [
      'a party of five needs three bedrooms: the larger tier',
      { adults: 5, periods: [spring2027small, spring2027big] },
      { kind: 'min-stay', checkin: '2027-05-10', minStay: 5 },
    ],
    ['long enough for its period', { checkout: '2027-05-13', periods: [spring2027small] }, null],
    [
      'no period: the default rate',
      { periods: [spring2026], defaultRate: standard },
      { kind: 'min-stay', checkin: '2027-05-10', minStay: 2 },
    ],
    [
      'no period, no default: last year’s period',
      { periods: [spring2026] },
      { kind: 'min-stay', checkin: '2027-05-10', minStay: 4 },
    ],
    ['no rate at all: no minimum', { periods: [] }, null],
    [
      'priced on request: the agent waives the minimum',
      { property: { bedrooms: 4, sleeps: 8, priceOnRequest: true }, periods: [spring2027big] },
      null,
    ],
    [
      'priced on request still counts heads',
      { adults: 10, property: { bedrooms: 4, sleeps: 8, priceOnRequest: true } },
      { kind: 'over-capacity', guests: 10, sleeps: 8 },
    ],
    [
      '29 February falls back to 28 February of last year',
      { checkin: '2028-02-29', checkout: '2028-03-01', periods: [terms(4, 6, '2027-02-28', '2027-02-28')] },
      { kind: 'min-stay', checkin: '2028-02-29', minStay: 6 },
    ],
  ])('%s', (_, overrides, expected) => {
    expect(ruleProblem(stay(overrides))).toEqual(expected);
  });

  it('reads the minimum stay of a check-in the same way on its own', () => {
    expect(minimumStay('2027-05-10', 2, [spring2026], null)).toBe(4);
    expect(minimumStay('2027-05-10', 2, [spring2026], standard)).toBe(2);
    expect(minimumStay('2027-07-10', 2, [spring2026], null)).toBeNull();
    expect(earliestRateDateFor('2027-05-10')).toBe('2026-05-10');
  });

  it.each([
    [2, 0, undefined, 4, 1],
    [3, 2, undefined, 4, 3],
    [1, 0, 3, 4, 3],
    [9, 3, undefined, 4, 4],
    [1, 0, 9, 4, 4],
  ])(
    '%i adults and %i children asking %s of %i bedrooms are priced for %i',
    (adults, children, asked, has, expected) => {
      expect(bedroomsPriced({ adults, children, bedrooms: asked, property: { bedrooms: has } })).toBe(
        expected,
      );
    },
  );

  it('words the rules as the API’s 400 invalid_request does', () => {
    expect(problemMessage({ kind: 'min-stay', checkin: '2027-02-13', minStay: 2 })).toBe(
      'The minimum stay for a check-in on 2027-02-13 is 2 nights.',
    );
    expect(problemMessage({ kind: 'over-capacity', guests: 9, sleeps: 8 }, 'Villa Rosa')).toBe(
      'Villa Rosa sleeps 8; the party of 9 is too large.',
    );
    expect(problemMessage({ kind: 'over-capacity', guests: 9, sleeps: 8 })).toBe(
      'This property sleeps 8; the party of 9 is too large.',
    );
  });
});

describe('money', () => {
  it.each([
    [1.005, 'EUR', 1.01],
    [0.125, 'USD', 0.13],
    [2.675, 'GBP', 2.68],
    [1234.5, 'JPY', 1235],
    [1234.49, 'JPY', 1234],
    [10.004999, 'EUR', 10],
    [7.5, 'XXX', 7.5],
  ])('%d %s rounds half-up to %d', (value, currency, expected) => {
    expect(roundToCurrency(value, currency)).toBe(expected);
  });

  it('rounds to any number of decimals', () => {
    expect(roundMoney(2.5, 0)).toBe(3);
    expect(roundMoney(0.0005, 3)).toBe(0.001);
  });
});

describe('dates in any time zone', () => {
  const saved = process.env.TZ;
  afterEach(() => {
    process.env.TZ = saved;
  });

  // A stay over a daylight-saving change and the year's end, judged where the local date is a day behind
  // UTC (Pago Pago, Los Angeles) or ahead of it (Kiritimati): a rule that went through local midnight or
  // `new Date('YYYY-MM-DD')` would book, free or count one day off in some of them.
  it.each(['UTC', 'America/Los_Angeles', 'Pacific/Kiritimati', 'Pacific/Pago_Pago', 'Europe/London'])(
    'gives the same answers in %s',
    (zone) => {
      process.env.TZ = zone;
      const occupancy = occupancyOf([
        range('2027-03-13', '2027-03-15', { checkout_full_day: true }),
        range('2027-12-30', '2028-01-02', { checkin_full_day: true }),
      ]);
      expect(['2027-03-12', '2027-03-13', '2027-03-14', '2027-03-15'].map(occupancy.bookedNight)).toEqual([
        false,
        true,
        true,
        false,
      ]);
      expect(
        ['2027-12-29', '2027-12-30', '2027-12-31', '2028-01-01', '2028-01-02'].map(occupancy.bookedNight),
      ).toEqual([false, true, true, true, false]);
      expect(availabilityProblem(occupancy, '2027-03-15', '2027-03-16')?.kind).toBe('checkin-kept-free');
      expect(availabilityProblem(occupancy, '2027-03-16', '2027-03-18')).toBeNull();
      expect(availabilityProblem(occupancy, '2027-12-27', '2027-12-30')?.kind).toBe('checkout-kept-free');
      // Seven nights across the spring change: a 7-night minimum is met, not missed by an hour.
      const week = stay({
        checkin: '2027-03-08',
        checkout: '2027-03-15',
        periods: [terms(4, 7, '2027-03-01', '2027-03-31')],
      });
      expect(ruleProblem(week)).toBeNull();
      expect(ruleProblem({ ...week, checkout: '2027-03-14' })).toEqual({
        kind: 'min-stay',
        checkin: '2027-03-08',
        minStay: 7,
      });
      expect(minimumStay('2028-02-29', 1, [terms(4, 6, '2027-02-28', '2027-02-28')], null)).toBe(6);
    },
  );
});
