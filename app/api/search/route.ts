import { catalog } from '@/lib/catalog-client';
import { catalogQuerySchema } from '@/lib/contract';
import { json, notServed, queryOf, route } from '@/lib/site/http';

// GET /api/search — the catalog search (GET /properties), with its query checked by the contract's rules.
export const GET = route(async (request, ctx) => {
  const query = queryOf(catalogQuerySchema, request);
  const { data, mode } = await catalog().search(query, { requestId: ctx.requestId });
  // The upstream's `next` is relative to its own base URL; the browser pages through this route instead.
  const next = data.pagination.next
    ? `/api/search${data.pagination.next.slice(data.pagination.next.indexOf('?'))}`
    : null;
  return json({ properties: data.properties, pagination: { ...data.pagination, next } }, ctx, {
    mode,
    maxAge: 60,
  });
});

export const { POST, PUT, PATCH, DELETE } = notServed('GET');
