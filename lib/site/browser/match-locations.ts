import type { Location } from '@/lib/contract';

/* The destination type-ahead's matching (the search's destination field and the destinations page). */

/** Lower case without accents, for matching what a traveller types. */
export const fold = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** Destinations matching typed text: names that start with it first, then the busiest. */
export function matchLocations(locations: Location[], typed: string, limit = 8): Location[] {
  const q = fold(typed.trim());
  if (!q) return [...locations].sort((a, b) => b.property_count - a.property_count).slice(0, limit);
  const scored: { l: Location; score: number }[] = [];
  for (const l of locations) {
    const name = fold(l.name);
    const path = fold(l.path.join(' '));
    const score = name.startsWith(q) ? 0 : name.includes(q) ? 1 : path.includes(q) ? 2 : -1;
    if (score >= 0) scored.push({ l, score });
  }
  return scored
    .sort((a, b) => a.score - b.score || b.l.property_count - a.l.property_count)
    .slice(0, limit)
    .map((s) => s.l);
}
