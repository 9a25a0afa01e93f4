import 'server-only';
import type { ReplicaEntry, ReplicaIndex } from '@/lib/site/replica/in-memory';
import type { Facets, ReplicaSummary } from '@/lib/site/replica/types';

/*
 * Search's filters over the replica's facts (lib/site/replica/types.ts: type, bathrooms, rating, and the
 * detail's amenities and policies): the predicates, each choice's count and the price histogram. A group's
 * choices combine as a traveller expects: property types any of (`type=villa,apartment`), amenities and
 * policies all of, bathrooms and rating at least. A choice's count is what choosing it would leave: the
 * results with every other group's choices applied (its own group too for amenities and policies, which add
 * up), then the choice. It reads the index only through its entries' summaries.
 */

export interface FilterAsk {
  /** Property types, any of. */
  types: string[];
  /** Amenity keys (amenityKey), all of. */
  amenities: string[];
  /** The least bathrooms. */
  bathrooms?: number;
  /** The least average rating, out of 5. */
  rating?: number;
  /** Policy keys that must say yes, all of. */
  policies: string[];
}

export const NO_FILTERS: FilterAsk = { types: [], amenities: [], policies: [] };

/** The policies offered as filters: the catalog's own keys (API document), with the traveller's words. */
export const POLICY_FILTERS = [
  { value: 'pets', label: 'Pets allowed' },
  { value: 'children', label: 'Children welcome' },
  { value: 'wheelchair_accessible', label: 'Wheelchair accessible' },
] as const;
export const BATHROOM_CHOICES = [1, 2, 3, 4, 5];
export const RATING_CHOICES = [3, 4, 4.5];
/** How many amenities are offered, and at most how many from one category once the asked-for are in. */
const AMENITY_CHOICES = 10;
const PER_CATEGORY = 2;
const HISTOGRAM_BINS = 24;

/** An amenity's key in the URL: its words in lower case, joined by hyphens ("Wi-Fi" → `wi-fi`). */
export const amenityKey = (item: string) =>
  item
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

type Group = 'types' | 'amenities' | 'bathrooms' | 'rating' | 'policies';

/** Whether the rental has every amenity key asked. */
function hasAmenities(s: ReplicaSummary, keys: readonly string[]): boolean {
  if (!keys.length) return true;
  const held = amenityKeysOf(s);
  return keys.every((k) => held.has(k));
}

const keysSeen = new WeakMap<ReplicaSummary, Set<string>>();
function amenityKeysOf(s: ReplicaSummary): Set<string> {
  let keys = keysSeen.get(s);
  if (!keys) {
    keys = new Set((s.amenities ?? []).flatMap((a) => a.items.map(amenityKey)));
    keysSeen.set(s, keys);
  }
  return keys;
}

const allows = (s: ReplicaSummary, policies: readonly string[]) =>
  policies.every((p) => s.policies?.[p] === 'yes');

/** Whether a rental passes the filters, leaving out one group (for that group's counts). */
export function passes(s: ReplicaSummary, f: FilterAsk, skip?: Group): boolean {
  if (skip !== 'types' && f.types.length && !f.types.includes(s.type)) return false;
  if (skip !== 'bathrooms' && f.bathrooms !== undefined && s.bathrooms < f.bathrooms) return false;
  if (skip !== 'rating' && f.rating !== undefined && (s.rating ?? 0) < f.rating) return false;
  if (skip !== 'policies' && !allows(s, f.policies)) return false;
  if (skip !== 'amenities' && !hasAmenities(s, f.amenities)) return false;
  return true;
}

export const filtering = (f: FilterAsk) =>
  f.types.length > 0 ||
  f.amenities.length > 0 ||
  f.policies.length > 0 ||
  f.bathrooms !== undefined ||
  f.rating !== undefined;

/**
 * What travellers ask listing sites for most, in that order, as words to find in the catalog's own amenity
 * names (whatever its categories call them): the items offered are the catalog's, found by these.
 */
