import { type Map as MapLibreMap, Marker } from 'maplibre-gl';
import type { MapPlace } from '@/lib/site/replica/places';

/*
 * The catalog's own places as the map's labels: regions far out, then countries, areas and towns as the
 * map zooms in. MapLibre draws text only with glyphs from a font server (the style's `glyphs` URL), which a
 * map with no network has none of, so the labels are HTML placed over the map: the browser's own fonts,
 * crisp at any size, and nothing to serve. They are decoration (aria-hidden): every place is reachable by
 * the destination pages and the search's destination field. Overlapping labels are dropped, the wider place
 * first kept, and labels never sit under a price marker's point.
 */

/** The depth of place shown at a zoom: 1 region, 2 country, 3 area, 4 town (and deeper). */
function depthsAt(zoom: number): [number, number] {
  if (zoom < 2.5) return [1, 1];
  if (zoom < 4.5) return [2, 2];
  if (zoom < 7) return [2, 3];
  if (zoom < 8.5) return [3, 4];
  return [4, 9];
}

export interface PlaceLabels {
  update(): void;
  remove(): void;
}

export function placeLabels(map: MapLibreMap, places: MapPlace[], options: { avoid?: () => DOMRect[] } = {}) {
  const shown = new Map<number, Marker>();
  const positioned = places.filter((p) => p.depth > 0);

  const element = (place: MapPlace) => {
    const el = document.createElement('div');
    el.className = `map-place map-place-${Math.min(place.depth, 4)}`;
    el.textContent = place.name;
    el.setAttribute('aria-hidden', 'true');
    return el;
  };

  const update = () => {
    const [from, to] = depthsAt(map.getZoom());
    const canvas = map.getCanvas();
    const width = canvas.clientWidth;
    const height = canvas.clientHeight;
    const taken: { x0: number; y0: number; x1: number; y1: number }[] = (options.avoid?.() ?? []).map(
      (r) => ({ x0: r.left, y0: r.top, x1: r.right, y1: r.bottom }),
    );
    const origin = canvas.getBoundingClientRect();
    for (const t of taken) {
      t.x0 -= origin.left;
      t.x1 -= origin.left;
      t.y0 -= origin.top;
      t.y1 -= origin.top;
    }
    const keep = new Set<number>();
    const candidates = positioned
      .filter((p) => p.depth >= from && p.depth <= to)
      .sort((a, b) => a.depth - b.depth || a.name.localeCompare(b.name));
    const free = (b: (typeof taken)[number]) =>
      b.x0 >= 2 &&
      b.y0 >= 2 &&
      b.x1 <= width - 2 &&
      b.y1 <= height - 2 &&
      !taken.some((t) => b.x0 < t.x1 && b.x1 > t.x0 && b.y0 < t.y1 && b.y1 > t.y0);
    for (const place of candidates) {
      const point = map.project([place.longitude, place.latitude]);
      // A label's box from its length: no layout read per label (that would be a reflow each).
      const w = place.name.length * (place.depth <= 2 ? 7.5 : 6.6) + 8;
      const at = (dy: number) => ({
        x0: point.x - w / 2,
        y0: point.y + dy - 9,
        x1: point.x + w / 2,
        y1: point.y + dy + 9,
      });
      // On its point, or just below it when a marker stands there (a town under its rental's pin).
      const dy = [0, 30].find((d) => free(at(d)));
      if (dy === undefined) continue;
      taken.push(at(dy));
      keep.add(place.id);
      let marker = shown.get(place.id);
      if (!marker) {
        marker = new Marker({ element: element(place), anchor: 'center' })
          .setLngLat([place.longitude, place.latitude])
          .addTo(map);
        shown.set(place.id, marker);
      }
      marker.setOffset([0, dy]);
    }
    for (const [id, marker] of shown)
      if (!keep.has(id)) {
        marker.remove();
        shown.delete(id);
      }
  };

  map.on('moveend', update);
  map.on('resize', update);
  // The style is loaded by now (the maps call this after 'load'); its data may still be, which names need not wait for.
  update();
  return {
    update,
    remove: () => {
      map.off('moveend', update);
      map.off('resize', update);
      for (const m of shown.values()) m.remove();
      shown.clear();
    },
  } satisfies PlaceLabels;
}
