import { settings } from '@/lib/settings';
import { catalogReads } from '@/lib/site/catalog-reads';
import { getSiteDb } from '@/lib/site/db/client';
import { json, notServed, route } from '@/lib/site/http';
import { replicaIndex } from '@/lib/site/replica/in-memory';
import { type MapPlace, placePositions } from '@/lib/site/replica/places';

// GET /api/map/places — the catalog's places with a position each (the median of their rentals'), the maps'
// labels. Worked out from the site's replica; empty while its first load runs (the maps then show no names).
let cached: { key: string; places: MapPlace[] } | undefined;

export const GET = route(async (_request, ctx) => {
  const { data, mode } = await catalogReads.locations({ requestId: ctx.requestId });
  const index = settings().CATALOG_REPLICA ? await replicaIndex(await getSiteDb()) : null;
  if (!index?.complete) return json({ places: [] }, ctx, { mode, maxAge: 60 });
  const key = `${index.version}|${data.locations.length}`;
  if (cached?.key !== key) {
    const rentals = [...index.entries.values()].map((e) => e.summary);
    cached = { key, places: placePositions(data.locations, rentals) };
  }
  return json({ places: cached.places }, ctx, { mode, maxAge: 3600 });
});

export const { POST, PUT, PATCH, DELETE } = notServed('GET');