const ASKED_FOR: { find: RegExp; not?: RegExp }[] = [
  { find: /\bpool\b/i, not: /fence|table/i },
  { find: /wi-?fi|internet/i },
  { find: /parking|garage|car ?port/i },
  { find: /air[ -]?condition/i },
  { find: /hot ?tub|jacuzzi|whirlpool/i },
  { find: /washing machine|washer/i },
  { find: /dishwasher/i },
  { find: /barbecue|bbq|grill/i },
  { find: /ev charg|electric car/i },
  { find: /fireplace|log burner/i },
  { find: /\bgym\b|fitness/i },
  { find: /sauna/i },
];

/**
 * The amenities offered as filters, from the catalog's own data: for each thing travellers ask for most
 * (ASKED_FOR), the item of the catalog that names it and the most rentals list; then, while fewer than ten,
 * the items the most rentals list (at most two a category). What every rental has narrows nothing and is
 * left out. Worked out once per index.
 */
const offeredSeen = new WeakMap<ReplicaIndex, { value: string; label: string; category: string }[]>();
export function offeredAmenities(index: ReplicaIndex) {
  const seen = offeredSeen.get(index);
  if (seen) return seen;
  const held = new Map<string, { value: string; label: string; category: string; count: number }>();
  for (const e of index.entries.values()) {
    const keys = new Set<string>();
    for (const a of e.summary.amenities ?? [])
      for (const item of a.items) {
        const value = amenityKey(item);
        if (!value || keys.has(value)) continue;
        keys.add(value);
        const h = held.get(value) ?? { value, label: item, category: a.category, count: 0 };
        h.count++;
        held.set(value, h);
      }
  }
  const useful = [...held.values()]
    .filter((h) => h.count < index.entries.size)
    .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
  const chosen: typeof useful = [];
  for (const want of ASKED_FOR) {
    const item = useful.find(
      (h) => want.find.test(h.label) && !want.not?.test(h.label) && !chosen.includes(h),
    );
    if (item) chosen.push(item);
  }
  const perCategory = new Map<string, number>();
  for (const h of chosen) perCategory.set(h.category, (perCategory.get(h.category) ?? 0) + 1);
  for (const h of useful) {
    if (chosen.length >= AMENITY_CHOICES) break;
    const n = perCategory.get(h.category) ?? 0;
    if (chosen.includes(h) || n >= PER_CATEGORY) continue;
    perCategory.set(h.category, n + 1);
    chosen.push(h);
  }
  const offered = chosen
    .slice(0, AMENITY_CHOICES)
    .map(({ value, label, category }) => ({ value, label, category }));
  offeredSeen.set(index, offered);
  return offered;
}

