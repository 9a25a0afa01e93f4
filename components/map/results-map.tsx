'use client';

import { LngLatBounds, type Map as MapLibreMap, Marker } from 'maplibre-gl';
import Image from 'next/image';
import Link from 'next/link';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import Supercluster from 'supercluster';
import type { PropertySummary } from '@/lib/contract';
import { plural } from '@/lib/site/browser';
import { type Bounds, boundsOfView, formatBounds, positionOf } from '@/lib/site/browser/bounds';
import type { CardPrice } from '@/lib/site/replica/types';
import { SaveButton } from '../advisors/save-button';
import { boxOf, createMap } from './base-map';
import { MapButton, ZoomButtons } from './controls';
import { markerName, markerText } from './marker-label';
import { type PlaceLabels, placeLabels } from './places';
import { usePlaces } from './use-places';
import './map.css';

/*
 * The results on a map: the same rentals as the list's page, each a button showing the card's price, grouped
 * where they would overlap (a group says how many and zooms in when pressed). Hovering or focusing a card
 * lights its marker and the other way round; pressing a marker shows its rental (on a phone, in the strip of
 * cards along the bottom). Moving the map offers "Search this area", which puts the map's box in the URL.
 * Markers are real buttons named for their rental and price, after the list in the reading order: the list
 * stays the way in, the map a second one.
 */

type Property = PropertySummary & { price?: CardPrice };

type Item =
  | { key: string; kind: 'property'; lng: number; lat: number; property: Property }
  | { key: string; kind: 'cluster'; lng: number; lat: number; clusterId: number; ids: number[] };

/** Beyond this zoom every rental has its own marker (a group pressed at it opens at the map's last zoom). */
const CLUSTER_MAX_ZOOM = 12;

