import { describe, expect, it } from 'vitest';
import { guestsOf, readStay, stayParams, withStay } from '@/lib/site/browser/stay';

describe('the stay in a URL', () => {
  it('round-trips dates and party', () => {
    const stay = readStay(new URLSearchParams('checkin=2027-02-13&checkout=2027-02-20&adults=3&children=1'));
    expect(stay).toEqual({
      checkin: '2027-02-13',
      checkout: '2027-02-20',
      adults: 3,
      children: 1,
      bedrooms: undefined,
    });
    expect(stayParams(stay).toString()).toBe('checkin=2027-02-13&checkout=2027-02-20&adults=3&children=1');
    expect(guestsOf(stay)).toBe(4);
  });

  it('drops what makes no sense instead of guessing', () => {
    expect(readStay({ checkin: '2027-02-30', checkout: '2027-03-01', adults: '0', children: '-1' })).toEqual({
      checkin: undefined,
      checkout: undefined,
      adults: 2,
      children: 0,
      bedrooms: undefined,
    });
    expect(readStay({ checkin: '2027-02-13', checkout: '2027-02-13' }).checkout).toBeUndefined();
  });

  it('reads an older link’s guests as adults', () => {
    expect(readStay({ guests: '4' }).adults).toBe(4);
  });

  it('puts the stay on a link, keeping its other parameters', () => {
    const stay = readStay({ checkin: '2027-02-13', checkout: '2027-02-20', adults: '4' });
    expect(withStay('/properties/7?reference=ADV-1&adults=1', stay)).toBe(
      '/properties/7?reference=ADV-1&checkin=2027-02-13&checkout=2027-02-20&adults=4',
    );
    expect(withStay('/properties/7', { adults: 2, children: 0 })).toBe('/properties/7?adults=2');
  });
});
