'use client';

import dynamic from 'next/dynamic';
import { useEffect, useRef, useState } from 'react';

/*
 * The maps' doors: MapLibre (and everything built on it) is loaded only when a map is shown, as its own
 * chunks, so pages without a map ship none of it. The results map loads when the traveller asks for it; the
 * property map when its section comes near the screen.
 */

function MapPlaceholder() {
  return (
    <div className="grid h-full w-full place-items-center bg-[#c6dfe6] text-sm text-ink-900 lg:rounded-2xl">
      <span role="status">Loading the map…</span>
    </div>
  );
}

export const ResultsMap = dynamic(() => import('./results-map').then((m) => m.ResultsMap), {
  ssr: false,
  loading: MapPlaceholder,
});

const PropertyMapNow = dynamic(() => import('./property-map').then((m) => m.PropertyMap), {
  ssr: false,
  loading: MapPlaceholder,
});

/** The property's map, loaded once its box is within a screen of the viewport. */
export function PropertyMap(props: {
  name: string;
  latitude: number | null;
  longitude: number | null;
  locationId: number;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    if (typeof IntersectionObserver === 'undefined') return setNear(true);
    const seen = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setNear(true);
          seen.disconnect();
        }
      },
      { rootMargin: '600px 0px' },
    );
    seen.observe(el);
    return () => seen.disconnect();
  }, []);
  return (
    <div
      ref={box}
      className="relative mt-4 h-72 overflow-hidden rounded-2xl bg-[#c6dfe6] ring-1 ring-sand-200 sm:h-96"
    >
      {near ? <PropertyMapNow {...props} /> : null}
    </div>
  );
}
