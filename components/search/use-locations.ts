'use client';

import { useQuery } from '@tanstack/react-query';
import type { Location } from '@/lib/contract';

/** The location catalog from the site's own route, fetched once when first needed. */
export function useLocations(enabled = true) {
  return useQuery({
    queryKey: ['locations'],
    enabled,
    staleTime: 3_600_000,
    queryFn: async ({ signal }) => {
      const res = await fetch('/api/locations', { signal });
      if (!res.ok) throw new Error('The destinations could not be loaded.');
      return ((await res.json()) as { locations: Location[] }).locations;
    },
  });
}
