import { catalog } from '@/lib/catalog-client';
import { parseSearch } from '@/lib/site/catalog-pages';
import { json, notServed, route, SiteError } from '@/lib/site/http';
import { cleanParams } from '@/lib/site/search';

// GET /api/search — the catalog search (GET /properties) for a site search URL: adults and children (or an
// old link's `guests`), bedrooms (or `rooms`), dates, location, sort and page, checked by the contract's rules.
export const GET = route(async (request, ctx) => {
  const url = new URL(request.url);
  const state = parseSearch(cleanParams(url.searchParams), url.searchParams.get('per_page'));
  if (!state.ok) throw new SiteError('validation_failed', 'Some details need correcting.', state.errors);
  const { data, mode } = await catalog().search(state.query, { requestId: ctx.requestId });
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
