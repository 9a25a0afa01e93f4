'use client';

import { type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { MapPlaceholder } from './map-placeholder';

/**
 * A map's box that renders its map (a lazy part: MapLibre and all) once the box is within a screen of the
 * viewport, with the map's placeholder while its code loads. Drawn only in the browser (after that), so
 * React's own lazy loading is enough: a page does not carry next/dynamic for it.
 */
export function MapWhenNear({ className, children }: { className: string; children: ReactNode }) {
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
    <div ref={box} className={className}>
      {near ? <Suspense fallback={<MapPlaceholder />}>{children}</Suspense> : null}
    </div>
  );
}
