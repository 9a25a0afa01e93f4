import 'server-only';
import type { z } from 'zod';
import { ERROR_STATUS, type ErrorCode, type FieldErrors, parseQuery } from '@/lib/contract';

/** A failure the service reports to the partner as section 7's error body (docs/decisions.md#the-error-body). */
export class ServiceError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly validation?: FieldErrors,
    readonly headers?: Record<string, string>,
    /** A status other than the code's own: 415 for a body in another charset (docs/decisions.md#request-bodies). */
    status?: number,
  ) {
    super(message);
    this.name = 'ServiceError';
    this.status = status ?? ERROR_STATUS[code];
  }
}

export const validationFailed = (validation: FieldErrors) =>
  new ServiceError('validation_failed', 'The request has invalid fields; see error.validation.', validation);

export const notFound = (what = 'No such resource.') => new ServiceError('not_found', what);

/** The query parameters a schema knows, parsed; 400 validation_failed naming every bad one otherwise. */
export function queryOrThrow<T extends z.ZodObject>(schema: T, url: URL): z.infer<T> {
  const parsed = parseQuery(schema, url.searchParams);
  if (!parsed.ok) throw validationFailed(parsed.errors);
  return parsed.value;
}
