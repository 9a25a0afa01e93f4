import { describe, expect, it } from 'vitest';
import { AGES, INFANTS_MAX } from '@/lib/contract/limits';
import { infantsIn, infantsLine, PARTY_ROWS, partyWords } from '@/lib/site/browser/party';
import { cleanSearchParams } from '@/lib/site/browser/search-url';
import { guestsOf, readStay, stayParams, withStay } from '@/lib/site/browser/stay';

/* One child-age rule, with infants (docs/decisions.md#children-and-infants), carried in every URL. */

describe('the party’s ages', () => {
  it('every party field says the same ages, from one definition', () => {
    expect(PARTY_ROWS.map((r) => [r.label, r.ages])).toEqual([
      ['Adults', 'Ages 13 or above'],
      ['Children', 'Ages 2–12'],
      ['Infants', 'Under 2'],
    ]);
    expect(AGES).toEqual({ adultFrom: 13, childFrom: 2 });
  });

  it('infants ride in the URL from search to property, and count toward no capacity', () => {
    const stay = readStay(new URLSearchParams('checkin=2027-06-01&checkout=2027-06-08&adults=2&infants=1'));
    expect(stay.infants).toBe(1);
    expect(guestsOf(stay)).toBe(2);
    expect(stayParams(stay).toString()).toBe('checkin=2027-06-01&checkout=2027-06-08&adults=2&infants=1');
    expect(withStay('/properties/7?reference=A', stay)).toBe(
      '/properties/7?reference=A&checkin=2027-06-01&checkout=2027-06-08&adults=2&infants=1',
    );
    expect(cleanSearchParams(new URLSearchParams('adults=2&infants=1&children=0')).toString()).toBe(
      'adults=2&infants=1',
    );
  });

  it('a typed link’s infants beyond the limit, or not a count, are none', () => {
    for (const bad of [String(INFANTS_MAX + 1), '-1', 'two', '1.5'])
      expect(readStay(new URLSearchParams(`adults=2&infants=${bad}`)).infants).toBeUndefined();
    expect(readStay(new URLSearchParams('adults=2&infants=0')).infants).toBeUndefined();
  });

  it('the party in words, and the line that tells the agent', () => {
    expect(partyWords({ adults: 2, children: 1, infants: 1 })).toBe('2 adults, 1 child, 1 infant');
    expect(partyWords({ adults: 1, children: 0, infants: 2 }, ' · ')).toBe('1 adult · 2 infants');
    expect(partyWords({ adults: 3, children: 2 })).toBe('3 adults, 2 children');
    expect(infantsLine(1)).toBe('Also travelling: 1 infant (under 2), not counted among the guests.');
    // The confirmation reads them back from the message the agent got.
    expect(infantsIn(`${infantsLine(3)}\n\nA cot, please.`)).toBe(3);
    expect(infantsIn('Also travelling: my dog')).toBe(0);
    expect(infantsIn(undefined)).toBe(0);
  });
});
