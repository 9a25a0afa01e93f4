'use client';

import dynamic from 'next/dynamic';
import { MapPlaceholder } from './map-placeholder';

/*
 * The maps' doors: MapLibre (and everything built on it) is loaded only when a map is shown, as its own
 * chunks, so pages without a map ship none of it. The results map loads when the traveller asks for it; the
 * property map when its section comes near the screen (property-map-loader.tsx, apart: the property page
 * carries neither this file nor next/dynamic).
 */

export const ResultsMap = dynamic(() => import('./results-map').then((m) => m.ResultsMap), {
  ssr: false,
  loading: MapPlaceholder,
});
