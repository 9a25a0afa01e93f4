import 'server-only';
import { UpstreamError } from '@/lib/catalog-client';
import { failureLog } from '@/lib/failure-log';
import { currentRequest } from '@/lib/request-context';
import { pageHeaders } from './page-headers';
import { type Refusal, refusalPage } from './refusal-page';

/*
 * What a failed page or route means, said once: to the visitor as an answer (a page refused by the upstream
 * or the budget is a 503 with Retry-After and the site's own page, not a crash), and to the operator as one
 * structured line, summarised when it repeats (lib/failure-log.ts). An upstream refusal is expected under
 * load and is logged without a stack; anything else is a bug and keeps its stack.
 */

export interface Verdict {
  status: number;
  refusal: Refusal;
  /** Seconds for Retry-After (none on a 500). */
  retryAfter?: number;
  level: 'warn' | 'error';
  /** The error code the log groups by. */
  code: string;
  message: string;
  /** An unexpected failure: its stack goes to the log. */
  unexpected: boolean;
}

/** An upstream failure, or the site's own budget refusing to call, as the visitor and the operator see it. */
function upstreamVerdict(error: UpstreamError): Verdict {
  const common = { code: error.code, unexpected: false };
  if (error.code === 'visitor_budget_exhausted')
    return {
      ...common,
      status: 429,
      refusal: 'too_many_pages',
      retryAfter: error.retryAfter ?? 10,
      level: 'warn',
      message: 'a visitor used up their share of the upstream budget',
    };
  if (error.status === 401 || error.status === 403)
    return {
      ...common,
      status: 503,
      refusal: 'unavailable',
      retryAfter: 60,
      level: 'error',
      message: 'the upstream refused the site’s API key (SVC_API_KEY): check the key and its scopes',
    };
  if (error.status === 429 || error.code === 'budget_exhausted')
    return {
      ...common,
      status: 503,
      refusal: 'busy',
      retryAfter: error.retryAfter ?? 5,
      level: 'warn',
      message: 'the upstream budget refused a call (the site’s own budget or the upstream’s limit)',
    };
  return {
    ...common,
    status: 503,
    refusal: 'unavailable',
    retryAfter: 30,
    level: 'warn',
    message:
      error.code === 'unreadable_answer'
        ? `unexpected answer from the catalog: ${error.message}`
        : `upstream call failed: ${error.message}`,
  };
}

export function verdictOf(error: unknown): Verdict {
  if (error instanceof UpstreamError) return upstreamVerdict(error);
  return {
    status: 500,
    refusal: 'internal',
    level: 'error',
    code: error instanceof Error ? error.name : 'thrown',
    message: 'a page failed to render',
    unexpected: true,
  };
}

/** A route template for the log: ids and lead ids left out, so kinds stay few whatever paths are asked. */
export const templateOf = (pathname: string): string =>
  pathname.replace(/\/ld_[A-Za-z0-9_-]+/g, '/:lead').replace(/\/\d+(?=\/|$)/g, '/:id');

/** Logs a failure of the site (a page, a route), summarised when the same kind repeats. */
export function logFailure(
  where: 'page' | 'api',
  route: string,
  verdict: Verdict,
  requestId: string | undefined,
  error: unknown,
): void {
  const upstream =
    error instanceof UpstreamError
      ? { upstream: { status: error.status, code: error.code, id: error.requestId } }
      : {};
  failureLog().note({
    level: verdict.level,
    kind: `${where} ${route} ${verdict.code}`,
    message: verdict.message,
    requestId,
    fields: {
      route,
      status: verdict.status,
      ...upstream,
      ...(verdict.unexpected ? { err: error } : {}),
    },
  });
}

/**
 * instrumentation.ts `onRequestError`: a page's render failed. One line for the log, and for the visitor
 * the answer scripts/serve.mjs sends instead of the framework's error shell (an empty document that only
 * JavaScript fills, with status 500 and no Retry-After).
 */
export function pageFailed(
  error: unknown,
  request: { path: string; headers: NodeJS.Dict<string | string[]> },
  context: { routePath: string; routeType: string },
): void {
  const current = currentRequest();
  const header = request.headers['x-request-id'];
  const requestId = current?.requestId ?? (typeof header === 'string' ? header : undefined);
  const verdict = verdictOf(error);
  logFailure(context.routeType === 'render' ? 'page' : 'api', context.routePath, verdict, requestId, error);
  if (!current || context.routeType !== 'render' || current.answer) return;
  const again = current.asked ?? (request.path.startsWith('/') ? request.path : current.path);
  current.answer = {
    status: verdict.status,
    headers: {
      ...pageHeaders(current.path),
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      ...(verdict.retryAfter ? { 'Retry-After': String(verdict.retryAfter) } : {}),
    },
    body: refusalPage({
      kind: verdict.refusal,
      retryAfter: verdict.retryAfter,
      again,
      requestId: requestId ?? 'unknown',
      embedded: current.path.startsWith('/embed/'),
    }),
  };
}
