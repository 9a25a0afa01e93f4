/*
 * The browser's one client for the site's own `/api` routes. Every route answers errors as
 * `{error: {code, message, fields?, request_id}}`; here they become one `ApiError` whose `message` and
 * `fields` are already sentences for people (see messages.ts), with the API's field paths kept as keys so a
 * form can place each message on its input (the error itself is api-error.ts). No component parses a
 * response by hand. The wording (messages.ts) loads with the first error: most pages never meet one, and it
 * would be in each one's script.
 */

import { ApiError, INTERNAL_ERROR } from './api-error';

export { ApiError, type ApiErrorCode, toApiError } from './api-error';

/**
 * The inquiry form's field a person never sees (hidden from view and from assistive technology) but a
 * form-filling bot fills: the form sends it, POST /api/inquiries drops an inquiry that has it.
 */
export const HONEYPOT_FIELD = 'website';

const FALLBACK: Record<string, string> = {
  validation_failed: 'Some details need correcting.',
  invalid_request: 'That request could not be handled; please check the details.',
  forbidden: 'This page is not allowed to send that; please reload it and try again.',
  not_found: 'That could not be found; it may no longer be available.',
  rate_limited: 'Too many requests in a short time; please wait a moment and try again.',
  unsupported_media_type: 'That request could not be handled; please reload the page and try again.',
  conflict: 'This was already sent with other details; please reload the page and try again.',
  unavailable: 'The catalog is busy right now; please try again in a moment.',
  upstream_error: 'The catalog did not answer properly; please try again.',
  internal_error: INTERNAL_ERROR,
  network_error: 'The connection failed; please check it and try again.',
  unreadable_answer: 'The answer could not be read; please try again.',
};

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
    throw new ApiError('network_error', FALLBACK.network_error!);
  }
  const body = (await res.json().catch(() => undefined)) as
    | { error?: { code?: string; message?: string; fields?: Record<string, string>; request_id?: string } }
    | undefined;
  if (res.ok) {
    if (body === undefined)
      throw new ApiError('unreadable_answer', FALLBACK.unreadable_answer!, {}, res.status);
    return body as T;
  }
  const error = body?.error;
  const code = error?.code ?? (res.status >= 500 ? 'upstream_error' : 'invalid_request');
  const fallback = FALLBACK[code] ?? FALLBACK.internal_error!;
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