export function ResultsMap({
  properties,
  activeId,
  onActive,
  bounds,
  areaAvailable,
  onSearchArea,
  onClose,
  cardHref,
  newTab,
}: {
  properties: Property[];
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
  const [map, setMap] = useState<MapLibreMap | null>(null);
  const [items, setItems] = useState<Item[]>([]);
  const [zoom, setZoom] = useState<number | null>(null);
  const [moved, setMoved] = useState(false);
  const [selected, setSelected] = useState<number | null>(null);
  const userMove = useRef(false);
  const labels = useRef<PlaceLabels | null>(null);
  const strip = useRef<HTMLUListElement>(null);
  const locations = usePlaces();

  const placed = useMemo(() => properties.filter((p) => positionOf(p.latitude, p.longitude)), [properties]);
  const unplaced = properties.length - placed.length;
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

  // The map, once, opening on the URL's area when it names one.
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
  }, []);

  // The view: the URL's area when it names one (as shared, as reloaded), otherwise around this page's rentals.
  const boundsKey = bounds ? formatBounds(bounds) : '';
  const searchedHere = useRef<string | null>(null);
  const idsKey = placed.map((p) => p.id).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: refit only when the area or the page's rentals change
  useEffect(() => {
    if (!map) return;
    if (boundsKey) {
      // The area this map just searched is the view it already shows.
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

  // Markers for the current view: groups where rentals would overlap; none outside it (so the keyboard
  // meets only the markers a person can see).
  const recluster = useCallback(() => {
    if (!map) return;
    const z = Math.min(Math.floor(map.getZoom()), CLUSTER_MAX_ZOOM + 1);
    const b = map.getBounds();
    const view = boundsOfView(b.getWest(), b.getSouth(), b.getEast(), b.getNorth());
    const box: [number, number, number, number] = [view.west, view.south, view.east, view.north];
    const next: Item[] = index.getClusters(box, z).map((f) => {
      const [lng, lat] = f.geometry.coordinates as [number, number];
      const props = f.properties as { cluster?: boolean; cluster_id?: number; id?: number };
      if (props.cluster && props.cluster_id !== undefined) {
        const ids = index.getLeaves(props.cluster_id, Number.POSITIVE_INFINITY).map((l) => l.properties.id);
        return {
          key: `c${ids.sort((a, b) => a - b).join('-')}`,
          kind: 'cluster',
          lng,
          lat,
          clusterId: props.cluster_id,
          ids,
        };
      }
      return { key: `p${props.id}`, kind: 'property', lng, lat, property: byId.get(props.id!)! };
    });
    setItems(next);
  }, [map, index, byId]);
  useEffect(() => {
    if (!map) return;
    recluster();
    map.on('moveend', recluster);
    return () => {
      map.off('moveend', recluster);
    };
  }, [map, recluster]);

  // Each item's element, placed by a MapLibre marker; React renders the button into it.
  const elements = useRef(new Map<string, { el: HTMLDivElement; marker?: Marker }>());
  const elementFor = (key: string) => {
    let entry = elements.current.get(key);
    if (!entry) {
      entry = { el: document.createElement('div') };
      entry.el.className = 'map-marker';
      elements.current.set(key, entry);
    }
    return entry.el;
  };
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
    if (!map || !locations.data) return;
    const l = placeLabels(map, locations.data, {
      avoid: () => [...elements.current.values()].map((e) => e.el.getBoundingClientRect()),
    });
    labels.current = l;
    return () => {
      l.remove();
      labels.current = null;
    };
  }, [map, locations.data]);

  const zoomInto = (item: Extract<Item, { kind: 'cluster' }>) => {
    if (!map) return;
    const z = Math.min(index.getClusterExpansionZoom(item.clusterId), map.getMaxZoom());
    userMove.current = true;
    map.easeTo({ center: [item.lng, item.lat], zoom: Math.max(z, map.getZoom() + 1), duration: 400 });
  };
  const choose = (id: number) => {
    setSelected(id);
    onActive(id);
    const card = strip.current?.querySelector<HTMLElement>(`[data-id="${id}"]`);
    if (card && strip.current && getComputedStyle(strip.current).display !== 'none')
      strip.current.scrollTo({ left: card.offsetLeft - 16, behavior: 'smooth' });
  };

  // On a phone, the card scrolled into the strip's middle lights its marker.
  // biome-ignore lint/correctness/useExhaustiveDependencies: observe the strip's cards anew when they change
  useEffect(() => {
    const root = strip.current;
    if (!root || typeof IntersectionObserver === 'undefined') return;
    const seen = new IntersectionObserver(
      (entries) => {
        if (getComputedStyle(root).display === 'none') return;
        for (const e of entries) if (e.isIntersecting) onActive(Number((e.target as HTMLElement).dataset.id));
      },
      { root, threshold: 0.75 },
    );
    for (const li of root.querySelectorAll('li')) seen.observe(li);
    return () => seen.disconnect();
  }, [onActive, properties]);

  const preview = selected !== null ? properties.find((p) => p.id === selected) : undefined;

  return (
    <section
      aria-label="Map of these results"
      className="relative h-full w-full overflow-hidden bg-[#c6dfe6] lg:rounded-2xl lg:ring-1 lg:ring-sand-200"
      data-testid="results-map"
      data-zoom={zoom === null ? undefined : zoom.toFixed(2)}
      data-ready={map ? 'true' : undefined}
    >
      {/* MapLibre makes its container `position: relative`: sized, not placed. */}
      <div ref={container} className="isolate h-full w-full" />

      <div className="pointer-events-none absolute inset-x-0 top-0 flex items-start justify-between gap-2 p-3">
        <MapButton onClick={onClose} className="pointer-events-auto lg:hidden">
          <ListIcon /> Show list
        </MapButton>
        <div className="pointer-events-auto mx-auto flex flex-col items-center gap-2">
          {moved && areaAvailable && map && (
            <MapButton
              onClick={() => {
                const b = map.getBounds();
                const area = boundsOfView(b.getWest(), b.getSouth(), b.getEast(), b.getNorth());
                searchedHere.current = formatBounds(area);
                setMoved(false);
                onSearchArea(area);
              }}
              className="font-semibold"
            >
              <SearchIcon /> Search this area
            </MapButton>
          )}
          {!areaAvailable && (moved || bounds) && (
            <p
              role="status"
              className="max-w-xs rounded-xl bg-white/95 px-3 py-2 text-center text-sm text-ink-900 shadow-md"
            >
              Searching by map area starts once our copy of the catalog has loaded; every match is shown for
              now.
            </p>
          )}
        </div>
        <ZoomButtons
          className="pointer-events-auto"
          onZoom={(by) => {
            if (!map) return;
            userMove.current = true;
            map.easeTo({ zoom: map.getZoom() + by, duration: 250 });
          }}
        />
      </div>

      {unplaced > 0 && (
        <p className="absolute bottom-2 left-2 hidden max-w-[60%] rounded-lg bg-white/90 px-2 py-1 text-xs text-ink-700 lg:block">
          {plural(unplaced, 'rental')} on this page {unplaced === 1 ? 'has' : 'have'} no position on the map
        </p>
      )}

      {preview && (
        <div className="absolute inset-x-3 bottom-8 hidden justify-center lg:flex">
          <MiniCard
            property={preview}
            href={cardHref(preview.id)}
            newTab={newTab}
            onClose={() => setSelected(null)}
          />
        </div>
      )}

      <ul
        ref={strip}
        aria-label="Rentals on the map"
        className="absolute inset-x-0 bottom-8 flex snap-x snap-mandatory gap-3 overflow-x-auto px-4 pb-2 lg:hidden"
      >
        {properties.map((p) => (
          <li key={p.id} data-id={p.id} className="w-[85%] max-w-sm shrink-0 snap-center">
            <MiniCard property={p} href={cardHref(p.id)} newTab={newTab} active={p.id === activeId} />
          </li>
        ))}
      </ul>

      {items.map((item) =>
        createPortal(
          item.kind === 'property' ? (
            <PriceMarker
              property={item.property}
              active={item.property.id === activeId}
              onActive={onActive}
              onChoose={choose}
            />
          ) : (
            <ClusterMarker
              ids={item.ids}
              active={activeId !== null && item.ids.includes(activeId)}
              onPress={() => zoomInto(item)}
            />
          ),
          elementFor(item.key),
          item.key,
        ),
      )}
    </section>
  );
}

