import { shortlistHash, shortlistView } from '@/lib/site/advisors/shortlist';
import { bearerOf } from '@/lib/site/advisors/tokens';
import { getSiteDb } from '@/lib/site/db/client';
import { json, notServed, route } from '@/lib/site/http';

// GET /api/shortlist — the shortlist of `Authorization: Bearer <token>`: its rentals, each with the stay it
// was saved with and its price for that stay (from the replica, as the result cards').
export const GET = route(async (request, ctx) => {
  const db = await getSiteDb();
  const hash = await shortlistHash(db, bearerOf(request, 'shortlist'));
  return json({ items: await shortlistView(db, hash) }, ctx);
});

export const { POST, PUT, PATCH, DELETE } = notServed('GET');
