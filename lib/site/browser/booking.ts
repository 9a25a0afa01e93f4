import type { Availability, RateSheet } from '@/lib/contract';

/**
 * What a property's booking widget (calendar, party, price, inquiry) needs of the catalog: the server reads
 * it (lib/site/property-page.ts) and hands it to the browser's widget (components/property/stay-context.tsx).
 */
export interface BookingData {
  propertyId: number;
  name: string;
  sleeps: number;
  maxBedrooms: number;
  booked: Availability['booked'];
  rates: Pick<RateSheet, 'rates' | 'default_rate'>;
  currency: string;
  fees: RateSheet['fees'];
  taxes: RateSheet['taxes'];
  /** The lowest nightly rate still to come, for "from €X a night" before dates are chosen. */
  fromNightly: number | null;
  /**
   * Areas the catalog could not give just now (their reads failed): without rates or booked dates the
   * widget shows no price ("ask an agent") and keeps the inquiry open.
   */
  missing: ('rates' | 'availability')[];
  /** The rate sheet says the price is on request: the agent waives the minimum stay (docs/decisions.md). */
  priceOnRequest?: boolean;
}
