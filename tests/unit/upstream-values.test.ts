import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Confirmation } from '@/components/inquiry/confirmation';
import { PartyFields } from '@/components/property/booking-parts';
import { currencyDigits, money, roughMoney } from '@/components/property/format';
import { StayProvider } from '@/components/property/stay-context';
import type { BookingData } from '@/lib/site/browser/booking';
import type { Lead } from '@/lib/site/leads';

/*
 * Values from an upstream are bounded before they size anything, and one the browser's Intl refuses does
 * not break a page: the figures an answer carries may be anything the document's types allow.
 */

describe('money in a currency Intl refuses', () => {
  it('writes the amount with the code beside it', () => {
    expect(money(1234.5, 'EURO')).toBe('1,234.50 EURO');
    expect(money(1234, 'US$')).toBe('1,234 US$');
    expect(roughMoney(1234.56, 'EURO')).toBe('1,235 EURO');
    expect(money(12, '')).toBe('12 in an unknown currency');
    expect(currencyDigits('EURO')).toBe(2);
  });

  it('still formats the codes Intl knows, even ones our tables do not', () => {
    expect(money(1234.5, 'EUR')).toBe('€1,234.50');
    expect(money(1234, 'KWD')).toMatch(/^KWD\s1,234$/);
    expect(currencyDigits('KWD')).toBe(3);
    expect(currencyDigits('JPY')).toBe(0);
  });

  // EUR, USD and GBP are written without Intl (format.ts, MARKS): each must read as Intl's, whole and with
  // cents, rounded as Intl rounds (half away from zero on the shortest decimal: 1.005 is 1.01). The other
  // codes are Intl's own, and must stay so.
  it('writes the currencies it knows exactly as Intl does', () => {
    const codes = ['EUR', 'USD', 'GBP', 'CAD', 'AUD', 'JPY', 'KRW', 'CHF', 'ZAR', 'THB', 'ISK', 'KWD'];
    const amounts = [0, -0, 1, 0.5, 1.5, 2.5, 0.125, 0.005, 1.005, 12.345, 99.995, 999.5, 1000, 1234.5];
    amounts.push(1_234_567.891, -0.004, -1.5, -1234.5, -2.5e-3, 1e-7, 1.5e-7, 1e13 - 0.5, 2 ** 53, 1e21);
    amounts.push(0.145, 1.255, 8.675, 1.0049999999999999, 0.30000000000000004, 123_456_789_012.345, 4.35);
    amounts.push(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY);
    let seed = 7;
    for (let i = 0; i < 300; i++) {
      seed = (seed * 48271) % 2147483647;
      amounts.push((seed % 10_000_000) / 1000, -(seed % 100_000) / 100, Math.round(seed / 1000) / 2);
    }
    for (const code of codes) {
      const cents = new Intl.NumberFormat('en', { style: 'currency', currency: code });
      const whole = new Intl.NumberFormat('en', {
        style: 'currency',
        currency: code,
        minimumFractionDigits: 0,
        maximumFractionDigits: 0,
      });
      expect(currencyDigits(code), code).toBe(cents.resolvedOptions().maximumFractionDigits);
      for (const a of amounts) {
        const expected = Number.isInteger(a) ? whole.format(a) : cents.format(a);
        expect(money(a, code), `${code} ${a}`).toBe(expected);
        if (a >= 100) expect(roughMoney(a, code), `${code} ${a}`).toBe(whole.format(Math.round(a)));
      }
    }
  });

  it('keeps the confirmation of a lead stored with such a code readable', () => {
    const row = {
      id: 'lead_upstreamvalues',
      reference: null,
      kind: 'property',
      status: 'sent',
      createdAt: new Date('2026-11-23T10:00:00Z'),
      upstreamId: 5,
      test: false,
      agent: {
        first_name: 'Ines',
        last_name: 'Ortega',
        email: 'ines@example.com',
        phone: '+1 555',
        extension: '12',
      },
      lastError: null,
      request: {
        property_id: 3,
        stay: { checkin: '2027-01-01', checkout: '2027-01-08', guests: { adults: 2, children: 0 } },
        contact: { first_name: 'Ana', last_name: 'Lima', email: 'ana@example.com' },
      },
      shown: {
        property: { name: 'Villa Odd', photo: null },
        quote: {
          currency: 'EURO',
          total: 1234.5,
          refundable_deposits: 300,
          nights: 7,
          price_on_request: false,
          accuracy: 'exact',
        },
      },
    } as unknown as Lead;
    const html = renderToStaticMarkup(createElement(Confirmation, { row }));
    expect(html).toContain('1,234.50 EURO');
    expect(html).toContain('300 EURO');
  });
});

/** The party's fields inside a property page's one stay, as the booking card draws them. */
function Widget({ data }: { data: BookingData }) {
  return StayProvider({ data, initial: { adults: 2, children: 0 }, children: createElement(PartyFields) });
}

describe('a record with millions of bedrooms', () => {
  it('offers as many bedrooms as a quote may price, not one option per bedroom', () => {
    const data: BookingData = {
      propertyId: 1,
      name: 'Huge',
      sleeps: 2_000_000_000,
      maxBedrooms: 5_000_000,
      booked: [],
      rates: { rates: [], default_rate: null },
      currency: 'EUR',
      fees: [],
      taxes: [],
      fromNightly: null,
      missing: [],
    };
    const html = renderToStaticMarkup(createElement(Widget, { data }));
    // "As needed" and 1 to 50 (one option per bedroom, 5,000,000 of them, took 18 s to draw).
    expect(html.match(/<option/g)).toHaveLength(51);
  });
});
