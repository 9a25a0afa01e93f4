import { windowQuerySchema } from '@/lib/contract';
import { catalogReads } from '@/lib/site/catalog-reads';
import { json, notServed, propertyIdOf, queryOf, route, SiteError } from '@/lib/site/http';

// GET /api/properties/{id}/rates|availability|images — one area of a property, as the calendar and the
// gallery load them (rates and availability take the contract's `from` / `to` window).
export const GET = route<{ id: string; area: string }>(async (request, ctx, { id, area }) => {
  const property = propertyIdOf(id);
  const call = { requestId: ctx.requestId };
  let answer: { data: unknown; mode: string };
  if (area === 'rates')
    answer = await catalogReads.rates(property, queryOf(windowQuerySchema, request), call);
  else if (area === 'availability')
    answer = await catalogReads.availability(property, queryOf(windowQuerySchema, request), call);
  else if (area === 'images') answer = await catalogReads.images(property, call);
  else throw new SiteError('not_found', 'No such page.');
  return json(answer.data, ctx, { mode: answer.mode, maxAge: 60 });
});

export const { POST, PUT, PATCH, DELETE } = notServed('GET');
