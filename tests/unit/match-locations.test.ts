import { describe, expect, it } from 'vitest';
import type { Location } from '@/lib/contract';
import {
  matchLocations,
  prefixDistance,
  rankLocations,
  resolveLocation,
  unresolvedWords,
  wordsOf,
} from '@/lib/site/browser/match-locations';

/* The destination field: what typed text finds (ranking, accents, short forms, typos, ties) and resolves to. */

let nextId = 1;
const loc = (path: string[], count: number): Location => ({
  id: nextId++,
  parent_id: null,
  name: path.at(-1)!,
  path,
  url: '',
  property_count: count,
});

// Names as the demo catalog has them: accents, a short form, an apostrophe, a name two places share.
const europe = loc(['Europe'], 1500);
const france = loc(['Europe', 'France'], 400);
const provence = loc(['Europe', 'France', 'Provence'], 60);
const valClair = loc(['Europe', 'France', 'Provence', 'Val-Clair'], 9);
const azur = loc(['Europe', 'France', "Côte d'Azur"], 50);
const paros = loc(['Europe', 'Greece', 'Paros'], 30);
const lakeUk = loc(['Europe', 'United Kingdom', 'Lake District'], 40);
const lakeChile = loc(['South America', 'Chile', 'Lake District'], 20);
const barth = loc(['Caribbean', 'St. Barthélemy'], 35);
const saintJean = loc(['Caribbean', 'St. Barthélemy', 'Saint-Jean'], 12);
const providenciales = loc(['Caribbean', 'Turks and Caicos', 'Providenciales'], 25);
const costaDelSol = loc(['Europe', 'Spain', 'Costa del Sol'], 45);
const costaBrava = loc(['Europe', 'Spain', 'Costa Brava'], 44);
const all = [
  europe,
  france,
  provence,
  valClair,
  azur,
  paros,
  lakeUk,
  lakeChile,
  barth,
  saintJean,
  providenciales,
  costaDelSol,
  costaBrava,
];
const names = (typed: string) => matchLocations(all, typed).map((l) => l.path.join(' › '));

