import 'server-only';
import { fieldErrors, inquiryRequestSchema } from '@/lib/contract';
import { today } from '@/lib/dates';
import { readJsonObject } from '../../json-body';
import { ApiError, validationFailed } from '../http/errors';
import type { HandlerContext } from '../http/types';
import { submitInquiry } from '../inquiries';

// POST /v2/inquiries
export async function postInquiry({ db, key, request }: HandlerContext) {
  const parsed = inquiryRequestSchema(today()).safeParse(
    await readJsonObject(request, (m) => new ApiError('invalid_request', m)),
  );
  if (!parsed.success) throw validationFailed(fieldErrors(parsed.error));
  const { inquiry, replayed } = await submitInquiry(db, key, parsed.data, idempotencyKeyOf(request));
  return { status: 201, body: inquiry, headers: replayed ? { 'Idempotent-Replayed': 'true' } : undefined };
}

/** `Idempotency-Key` (our extension): printable ASCII, 1 to 255 characters, or a 400 naming the header. */
function idempotencyKeyOf(request: Request): string | undefined {
  const value = request.headers.get('idempotency-key');
  if (value === null) return undefined;
  if (!/^[\x21-\x7e]{1,255}$/.test(value))
    throw new ApiError(
      'invalid_request',
      'The Idempotency-Key header must be 1 to 255 printable ASCII characters.',
    );
  return value;
}
