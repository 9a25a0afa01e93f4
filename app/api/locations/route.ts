import { catalogReads } from '@/lib/site/catalog-reads';
import { json, notServed, route } from '@/lib/site/http';

// GET /api/locations — the location catalog (refreshed daily upstream).
export const GET = route(async (_request, ctx) => {
  const { data, mode } = await catalogReads.locations({ requestId: ctx.requestId });
  return json(data, ctx, { mode, maxAge: 3600 });
});

export const { POST, PUT, PATCH, DELETE } = notServed('GET');
