import { z } from 'zod';

/** Section 7 (docs/decisions.md#error-statuses): clients branch on `code`, never on the message. */
export const ERROR_CODES = [
  'validation_failed',
  'unauthorized',
  'forbidden',
  'not_found',
  'rate_limited',
  'internal_error',
  'invalid_request',
  'method_not_allowed',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const ERROR_STATUS: Record<ErrorCode, number> = {
  validation_failed: 400,
  invalid_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  rate_limited: 429,
  internal_error: 500,
};

/** Maps a field (dotted path for nested fields, e.g. `stay.checkin`) to a message. */
export type FieldErrors = Record<string, string>;

export const errorBodySchema = z.object({
  error: z.object({
    code: z.union([z.enum(ERROR_CODES), z.string()]),
    message: z.string(),
    validation: z.record(z.string(), z.string()).optional(),
    request_id: z.string().nullable(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** The request id a client may supply to have it reused (docs/decisions.md#request-ids). */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{8,64}$/;
