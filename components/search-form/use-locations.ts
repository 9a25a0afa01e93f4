'use client';

import type { Location } from '@/lib/contract';
import { useApiGet } from '@/lib/site/browser/use-api-get';

/**
 * The location catalog from the site's own route, fetched once when first needed (and asked twice if it
 * fails); the site's client comes with it, not with the page.
 */
export function useLocations(enabled = true) {
  return useApiGet(
    enabled ? 'locations' : null,
    async (signal) => {
      const { apiGet } = await import('@/lib/site/browser/api-client');
      return (await apiGet<{ locations: Location[] }>('/api/locations', undefined, signal)).locations;
    },
    { freshMs: 3_600_000, retries: 1 },
  );
}
