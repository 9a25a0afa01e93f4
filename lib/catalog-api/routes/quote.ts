import 'server-only';
import type { QuoteQuery } from '@/lib/contract';
import { PricingRuleError } from '@/lib/rules';
import { notFound, ServiceError } from '../http/errors';
import type { HandlerContext } from '../http/types';
import { loadPricingData, quoteFor } from '../quote';

// GET /v2/properties/{id}/quote
export async function getQuote({ db, key, params, query }: HandlerContext & { query: QuoteQuery }) {
  const data = await loadPricingData(db, key, params.id!);
  if (!data) throw notFound('No such property.');
  try {
    return { body: quoteFor(data, query) };
  } catch (error) {
    if (error instanceof PricingRuleError) throw new ServiceError('invalid_request', error.message);
    throw error;
  }
}
