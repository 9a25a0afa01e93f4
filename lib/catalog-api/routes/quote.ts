import 'server-only';
import { notFound, ServiceError } from '@/lib/catalog-api/http/errors';
import type { HandlerContext } from '@/lib/catalog-api/http/types';
import { loadPricingData, quoteFor } from '@/lib/catalog-api/quote';
import type { QuoteQuery } from '@/lib/contract';
import { PricingRuleError } from '@/lib/rules';

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
