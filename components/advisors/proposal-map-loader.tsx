'use client';

import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { MapPlaceholder } from '@/components/map/map-placeholder';
import type { MapOption } from './proposal-map';

const ProposalMapNow = lazy(() => import('./proposal-map').then((m) => ({ default: m.ProposalMapNow })));

/** The options' map, loaded (MapLibre and all) once its box is within a screen of the viewport. */
export function ProposalMap({ options }: { options: MapOption[] }) {
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
      className="relative h-72 overflow-hidden rounded-2xl bg-[#c6dfe6] ring-1 ring-sand-200 sm:h-96 print:hidden"
    >
      {near ? (
        <Suspense fallback={<MapPlaceholder />}>
          <ProposalMapNow options={options} />
        </Suspense>
      ) : null}
    </div>
  );
}
