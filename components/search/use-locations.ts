'use client';

import { useQuery } from '@tanstack/react-query';
import type { Location } from '@/lib/contract';
import { apiGet } from '@/lib/site/browser/api-client';

/** The location catalog from the site's own route, fetched once when first needed. */
export function useLocations(enabled = true) {
  return useQuery({
    queryKey: ['locations'],
    enabled,
    staleTime: 3_600_000,
    queryFn: async ({ signal }) =>
      (await apiGet<{ locations: Location[] }>('/api/locations', undefined, signal)).locations,
  });
}
