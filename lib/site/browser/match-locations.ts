import type { Location } from '@/lib/contract';

/*
 * The destination type-ahead's matching (every destination field and the destinations page), and what a
 * typed destination resolves to when the traveller searches without picking from the list. Forgiving as a
 * listing site's box is: accents and case are ignored, "st" is "saint", words may be missing or in another
 * order ("st barth" finds St. Barthélemy), and a typo or two is forgiven in a longer word ("provnce").
 */

/** Lower case without accents, for matching what a traveller types. */
export const fold = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** Short forms people type for a word of a place's name. */
const SHORT_FORMS: Record<string, string> = { st: 'saint', ste: 'sainte', mt: 'mount' };

/** The words of a name or of typed text: folded, split on anything not a letter or digit, short forms read out. */
export function wordsOf(text: string): string[] {
  return fold(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((w) => SHORT_FORMS[w] ?? w);
}

/** Typos forgiven in a typed word: none up to 3 letters, one up to 7, two beyond. */
export const typosAllowed = (word: string): number => (word.length <= 3 ? 0 : word.length <= 7 ? 1 : 2);

/**
 * The fewest edits (a letter added, dropped, changed, or two swapped) that turn `typed` into the start of
 * `word` ("provnce" → "provence": 1), or Infinity when more than `max` are needed.
 */
export function prefixDistance(typed: string, word: string, max: number): number {
  if (word.startsWith(typed)) return 0;
  if (max === 0) return Number.POSITIVE_INFINITY;
  const m = typed.length;
  const n = Math.min(word.length, m + max);
  // rows[i][j]: edits between typed[0..i) and word[0..j); the answer is the best of the last row.
  const rows: number[][] = [Array.from({ length: n + 1 }, (_, j) => j)];
  for (let i = 1; i <= m; i++) {
    const row = [i];
    for (let j = 1; j <= n; j++) {
      const cost = typed[i - 1] === word[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && typed[i - 1] === word[j - 2] && typed[i - 2] === word[j - 1])
        d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      row.push(d);
    }
    rows.push(row);
  }
  const best = Math.min(...rows[m]!);
  return best <= max ? best : Number.POSITIVE_INFINITY;
}

/**
 * How well each typed word finds a word of `words`, each typed word its own word: the total of typos, or
 * null when one finds none. `fuzzy` false asks for exact starts only.
 */
function wordsFound(typed: string[], words: string[], fuzzy: boolean): number | null {
  const used = new Set<number>();
  let typos = 0;
  for (const t of typed) {
    let best = -1;
    let bestTypos = Number.POSITIVE_INFINITY;
    for (let i = 0; i < words.length; i++) {
      if (used.has(i)) continue;
      const d = prefixDistance(t, words[i]!, fuzzy ? typosAllowed(t) : 0);
      if (d < bestTypos) {
        best = i;
        bestTypos = d;
      }
    }
    if (best < 0) return null;
    used.add(best);
    typos += bestTypos;
  }
  return typos;
}

/** Kinds of match, best first. */
export const MatchKind = {
  /** The name, as typed (accents, case, punctuation and short forms aside). */
  exact: 0,
  /** The name starts with what was typed. */
  start: 1,
  /** Each typed word starts a word of the name ("barth" in "St. Barthélemy", "cote azur"). */
  words: 2,
  /** What was typed is inside the name. */
  inside: 3,
  /** Each typed word starts a word of the name or of a place it lies in ("provence france", a town in Provence). */
  path: 4,
  /** As `words`, with typos forgiven. */
  wordsTypo: 5,
  /** As `path`, with typos forgiven. */
  pathTypo: 6,
} as const;

export interface LocationMatch {
  location: Location;
  kind: number;
  /** Typos forgiven. */
  typos: number;
  /** Typed words found in the name itself (more is better among matches through the path). */
  inName: number;
}

/** How `location` matches typed words (`typed`: their folded join); null when it does not. */
export function matchOf(location: Location, typed: string[]): LocationMatch | null {
  const q = typed.join(' ');
  const name = wordsOf(location.name);
  const joined = name.join(' ');
  const path = location.path.flatMap(wordsOf);
  const found = (kind: number, typos = 0, inName = typed.length) => ({ location, kind, typos, inName });
  if (joined === q) return found(MatchKind.exact);
  if (joined.startsWith(q)) return found(MatchKind.start);
  if (wordsFound(typed, name, false) !== null) return found(MatchKind.words);
  if (joined.includes(q)) return found(MatchKind.inside);
  const inName = typed.filter((t) => name.some((w) => w.startsWith(t))).length;
  if (wordsFound(typed, path, false) !== null) return found(MatchKind.path, 0, inName);
  const typos = wordsFound(typed, name, true);
  if (typos !== null) return found(MatchKind.wordsTypo, typos);
  const pathTypos = wordsFound(typed, path, true);
  if (pathTypos !== null) return found(MatchKind.pathTypo, pathTypos, inName);
  return null;
}

/** Whether `a` matches better than `b` (negative), worse (positive) or as well (0), busyness aside. */
const byQuality = (a: LocationMatch, b: LocationMatch) =>
  a.kind - b.kind || a.typos - b.typos || b.inName - a.inName;

/** Every match of typed text, best first; among equals the busiest, then the widest place, then by name. */
export function rankLocations(locations: Location[], typedText: string): LocationMatch[] {
  const typed = wordsOf(typedText);
  if (typed.length === 0) return [];
  const matches: LocationMatch[] = [];
  for (const l of locations) {
    const m = matchOf(l, typed);
    if (m) matches.push(m);
  }
  return matches.sort(
    (a, b) =>
      byQuality(a, b) ||
      b.location.property_count - a.location.property_count ||
      a.location.path.length - b.location.path.length ||
      a.location.name.localeCompare(b.location.name) ||
      a.location.id - b.location.id,
  );
}

/** Destinations matching typed text, best first (the busiest when nothing is typed). */
export function matchLocations(locations: Location[], typed: string, limit = 8): Location[] {
  if (wordsOf(typed).length === 0)
    return [...locations].sort((a, b) => b.property_count - a.property_count).slice(0, limit);
  return rankLocations(locations, typed)
    .slice(0, limit)
    .map((m) => m.location);
}

/**
 * What a destination typed but not picked stands for: nothing typed (`anywhere`), the one destination that
 * matches best (`found`: the only exact name, or the only best match), several as good as each other
 * (`several`: the traveller must choose), or none for sure (`none`, with the near misses the list offers).
 * A typo is forgiven on its own only in a long enough word: "provnce" is Provence, but "Paris" is not
 * Paros, it is a place the catalog does not have.
 */
/** The parameter a destination field sends what was typed in, when its form is sent before its script runs. */
export const TYPED_PARAM = 'where';

export type Resolved =
  | { kind: 'anywhere' }
  | { kind: 'found'; location: Location }
  | { kind: 'several'; count: number }
  | { kind: 'none'; nearMisses: number };

/** Letters typed per typo forgiven without asking. */
const LETTERS_PER_TYPO = 6;

export function resolveLocation(locations: Location[], typed: string): Resolved {
  const words = wordsOf(typed);
  if (words.length === 0) return { kind: 'anywhere' };
  const ranked = rankLocations(locations, typed);
  const [best, next] = ranked;
  if (!best) return { kind: 'none', nearMisses: 0 };
  const letters = words.join('').length;
  if (best.typos * LETTERS_PER_TYPO > letters) return { kind: 'none', nearMisses: ranked.length };
  if (!next || byQuality(best, next) < 0) return { kind: 'found', location: best.location };
  return { kind: 'several', count: ranked.filter((m) => byQuality(best, m) === 0).length };
}

/**
 * What the destination field says when what was typed cannot be searched as it is: a sentence naming the
 * text, asking to choose from the list; `orElse` is the field's other way out ("clear the field to search
 * everywhere").
 */
export function unresolvedWords(typed: string, resolved: Resolved, orElse: string): string | null {
  const said = `“${typed.trim()}”`;
  if (resolved.kind === 'several')
    return resolved.count > 8
      ? `${resolved.count} places match ${said}: keep typing, or choose one from the list.`
      : `${said} could be ${resolved.count} places: choose one from the list.`;
  if (resolved.kind === 'none')
    return resolved.nearMisses > 0
      ? `We have no destination called ${said}. Choose one from the list, or ${orElse}.`
      : `We have no destination called ${said}. Try another name, or ${orElse}.`;
  return null;
}
