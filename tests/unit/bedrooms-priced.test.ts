import { describe, expect, it } from 'vitest';
import { bedroomsRented, type Period } from '@/lib/rules';
import { bedroomsFor } from '@/lib/site/browser/party';
import { type ReplicaEntry, replicaEntryOf } from '@/lib/site/replica/in-memory';
import type { ReplicaSummary } from '@/lib/site/replica/types';
import { cardPrice } from '@/lib/site/search/card-price';

/*
 * The bedrooms a price is for: a card's figure says which (a 6-bedroom villa priced for the 2 a couple
 * needs is not the villa's price), and the search's bedrooms filter prices exactly the bedrooms it asks.
 */

const tier = (rooms: number, nightly: number): Period => ({
  start: '2027-01-01',
  end: '2027-12-31',
  rooms,
  nightly,
  weekly: null,
  monthly: null,
  minStay: 1,
});

/** A villa of six bedrooms that rents two, four or all six, in euros, with no fees or taxes. */
const villa: ReplicaEntry = replicaEntryOf(
  7,
  1,
  { id: 7, name: 'Villa Cypress', bedrooms: 6, sleeps: 12 } as ReplicaSummary,
  {
    currency: 'EUR',
    periods: [tier(2, 300), tier(4, 450), tier(6, 650)],
    defaultRate: null,
    fees: [],
    taxRates: [],
    promotions: [],
    priceOnRequest: false,
  },
  { to: '2027-12-31', ranges: [] },
  '2027-01-10',
);
const ask = (stay: { adults: number; children?: number; bedrooms?: number }, dated = true) => ({
  stay: {
    ...(dated ? { checkin: '2027-05-01', checkout: '2027-05-08' } : {}),
    children: 0,
    ...stay,
  },
  currency: 'EUR',
  today: '2027-01-10',
});
const noFx = { base: 'EUR', date: '2027-01-01', rates: {} } as never;

describe('a card price says the bedrooms it is for', () => {
  it('a couple: the two-bedroom price, for 2 of 6', () => {
    const price = cardPrice(villa, ask({ adults: 2 }), noFx);
    expect(price).toMatchObject({ kind: 'stay', amount: 2100, bedrooms: 2 });
    expect(bedroomsFor(price.bedrooms!, 6)).toBe('for 2 of 6 bedrooms');
  });

  it('the bedrooms filter asks for 6: the whole villa is priced, for all 6', () => {
    const price = cardPrice(villa, ask({ adults: 2, bedrooms: 6 }), noFx);
    expect(price).toMatchObject({ amount: 4550, bedrooms: 6 });
    expect(bedroomsFor(6, 6)).toBe('for all 6 bedrooms');
  });

  it('five guests need three bedrooms: priced by the four-bedroom tier, said as 4 of 6', () => {
    expect(cardPrice(villa, ask({ adults: 3, children: 2 }), noFx)).toMatchObject({
      amount: 3150,
      bedrooms: 4,
    });
  });

  it('a season without the small tier: the largest tier any night uses', () => {
    const periods = [
      { ...tier(2, 300), end: '2027-05-03' },
      { ...tier(6, 650), end: '2027-05-03' },
      { ...tier(6, 700), start: '2027-05-04' },
    ];
    const stay = {
      checkin: '2027-05-01',
      checkout: '2027-05-08',
      adults: 2,
      children: 0,
      property: { bedrooms: 6 },
    };
    expect(bedroomsRented(stay, periods, null)).toBe(6);
    expect(bedroomsRented({ ...stay, checkout: '2027-05-04' }, periods, null)).toBe(2);
    // No rate at all: the bedrooms the party needs.
    expect(bedroomsRented({ ...stay, adults: 5 }, [], null)).toBe(3);
  });

  it('a "from" price without dates says its bedrooms too; refusals have none', () => {
    expect(cardPrice(villa, ask({ adults: 2, bedrooms: 4 }, false), noFx)).toMatchObject({
      kind: 'from',
      amount: 450,
      bedrooms: 4,
    });
    expect(cardPrice(villa, ask({ adults: 1 }, false), noFx)).toMatchObject({ amount: 300, bedrooms: 2 });
    expect(cardPrice(villa, ask({ adults: 13 }), noFx)).toMatchObject({
      kind: 'unavailable',
      bedrooms: null,
    });
  });

  it('a one-bedroom rental is "for 1 bedroom"', () => {
    expect(bedroomsFor(1, 1)).toBe('for 1 bedroom');
  });
});
