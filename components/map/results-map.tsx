'use client';

import { useMemo, useRef, useState } from 'react';
import { PropertyCard } from '@/components/results/property-card';
import { count, plural } from '@/lib/site/browser';
import { type Bounds, boundsOfView, formatBounds } from '@/lib/site/browser/bounds';
import type { MapPoint } from '@/lib/site/replica/types';
import { MapBar } from './controls';
import { MapMarkers } from './map-markers';
import { MapStrip, scrollStripTo } from './map-strip';
import {
  type MapItem,
  type MapProperty,
  pinsOf,
  useClusters,
  useMarkerElements,
  useMarkerItems,
} from './use-map-markers';
import { useFittedView, useMapView } from './use-map-view';
import './map.css';

/*
 * The results on a map: every result of the search (the list stays paged): the list's page as buttons
 * showing the card's price, the other results as links to their rentals (the price where the search priced
 * it); grouped where they would overlap (a group says how many and zooms in when pressed). Hovering or focusing a card
 * lights its marker and the other way round; pressing a marker shows its rental (on a phone, in the strip of
 * cards along the bottom). Moving the map offers "Search this area", which puts the map's box in the URL.
 * Markers are real buttons named for their rental and price, after the list in the reading order: the list
 * stays the way in, the map a second one.
 */

export function ResultsMap({
  properties,
  points,
  total,
  limit,
  activeId,
  onActive,
  bounds,
  areaAvailable,
  onSearchArea,
  onClose,
  cardHref,
  newTab,
}: {
  /** The page's rentals. */
  properties: MapProperty[];
  /** Every result with a position (null while unknown, or the replica cannot say: the page's only). */
  points?: MapPoint[] | null;
  /** How many results the search has, when the points may be fewer (the most sent to a map). */
  total?: number | null;
  /** The most points a search sends to the map. */
  limit?: number;
  activeId: number | null;
  onActive: (id: number | null) => void;
  /** The search's map area (from the URL), or null. */
  bounds: Bounds | null;
  /** Whether search can filter by area now (the replica answers; the upstream catalog cannot). */
  areaAvailable: boolean;
  onSearchArea: (bounds: Bounds) => void;
  /** Back to the list (a phone's full-screen map). */
  onClose: () => void;
  cardHref: (id: number) => string;
  newTab?: boolean;
}) {
  const container = useRef<HTMLDivElement>(null);
  const strip = useRef<HTMLUListElement>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const pins = useMemo(() => pinsOf(properties, points), [properties, points]);
  const clusters = useClusters(pins);
  const view = useMapView(container, bounds);
  const { map, zoom, moved, setMoved, userMove } = view;
  const searchedHere = useFittedView(view, bounds, clusters.placed);
  const { items, view: shown } = useMarkerItems(map, clusters);
  const elementFor = useMarkerElements(map, items);

  const zoomInto = (item: Extract<MapItem, { kind: 'cluster' }>) => {
    if (!map) return;
    const z = Math.min(clusters.index.getClusterExpansionZoom(item.clusterId), map.getMaxZoom());
    userMove.current = true;
    map.easeTo({ center: [item.lng, item.lat], zoom: Math.max(z, map.getZoom() + 1), duration: 400 });
  };
  const choose = (id: number) => {
    setSelected(id);
    onActive(id);
    scrollStripTo(strip.current, id);
  };
  const searchHere = () => {
    if (!map) return;
    const b = map.getBounds();
    const area = boundsOfView(b.getWest(), b.getSouth(), b.getEast(), b.getNorth());
    searchedHere.current = formatBounds(area);
    setMoved(false);
    onSearchArea(area);
  };
  const preview = selected !== null ? properties.find((p) => p.id === selected) : undefined;

  return (
    <section
      aria-label="Map of these results"
      className="relative h-full w-full overflow-hidden bg-[#c6dfe6] lg:rounded-2xl lg:ring-1 lg:ring-sand-200"
      data-testid="results-map"
      data-zoom={zoom === null ? undefined : zoom.toFixed(2)}
      data-ready={map ? 'true' : undefined}
      data-view={shown ?? undefined}
    >
      {/* MapLibre makes its container `position: relative`: sized, not placed. */}
      <div ref={container} className="isolate h-full w-full" />

      <MapBar
        onClose={onClose}
        onSearchHere={moved && areaAvailable && map ? searchHere : null}
        areaWaits={!areaAvailable && (moved || Boolean(bounds))}
        onZoom={(by) => {
          if (!map) return;
          userMove.current = true;
          map.easeTo({ zoom: map.getZoom() + by, duration: 250 });
        }}
      />

      {clusters.unplaced > 0 && (
        <p className="absolute bottom-2 left-2 hidden max-w-[60%] rounded-lg bg-white/90 px-2 py-1 text-xs text-ink-700 lg:block">
          {plural(clusters.unplaced, 'rental')} on this page {clusters.unplaced === 1 ? 'has' : 'have'} no
          position on the map
        </p>
      )}

      {points && limit !== undefined && total !== null && total !== undefined && points.length >= limit && (
        <p className="absolute top-16 left-1/2 max-w-[90%] -translate-x-1/2 rounded-lg bg-white/95 px-3 py-1 text-center text-xs text-ink-700 shadow-sm">
          The map shows {plural(pins.length, 'rental')} of {count(total)}: zoom in and search this area for
          the rest
        </p>
      )}

      {preview && (
        <div className="absolute inset-x-3 bottom-8 hidden justify-center lg:flex">
          <PropertyCard
            layout="line"
            property={preview}
            href={cardHref(preview.id)}
            newTab={newTab}
            onClose={() => setSelected(null)}
          />
        </div>
      )}

      <MapStrip
        strip={strip}
        properties={properties}
        activeId={activeId}
        onActive={onActive}
        cardHref={cardHref}
        newTab={newTab}
      />

      <MapMarkers
        items={items}
        elementFor={elementFor}
        activeId={activeId}
        onActive={onActive}
        onChoose={choose}
        onZoomInto={zoomInto}
        cardHref={cardHref}
        newTab={newTab}
      />
    </section>
  );
}