/** A type's words for people: `farm_house` → "Farm house". */
const typeLabel = (t: string) => {
  const words = t.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** The one group a rental fails (null: none), or 'many': a group's choices count those failing no other. */
function failedGroup(s: ReplicaSummary, f: FilterAsk): Group | null | 'many' {
  let failed: Group | null = null;
  for (const g of GROUPS)
    if (!passesGroup(s, f, g)) {
      if (failed) return 'many';
      failed = g;
    }
  return failed;
}

const GROUPS: Group[] = ['types', 'amenities', 'bathrooms', 'rating', 'policies'];

function passesGroup(s: ReplicaSummary, f: FilterAsk, g: Group): boolean {
  switch (g) {
    case 'types':
      return !f.types.length || f.types.includes(s.type);
    case 'bathrooms':
      return f.bathrooms === undefined || s.bathrooms >= f.bathrooms;
    case 'rating':
      return f.rating === undefined || (s.rating ?? 0) >= f.rating;
    case 'policies':
      return allows(s, f.policies);
    case 'amenities':
      return hasAmenities(s, f.amenities);
  }
}

/** The choices' counts, by group. */
interface ChoiceCounts {
  amenities: number[];
  bathrooms: number[];
  rating: number[];
  policies: number[];
}

/** Each rental's offered amenities as bits (bit i: `offered[i]`), worked out once per list offered. */
const masksSeen = new WeakMap<ReplicaSummary, { offered: readonly { value: string }[]; mask: number }>();
function amenityMask(s: ReplicaSummary, offered: readonly { value: string }[]): number {
  const seen = masksSeen.get(s);
  if (seen?.offered === offered) return seen.mask;
  const held = amenityKeysOf(s);
  let mask = 0;
  for (let i = 0; i < offered.length; i++) if (held.has(offered[i]!.value)) mask |= 1 << i;
  masksSeen.set(s, { offered, mask });
  return mask;
}

/**
 * One rental counted for each group's choices it would be found by (it fails no other group). `any`: some
 * filter is asked (without, every rental counts for every group, and no group is checked).
 */
function countChoices(
  s: ReplicaSummary,
  f: FilterAsk,
  any: boolean,
  offered: readonly { value: string }[],
  byType: Map<string, number>,
  counts: ChoiceCounts,
) {
  const failed = any ? failedGroup(s, f) : null;
  if (failed === 'many') return;
  const all = failed === null;
  if ((all || failed === 'types') && typeof s.type === 'string')
    byType.set(s.type, (byType.get(s.type) ?? 0) + 1);
  if ((all || failed === 'amenities') && (!any || hasAmenities(s, f.amenities)))
    for (let m = amenityMask(s, offered), i = 0; m; m >>>= 1, i++) if (m & 1) counts.amenities[i]!++;
  if (all || failed === 'bathrooms') countAtLeast(s.bathrooms, BATHROOM_CHOICES, counts.bathrooms);
  if (all || failed === 'rating') countAtLeast(s.rating ?? 0, RATING_CHOICES, counts.rating);
  if ((all || failed === 'policies') && (!any || allows(s, f.policies)))
    for (let i = 0; i < POLICY_FILTERS.length; i++)
      if (s.policies?.[POLICY_FILTERS[i]!.value] === 'yes') counts.policies[i]!++;
}

/** A value counted for each "at least" choice it meets. */
function countAtLeast(value: number, choices: readonly number[], counts: number[]) {
  for (let i = 0; i < choices.length; i++) if (value >= choices[i]!) counts[i]!++;
}

/**
 * The counts of every choice over `found` (the results before these filters, the price range applied): a
 * group's choices count the rentals that pass every other group, in one pass over `found`.
 */
export function facetsOf(
  index: ReplicaIndex,
  found: readonly ReplicaEntry[],
  f: FilterAsk,
): Omit<Facets, 'histogram'> {
  const offered = offeredAmenities(index);
  const byType = new Map<string, number>();
  const counts: ChoiceCounts = {
    amenities: new Array<number>(offered.length).fill(0),
    bathrooms: new Array<number>(BATHROOM_CHOICES.length).fill(0),
    rating: new Array<number>(RATING_CHOICES.length).fill(0),
    policies: new Array<number>(POLICY_FILTERS.length).fill(0),
  };
  const any = filtering(f);
  for (const { summary: s } of found) countChoices(s, f, any, offered, byType, counts);
  for (const t of f.types) if (!byType.has(t)) byType.set(t, 0);
  const types = [...byType]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([value, count]) => ({ value, label: typeLabel(value), count }));
  const choice = (n: number, count: number) => ({ value: String(n), label: `${n}+`, count });
  return {
    types,
    amenities: offered.map((a, i) => ({ ...a, count: counts.amenities[i]! })),
    bathrooms: BATHROOM_CHOICES.map((n, i) => choice(n, counts.bathrooms[i]!)),
    rating: RATING_CHOICES.map((n, i) => choice(n, counts.rating[i]!)),
    policies: POLICY_FILTERS.map((p, i) => ({ ...p, count: counts.policies[i]! })),
  };
}

/**
 * The facts the filters count, of every rental of a list (an index's walk), packed: its type's index in
 * `types` (255: none), and in `code` its bathrooms (bits 0-2, at most 5), its rating's choice (bits 3-4: 0
 * below 3, then 3+, 4+, 4.5+), the policies offered that say yes (bits 5-7) and the offered amenities it has
 * (bits 8 on). A whole-catalog search without filters counts its thousands of results from these.
 */
export interface FacetCodes {
  offered: ReturnType<typeof offeredAmenities>;
  types: string[];
  typeOf: Uint8Array;
  code: Int32Array;
}

