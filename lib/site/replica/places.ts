import { positionOf } from '@/lib/site/browser/bounds';
import type { ReplicaSummary } from './types';

/*
 * Where the catalog's places are, for the maps' labels. The catalog's location tree has names and parents but
 * no coordinates; its properties have them. A place's position is the median latitude and longitude of the
 * positioned rentals in it and beneath it (a median, so one island far out does not pull a country into the
 * sea). Pure: the route feeds it the replica's rentals and the location catalog.
 */

export interface MapPlace {
  id: number;
  name: string;
  /** 1 region, 2 country, 3 area, 4 town. */
  depth: number;
  latitude: number;
  longitude: number;
  /** Positioned rentals in it and beneath it. */
  count: number;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

export function placePositions(
  locations: { id: number; parent_id: number | null; name: string; path: string[] }[],
  rentals: Iterable<Pick<ReplicaSummary, 'latitude' | 'longitude' | 'location'>>,
): MapPlace[] {
  const parent = new Map(locations.map((l) => [l.id, l.parent_id]));
  const points = new Map<number, { lat: number[]; lng: number[] }>();
  for (const r of rentals) {
    const at = positionOf(r.latitude, r.longitude);
    if (!at) continue;
    // The rental counts for its place and every place above it.
    let id: number | null | undefined = r.location.id;
    for (let depth = 0; id != null && depth < 20; depth++) {
      const p = points.get(id) ?? { lat: [], lng: [] };
      points.set(id, p);
      p.lat.push(at.lat);
      p.lng.push(at.lng);
      id = parent.get(id);
    }
  }
  const out: MapPlace[] = [];
  for (const l of locations) {
    const p = points.get(l.id);
    if (!p) continue;
    out.push({
      id: l.id,
      name: l.name,
      depth: l.path.length,
      latitude: Math.round(median(p.lat) * 1e4) / 1e4,
      longitude: Math.round(median(p.lng) * 1e4) / 1e4,
      count: p.lat.length,
    });
  }
  return out;
}
