import { json, notServed, route } from '@/lib/site/http';

// GET /api/health — liveness: the process answers. Asks nothing of the database or the upstream (that is
// /api/ready), and is not counted against the prober's visitor limit.
export const GET = route(async (_request, ctx) => json({ status: 'ok' }, ctx), { visitorLimit: false });

export const { POST, PUT, PATCH, DELETE } = notServed('GET');
