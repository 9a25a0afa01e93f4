import 'server-only';
import type { Quote, TolerantPropertyDetail } from '@/lib/contract';
import { nowIso } from '@/lib/dates';
import type { PropertySnapshot, QuotedPrice } from '@/lib/site/browser/advisors';

/*
 * What an option keeps of its rental and of its price. The rental as the advisor added it (name, place,
 * facts, cover photo, a few amenities a client compares by): the client's view then reads nothing of the
 * catalog but the quotes. The price as the catalog quoted it, its total and breakdown, for "when sent".
 */

/** Amenities clients compare rentals by, in the order they are worth naming. */
const NOTABLE = [
  /pool/i,
  /hot tub|jacuzzi|whirlpool/i,
  /sea view|beach|lake|ocean/i,
  /air condition/i,
  /wi-?fi/i,
  /sauna|gym/i,
  /parking|garage|ev charg/i,
  /garden|terrace/i,
  /barbecue|bbq/i,
];

/** Up to four amenities, the notable first (a list of any length is read once, never kept whole). */
export function keyAmenities(amenities: TolerantPropertyDetail['amenities']): string[] {
  const all = amenities.flatMap((group) => group.items).slice(0, 200);
  const ranked = NOTABLE.flatMap((pattern) => all.filter((item) => pattern.test(item)).slice(0, 1));
  const picked = [...new Set([...ranked, ...all])];
  return picked.slice(0, 4);
}

export function snapshotOf(p: TolerantPropertyDetail): PropertySnapshot {
  return {
    name: p.name,
    type: p.type,
    place: p.location.path.slice(-3),
    locationId: p.location.id,
    bedrooms: p.bedrooms,
    bathrooms: p.bathrooms,
    sleeps: p.sleeps,
    rating: p.rating,
    photo: p.image ? { url: p.image.url, caption: p.image.caption } : null,
    amenities: keyAmenities(p.amenities),
    latitude: p.latitude,
    longitude: p.longitude,
  };
}

export function priceOf(q: Quote): QuotedPrice {
  return {
    currency: q.currency.code,
    total: q.totals.total,
    rate: q.totals.rate,
    discounts: q.totals.discounts,
    fees: q.totals.fees,
    taxes: q.totals.taxes,
    refundableDeposits: q.totals.refundable_deposits,
    nights: q.stay.nights,
    averageNightly: q.average_nightly_rate,
    accuracy: q.accuracy,
    priceOnRequest: q.price_on_request,
    at: nowIso(),
  };
}
