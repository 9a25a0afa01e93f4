import { priceHeadline } from '@/components/results/price-line';
import { plural } from '@/lib/site/browser';
import type { CardPrice } from '@/lib/site/replica/types';

/*
 * What a rental's marker says: the card's headline figure (so "€1,621" on the card is "€1,621" on the
 * map), and its name for a screen reader.
 */

/** The marker's accessible name: "Villa Rosa, €1,621 total for 7 nights". */
export function markerName(p: { name: string; price?: CardPrice }): string {
  const price = p.price;
  const text = priceHeadline(price);
  if (!price) return `${p.name}, price on its page`;
  if (price.kind === 'stay' && text)
    return `${p.name}, ${text} total for ${plural(price.nights ?? 0, 'night')}`;
  if (price.kind === 'from' && text) return `${p.name}, from ${text} a night`;
  if (price.kind === 'on_request') return `${p.name}, price on request`;
  return `${p.name}, ${price.reason ?? 'no price for these dates'}`;
}
