import { today } from '@/lib/dates';
import { json, notServed, route, SiteError } from '@/lib/site/http';
import { MAP_POINTS, mapPointsFromReplica, readSearch } from '@/lib/site/search';

// GET /api/search/points — every result of a search (the same query as /api/search) with a position, for the
// results map: `points` (id, name, latitude, longitude, the card's price where the search priced it, a
// flexible search's stay), at most `limit` of them, and `total`, the search's results. From the site's
// replica only: while it loads, `points` is null and the map shows the page's rentals.
export const GET = route(async (request, ctx) => {
  const url = new URL(request.url);
  const search = readSearch(url.searchParams, {});
  if (!search.ok) throw new SiteError('validation_failed', 'Some details need correcting.', search.errors);
  const answer = await mapPointsFromReplica(search.request, today()).catch(() => null);
  return json({ points: answer?.points ?? null, total: answer?.total ?? null, limit: MAP_POINTS }, ctx, {
    maxAge: answer ? 60 : 0,
  });
});

export const { POST, PUT, PATCH, DELETE } = notServed('GET');
