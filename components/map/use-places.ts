'use client';

import { apiGet } from '@/lib/site/browser/api-client';
import { useApiGet } from '@/lib/site/browser/use-api-get';
import type { MapPlace } from '@/lib/site/replica/places';

/**
 * The catalog's places with their positions (the maps' labels), fetched once per visit. Through the site's
 * small fetch hook, not react-query: the property page's map has no query client (only results pages do).
 */
export function usePlaces() {
  return useApiGet(
    'map-places',
    async (signal) => (await apiGet<{ places: MapPlace[] }>('/api/map/places', undefined, signal)).places,
    { freshMs: 3_600_000, retries: 1 },
  );
}
