import { catalogReads } from '@/lib/site/catalog-reads';
import { json, notServed, propertyIdOf, route } from '@/lib/site/http';

// GET /api/properties/{id} — the property's content (GET /properties/{id}).
export const GET = route<{ id: string }>(async (_request, ctx, { id }) => {
  const { data, mode } = await catalogReads.property(propertyIdOf(id), { requestId: ctx.requestId });
  return json(data, ctx, { mode, maxAge: 60 });
});

export const { POST, PUT, PATCH, DELETE } = notServed('GET');
