import { describe, expect, it } from 'vitest';
import { RequestBudget } from '@/lib/catalog-client/budget';
import { addDays } from '@/lib/dates';
import { nightlyAmount, type Period, rateForNight } from '@/lib/rules';
import { Random } from '@/lib/sandbox/demo/random';
import { convert, parseFxRates } from '@/lib/site/replica/fx';
import { fromNightly } from '@/lib/site/search/card-price';

/*
 * The replica's pure parts: "from" prices (checked against asking every night), reference rates from the
 * ECB's file or JSON, conversion, and the budget's share for background work.
 */

/** The lowest nightly rate by asking all 365 nights, as a traveller's calendar would. */
function everyNight(periods: Period[], defaultRate: Period | null, bedrooms: number, today: string) {
  let low: number | null = null;
  for (let i = 0; i < 365; i++) {
    const { rate } = rateForNight(addDays(today, i), bedrooms, periods, defaultRate);
    if (rate && (low === null || nightlyAmount(rate, 1) < low)) low = nightlyAmount(rate, 1);
  }
  return low;
}

describe('"from" prices', () => {
  it('equal the lowest rate of all 365 nights, for 500 random rate sheets (tiers, gaps, last year)', () => {
    const rng = new Random(404);
    const today = '2026-11-22';
    for (let sample = 0; sample < 500; sample++) {
      const periods: Period[] = [];
      let start = addDays(today, rng.int(-500, 30));
      for (let i = rng.int(0, 8); i > 0; i--) {
        const end = addDays(start, rng.int(5, 120));
        for (const rooms of [1, 2, 4].slice(0, rng.int(1, 3))) {
          periods.push({
            start,
            end,
            rooms,
            nightly: rng.int(40, 900) + rooms * 10,
            weekly: null,
            monthly: null,
            minStay: rng.int(1, 7),
          });
        }
        start = addDays(end, rng.chance(0.3) ? rng.int(2, 60) : 1);
      }
      const defaultRate = rng.chance(0.3)
        ? { start: '', end: '', rooms: 4, nightly: rng.int(50, 500), weekly: null, monthly: null, minStay: 2 }
        : null;
      const bedrooms = rng.int(1, 4);
      const got = fromNightly({ periods, defaultRate }, bedrooms, today).amount;
      expect(got, JSON.stringify({ periods, defaultRate, bedrooms })).toBe(
        everyNight(periods, defaultRate, bedrooms, today),
      );
    }
  });
});

describe('reference rates', () => {
  const ecb = `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope><Cube><Cube time='2026-10-02'>
  <Cube currency='USD' rate='1.1225'/><Cube currency='JPY' rate='176.99'/><Cube currency='GBP' rate='0.85033'/>
</Cube></Cube></gesmes:Envelope>`;

  it("read the ECB's daily file and a JSON document alike", () => {
    const fromXml = parseFxRates(ecb, 'test');
    expect(fromXml).toMatchObject({
      date: '2026-10-02',
      base: 'EUR',
      rates: { EUR: 1, USD: 1.1225, JPY: 176.99 },
    });
    const fromJson = parseFxRates('{"date":"2026-10-02","base":"EUR","rates":{"USD":1.1225}}', 'test');
    expect(fromJson.rates).toEqual({ EUR: 1, USD: 1.1225 });
  });

  it('refuse anything else instead of guessing', () => {
    expect(() => parseFxRates('<html>503</html>', 'x')).toThrow();
    expect(() => parseFxRates('{"rates":{}}', 'x')).toThrow();
  });

  it('convert through the base, to the minor unit of the target', () => {
    const rates = parseFxRates(ecb, 'test');
    expect(convert(100, 'EUR', 'USD', rates)).toBe(112.25);
    expect(convert(112.25, 'USD', 'EUR', rates)).toBe(100);
    expect(convert(100, 'GBP', 'JPY', rates)).toBe(20814); // yen have no minor unit
    expect(convert(100, 'EUR', 'XXX', rates)).toBeNull();
  });
});

describe('the request budget', () => {
  it('lets background work use only its share of a minute, and visitors the rest', () => {
    let now = 0;
    const budget = new RequestBudget(100, 10_000, () => now, 0.75);
    let background = 0;
    while (budget.take('background') === 0) background++;
    expect(background).toBe(75);
    // The background must wait for the window to move; a visitor's read is still sent at once.
    expect(budget.take('background')).toBeGreaterThan(0);
    let reads = 0;
    while (budget.take('read') === 0) reads++;
    expect(reads).toBe(25);
    now += 60_001;
    expect(budget.take('background')).toBe(0);
  });
});
