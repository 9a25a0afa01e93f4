import 'server-only';
import type { Availability, RateSheet } from '@/lib/contract';
import { clipRanges } from '@/lib/rules';
import { ratesOf } from '@/lib/site/browser/stay-rules';
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

/**
 * The booked ranges of the window the replica asked for, cut to it (docs/decisions.md#the-replica-keeps-booked-dates-within-its-horizon):
 * an upstream returns ranges that straddle the window whole, and a hold may run to 9999-12-31. `to` is the
 * window asked: an upstream that answers a shorter one is not asked again and again for the rest.
 */
export function replicaBookedOf(
  availability: Pick<Availability, 'booked'>,
  window: { from: string; to: string },
): ReplicaBooked {
  return {
    to: window.to,
    ranges: clipRanges(availability.booked, window.from, window.to).map((r) => ({
      checkin: r.checkin,
      checkout: r.checkout,
      checkin_full_day: r.checkin_full_day,
      checkout_full_day: r.checkout_full_day,
    })),
  };
}
