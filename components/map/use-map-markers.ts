import { type Map as MapLibreMap, Marker } from 'maplibre-gl';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import Supercluster from 'supercluster';
import type { CardProperty } from '@/components/results/types';
import { boundsOfView, positionOf } from '@/lib/site/browser/bounds';
import type { CardPrice, MapPoint } from '@/lib/site/replica/types';
import { type PlaceLabels, placeLabels } from './places';
import { usePlaces } from './use-places';

/*
 * The results map's markers: every result of the search with a position (the page's rentals, and the rest
 * from /api/search/points), grouped where they would overlap (a group
 * says how many), only those in view (so the keyboard meets only the markers a person can see). Each marker
 * is an element placed by MapLibre, into which React renders its button; the catalog's place names are
 * kept clear of them.
 */

export type MapProperty = CardProperty & { price?: CardPrice };

/** A marker's rental: a card of the page (`onPage`), or another result of the search, priced or not. */
export interface MapPin {
  id: number;
  name: string;
  latitude: number | null;
  longitude: number | null;
  price?: CardPrice;
  onPage: boolean;
}

/** The page's rentals, then every other result the search's points add (none while they are not known). */
export function pinsOf(properties: MapProperty[], points: MapPoint[] | null | undefined): MapPin[] {
  const pins: MapPin[] = properties.map(({ id, name, latitude, longitude, price }) => ({
    id,
    name,
    latitude,
    longitude,
    price,
    onPage: true,
  }));
  const shown = new Set(pins.map((p) => p.id));
  for (const { id, name, latitude, longitude, price } of points ?? [])
    if (!shown.has(id))
      pins.push({ id, name, latitude, longitude, price: price ?? undefined, onPage: false });
  return pins;
}

export type MapItem =
  | { key: string; kind: 'property'; lng: number; lat: number; property: MapPin }
  | { key: string; kind: 'cluster'; lng: number; lat: number; clusterId: number; ids: number[] };

/** Beyond this zoom every rental has its own marker (a group pressed at it opens at the map's last zoom). */
const CLUSTER_MAX_ZOOM = 12;

/** The rentals with a position, grouped by supercluster; how many have none. */
export function useClusters(properties: MapPin[]) {
  const placed = useMemo(() => properties.filter((p) => positionOf(p.latitude, p.longitude)), [properties]);
  const index = useMemo(() => {
    const sc = new Supercluster<{ id: number }>({ radius: 64, maxZoom: CLUSTER_MAX_ZOOM, minPoints: 2 });
    sc.load(
      placed.map((p) => ({
        type: 'Feature',
        properties: { id: p.id },
        geometry: { type: 'Point', coordinates: [p.longitude!, p.latitude!] },
      })),
    );
    return sc;
  }, [placed]);
  const byId = useMemo(() => new Map(placed.map((p) => [p.id, p])), [placed]);
  return { placed, unplaced: properties.length - placed.length, index, byId };
}

/** The markers for the map's current view, worked out again whenever it stops moving; the view's box. */
export function useMarkerItems(map: MapLibreMap | null, { index, byId }: ReturnType<typeof useClusters>) {
  const [items, setItems] = useState<MapItem[]>([]);
  const [view, setView] = useState<string | null>(null);
  const recluster = useCallback(() => {
    if (!map) return;
    const z = Math.min(Math.floor(map.getZoom()), CLUSTER_MAX_ZOOM + 1);
    const b = map.getBounds();
    const view = boundsOfView(b.getWest(), b.getSouth(), b.getEast(), b.getNorth());
    const box: [number, number, number, number] = [view.west, view.south, view.east, view.north];
    const next: MapItem[] = index.getClusters(box, z).map((f) => {
      const [lng, lat] = f.geometry.coordinates as [number, number];
      const props = f.properties as { cluster?: boolean; cluster_id?: number; id?: number };
      if (props.cluster && props.cluster_id !== undefined) {
        const ids = index.getLeaves(props.cluster_id, Number.POSITIVE_INFINITY).map((l) => l.properties.id);
        const key = `c${ids.sort((a, b) => a - b).join('-')}`;
        return { key, kind: 'cluster', lng, lat, clusterId: props.cluster_id, ids };
      }
      return { key: `p${props.id}`, kind: 'property', lng, lat, property: byId.get(props.id!)! };
    });
    setItems(next);
    setView(box.join(','));
  }, [map, index, byId]);
  useEffect(() => {
    if (!map) return;
    recluster();
    map.on('moveend', recluster);
    return () => {
      map.off('moveend', recluster);
    };
  }, [map, recluster]);
  return { items, view };
}

/**
 * Each item's element (made once per item key, for React to render its button into), placed on the map by
 * a MapLibre marker while the item is in view; the place names make way for them.
 */
export function useMarkerElements(map: MapLibreMap | null, items: MapItem[]) {
  const elements = useRef(new Map<string, { el: HTMLDivElement; marker?: Marker }>());
  const labels = useRef<PlaceLabels | null>(null);
  const places = usePlaces();
  useLayoutEffect(() => {
    if (!map) return;
    const keys = new Set(items.map((i) => i.key));
    for (const item of items) {
      const entry = elements.current.get(item.key);
      if (!entry) continue;
      entry.marker ??= new Marker({ element: entry.el, anchor: 'bottom' });
      entry.marker.setLngLat([item.lng, item.lat]).addTo(map);
    }
    for (const [key, entry] of elements.current)
      if (!keys.has(key)) {
        entry.marker?.remove();
        elements.current.delete(key);
      }
    // Names make way for the markers where they now stand.
    labels.current?.update();
  }, [map, items]);
  useEffect(
    () => () => {
      for (const entry of elements.current.values()) entry.marker?.remove();
      elements.current.clear();
    },
    [],
  );
  // Place names, kept clear of the markers.
  useEffect(() => {
    if (!map || !places.data) return;
    const l = placeLabels(map, places.data, {
      avoid: () => [...elements.current.values()].map((e) => e.el.getBoundingClientRect()),
    });
    labels.current = l;
    return () => {
      l.remove();
      labels.current = null;
    };
  }, [map, places.data]);
  return (key: string) => {
    let entry = elements.current.get(key);
    if (!entry) {
      entry = { el: document.createElement('div') };
      entry.el.className = 'map-marker';
      elements.current.set(key, entry);
    }
    return entry.el;
  };
}
