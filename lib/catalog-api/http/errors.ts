import { ERROR_STATUS, type ErrorCode, type FieldErrors } from '@/lib/contract';

/** A failure the service reports to the partner as section 7's error body. */
export class ApiError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly validation?: FieldErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = ERROR_STATUS[code];
  }
}

export const validationFailed = (validation: FieldErrors) =>
  new ApiError('validation_failed', 'The request has invalid fields; see error.validation.', validation);

export const notFound = (what = 'No such resource.') => new ApiError('not_found', what);