describe('words of a place or of typed text', () => {
  it('drop accents, case and punctuation, and read short forms out', () => {
    expect(wordsOf('St. Barthélemy')).toEqual(['saint', 'barthelemy']);
    expect(wordsOf("CÔTE d'Azur")).toEqual(['cote', 'd', 'azur']);
    expect(wordsOf('  Sainte-Rivière ')).toEqual(['sainte', 'riviere']);
    expect(wordsOf(' , ')).toEqual([]);
  });

  it('count the typos between typed text and the start of a word, within a bound', () => {
    expect(prefixDistance('prov', 'provence', 1)).toBe(0);
    expect(prefixDistance('provnce', 'provence', 1)).toBe(1); // a letter missing
    expect(prefixDistance('porvence', 'provence', 1)).toBe(1); // two letters swapped
    expect(prefixDistance('tuscnay', 'tuscany', 1)).toBe(1);
    expect(prefixDistance('paris', 'paros', 1)).toBe(1);
    expect(prefixDistance('prvnce', 'provence', 1)).toBe(Number.POSITIVE_INFINITY);
    expect(prefixDistance('pro', 'pre', 0)).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('destination type-ahead ranking', () => {
  it('puts the exact name first, then names that start with the text, then places inside them', () => {
    expect(names('provence')).toEqual([
      'Europe › France › Provence',
      'Europe › France › Provence › Val-Clair',
    ]);
    // Places inside France, the busiest first.
    expect(names('fran')).toEqual([
      'Europe › France',
      'Europe › France › Provence',
      "Europe › France › Côte d'Azur",
      'Europe › France › Provence › Val-Clair',
    ]);
  });

  it('ignores accents, case and punctuation, and finds words wherever they are in the name', () => {
    expect(names('COTE AZUR')[0]).toBe("Europe › France › Côte d'Azur");
    expect(names('azur')[0]).toBe("Europe › France › Côte d'Azur");
    expect(names('barthelemy')[0]).toBe('Caribbean › St. Barthélemy');
  });

  it('reads "st" as "saint" and forgives a missing word', () => {
    expect(names('st barth')).toEqual([
      'Caribbean › St. Barthélemy',
      'Caribbean › St. Barthélemy › Saint-Jean',
    ]);
    expect(names('saint barth')[0]).toBe('Caribbean › St. Barthélemy');
    expect(names('costa sol')[0]).toBe('Europe › Spain › Costa del Sol');
    expect(names('st jean')[0]).toBe('Caribbean › St. Barthélemy › Saint-Jean');
  });

  it('forgives a typo in a longer word, after every match without one', () => {
    expect(names('provnce')[0]).toBe('Europe › France › Provence');
    expect(names('porvence')[0]).toBe('Europe › France › Provence');
    // Three letters are taken as typed: no typo is guessed in them.
    expect(names('prv')).toEqual([]);
    const ranked = rankLocations(all, 'provnce');
    expect(ranked[0]!.typos).toBe(1);
  });

  it('orders equal matches by the rentals they hold, then by the widest place', () => {
    expect(names('lake district')).toEqual([
      'Europe › United Kingdom › Lake District',
      'South America › Chile › Lake District',
    ]);
    expect(names('costa')).toEqual(['Europe › Spain › Costa del Sol', 'Europe › Spain › Costa Brava']);
  });

  it('finds a place by its name and the country it is in', () => {
    expect(names('lake district chile')).toEqual(['South America › Chile › Lake District']);
    expect(names('provence france')[0]).toBe('Europe › France › Provence');
  });

  it('shows the busiest with nothing typed, and nothing for text no place matches', () => {
    expect(names('')[0]).toBe('Europe');
    expect(names('zzz')).toEqual([]);
    expect(matchLocations(all, '', 3)).toHaveLength(3);
  });
});

describe('resolving a destination typed but not picked', () => {
  const resolved = (typed: string) => {
    const r = resolveLocation(all, typed);
    return r.kind === 'found' ? r.location.name : r;
  };

  it('uses the exact name, or the only best match, typos and short forms forgiven', () => {
    expect(resolved('Provence')).toBe('Provence');
    expect(resolved('  provence ')).toBe('Provence');
    expect(resolved('provnce')).toBe('Provence');
    expect(resolved('st barth')).toBe('St. Barthélemy');
    expect(resolved('St Barthelemy')).toBe('St. Barthélemy');
    expect(resolved('cote d azur')).toBe("Côte d'Azur");
    expect(resolved('lake district, chile')).toBe('Lake District');
    expect(resolveLocation(all, 'lake district chile')).toMatchObject({ location: { id: lakeChile.id } });
  });

  it('asks to choose when several match as well as each other', () => {
    expect(resolved('lake district')).toEqual({ kind: 'several', count: 2 });
    expect(resolved('pro')).toEqual({ kind: 'several', count: 2 });
    expect(resolved('costa')).toEqual({ kind: 'several', count: 2 });
  });

  it('says a place the catalog does not have is none, rather than guessing a typo in a short word', () => {
    expect(resolved('Paris')).toEqual({ kind: 'none', nearMisses: 1 });
    expect(resolved('Atlantis')).toEqual({ kind: 'none', nearMisses: 0 });
  });

  it('takes nothing typed as anywhere', () => {
    expect(resolved('')).toEqual({ kind: 'anywhere' });
    expect(resolved('  ')).toEqual({ kind: 'anywhere' });
  });
});

describe('what the field says when typed text cannot be searched', () => {
  const orElse = 'clear the field to search everywhere';
  it('names the text, and asks to choose from the list', () => {
    expect(unresolvedWords(' lake district ', resolveLocation(all, 'lake district'), orElse)).toBe(
      '“lake district” could be 2 places: choose one from the list.',
    );
    expect(unresolvedWords('Paris', resolveLocation(all, 'Paris'), orElse)).toBe(
      'We have no destination called “Paris”. Choose one from the list, or clear the field to search everywhere.',
    );
    expect(unresolvedWords('Atlantis', resolveLocation(all, 'Atlantis'), orElse)).toBe(
      'We have no destination called “Atlantis”. Try another name, or clear the field to search everywhere.',
    );
    expect(unresolvedWords('s', { kind: 'several', count: 23 }, orElse)).toBe(
      '23 places match “s”: keep typing, or choose one from the list.',
    );
  });
  it('says nothing when the text resolves', () => {
    expect(unresolvedWords('provnce', resolveLocation(all, 'provnce'), orElse)).toBeNull();
    expect(unresolvedWords('', resolveLocation(all, ''), orElse)).toBeNull();
  });
});
