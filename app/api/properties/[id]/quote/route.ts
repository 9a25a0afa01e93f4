import { quoteQuerySchema } from '@/lib/contract';
import { today } from '@/lib/dates';
import { catalogReads } from '@/lib/site/catalog-reads';
import { json, notServed, propertyIdOf, queryOf, route } from '@/lib/site/http';

// GET /api/properties/{id}/quote?checkin&checkout&adults&children&bedrooms — the live price of a stay.
export const GET = route<{ id: string }>(async (request, ctx, { id }) => {
  const property = propertyIdOf(id);
  const stay = queryOf(quoteQuerySchema(today()), request);
  const { data, mode } = await catalogReads.quote(property, stay, { requestId: ctx.requestId });
  return json(data, ctx, { mode });
});

export const { POST, PUT, PATCH, DELETE } = notServed('GET');
