import 'server-only';
import type { Availability, RateSheet } from '@/lib/contract';
import { ratesOf } from '../browser/stay-rules';
import type { ReplicaBooked, ReplicaRates } from './types';

/*
 * The catalog's answers mapped once into what the replica stores: the rate sheet in the pricing rules'
 * shape (the same mapping the booking calendar uses), the booked ranges without what the rules ignore.
 */

/** A rate sheet as the tolerant client parsed it: the extension fields may be missing. */
type UpstreamRateSheet = Omit<RateSheet, 'promotions' | 'price_on_request'> &
  Partial<Pick<RateSheet, 'promotions' | 'price_on_request'>>;

export function replicaRatesOf(sheet: UpstreamRateSheet): ReplicaRates {
  return {
    currency: sheet.currency.code,
    ...ratesOf(sheet),
    fees: sheet.fees.map((f) => ({
      type: f.type,
      amount: f.amount,
      refundable: f.refundable,
      taxable: f.taxable,
    })),
    taxRates: sheet.taxes.map((t) => t.rate),
    promotions:
      sheet.promotions?.map((p) => ({
        start: p.start_date,
        end: p.end_date,
        percent: p.percent,
        minNights: p.min_nights,
      })) ?? null,
    priceOnRequest: sheet.price_on_request ?? null,
  };
}

export function replicaBookedOf(availability: Availability): ReplicaBooked {
  return {
    to: availability.to,
    ranges: availability.booked.map((r) => ({
      checkin: r.checkin,
      checkout: r.checkout,
      checkin_full_day: r.checkin_full_day,
      checkout_full_day: r.checkout_full_day,
    })),
  };
}
