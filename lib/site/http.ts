import 'server-only';
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import { brand } from '@/lib/brand';
import { notePageView, UpstreamError } from '@/lib/catalog-client';
import { type FieldErrors, parseQuery, REQUEST_ID_PATTERN } from '@/lib/contract';
import { processSingleton } from '@/lib/process-singleton';
import { consumeOrWait, createLimiter, type Limiter, redisForLimits } from '@/lib/rate-limit';
import { currentRequest, runInRequest } from '@/lib/request-context';
import { type Settings, settings, settingsVersion } from '@/lib/settings';
import { PROBE_COUNTED_HEADER, visitorOf as visitorWith } from '@/lib/visitor';
import { SITE_ERRORS, type SiteErrorCode } from './browser/site-errors';
import { encodingFor } from './encoding';
import { logFailure, templateOf, verdictOf } from './failures';
import { logger } from './logger';
import { waitInWords } from './refusal-page';

/*
 * The site's own API (`/api/*`, what the browser calls) in one place: request ids, the visitor's identity
 * and limits, the Origin check of POSTs, and one error shape for every failure:
 *   {error: {code, message, fields?, request_id}}
 * with `fields` keyed by dotted path, as the forms need them; each code's status (and its sentence, where
 * nothing more precise is said) comes from the site's one table of errors, which the browser reads too
 * (lib/site/browser/site-errors.ts). Upstream internals (its status, its ids, the key) never pass through;
 * the mode does, as `X-Catalog-Mode`.
 */

export type { SiteErrorCode };

const BRAND = brand('SiteError');

