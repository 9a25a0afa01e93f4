import type { Quote } from '@/lib/contract';

/*
 * A price is shown as a total only when it is the whole price of the stay (docs/decisions.md#a-total-is-the-whole-price).
 * The quote's `incomplete` accuracy means some nights have no published rate and are left out of its total
 * (the API document: "the partner should ask an agent"), so no figure is shown for it: the card, its marker,
 * the property page's headline, its booking card and the inquiry all say the same words instead.
 */

/** What every place a price would be says of a stay whose nights are not all priced. */
export const RATES_NOT_PUBLISHED = 'Rates not yet published for all nights — ask an agent';

/** The quote's total when it is the stay's whole price: null when priced on request or some nights have no rate. */
export function wholeTotal(quote: Pick<Quote, 'price_on_request' | 'accuracy' | 'totals'>): number | null {
  if (quote.price_on_request || quote.accuracy === 'incomplete') return null;
  return quote.totals.total;
}
