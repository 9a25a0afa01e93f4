'use client';

import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { MapPlaceholder } from './map-placeholder';

/*
 * The property map's door (map-loader.tsx has the results map's): MapLibre loads once the map's box is within
 * a screen of the viewport. Drawn only in the browser (after that), so React's own lazy loading is enough:
 * the property page does not carry next/dynamic for it.
 */

const PropertyMapNow = lazy(() => import('./property-map').then((m) => ({ default: m.PropertyMap })));

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
      {near ? (
        <Suspense fallback={<MapPlaceholder />}>
          <PropertyMapNow {...props} />
        </Suspense>
      ) : null}
    </div>
  );
}
