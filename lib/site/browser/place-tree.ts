import type { Location } from '@/lib/contract';

/*
 * The destination tree of /destinations, as the page sends it and as the browser grows it. The page sends
 * only its first view, the top two levels (regions and countries), each place with how many places lie
 * beneath it; the places under a country come from the location catalog (`/api/locations`) when a traveller
 * opens it. Every place stays reachable by link: through these, through each destination page's own list
 * of its places, and through /sitemap.xml.
 */

/** A place of the first view: its own fields, and its children when they are sent too. */
export interface Place {
  id: number;
  name: string;
  /** Rentals in it (the catalog's `property_count`). */
  rentals: number;
  /** Places beneath it, at every depth. */
  beneath: number;
  /** Its children when the first view includes them; absent when they are loaded on demand. */
  children?: Place[];
}

/** Each place's children (by parent id, `null` for the top level), in name order. */
export function childrenByParent(locations: readonly Location[]): Map<number | null, Location[]> {
  const known = new Set(locations.map((l) => l.id));
  const children = new Map<number | null, Location[]>();
  for (const l of locations) {
    // A place whose parent the catalog does not list is shown at the top rather than lost.
    const parent = l.parent_id !== null && known.has(l.parent_id) ? l.parent_id : null;
    const list = children.get(parent);
    if (list) list.push(l);
    else children.set(parent, [l]);
  }
  for (const list of children.values()) list.sort((a, b) => a.name.localeCompare(b.name));
  return children;
}

/** How many places lie beneath `id`, at every depth (a cycle in the catalog counted once). */
export function countBeneath(id: number, children: Map<number | null, Location[]>): number {
  const seen = new Set<number>([id]);
  const stack = [id];
  let count = 0;
  while (stack.length > 0) {
    for (const c of children.get(stack.pop()!) ?? []) {
      if (seen.has(c.id)) continue;
      seen.add(c.id);
      count++;
      stack.push(c.id);
    }
  }
  return count;
}

/** The first view: the top level with its children, each with the count of places beneath it. */
export function firstView(locations: readonly Location[]): Place[] {
  const children = childrenByParent(locations);
  const place = (l: Location): Place => ({
    id: l.id,
    name: l.name,
    rentals: l.property_count,
    beneath: countBeneath(l.id, children),
  });
  return (children.get(null) ?? []).map((root) => ({
    ...place(root),
    children: (children.get(root.id) ?? []).map(place),
  }));
}
