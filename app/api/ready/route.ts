import { catalogClient } from '@/lib/catalog-client';
import { settings } from '@/lib/settings';
import { getSiteDb } from '@/lib/site/db/client';
import { fromOperator, recentReadiness } from '@/lib/site/health';
import { json, notServed, route } from '@/lib/site/http';

// GET /api/ready — readiness: 200 when the site's database answers and the upstream accepts the site's key,
// else 503 (lib/site/health.ts). One report serves every probe for 2 s, and each prober has a count of its
// own (SITE_RATE_LIMIT_PER_MINUTE a minute, apart from its other requests): a flood costs a limiter check
// each. A passer-by learns ready or not; the operator (Authorization: Bearer METRICS_TOKEN) gets the
// report: database, upstream state, the sync's last run, the replica's load and the lead queue.
export const GET = route(
  async (request, ctx) => {
    const s = settings();
    const report = await recentReadiness({ db: getSiteDb, client: catalogClient(), settings: s });
    const status = report.ready ? 'ready' : 'not_ready';
    const body = fromOperator(request, s.METRICS_TOKEN) ? { status, ...report } : { status };
    const response = json(body, ctx, { status: report.ready ? 200 : 503 });
    if (!report.ready) response.headers.set('Retry-After', '5');
    return response;
  },
  { visitorLimit: 'ready' },
);

export const { POST, PUT, PATCH, DELETE } = notServed('GET');
