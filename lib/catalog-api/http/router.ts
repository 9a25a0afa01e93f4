import 'server-only';
import type { z } from 'zod';
import type { Scope } from '@/lib/catalog-api/keys';
import { fieldErrors } from '@/lib/contract';
import { readJsonObject } from '@/lib/json-body';
import { queryOrThrow, ServiceError, validationFailed } from './errors';
import type { HandlerContext, HandlerResult } from './types';

/*
 * What a `/v2` route is: one row of the route table (routes/index.ts). Each route declares its method, path,
 * scope, the schemas of its query or body and of its answer, and the words the OpenAPI document shows; the
 * pipeline (handle.ts) matches, authorises and parses the inputs by it, and openapi.ts describes it. A
 * handler receives its inputs already parsed, typed by the schema it declared.
 */

export type Method = 'GET' | 'POST';

/** A schema, or one built for today's date (rules such as "must be today or later"). */
export type Dated<S extends z.ZodType> = S | ((today: string) => S);

export const onDay = <S extends z.ZodType>(schema: Dated<S>, today: string): S =>
  typeof schema === 'function' ? schema(today) : schema;

interface Described {
  /** Path below `/v2`, with `{id}` for a property id, e.g. `/properties/{id}/rates`. */
  path: string;
  /** The key scope needed, or `public`: no key, no limits (the OpenAPI document). */
  scope: Scope | 'public';
  /** Counted against the inquiry limit as well as the request limits. */
  inquiryLimit?: boolean;
  summary: string;
  description?: string;
  /** The success answer's schema; none: not described beyond "an object". */
  response?: z.ZodType;
  /** The success status (200 when not said). */
  status?: number;
  /** The error statuses the route may answer, as the API document lists them. */
  errors: readonly number[];
}

/** One row of the table, with its handler behind the parsing of its declared inputs. */
export interface Route extends Described {
  method: Method;
  query?: Dated<z.ZodObject>;
  body?: Dated<z.ZodType>;
  run: (ctx: HandlerContext) => Promise<HandlerResult>;
}

interface GetSpec<Q extends z.ZodObject> extends Described {
  /** Query parameters; `noQuery` when the route takes none (unknown parameters are ignored either way). */
  query: Dated<Q>;
  run: (ctx: HandlerContext & { query: z.output<Q> }) => Promise<HandlerResult>;
}

interface PostSpec<B extends z.ZodType> extends Described {
  /** The JSON body; read as docs/decisions.md#request-bodies says, then checked by this schema. */
  body: Dated<B>;
  run: (ctx: HandlerContext & { body: z.output<B> }) => Promise<HandlerResult>;
}

export function get<Q extends z.ZodObject>({ run, ...spec }: GetSpec<Q>): Route {
  return {
    ...spec,
    method: 'GET',
    run: (ctx) => run({ ...ctx, query: queryOrThrow(onDay(spec.query, ctx.today), ctx.url) }),
  };
}

export function post<B extends z.ZodType>({ run, ...spec }: PostSpec<B>): Route {
  return {
    ...spec,
    method: 'POST',
    run: async (ctx) => {
      const raw = await readJsonObject(
        ctx.request,
        (message, problem) =>
          new ServiceError(
            'invalid_request',
            message,
            undefined,
            undefined,
            problem === 'charset' ? 415 : 400,
          ),
      );
      const parsed = onDay(spec.body, ctx.today).safeParse(raw);
      if (!parsed.success) throw validationFailed(fieldErrors(parsed.error));
      return run({ ...ctx, body: parsed.data });
    },
  };
}

/** The routes of one path (one per method) and the property id it names. */
export interface RouteMatch {
  routes: Route[];
  params: { id?: number };
}

const INT32_MAX = 2_147_483_647;

/**
 * Finds the routes of a path. A property `{id}` must be an integer >= 1 (within 32 bits); anything else
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
    if (ok) return { routes: routes.filter((r) => r.path === route.path), params };
  }
  return null;
}

/** The `Allow` header of a path: its methods, HEAD wherever GET is, and OPTIONS. */
export function allowHeader(routes: readonly Route[]): string {
  const methods: string[] = routes.map((r) => r.method);
  if (methods.includes('GET')) methods.push('HEAD');
  return [...methods, 'OPTIONS'].join(', ');
}
