import { LngLatBounds, type Map as MapLibreMap } from 'maplibre-gl';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { type Bounds, formatBounds } from '@/lib/site/browser/bounds';
import { boxOf, createMap } from './base-map';

/*
 * The results map's view: the map itself, made once, and where it looks. It opens on the URL's area when the
 * search names one (as shared, as reloaded), otherwise around the page's rentals, and says whether the
 * traveller has moved it since (which offers "Search this area").
 */

export interface MapView {
  /** The map once its style has loaded (null before). */
  map: MapLibreMap | null;
  zoom: number | null;
  /** Moved by the traveller since it was last fitted. */
  moved: boolean;
  setMoved: (moved: boolean) => void;
  /** Set before a move the site makes for the traveller (a zoom button, a group pressed): it counts as theirs. */
  userMove: RefObject<boolean>;
}

/** The map in `container`, made once, opening on `bounds` when there are any. */
export function useMapView(container: RefObject<HTMLDivElement | null>, bounds: Bounds | null): MapView {
  const [map, setMap] = useState<MapLibreMap | null>(null);
  const [zoom, setZoom] = useState<number | null>(null);
  const [moved, setMoved] = useState(false);
  const userMove = useRef(false);
  const firstBounds = useRef(bounds);
  useEffect(() => {
    if (!container.current) return;
    const first = firstBounds.current;
    const m = createMap(container.current, first ? { bounds: boxOf(first) } : {});
    const onMoveEnd = (e: { originalEvent?: unknown }) => {
      setZoom(m.getZoom());
      if (e.originalEvent || userMove.current) setMoved(true);
      userMove.current = false;
    };
    m.on('moveend', onMoveEnd);
    m.once('load', () => setMap(m));
    return () => {
      m.off('moveend', onMoveEnd);
      m.remove();
      setMap(null);
    };
  }, [container]);
  return { map, zoom, moved, setMoved, userMove };
}

/**
 * Fits the view to the URL's area when it names one, otherwise around the rentals placed, whenever either
 * changes. Returns the area this map itself last searched: it is the view the map already shows.
 */
export function useFittedView(
  { map, setMoved }: MapView,
  bounds: Bounds | null,
  placed: { id: number; latitude: number | null; longitude: number | null }[],
): RefObject<string | null> {
  const searchedHere = useRef<string | null>(null);
  const boundsKey = bounds ? formatBounds(bounds) : '';
  const idsKey = placed.map((p) => p.id).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: refit only when the area or the page's rentals change
  useEffect(() => {
    if (!map) return;
    if (boundsKey) {
      if (searchedHere.current !== boundsKey && bounds) map.fitBounds(boxOf(bounds), { animate: false });
      searchedHere.current = boundsKey;
    } else if (placed.length > 0) {
      const box = new LngLatBounds();
      for (const p of placed) box.extend([p.longitude!, p.latitude!]);
      map.fitBounds(box, {
        padding: { top: 72, bottom: 72, left: 56, right: 56 },
        maxZoom: 11,
        animate: false,
      });
    }
    setMoved(false);
  }, [map, boundsKey, idsKey]);
  return searchedHere;
}