function PriceMarker({
  property,
  active,
  onActive,
  onChoose,
}: {
  property: Property;
  active: boolean;
  onActive: (id: number | null) => void;
  onChoose: (id: number) => void;
}) {
  const text = markerText(property.price);
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // The lit marker above its neighbours.
    const wrapper = ref.current?.parentElement;
    if (wrapper) wrapper.style.zIndex = active ? '3' : '';
  }, [active]);
  return (
    <button
      ref={ref}
      type="button"
      aria-label={markerName(property)}
      data-testid="price-marker"
      data-id={property.id}
      data-active={active ? 'true' : undefined}
      onMouseEnter={() => onActive(property.id)}
      onMouseLeave={() => onActive(null)}
      onFocus={() => onActive(property.id)}
      onBlur={() => onActive(null)}
      onClick={() => onChoose(property.id)}
      className={`map-pin ${active ? 'map-pin-active' : ''}`}
    >
      {text ?? <HomeIcon />}
    </button>
  );
}

function ClusterMarker({ ids, active, onPress }: { ids: number[]; active: boolean; onPress: () => void }) {
  const count = ids.length;
  return (
    <button
      type="button"
      aria-label={`${count} rentals here: zoom in`}
      data-testid="cluster-marker"
      data-ids={ids.join(',')}
      onClick={onPress}
      className={`map-cluster ${active ? 'map-pin-active' : ''}`}
    >
      {count}
    </button>
  );
}

/** A rental in a line: photo, name, place and the card's price, the whole card one link. */
function MiniCard({
  property,
  href,
  newTab,
  active = false,
  onClose,
}: {
  property: Property;
  href: string;
  newTab?: boolean;
  active?: boolean;
  onClose?: () => void;
}) {
  const text = markerText(property.price);
  const price = property.price;
  return (
    <article
      className={`relative flex min-h-28 w-full max-w-md overflow-hidden rounded-2xl bg-white shadow-lg ring-1 ${active ? 'ring-2 ring-brand-600' : 'ring-sand-200'}`}
    >
      <div className="relative w-24 shrink-0 bg-sand-100">
        {property.image && (
          <Image src={property.image.url} alt="" fill sizes="112px" className="object-cover" />
        )}
      </div>
      <div className="min-w-0 flex-1 py-2.5 pr-8 pl-3">
        <h3 className="truncate font-semibold text-ink-900">
          <Link
            prefetch={false}
            href={href}
            target={newTab ? '_blank' : undefined}
            className="after:absolute after:inset-0 focus:outline-none focus-visible:underline"
          >
            {property.name}
          </Link>
        </h3>
        <p className="truncate text-sm text-ink-700">{property.location.path.slice(-2).join(', ')}</p>
        <p className="truncate text-sm text-ink-700">
          {plural(property.bedrooms, 'bedroom')} · sleeps {property.sleeps}
        </p>
        {text && price && (
          <p className="mt-1 truncate text-ink-900">
            {price.kind === 'from' && <span className="text-sm text-ink-700">from </span>}
            <span className="font-semibold">{text}</span>
            <span className="text-sm text-ink-700">
              {price.kind === 'stay' ? ' total' : price.kind === 'from' ? ' a night' : ''}
            </span>
          </p>
        )}
      </div>
      <SaveButton
        propertyId={property.id}
        name={property.name}
        href={href}
        className="absolute right-2 bottom-2"
      />
      {onClose && (
        <button
          type="button"
          aria-label="Close this rental’s preview"
          onClick={onClose}
          className="absolute top-2 right-2 z-10 grid h-7 w-7 place-items-center rounded-full bg-white text-ink-900 ring-1 ring-sand-200 hover:bg-sand-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 16 16"
            className="h-3.5 w-3.5"
            fill="none"
            stroke="currentColor"
          >
            <path strokeWidth="2" strokeLinecap="round" d="M4 4l8 8M12 4l-8 8" />
          </svg>
        </button>
      )}
    </article>
  );
}

function HomeIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
      <path d="M10 2.5 2 9h2v8.5h4.5v-5h3v5H16V9h2z" />
    </svg>
  );
}

function ListIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="none" stroke="currentColor">
      <path strokeWidth="1.8" strokeLinecap="round" d="M7 5h10M7 10h10M7 15h10M3 5h.01M3 10h.01M3 15h.01" />
    </svg>
  );
}

function SearchIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="none" stroke="currentColor">
      <circle cx="8.5" cy="8.5" r="5" strokeWidth="1.8" />
      <path strokeWidth="1.8" strokeLinecap="round" d="m12.5 12.5 4 4" />
    </svg>
  );
}