export class SiteError extends Error {
  /** By brand, as UpstreamError (lib/brand.ts): the class may exist once per server chunk. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return BRAND.has(value);
  }

  constructor(
    readonly code: SiteErrorCode,
    message: string,
    readonly fields?: FieldErrors,
    readonly retryAfter?: number,
  ) {
    super(message);
    BRAND.mark(this);
  }
}

/** A request whose fields break the contract's rules: every problem by its dotted path. */
export const validationFailed = (fields: FieldErrors): SiteError =>
  new SiteError('validation_failed', SITE_ERRORS.validation_failed.sentence, fields);

export interface Context {
  requestId: string;
  visitor: string;
  /** What the request's Accept-Encoding takes (encoding.ts); none when not said. */
  encoding?: ReturnType<typeof encodingFor>;
}

/** The browser's own id when it sent a usable one, else a new one; it goes upstream with every call. */
export function requestIdOf(request: Request): string {
  const incoming = request.headers.get('x-request-id');
  return incoming && REQUEST_ID_PATTERN.test(incoming) ? incoming : `site_${randomBytes(12).toString('hex')}`;
}

/** The visitor behind a request (lib/visitor.ts: the socket's address unless trusted proxies say more). */
export const visitorOf = (request: Request, s: Settings = settings()) => visitorWith(request, s);

/**
 * A POST must come from the site's own pages: its Origin is SITE_URL's (or, while SITE_URL is left to its
 * default, the same port on a loopback name: localhost, 127.0.0.1 or [::1]). The request's own Host and
 * X-Forwarded-Host are not consulted: a client sets those. Browsers send Origin on every POST made by
 * fetch or a form, so a missing one is refused as well.
 */
export function originAllowed(request: Request, s: Settings = settings()): boolean {
  const origin = request.headers.get('origin');
  if (!origin || origin === 'null') return false;
  const site = new URL(s.siteUrl);
  if (origin === site.origin) return true;
  if (s.SITE_URL) return false;
  return ['localhost', '127.0.0.1', '[::1]'].some(
    (host) => origin === `${site.protocol}//${host}:${site.port}`,
  );
}

interface VisitorLimits {
  requests: Limiter;
  inquiries: Limiter;
  pages: Limiter;
  /** GET /api/ready: counted apart, so a balancer's probes never use a visitor's own allowance. */
  ready: Limiter;
}

/**
 * The visitor limits, made once per process (and again only when tests reload the settings): the proxy,
 * every route and every page share one count per visitor, whatever mix of them a visitor calls.
 */
function visitorLimits(): VisitorLimits {
  return processSingleton(
    'site.visitor-limits',
    () => {
      const s = settings();
      const redis = redisForLimits(s.REDIS_URL, logger);
      return {
        requests: createLimiter('site_requests', s.SITE_RATE_LIMIT_PER_MINUTE, 60, redis),
        inquiries: createLimiter('site_inquiries', s.SITE_INQUIRIES_PER_VISITOR_PER_HOUR, 3600, redis),
        pages: createLimiter('site_pages', s.SITE_PAGE_VIEWS_PER_MINUTE, 60, redis),
        // Per instance, never in Redis: a probe costs the instance it asks, and a balancer probing many
        // instances from one address must not meet one fleet-wide count.
        ready: createLimiter('site_ready', s.SITE_RATE_LIMIT_PER_MINUTE, 60, null),
      };
    },
    settingsVersion(),
  );
}

/**
 * Counts a page view: the seconds until this visitor may view another page (0: now). A property's page
 * they may view makes its quotes live work for them (lib/catalog-client/fair-share.ts).
 */
export async function pageViewWait(visitor: string, pathname?: string): Promise<number> {
  const wait = await consumeOrWait(visitorLimits().pages, visitor);
  if (wait === 0 && pathname) notePageView(visitor, pathname);
  return wait;
}

/** Seconds until this prober may probe /api/ready again (0: now; counted when 0). */
export const readyProbeWait = (visitor: string): Promise<number> =>
  consumeOrWait(visitorLimits().ready, visitor);

export async function limitVisitor(visitor: string, what: 'requests' | 'inquiries' | 'ready'): Promise<void> {
  const seconds = await consumeOrWait(visitorLimits()[what], visitor);
  if (seconds > 0) {
    const message =
      what === 'inquiries'
        ? `You have sent several inquiries in a short time; please try again in ${waitInWords(seconds)}.`
        : `Too many requests; please try again in ${waitInWords(seconds)}.`;
    throw new SiteError('rate_limited', message, undefined, seconds);
  }
}

export { waitInWords };

/** What an upstream failure means to a visitor, without the upstream's internals. */
export function fromUpstream(error: UpstreamError): SiteError {
  if (error.code === 'validation_failed') return validationFailed(error.fields ?? {});
  // The service's own words about a stay ("the minimum stay is 7 nights") are meant for the traveller.
  if (error.status === 400) return new SiteError('invalid_request', error.message);
  if (error.status === 404) return new SiteError('not_found', 'That property is not in the catalog.');
  if (error.code === 'unreadable_answer')
    return new SiteError(
      'upstream_error',
      'The catalog sent an answer this site could not read; please try again later.',
    );
  if (error.code === 'visitor_budget_exhausted')
    return new SiteError(
      'rate_limited',
      `You have asked a lot in a short time; please try again in ${waitInWords(error.retryAfter ?? 10)}.`,
      undefined,
      error.retryAfter ?? 10,
    );
  if (error.status === 429 || error.code === 'budget_exhausted')
    return new SiteError(
      'unavailable',
      'The catalog is busy; please try again shortly.',
      undefined,
      error.retryAfter ?? 5,
    );
  return new SiteError('upstream_error', 'The catalog is not answering right now; please try again shortly.');
}

interface Reply {
  status?: number;
  mode?: string;
  /** Browser caching of a successful GET, in seconds (0: none). */
  maxAge?: number;
}

/** Answers from this size are compressed (the framework's compression starts at 1 KB too). */
const COMPRESS_FROM = 1024;

/**
 * What asks the site's server (scripts/serve.mjs) to compress an answer itself: `no-transform` in its
 * Cache-Control, which the framework's streaming compression obeys by leaving the answer alone. The server
 * compresses it whole at level 1 and takes the word away again.
 */
export const SERVER_GZIP = 'no-transform';

/**
 * A JSON answer. One of 1 KB or more for a client that takes gzip is marked for the site's server to
 * compress in one piece at level 1: the framework's own compression (streamed, flushed per chunk, level 6)
 * cost a 14 KB search answer ~0.8 ms of CPU, a quarter of a remembered search's; gzip at level 1 of the
 * whole answer ~0.15 ms, for about a tenth more bytes (docs/decisions.md, "Search's answer compressed").
 */
export function json(data: unknown, ctx: Context, reply: Reply = {}): Response {
  const body = JSON.stringify(data);
  const compress = ctx.encoding === 'gzip' && body.length >= COMPRESS_FROM;
  const control = reply.maxAge ? `private, max-age=${reply.maxAge}` : 'no-store';
  const headers = new Headers({
    'X-Request-Id': ctx.requestId,
    'Content-Type': 'application/json',
    'Cache-Control': compress ? `${control}, ${SERVER_GZIP}` : control,
  });
  if (reply.mode) headers.set('X-Catalog-Mode', reply.mode);
  return new Response(body, { status: reply.status ?? 200, headers });
}

export function errorResponse(error: SiteError, requestId: string): Response {
  const headers = new Headers({ 'X-Request-Id': requestId, 'Cache-Control': 'no-store' });
  if (error.retryAfter) headers.set('Retry-After', String(error.retryAfter));
  const body = {
    error: {
      code: error.code,
      message: error.message,
      ...(error.fields ? { fields: error.fields } : {}),
      request_id: requestId,
    },
  };
  return Response.json(body, { status: SITE_ERRORS[error.code].status, headers });
}

/**
 * Wraps a route handler: request id, the visitor's request limit, the request's context (who pays for the
 * upstream calls it causes), and every failure turned into the one error shape: upstream errors mapped,
 * anything unexpected answered 500; each logged once, summarised when it repeats (lib/site/failures.ts).
 */
export function route<P>(
  handler: (request: Request, ctx: Context, params: P) => Promise<Response>,
  options: {
    /**
     * Which of the visitor's limits the request counts against: their requests (the default), the probes'
     * own count (`ready`: a balancer probes often from one address), or none (liveness).
     */
    visitorLimit?: 'requests' | 'ready' | false;
  } = {},
): (request: Request, segment: { params: Promise<P> }) => Promise<Response> {
  return async (request, segment) => {
    const ctx = {
      requestId: requestIdOf(request),
      visitor: visitorOf(request),
      encoding: encodingFor(request.headers.get('accept-encoding') ?? undefined),
    };
    const path = new URL(request.url).pathname;
    const context = {
      ...currentRequest(),
      requestId: ctx.requestId,
      visitor: ctx.visitor,
      path,
      method: request.method,
    };
    return runInRequest(context, async () => {
      try {
        const limit = options.visitorLimit ?? 'requests';
        // A probe the server already counted (scripts/serve.mjs, lib/site/probe-gate.ts) is not counted twice.
        const counted = limit === 'ready' && request.headers.get(PROBE_COUNTED_HEADER) === '1';
        if (limit && !counted) await limitVisitor(ctx.visitor, limit);
        return await handler(request, ctx, await segment.params);
      } catch (error) {
        return failed(error, ctx.requestId, path);
      }
    });
  };
}

function failed(error: unknown, requestId: string, path: string): Response {
  if (error instanceof SiteError) return errorResponse(error, requestId);
  const verdict = verdictOf(error);
  if (error instanceof UpstreamError) {
    const mapped = fromUpstream(error);
    // The operator hears of the upstream failing, refusing our key or out of budget, not of a visitor's
    // own mistakes (a stay refused, a property not found) nor of one visitor using up their share.
    const ours = mapped.code === 'upstream_error' || mapped.code === 'unavailable';
    if (ours || error.status === 401 || error.status === 403)
      logFailure('api', templateOf(path), verdict, requestId, error);
    return errorResponse(mapped, requestId);
  }
  logFailure('api', templateOf(path), { ...verdict, message: 'api route failed' }, requestId, error);
  return errorResponse(new SiteError('internal_error', SITE_ERRORS.internal_error.sentence), requestId);
}

/** The request's query by the contract's rules (unknown keys ignored, first value wins), or a 400 with every problem. */
export function queryOf<T extends z.ZodObject>(schema: T, request: Request): z.infer<T> {
  const parsed = parseQuery(schema, new URL(request.url).searchParams);
  if (!parsed.ok) throw validationFailed(parsed.errors);
  return parsed.value;
}

/** A property id from the path: an integer from 1, or the property does not exist. */
export function propertyIdOf(raw: string): number {
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
  if (id < 1) throw new SiteError('not_found', 'That property is not in the catalog.');
  return id;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const METHODS: Method[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * Handlers for the methods a route does not serve: 405 with `Allow` and the one error body (Next.js's own
 * 405 has neither). `export const { POST, PUT, PATCH, DELETE } = notServed('GET');`
 */
export function notServed<A extends Method>(...allowed: A[]): Record<Exclude<Method, A>, () => Response> {
  const allow = [...allowed, ...(allowed.includes('GET' as A) ? ['HEAD'] : []), 'OPTIONS'].join(', ');
  const handler = (request: Request) => {
    const response = errorResponse(
      new SiteError('method_not_allowed', `${request.method} is not served here.`),
      requestIdOf(request),
    );
    response.headers.set('Allow', allow);
    return response;
  };
  return Object.fromEntries(
    METHODS.filter((m) => !allowed.includes(m as A)).map((m) => [m, handler]),
  ) as Record<Exclude<Method, A>, () => Response>;
}
