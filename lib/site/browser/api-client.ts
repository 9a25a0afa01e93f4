/*
 * The browser's one client for the site's own `/api` routes. Every route answers errors as
 * `{error: {code, message, fields?, request_id}}`; here they become one `ApiError` whose `message` and
 * `fields` are already sentences for people (see messages.ts), with the API's field paths kept as keys so a
 * form can place each message on its input (the error itself is api-error.ts); a code's own sentence, from
 * the site's one table of errors (site-errors.ts), stands in for words that are not for people. No
 * component parses a response by hand. The wording (messages.ts) loads with the first error: most pages
 * never meet one, and it would be in each one's script.
 */

import { ApiError } from './api-error';
import { errorSentence } from './site-errors';

export { ApiError, type ApiErrorCode, toApiError } from './api-error';

type Query = Record<string, string | number | null | undefined> | URLSearchParams;

function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params =
    query instanceof URLSearchParams
      ? query
      : new URLSearchParams(
          Object.entries(query).flatMap(([k, v]) =>
            v === undefined || v === null || v === '' ? [] : [[k, String(v)]],
          ),
        );
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

async function request<T>(path: string, init: RequestInit): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, init);
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError('network_error', errorSentence('network_error'));
  }
  const body = (await res.json().catch(() => undefined)) as
    | { error?: { code?: string; message?: string; fields?: Record<string, string>; request_id?: string } }
    | undefined;
  if (res.ok) {
    if (body === undefined)
      throw new ApiError('unreadable_answer', errorSentence('unreadable_answer'), {}, res.status);
    return body as T;
  }
  const error = body?.error;
  const code = error?.code ?? (res.status >= 500 ? 'upstream_error' : 'invalid_request');
  const fallback = errorSentence(code);
  // Without the wording (the connection dropped just now), the plain fallback: never the API's own words.
  const words = await import('./messages').catch(() => null);
  const retry = Number(res.headers.get('Retry-After'));
  return Promise.reject(
    new ApiError(
      code,
      words ? words.plainMessage(error?.message, fallback) : fallback,
      words ? words.fieldMessages(error?.fields) : {},
      res.status,
      error?.request_id ?? res.headers.get('X-Request-Id') ?? undefined,
      Number.isFinite(retry) && retry > 0 ? retry : undefined,
    ),
  );
}

/** GET a site route; the answer typed as the caller expects it. */
export function apiGet<T>(path: string, query?: Query, signal?: AbortSignal): Promise<T> {
  return request<T>(withQuery(path, query), { signal, headers: { Accept: 'application/json' } });
}

/** POST JSON to a site route (the server checks the Origin the browser adds). */
export function apiPost<T>(
  path: string,
  body: unknown,
  signal?: AbortSignal,
  headers: Record<string, string> = {},
): Promise<T> {
  return request<T>(path, {
    method: 'POST',
    signal,
    headers: { ...headers, 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
  });
}

/**
 * Any method, with headers of the caller's own: an advisor's shortlist token or edit secret travels as
 * `Authorization: Bearer …`, never in a URL (lib/site/advisors/tokens.ts).
 */
export function apiSend<T>(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const json: Record<string, string> = body === undefined ? {} : { 'Content-Type': 'application/json' };
  return request<T>(path, {
    method,
    headers: { ...headers, ...json, Accept: 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}
