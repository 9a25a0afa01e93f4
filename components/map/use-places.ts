'use client';

import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/site/browser/api-client';
import type { MapPlace } from '@/lib/site/replica/places';

/** The catalog's places with their positions (the maps' labels), fetched once per visit. */
export function usePlaces() {
  return useQuery({
    queryKey: ['map-places'],
    staleTime: 3_600_000,
    queryFn: async ({ signal }) =>
      (await apiGet<{ places: MapPlace[] }>('/api/map/places', undefined, signal)).places,
  });
}
