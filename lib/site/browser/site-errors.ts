/*
 * The site's errors, once: every code the site's own `/api` answers with, its HTTP status, and the sentence a
 * person reads when nothing more precise is said. Both ends read this one table: the server's `/api`
 * pipeline answers each code with its status (lib/site/http.ts), and the browser's client gives its error
 * (api-error.ts) the same sentence when an answer carries no words it can show (api-client.ts).
 * Browser-safe: no I/O, nothing of the server.
 */

export const SITE_ERRORS = {
  validation_failed: { status: 400, sentence: 'Some details need correcting.' },
  invalid_request: { status: 400, sentence: 'That request could not be handled; please check the details.' },
  forbidden: {
    status: 403,
    sentence: 'This page is not allowed to send that; please reload it and try again.',
  },
  not_found: { status: 404, sentence: 'That could not be found; it may no longer be available.' },
  method_not_allowed: {
    status: 405,
    sentence: 'That cannot be done at this address; please reload the page and try again.',
  },
  conflict: {
    status: 409,
    sentence: 'This was already sent with other details; please reload the page and try again.',
  },
  unsupported_media_type: {
    status: 415,
    sentence: 'That request could not be handled; please reload the page and try again.',
  },
  rate_limited: {
    status: 429,
    sentence: 'Too many requests in a short time; please wait a moment and try again.',
  },
  internal_error: { status: 500, sentence: 'Something went wrong on our side; please try again.' },
  upstream_error: { status: 502, sentence: 'The catalog did not answer properly; please try again.' },
  unavailable: { status: 503, sentence: 'The catalog is busy right now; please try again in a moment.' },
} as const satisfies Record<string, { status: number; sentence: string }>;

export type SiteErrorCode = keyof typeof SITE_ERRORS;

/**
 * What the browser meets before or instead of the site's answer (no status of the site's): the connection
 * failed, or an answer came that could not be read.
 */
export const BROWSER_FAILURES = {
  network_error: 'The connection failed; please check it and try again.',
  unreadable_answer: 'The answer could not be read; please try again.',
} as const satisfies Record<string, string>;

export type BrowserFailure = keyof typeof BROWSER_FAILURES;

export const isSiteErrorCode = (code: string): code is SiteErrorCode => Object.hasOwn(SITE_ERRORS, code);

/** The sentence for a code, the site's or the browser's own; a code the table does not know reads as ours. */
export function errorSentence(code: string): string {
  if (isSiteErrorCode(code)) return SITE_ERRORS[code].sentence;
  if (Object.hasOwn(BROWSER_FAILURES, code)) return BROWSER_FAILURES[code as BrowserFailure];
  return SITE_ERRORS.internal_error.sentence;
}
