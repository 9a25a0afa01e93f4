import { describe, expect, it } from 'vitest';
import type { RateSheet } from '@/lib/contract';
import { addDays } from '@/lib/dates';
import { priceStay } from '@/lib/rules';
import { dayPrices, shortPrice } from '@/lib/site/browser/price-calendar';
import { bedroomsPriced, ratesOf } from '@/lib/site/browser/stay-rules';

type Period = RateSheet['rates'][number];
const period = (start: string, end: string, rooms: number, nightly: number, minStay = 1): Period => ({
  id: rooms * 1000 + Number(start.slice(5, 7)),
  name: `${start} ${rooms}`,
  start_date: start,
  end_date: end,
  rooms,
  nightly,
  weekly: nightly * 6,
  monthly: null,
  min_stay: minStay,
  balance_days: 30,
  currency: 'EUR',
  cancellation_policy: { name: 'Flexible', description: '' },
});

const rates = {
  rates: [
    period('2027-05-01', '2027-05-31', 2, 200, 3),
    period('2027-05-01', '2027-05-31', 4, 400, 5),
    period('2027-06-01', '2027-06-30', 2, 260),
    period('2027-06-01', '2027-06-30', 4, 500, 2),
  ],
  default_rate: null,
};

describe('the price calendar', () => {
  it('gives each day the nightly rate for the bedrooms priced, and its minimum stay as a check-in', () => {
    const days = ['2027-05-10', '2027-06-10', '2027-07-10'];
    const two = dayPrices(rates, 'EUR', 2, days);
    expect(two.get('2027-05-10')).toMatchObject({ nightly: 200, minStay: 3, currency: 'EUR' });
    expect(two.get('2027-06-10')).toMatchObject({ nightly: 260, minStay: 1 });
    // No rate this year or last: no price, no minimum stay.
    expect(two.get('2027-07-10')).toMatchObject({ nightly: null, minStay: null, band: null });
    // A party of five needs three bedrooms: the four-bedroom tier prices it.
    const five = dayPrices(rates, 'EUR', bedroomsPriced(undefined, 5, 0, 4), days);
    expect(five.get('2027-05-10')).toMatchObject({ nightly: 400, minStay: 5 });
    // A year on, last year's period stands in, as the quote estimates.
    expect(dayPrices(rates, 'EUR', 2, ['2028-05-10']).get('2028-05-10')?.nightly).toBe(200);
  });

  it('agrees with the quote: a night’s price is what the quote charges for that night', () => {
    const { periods, defaultRate } = ratesOf(rates);
    for (let i = 0; i < 90; i += 7) {
      const day = addDays('2027-05-01', i);
      for (const bedrooms of [1, 2, 3, 4]) {
        const shown = dayPrices(rates, 'EUR', bedrooms, [day]).get(day)!;
        const quote = priceStay({
          checkin: day,
          checkout: addDays(day, 1),
          adults: 1,
          children: 0,
          bedrooms,
          property: { bedrooms: 4, sleeps: 8, priceOnRequest: false },
          minorUnits: 2,
          // The one-night quote without the minimum stay's refusal: the rate is what is compared.
          periods: periods.map((p) => ({ ...p, minStay: 1 })),
          defaultRate,
          fees: [],
          taxRates: [],
          promotions: [],
        });
        expect(shown.nightly ?? 0, `${day} for ${bedrooms}`).toBe(quote.totals.rate);
      }
    }
  });

  it('marks days low, mid or high over the days asked about; none when they all cost the same', () => {
    const mixed = {
      rates: [
        period('2027-05-01', '2027-05-01', 2, 100),
        period('2027-05-02', '2027-05-02', 2, 200),
        period('2027-05-03', '2027-05-03', 2, 300),
      ],
      default_rate: null,
    };
    const bands = dayPrices(mixed, 'EUR', 2, ['2027-05-01', '2027-05-02', '2027-05-03']);
    expect([...bands.values()].map((d) => d.band)).toEqual(['low', 'mid', 'high']);
    const flat = dayPrices(rates, 'EUR', 2, ['2027-05-10', '2027-05-11']);
    expect([...flat.values()].map((d) => d.band)).toEqual([null, null]);
  });

  it('shows the display currency when the traveller chose one, the rental’s own when it cannot convert', () => {
    const usd = { currency: 'USD', date: '2027-01-01', rates: { EUR: 1, USD: 1.1 } };
    expect(dayPrices(rates, 'EUR', 2, ['2027-05-10'], usd).get('2027-05-10')).toMatchObject({
      nightly: 220,
      currency: 'USD',
    });
    const unknown = { currency: 'XYZ', date: '2027-01-01', rates: { EUR: 1 } };
    expect(dayPrices(rates, 'EUR', 2, ['2027-05-10'], unknown).get('2027-05-10')).toMatchObject({
      nightly: 200,
      currency: 'EUR',
    });
    expect(shortPrice(250, 'EUR')).toBe('€250');
    expect(shortPrice(1234, 'USD')).toBe('$1.2K');
  });
});
