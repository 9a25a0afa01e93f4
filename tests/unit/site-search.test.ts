import { describe, expect, it } from 'vitest';
import { showRange } from '@/lib/site/browser';
import { aboutDuration } from '@/lib/site/browser/duration';
import { fieldMessages } from '@/lib/site/browser/messages';
import { activeFilters, cleanSearchParams } from '@/lib/site/browser/search-url';
import { readSearch } from '@/lib/site/search';
import { catalogQueryOf } from '@/lib/site/search/from-upstream';

const parse = (qs: string) => readSearch(new URLSearchParams(qs));
/** The catalog's query the search would send upstream (while the replica loads). */
const asked = (qs: string) => {
  const search = parse(qs);
  return search.ok ? { ok: true, query: catalogQueryOf(search.request) } : search;
};

describe('a search URL as the catalog query', () => {
  it('asks the catalog for everyone staying: adults and children together', () => {
    const state = asked('location=4&checkin=2029-02-13&checkout=2029-02-20&adults=2&children=3&bedrooms=2');
    expect(state).toMatchObject({
      ok: true,
      query: {
        location: 4,
        guests: 5,
        rooms: 2,
        checkin: '2029-02-13',
        checkout: '2029-02-20',
        per_page: 12,
      },
    });
    // Children alone travel with the default two adults.
    expect(asked('children=1')).toMatchObject({ ok: true, query: { guests: 3 } });
  });

  it('reads an old link’s guests and rooms, and narrows nothing without a party', () => {
    expect(asked('guests=4&rooms=3')).toMatchObject({ ok: true, query: { guests: 4, rooms: 3 } });
    const bare = asked('sort=-sleeps');
    expect(bare.ok && 'query' in bare && bare.query.guests).toBeUndefined();
  });

  it('says what is wrong in sentences naming the field', () => {
    const state = parse('checkin=2029-02-30&adults=0&children=x&guests=3');
    expect(state.ok).toBe(false);
    const sentences = Object.values(fieldMessages(state.ok ? {} : state.errors));
    expect(sentences).toEqual(
      expect.arrayContaining([
        'Check-in must be a real date',
        'Adults must be a whole number between 1 and 50',
        'Children must be a whole number between 0 and 50',
      ]),
    );
    const old = parse('guests=0');
    expect(fieldMessages(old.ok ? {} : old.errors)).toEqual({
      guests: 'Guests must be a whole number between 1 and 100',
    });
  });

  it('counts the filters that narrow it (not the sort, not a destination page’s own place)', () => {
    const params = cleanSearchParams(
      new URLSearchParams('location=3&checkin=2029-01-01&adults=2&sort=-sleeps'),
    );
    expect(activeFilters(params)).toBe(3);
    expect(activeFilters(params, 3)).toBe(2);
    expect(activeFilters(new URLSearchParams())).toBe(0);
  });
});

describe('a stay’s dates in few words', () => {
  it('writes the month and year once where they are shared', () => {
    expect(showRange('2027-01-01', '2027-01-08')).toBe('Fri 1 – Fri 8 Jan 2027');
    expect(showRange('2027-01-29', '2027-02-05')).toBe('Fri 29 Jan – Fri 5 Feb 2027');
    expect(showRange('2026-12-28', '2027-01-04')).toBe('Mon 28 Dec 2026 – Mon 4 Jan 2027');
    expect(showRange('2027-01-29', '2027-02-05', { weekdays: false })).toBe('29 Jan – 5 Feb 2027');
  });
});

describe('a wait in words (how long the catalog’s first load has left)', () => {
  it('says minutes to the minute, hours to five minutes, long loads to the hour, and nothing it cannot know', () => {
    expect(aboutDuration(12)).toBe('under a minute');
    expect(aboutDuration(89)).toBe('about 1 min');
    expect(aboutDuration(25 * 60 + 10)).toBe('about 25 min');
    expect(aboutDuration(59 * 60 + 29)).toBe('about 59 min');
    expect(aboutDuration(59 * 60 + 31)).toBe('about 1 h');
    expect(aboutDuration(65 * 60)).toBe('about 1 h 5 min');
    expect(aboutDuration(3 * 3600 + 58 * 60)).toBe('about 4 h');
    expect(aboutDuration(12.4 * 3600)).toBe('about 12 h');
    for (const none of [null, undefined, Number.NaN, Number.POSITIVE_INFINITY, -5])
      expect(aboutDuration(none)).toBeNull();
  });
});
