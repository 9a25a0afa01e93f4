'use client';

import type { Location } from '@/lib/contract';
import { apiGet } from '@/lib/site/api-client';
import { useApiGet } from '@/lib/site/use-api-get';

/** The location catalog from the site's own route, fetched once when first needed (and asked twice if it fails). */
export function useLocations(enabled = true) {
  return useApiGet(
    enabled ? 'locations' : null,
    async (signal) =>
      (await apiGet<{ locations: Location[] }>('/api/locations', undefined, signal)).locations,
    { freshMs: 3_600_000, retries: 1 },
  );
}
