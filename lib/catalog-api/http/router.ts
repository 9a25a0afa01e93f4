import 'server-only';
import type { Scope } from '../keys';
import type { HandlerContext, HandlerResult } from './types';

export type Method = 'GET' | 'POST';

export interface RouteMethod {
  /** The key scope the method needs, or `public`: no key, no limits (the OpenAPI document). */
  scope: Scope | 'public';
  /** Counted against the inquiry limit as well as the request limits. */
  inquiryLimit?: boolean;
  run: (ctx: HandlerContext) => Promise<HandlerResult>;
}

export interface Route {
  /** Path below `/v2`, with `{id}` for a property id, e.g. `/properties/{id}/rates`. */
  path: string;
  methods: Partial<Record<Method, RouteMethod>>;
}

export interface RouteMatch {
  route: Route;
  params: { id?: number };
}

const INT32_MAX = 2_147_483_647;

/**
 * Finds the route for a path. A property `{id}` must be an integer >= 1 (within 32 bits); anything else
 * in its place is an unknown path, hence 404 (docs/decisions.md#property-ids-in-paths).
 */
export function matchRoute(routes: readonly Route[], path: string): RouteMatch | null {
  const segments = path.split('/').filter(Boolean);
  for (const route of routes) {
    const pattern = route.path.split('/').filter(Boolean);
    if (pattern.length !== segments.length) continue;
    const params: RouteMatch['params'] = {};
    const ok = pattern.every((part, i) => {
      const segment = segments[i]!;
      if (part !== '{id}') return part === segment;
      if (!/^[1-9]\d{0,9}$/.test(segment) || Number(segment) > INT32_MAX) return false;
      params.id = Number(segment);
      return true;
    });
    if (ok) return { route, params };
  }
  return null;
}

export function allowHeader(route: Route): string {
  const methods = Object.keys(route.methods);
  if (methods.includes('GET')) methods.push('HEAD');
  return [...methods, 'OPTIONS'].join(', ');
}
