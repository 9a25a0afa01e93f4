import 'server-only';
import { setProcessSingleton } from '@/lib/process-singleton';
import { searchRoute } from './search/route';

/** A route's handler as the site's server calls it: a request, its answer. */
export type DirectRoute = (request: Request) => Promise<Response>;

const NO_PARAMS = { params: Promise.resolve({}) };

/**
 * The GET routes scripts/serve.mjs answers itself, by calling their handler, instead of passing them to
 * Next.js: `/api/search`, the site's most asked answer. Next.js's route pipeline costs ~2 ms of CPU a
 * request on this machine, as much as a search (docs/decisions.md, "What the tail is made of"). The handler
 * is the route's own (lib/site/http.ts `route`: request id, the visitor's limit, the request's context, the
 * one error shape), so the answer is the same either way (tests/build/production.test.ts compares them);
 * HEAD, and any server other than ours (`next start`), still go through the route.
 */
export function installDirectRoutes(): void {
  setProcessSingleton(
    'site.direct-routes',
    new Map<string, DirectRoute>([['/api/search', (request) => searchRoute(request, NO_PARAMS)]]),
  );
}
