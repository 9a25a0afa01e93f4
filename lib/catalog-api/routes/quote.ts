import 'server-only';
import { quoteQuerySchema } from '@/lib/contract';
import { today } from '@/lib/dates';
import { PricingRuleError } from '@/lib/rules';
import { ApiError, notFound, queryOrThrow } from '../http/errors';
import type { HandlerContext } from '../http/types';
import { loadPricingData, quoteFor } from '../quote';

// GET /v2/properties/{id}/quote
export async function getQuote({ db, key, params, url }: HandlerContext) {
  const q = queryOrThrow(quoteQuerySchema(today()), url);
  const data = await loadPricingData(db, key, params.id!);
  if (!data) throw notFound('No such property.');
  try {
    return { body: quoteFor(data, q) };
  } catch (error) {
    if (error instanceof PricingRuleError) throw new ApiError('invalid_request', error.message);
    throw error;
  }
}
