import { type BrowserFailure, SITE_ERRORS, type SiteErrorCode } from './site-errors';

/*
 * The one error the browser's calls to the site's routes end in (api-client.ts makes them). Apart from the
 * client, so that what only names or catches it does not bring the client into a page's first script.
 * Its codes are the site's (site-errors.ts) and the browser's own failures.
 */

export type ApiErrorCode = SiteErrorCode | BrowserFailure;

/** What a failure that is not the site's answer reads as: a bug's own error is not for people. */
export const INTERNAL_ERROR = SITE_ERRORS.internal_error.sentence;

export class ApiError extends Error {
  constructor(
    readonly code: ApiErrorCode | (string & {}),
    message: string,
    /** Sentences for people, keyed by the API's dotted path. */
    readonly fields: Record<string, string> = {},
    readonly status = 0,
    readonly requestId?: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Any failure as the one error type. */
export function toApiError(error: unknown): ApiError {
  return error instanceof ApiError ? error : new ApiError('internal_error', INTERNAL_ERROR);
}
