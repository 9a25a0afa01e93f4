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
  return { status: 201, body: await submitInquiry(db, key, parsed.data) };
}