export function facetCodes(index: ReplicaIndex, summaries: readonly ReplicaSummary[]): FacetCodes {
  const offered = offeredAmenities(index);
  const types: string[] = [];
  const typeIndex = new Map<string, number>();
  const typeOf = new Uint8Array(summaries.length).fill(255);
  const code = new Int32Array(summaries.length);
  summaries.forEach((s, p) => {
    if (typeof s.type === 'string') {
      let t = typeIndex.get(s.type);
      if (t === undefined && types.length < 255) {
        t = types.length;
        types.push(s.type);
        typeIndex.set(s.type, t);
      }
      if (t !== undefined) typeOf[p] = t;
    }
    const bathrooms = Math.max(0, Math.min(5, Math.floor(s.bathrooms) || 0));
    const rating = RATING_CHOICES.filter((c) => (s.rating ?? 0) >= c).length;
    let policies = 0;
    POLICY_FILTERS.forEach((f, i) => {
      if (s.policies?.[f.value] === 'yes') policies |= 1 << i;
    });
    code[p] = bathrooms | (rating << 3) | (policies << 5) | (amenityMask(s, offered) << 8);
  });
  return { offered, types, typeOf, code };
}

/** facetsOf without filters, for the rentals at these positions of the codes' list. */
export function facetsAt(codes: FacetCodes, positions: ArrayLike<number>): Omit<Facets, 'histogram'> {
  const byType = new Int32Array(codes.types.length);
  const bathrooms = new Int32Array(6);
  const rating = new Int32Array(RATING_CHOICES.length + 1);
  const policies = new Array<number>(POLICY_FILTERS.length).fill(0);
  const amenities = new Array<number>(codes.offered.length).fill(0);
  for (let k = 0; k < positions.length; k++) {
    const p = positions[k]!;
    const t = codes.typeOf[p]!;
    if (t !== 255) byType[t]!++;
    const c = codes.code[p]!;
    bathrooms[c & 7]!++;
    rating[(c >> 3) & 3]!++;
    for (let m = (c >> 5) & 7, i = 0; m; m >>= 1, i++) if (m & 1) policies[i]!++;
    for (let m = c >>> 8, i = 0; m; m >>>= 1, i++) if (m & 1) amenities[i]!++;
  }
  // "At least" choices: each counts the rentals at or above it.
  const atLeast = (byValue: Int32Array, from: number) => {
    let n = 0;
    for (let v = from; v < byValue.length; v++) n += byValue[v]!;
    return n;
  };
  const choice = (n: number, count: number) => ({ value: String(n), label: `${n}+`, count });
  return {
    types: codes.types
      .map((value, t) => ({ value, count: byType[t]! }))
      .filter((t) => t.count > 0)
      .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value))
      .map(({ value, count }) => ({ value, label: typeLabel(value), count })),
    amenities: codes.offered.map((a, i) => ({ ...a, count: amenities[i]! })),
    bathrooms: BATHROOM_CHOICES.map((n) => choice(n, atLeast(bathrooms, n))),
    rating: RATING_CHOICES.map((n, i) => choice(n, atLeast(rating, i + 1))),
    policies: POLICY_FILTERS.map((p, i) => ({ ...p, count: policies[i]! })),
  };
}

/**
 * Nightly prices (display currency) in `bins` of a round step from a round floor; null without any.
 * `sampled`: the prices are an even sample of the results', not every one.
 */
export function histogramOf(
  nightly: readonly number[],
  currency: string,
  sampled = false,
): Facets['histogram'] {
  if (!nightly.length) return null;
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (let k = 0; k < nightly.length; k++) {
    lo = Math.min(lo, nightly[k]!);
    hi = Math.max(hi, nightly[k]!);
  }
  const raw = Math.max(1, (hi - lo) / HISTOGRAM_BINS);
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= raw) ?? 10 * magnitude;
  const min = Math.floor(lo / step) * step;
  const bins = new Array<number>(Math.floor((hi - min) / step) + 1).fill(0);
  for (let k = 0; k < nightly.length; k++) {
    const i = Math.floor((nightly[k]! - min) / step);
    bins[i] = (bins[i] ?? 0) + 1;
  }
  return { currency, min, step, bins, sampled };
}
