'use client';

import { type Map as MapLibreMap, Marker } from 'maplibre-gl';
import { useEffect, useRef, useState } from 'react';
import { positionOf } from '@/lib/site/browser/bounds';
import { createMap } from './base-map';
import { ZoomButtons } from './controls';
import { placeLabels } from './places';
import { usePlaces } from './use-places';
import './map.css';

/*
 * Where a rental is: its marker, the towns and areas around it from the catalog's own places, at a zoom that
 * shows the coast or the valley it is on. Page scrolling is never captured: the wheel scrolls the page and
 * the buttons zoom (two fingers pan on a phone).
 */
export function PropertyMap({
  name,
  latitude: ownLatitude,
  longitude: ownLongitude,
  locationId,
}: {
  name: string;
  latitude: number | null;
  longitude: number | null;
  /** Its destination, whose position stands in when the catalog has none for the rental itself. */
  locationId: number;
}) {
  const container = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<MapLibreMap | null>(null);
  const locations = usePlaces();
  const place = locations.data?.find((l) => l.id === locationId);
  const approximate = !positionOf(ownLatitude, ownLongitude);
  const latitude = approximate ? (place?.latitude ?? null) : ownLatitude;
  const longitude = approximate ? (place?.longitude ?? null) : ownLongitude;

  useEffect(() => {
    if (!container.current || latitude === null || longitude === null) return;
    const m = createMap(container.current, { center: [longitude, latitude], zoom: approximate ? 7 : 8 });
    m.scrollZoom.disable();
    m.dragPan.disable();
    m.on('load', () => setMap(m));
    const el = document.createElement('div');
    el.className = 'map-home';
    el.setAttribute('role', 'img');
    el.setAttribute('aria-label', approximate ? `${name}: its destination` : name);
    el.dataset.testid = 'property-marker';
    el.innerHTML =
      '<svg aria-hidden="true" viewBox="0 0 20 20" width="20" height="20" fill="currentColor"><path d="M10 2.5 2 9h2v8.5h4.5v-5h3v5H16V9h2z"/></svg>';
    const marker = new Marker({ element: el, anchor: 'center' }).setLngLat([longitude, latitude]).addTo(m);
    // Drag pans only after a click into the map, so a swipe over it scrolls the page.
    const wake = () => m.dragPan.enable();
    m.getCanvasContainer().addEventListener('pointerdown', wake, { once: true });
    return () => {
      marker.remove();
      m.remove();
      setMap(null);
    };
  }, [name, latitude, longitude, approximate]);

  useEffect(() => {
    if (!map || !locations.data) return;
    const labels = placeLabels(map, locations.data, {
      avoid: () => {
        const home = container.current?.querySelector('.map-home');
        return home ? [home.getBoundingClientRect()] : [];
      },
    });
    return () => labels.remove();
  }, [map, locations.data]);

  if (approximate && locations.data && (latitude === null || longitude === null))
    return (
      <p className="grid h-full place-items-center p-4 text-center text-sm text-ink-900">
        This rental’s position on the map has not been published.
      </p>
    );
  return (
    <div className="relative h-full w-full" data-testid="property-map" data-ready={map ? 'true' : undefined}>
      {approximate && (
        <p className="absolute bottom-2 left-2 z-10 rounded-lg bg-white/90 px-2 py-1 text-xs text-ink-900">
          Shown at its destination: the rental’s own position has not been published.
        </p>
      )}
      {/* MapLibre makes its container `position: relative`: sized, not placed. */}
      <div ref={container} className="isolate h-full w-full" />
      <ZoomButtons
        className="absolute top-3 right-3"
        onZoom={(by) => map?.easeTo({ zoom: map.getZoom() + by, duration: 250 })}
      />
    </div>
  );
}
