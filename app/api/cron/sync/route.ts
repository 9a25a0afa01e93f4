import { timingSafeEqual } from 'node:crypto';
import { settings } from '@/lib/settings';
import { json, notServed, route, SiteError } from '@/lib/site/http';
import { syncCatalog } from '@/lib/site/jobs';

// POST /api/cron/sync — runs the change-feed sync now, for an external scheduler when several instances
// run (set CATALOG_SYNC=0 on them). Needs `Authorization: Bearer <CRON_SECRET>`; off without the setting.
export const POST = route(async (request, ctx) => {
  const secret = settings().CRON_SECRET;
  if (!secret) throw new SiteError('not_found', 'No such page.');
  const given = Buffer.from(request.headers.get('authorization') ?? '');
  const expected = Buffer.from(`Bearer ${secret}`);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new SiteError('forbidden', 'A valid scheduler secret is required.');
  }
  const summary = await syncCatalog(ctx.requestId);
  return json({ sync: { ...summary, expired: summary.expired.length } }, ctx);
});

export const { GET, PUT, PATCH, DELETE } = notServed('POST');
