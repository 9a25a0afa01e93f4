import { readBody } from '@/lib/site/advisors/proposals';
import {
  parseSavedStay,
  removeItem,
  shortlistHash,
  shortlistView,
  updateItem,
} from '@/lib/site/advisors/shortlist';
import { bearerOf } from '@/lib/site/advisors/tokens';
import { getSiteDb } from '@/lib/site/db/client';
import { json, notServed, originAllowed, route, SiteError } from '@/lib/site/http';

// PATCH /api/shortlist/items/{item} — `{stay}`: the rental re-dated; DELETE — removed. Both on the bearer's shortlist.
export const PATCH = route<{ item: string }>(async (request, ctx, { item }) => {
  const db = await getSiteDb();
  const hash = await shortlistHash(db, bearerOf(request, 'shortlist'));
  const body = await readBody(request);
  await updateItem(db, hash, item, parseSavedStay(body.stay));
  return json({ items: await shortlistView(db, hash) }, ctx);
});

export const DELETE = route<{ item: string }>(async (request, ctx, { item }) => {
  const db = await getSiteDb();
  const hash = await shortlistHash(db, bearerOf(request, 'shortlist'));
  if (!originAllowed(request))
    throw new SiteError('forbidden', 'Shortlists are changed from this site’s own pages only.');
  await removeItem(db, hash, item);
  return json({ items: await shortlistView(db, hash) }, ctx);
});

export const { GET, POST, PUT } = notServed('PATCH', 'DELETE');
