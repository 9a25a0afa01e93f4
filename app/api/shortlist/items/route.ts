import { readBody } from '@/lib/site/advisors/proposals';
import {
  addItem,
  parsePropertyId,
  parseSavedStay,
  shortlistHash,
  shortlistView,
} from '@/lib/site/advisors/shortlist';
import { bearerOf } from '@/lib/site/advisors/tokens';
import { getSiteDb } from '@/lib/site/db/client';
import { json, notServed, route } from '@/lib/site/http';

// POST /api/shortlist/items — `{property_id, stay}` saved on the bearer's shortlist (saved again: the new stay).
export const POST = route(async (request, ctx) => {
  const db = await getSiteDb();
  const hash = await shortlistHash(db, bearerOf(request, 'shortlist'));
  const body = await readBody(request);
  await addItem(db, hash, parsePropertyId(body.property_id), parseSavedStay(body.stay));
  return json({ items: await shortlistView(db, hash) }, ctx, { status: 201 });
});

export const { GET, PUT, PATCH, DELETE } = notServed('POST');
