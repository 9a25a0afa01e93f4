'use client';

import { lazy } from 'react';
import { MapWhenNear } from '@/components/map/map-when-near';
import type { MapOption } from './proposal-map';

const ProposalMapNow = lazy(() => import('./proposal-map').then((m) => ({ default: m.ProposalMapNow })));

/** The options' map, loaded (MapLibre and all) once its box is within a screen of the viewport. */
export function ProposalMap({ options }: { options: MapOption[] }) {
  return (
    <MapWhenNear className="relative h-72 overflow-hidden rounded-2xl bg-[#c6dfe6] ring-1 ring-sand-200 sm:h-96 print:hidden">
      <ProposalMapNow options={options} />
    </MapWhenNear>
  );
}
