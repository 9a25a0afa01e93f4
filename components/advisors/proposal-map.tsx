'use client';

import { LngLatBounds, type Map as MapLibreMap, Marker } from 'maplibre-gl';
import { useEffect, useRef, useState } from 'react';
import { createMap } from '@/components/map/base-map';
import { ZoomButtons } from '@/components/map/controls';
import { positionOf } from '@/lib/site/browser/bounds';
import '@/components/map/map.css';

export interface MapOption {
  n: number;
  name: string;
  latitude: number | null;
  longitude: number | null;
}

/**
 * Every option of a proposal on one map, each marker numbered as its option; the view fits them all. As the
 * property map, the page's scrolling is never captured: the buttons zoom, a click wakes dragging.
 */
export function ProposalMapNow({ options }: { options: MapOption[] }) {
  const container = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<MapLibreMap | null>(null);
  const placed = options.filter((o) => positionOf(o.latitude, o.longitude));
  const key = placed.map((o) => `${o.n}:${o.latitude},${o.longitude}`).join('|');

  // The options' positions are the whole of what the map depends on.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `placed`.
  useEffect(() => {
    const first = placed[0];
    if (!container.current || !first) return;
    const m = createMap(container.current, { center: [first.longitude!, first.latitude!], zoom: 6 });
    m.scrollZoom.disable();
    m.dragPan.disable();
    const bounds = new LngLatBounds();
    const markers = placed.map((o) => {
      bounds.extend([o.longitude!, o.latitude!]);
      const el = document.createElement('div');
      el.className = 'map-home';
      el.setAttribute('role', 'img');
      el.setAttribute('aria-label', `Option ${o.n}: ${o.name}`);
      el.textContent = String(o.n);
      el.style.fontWeight = '700';
      return new Marker({ element: el, anchor: 'center' }).setLngLat([o.longitude!, o.latitude!]).addTo(m);
    });
    if (placed.length > 1) m.fitBounds(bounds, { padding: 60, maxZoom: 10, duration: 0 });
    m.on('load', () => setMap(m));
    const wake = () => m.dragPan.enable();
    m.getCanvasContainer().addEventListener('pointerdown', wake, { once: true });
    return () => {
      for (const marker of markers) marker.remove();
      m.remove();
      setMap(null);
    };
  }, [key]);

  if (placed.length === 0)
    return (
      <p className="grid h-full place-items-center p-4 text-center text-sm text-ink-900">
        These rentals’ positions have not been published.
      </p>
    );
  return (
    <div className="relative h-full w-full" data-testid="proposal-map" data-ready={map ? 'true' : undefined}>
      <div ref={container} className="isolate h-full w-full" />
      <ZoomButtons
        className="absolute top-3 right-3"
        onZoom={(by) => map?.easeTo({ zoom: map.getZoom() + by, duration: 250 })}
      />
    </div>
  );
}
