import 'server-only';
import { ServiceError } from '@/lib/catalog-api/http/errors';
import type { HandlerContext } from '@/lib/catalog-api/http/types';
import { submitInquiry } from '@/lib/catalog-api/inquiries';
import type { InquiryRequest } from '@/lib/contract';

// POST /v2/inquiries
export async function postInquiry({ db, key, request, body }: HandlerContext & { body: InquiryRequest }) {
  const { inquiry, replayed } = await submitInquiry(db, key, body, idempotencyKeyOf(request));
  return { status: 201, body: inquiry, headers: replayed ? { 'Idempotent-Replayed': 'true' } : undefined };
}

/** `Idempotency-Key` (our extension): printable ASCII, 1 to 255 characters, or a 400 naming the header. */
function idempotencyKeyOf(request: Request): string | undefined {
  const value = request.headers.get('idempotency-key');
  if (value === null) return undefined;
  if (!/^[\x21-\x7e]{1,255}$/.test(value))
    throw new ServiceError(
      'invalid_request',
      'The Idempotency-Key header must be 1 to 255 printable ASCII characters.',
    );
  return value;
}
