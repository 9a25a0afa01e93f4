import type { PropertySummary } from '@/lib/contract';
import { plural } from '@/lib/site/browser';
import type { CardPrice } from '@/lib/site/replica/types';
import { money, roughMoney } from '../property/format';

/*
 * What a rental's marker says: the card's headline figure, written by the same helpers as the card's
 * PriceLine (so "€1,621" on the card is "€1,621" on the map), and its name for a screen reader.
 */

/** The marker's visible text, or null when the card shows no figure (no price for these dates). */
export function markerText(price: CardPrice | undefined): string | null {
  if (!price) return null;
  if (price.kind === 'on_request') return 'On request';
  if (price.kind === 'unavailable' || price.amount === null) return null;
  return price.kind === 'stay'
    ? money(price.amount, price.currency)
    : roughMoney(price.amount, price.currency);
}

/** The marker's accessible name: "Villa Rosa, €1,621 total for 7 nights". */
export function markerName(p: PropertySummary & { price?: CardPrice }): string {
  const price = p.price;
  const text = markerText(price);
  if (!price) return p.name;
  if (price.kind === 'stay' && text)
    return `${p.name}, ${text} total for ${plural(price.nights ?? 0, 'night')}`;
  if (price.kind === 'from' && text) return `${p.name}, from ${text} a night`;
  if (price.kind === 'on_request') return `${p.name}, price on request`;
  return `${p.name}, ${price.reason ?? 'no price for these dates'}`;
}
