import type { Availability, PropertySummary } from '@/lib/contract';
import type { Period, PricedFee, Promotion, Rate } from '@/lib/rules';

/** A catalog item as the replica keeps it: the summary the catalog answered (additive fields kept). */
export type ReplicaSummary = PropertySummary;

/** A property's rate sheet in the shared pricing rules' shape (lib/rules), as the replica stores it. */
export interface ReplicaRates {
  currency: string;
  periods: Period[];
  defaultRate: Rate | null;
  fees: PricedFee[];
  taxRates: number[];
  /** Null when the upstream's rate sheet does not say (our extension; docs/decisions.md). */
  promotions: Promotion[] | null;
  priceOnRequest: boolean | null;
}

/** Booked ranges and the last day of the window they were fetched for. */
export interface ReplicaBooked {
  to: string;
  ranges: Pick<
    Availability['booked'][number],
    'checkin' | 'checkout' | 'checkin_full_day' | 'checkout_full_day'
  >[];
}
