import 'server-only';
import { randomBytes } from 'node:crypto';
import { getDb } from '@/lib/catalog-api/db/client';
import { type ApiKey, findKey, modeFromPrefix } from '@/lib/catalog-api/keys';
import { limitInquiry, limitRequest } from '@/lib/catalog-api/limits';
import { logger } from '@/lib/catalog-api/logger';
import { routes } from '@/lib/catalog-api/routes';
import { REQUEST_ID_PATTERN } from '@/lib/contract';
import { today } from '@/lib/dates';
import { settings } from '@/lib/settings';
import { notFound, ServiceError } from './errors';
import { allowHeader, matchRoute } from './router';
import type { HandlerResult } from './types';

export function newRequestId(): string {
  return `req_${randomBytes(12).toString('hex')}`;
}

/** A client id matching the pattern is reused; anything else is replaced (docs/decisions.md#request-ids). */
export function pickRequestId(incoming: string | null): string {
  return incoming && REQUEST_ID_PATTERN.test(incoming) ? incoming : newRequestId();
}

/**
 * The whole request pipeline of `/v2`: request id, key (401), request limits (429), route (404), method
 * (405), scope (403), inquiry limit (429), handler, and section 7's error body for every failure (docs/decisions.md#keys-and-the-order-of-checks,
 * docs/decisions.md#the-error-body). Public
 * routes (the OpenAPI document) skip the key and the limits. Every response carries `X-Request-Id` and
 * the mode header.
 */
export async function handleRequest(request: Request): Promise<Response> {
  const started = performance.now();
  const s = settings();
  const requestId = pickRequestId(request.headers.get('x-request-id'));
  const token = request.headers.get(`x-${s.SVC_SHORT_NAME.toLowerCase()}-api-token`);
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  let mode = modeFromPrefix(token);
  let keyId: number | undefined;
  let response: Response;
  const url = new URL(request.url);
  try {
    if (!s.CATALOG_API_ENABLED) throw notFound('The catalog service is not enabled on this server.');
    const match = matchRoute(routes, url.pathname.replace(/^\/v2(?=\/|$)/, ''));
    const handler = match?.routes.find((r) => r.method === method);
    if (match && method === 'OPTIONS') {
      response = new Response(null, { status: 204, headers: { Allow: allowHeader(match.routes) } });
    } else if (match && handler?.scope === 'public') {
      const db = await getDb();
      const result = await handler.run({
        db,
        key: ANONYMOUS,
        params: match.params,
        url,
        request,
        requestId,
        today: today(),
      });
      response = toResponse(result);
    } else {
      const db = await getDb();
      const key = token ? await findKey(db, token) : null;
      if (!key) {
        throw new ServiceError(
          'unauthorized',
          token
            ? 'The API key is not valid.'
            : `Send your API key in the X-${s.SVC_SHORT_NAME}-API-TOKEN header.`,
        );
      }
      mode = key.mode;
      keyId = key.id;
      await limitRequest(key);
      if (!match) throw notFound('No such endpoint.');
      if (!handler) {
        throw new ServiceError(
          'method_not_allowed',
          `${request.method} is not served on this path.`,
          undefined,
          {
            Allow: allowHeader(match.routes),
          },
        );
      }
      if (handler.scope !== 'public' && !key.scopes.includes(handler.scope)) {
        throw new ServiceError('forbidden', `This key lacks the ${handler.scope} scope.`);
      }
      if (handler.inquiryLimit) await limitInquiry(key.id);
      response = toResponse(
        await handler.run({ db, key, params: match.params, url, request, requestId, today: today() }),
      );
    }
  } catch (error) {
    response = errorResponse(error, requestId);
  }
  response.headers.set('X-Request-Id', requestId);
  response.headers.set(`X-${s.SVC_SHORT_NAME}-Mode`, mode);
  response.headers.set('Cache-Control', 'no-store');
  logger.info(
    {
      requestId,
      method: request.method,
      path: url.pathname,
      status: response.status,
      keyId,
      ms: Math.round((performance.now() - started) * 10) / 10,
    },
    'request',
  );
  if (request.method === 'HEAD')
    return new Response(null, { status: response.status, headers: response.headers });
  return response;
}

/** Public routes run as a key that may see no property at all. */
const ANONYMOUS: ApiKey = {
  id: 0,
  mode: 'live',
  scopes: [],
  allowList: [],
  partnerName: '',
  advisorName: null,
  tier: 'standard',
};

function toResponse(result: HandlerResult): Response {
  const status = result.status ?? 200;
  return 'json' in result
    ? new Response(result.json, {
        status,
        headers: { 'Content-Type': 'application/json', ...result.headers },
      })
    : Response.json(result.body, { status, headers: result.headers });
}

function errorResponse(error: unknown, requestId: string): Response {
  if (error instanceof ServiceError) {
    const body = {
      error: {
        code: error.code,
        message: error.message,
        ...(error.validation ? { validation: error.validation } : {}),
        request_id: requestId,
      },
    };
    return Response.json(body, { status: error.status, headers: error.headers });
  }
  // Never leak a stack, SQL or an internal message; the log has it under the same request id.
  logger.error({ requestId, err: error }, 'unhandled error');
  return Response.json(
    {
      error: { code: 'internal_error', message: 'Something went wrong on our side.', request_id: requestId },
    },
    { status: 500 },
  );
}
