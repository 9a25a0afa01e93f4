import { limitCreation } from '@/lib/site/advisors/limits';
import { readBody } from '@/lib/site/advisors/proposals';
import {
  addItem,
  createShortlist,
  parsePropertyId,
  parseSavedStay,
  shortlistView,
} from '@/lib/site/advisors/shortlist';
import { hashToken } from '@/lib/site/advisors/tokens';
import { getSiteDb } from '@/lib/site/db/client';
import { json, notServed, route } from '@/lib/site/http';

// POST /api/shortlists — a new shortlist, with the rental being saved (`{property_id, stay}`) when given.
// 201 with its token (the browser keeps it; it is the shortlist's only key) and its rentals.
export const POST = route(async (request, ctx) => {
  const body = await readBody(request);
  const first =
    body.property_id === undefined
      ? null
      : { id: parsePropertyId(body.property_id), stay: parseSavedStay(body.stay) };
  await limitCreation(ctx.visitor, 'shortlists');
  const db = await getSiteDb();
  const token = await createShortlist(db);
  if (first) await addItem(db, hashToken(token), first.id, first.stay);
  return json({ token, items: await shortlistView(db, hashToken(token)) }, ctx, { status: 201 });
});

export const { GET, PUT, PATCH, DELETE } = notServed('POST');
