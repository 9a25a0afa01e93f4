import { catalogClient } from '@/lib/catalog-client';
import { settings } from '@/lib/settings';
import { getSiteDb } from '@/lib/site/db/client';
import { readiness } from '@/lib/site/health';
import { json, notServed, route } from '@/lib/site/http';

// GET /api/ready — readiness: 200 when the site's database answers and the upstream accepts the site's key,
// else 503; with the sync's last run and the lead queue for the operator (lib/site/health.ts). Bounded in
// time (about 2 s at worst) and not counted against the prober's visitor limit.
export const GET = route(
  async (_request, ctx) => {
    const report = await readiness({ db: getSiteDb, client: catalogClient(), settings: settings() });
    const response = json({ status: report.ready ? 'ready' : 'not_ready', ...report }, ctx, {
      status: report.ready ? 200 : 503,
    });
    if (!report.ready) response.headers.set('Retry-After', '5');
    return response;
  },
  { visitorLimit: false },
);

export const { POST, PUT, PATCH, DELETE } = notServed('GET');
