'use client';

import { lazy } from 'react';
import { MapWhenNear } from './map-when-near';

/*
 * The property map's door (map-loader.tsx has the results map's): MapLibre loads once the map's box is within
 * a screen of the viewport (map-when-near.tsx).
 */

const PropertyMapNow = lazy(() => import('./property-map').then((m) => ({ default: m.PropertyMap })));

/** The property's map, loaded once its box is within a screen of the viewport. */
export function PropertyMap(props: {
  name: string;
  latitude: number | null;
  longitude: number | null;
  locationId: number;
}) {
  return (
    <MapWhenNear className="relative mt-4 h-72 overflow-hidden rounded-2xl bg-[#c6dfe6] ring-1 ring-sand-200 sm:h-96">
      <PropertyMapNow {...props} />
    </MapWhenNear>
  );
}
