import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CancellationTerms } from '@/components/property/cancellation-terms';
import { PriceBreakdown } from '@/components/property/price';
import type { Quote, RateSheet } from '@/lib/contract';
import { rateSpans } from '@/lib/rules';
import { cancellationTerms, DESCRIPTION_MAX, plainText } from '@/lib/site/browser/cancellation';

type Period = RateSheet['rates'][number];

let nextId = 1;
const period = (
  start: string,
  end: string,
  rooms: number,
  name: string,
  description = `${name} terms`,
): Period => ({
  id: nextId++,
  name: `Season ${name}`,
  start_date: start,
  end_date: end,
  rooms,
  nightly: 100 * rooms,
  weekly: null,
  monthly: null,
  min_stay: 1,
  balance_days: 30,
  currency: 'EUR',
  cancellation_policy: { name, description },
});

const defaultRate: RateSheet['default_rate'] = {
  id: 99,
  name: 'Standard',
  rooms: 4,
  nightly: 300,
  weekly: null,
  monthly: null,
  min_stay: 1,
  balance_days: 30,
  currency: 'EUR',
};

describe('a stay’s cancellation terms', () => {
  const rates = {
    rates: [
      period('2027-02-01', '2027-02-10', 2, 'Flexible', 'Full refund up to 14 days before arrival.'),
      // The 4-bedroom tier of the same dates: a larger party's stay uses this one, not the one above.
      period('2027-02-01', '2027-02-10', 4, 'Strict', 'No refund after booking.'),
      period('2027-02-11', '2027-02-20', 2, 'Moderate', 'Half refund up to 30 days before arrival.'),
      // Same policy as the season before, another period: one run for the traveller.
      period('2027-02-21', '2027-02-28', 2, 'Moderate', 'Half refund up to 30 days before arrival.'),
    ],
    default_rate: null,
  };

  it('names the policy of the period the quote prices, by bedrooms', () => {
    expect(cancellationTerms(rates, { checkin: '2027-02-03', checkout: '2027-02-07', bedrooms: 2 })).toEqual([
      {
        name: 'Flexible',
        description: 'Full refund up to 14 days before arrival.',
        from: '2027-02-03',
        to: '2027-02-07',
      },
    ]);
    expect(
      cancellationTerms(rates, { checkin: '2027-02-03', checkout: '2027-02-07', bedrooms: 3 })[0]?.name,
    ).toBe('Strict');
  });

  it('names each policy of a stay across periods with its nights, neighbours under one policy merged', () => {
    const terms = cancellationTerms(rates, { checkin: '2027-02-08', checkout: '2027-02-24', bedrooms: 1 });
    expect(terms.map((t) => [t.name, t.from, t.to])).toEqual([
      ['Flexible', '2027-02-08', '2027-02-11'],
      ['Moderate', '2027-02-11', '2027-02-24'],
    ]);
  });

  it('says no published terms for nights on the default rate, last year’s period or no rate', () => {
    const withDefault = { rates: rates.rates, default_rate: defaultRate };
    expect(
      cancellationTerms(withDefault, { checkin: '2027-02-27', checkout: '2027-03-03', bedrooms: 2 }),
    ).toEqual([
      {
        name: 'Moderate',
        description: 'Half refund up to 30 days before arrival.',
        from: '2027-02-27',
        to: '2027-03-01',
      },
      { name: null, description: '', from: '2027-03-01', to: '2027-03-03' },
    ]);
    // A year later: last year's period stands in for the price, but its terms are not this year's.
    expect(cancellationTerms(rates, { checkin: '2028-02-03', checkout: '2028-02-05', bedrooms: 2 })).toEqual([
      { name: null, description: '', from: '2028-02-03', to: '2028-02-05' },
    ]);
    expect(cancellationTerms(rates, { checkin: '2027-02-03', checkout: '2027-02-03', bedrooms: 2 })).toEqual(
      [],
    );
  });

  it('keeps the vendor’s words as short plain text: no HTML, no runaway length, a name when missing', () => {
    const hostile = {
      rates: [
        {
          ...period('2027-02-01', '2027-02-10', 2, 'x'),
          cancellation_policy: {
            name: '',
            description: `<script>alert(1)</script><b>Refund</b>\n\n  ${'long '.repeat(200)}`,
          },
        },
      ],
      default_rate: null,
    };
    const [term] = cancellationTerms(hostile, { checkin: '2027-02-02', checkout: '2027-02-04', bedrooms: 2 });
    expect(term?.name).toBe('Cancellation policy');
    expect(term?.description.startsWith('alert(1) Refund long long')).toBe(true);
    expect(term?.description.length).toBeLessThanOrEqual(DESCRIPTION_MAX);
    expect(term?.description.endsWith('…')).toBe(true);
    const html = renderToStaticMarkup(CancellationTerms({ terms: term ? [term] : [] }));
    expect(html).not.toMatch(/<script|<b>/);
    // A policy the vendor left out is no policy, not a crash.
    const missing = {
      rates: [{ ...period('2027-02-01', '2027-02-10', 2, 'x'), cancellation_policy: undefined } as never],
      default_rate: null,
    };
    expect(
      cancellationTerms(missing, { checkin: '2027-02-02', checkout: '2027-02-03', bedrooms: 2 })[0]?.name,
    ).toBeNull();
    expect(plainText(42, 10)).toBe('');
  });

  it('is said beneath the price, each period with its dates', () => {
    const quote = {
      property_id: 1,
      currency: { code: 'EUR', symbol: '€' },
      stay: {
        checkin: '2027-02-08',
        checkout: '2027-02-14',
        nights: 6,
        guests: { adults: 2, children: 0 },
        bedrooms: 1,
      },
      totals: {
        rate: 600,
        discounts: 0,
        fees: 0,
        taxes: 0,
        total: 600,
        refundable_deposits: 0,
        total_payable: 600,
      },
      average_nightly_rate: 200,
      tax_rate: null,
      accuracy: 'exact',
      rate_range: { min: 200, max: 200 },
      price_on_request: false,
    } as unknown as Quote;
    const html = renderToStaticMarkup(PriceBreakdown({ quote, fees: [], taxes: [], rates }));
    expect(html).toContain('Cancellation terms');
    expect(html).toContain('Nights of 8 – 11 Feb 2027');
    expect(html).toContain('Flexible');
    expect(html).toContain('Nights of 11 – 14 Feb 2027');
    expect(html).toContain('Half refund up to 30 days before arrival.');
    // Without the rate sheet (an older caller) the price alone.
    expect(renderToStaticMarkup(PriceBreakdown({ quote, fees: [], taxes: [] }))).not.toContain(
      'Cancellation',
    );
  });
});

describe('rateSpans', () => {
  it('groups a stay’s nights by the rate each uses, as the quote prices them', () => {
    const periods = [
      { start: '2027-01-01', end: '2027-01-05', rooms: 2, minStay: 1 },
      { start: '2027-01-06', end: '2027-01-31', rooms: 2, minStay: 1 },
    ];
    const spans = rateSpans('2027-01-04', '2027-01-08', 2, periods, null);
    expect(spans.map((s) => [s.from, s.to, s.rate === periods[0] ? 0 : 1])).toEqual([
      ['2027-01-04', '2027-01-06', 0],
      ['2027-01-06', '2027-01-08', 1],
    ]);
    expect(rateSpans('2027-03-01', '2027-03-02', 2, periods, null)).toEqual([
      { from: '2027-03-01', to: '2027-03-02', rate: null, source: 'none' },
    ]);
  });
});
