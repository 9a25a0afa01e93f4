import 'server-only';
import { sql } from 'drizzle-orm';
import type { Quote, QuoteQuery } from '@/lib/contract';
import {
  CURRENCIES,
  minorUnits,
  type Period,
  type PricedFee,
  type Promotion,
  priceStay,
  type Rate,
} from '@/lib/rules';
import { type Db, queryRows } from './db/client';
import type { ApiKey } from './keys';
import { visibleTo } from './properties';

/** What pricing a stay at one property needs, loaded in one statement. */
export interface PricingData {
  id: number;
  name: string;
  location_id: number;
  bedrooms: number;
  sleeps: number;
  priceOnRequest: boolean;
  currency: string;
  periods: Period[];
  defaultRate: Rate | null;
  fees: PricedFee[];
  taxRates: number[];
  promotions: Promotion[];
}

/** A visible property's pricing data, from the read model (rebuilt whenever its rates change). */
export async function loadPricingData(db: Db, key: ApiKey, id: number): Promise<PricingData | null> {
  const [row] = await queryRows<{ json: string }>(
    db,
    sql`SELECT d.pricing AS json FROM properties p JOIN property_documents d ON d.property_id = p.id
        WHERE p.id = ${id} AND ${visibleTo(key)}`,
  );
  return row ? (JSON.parse(row.json) as PricingData) : null;
}

/** The Quote resource for a stay; throws PricingRuleError for a stay the property's rules refuse. */
export function quoteFor(data: PricingData, q: QuoteQuery): Quote {
  const result = priceStay({
    checkin: q.checkin,
    checkout: q.checkout,
    adults: q.adults,
    children: q.children,
    bedrooms: q.bedrooms,
    property: { bedrooms: data.bedrooms, sleeps: data.sleeps, priceOnRequest: data.priceOnRequest },
    minorUnits: minorUnits(data.currency),
    periods: data.periods,
    defaultRate: data.defaultRate,
    fees: data.fees,
    taxRates: data.taxRates,
    promotions: data.promotions,
  });
  return {
    property_id: data.id,
    currency: { code: data.currency, symbol: CURRENCIES[data.currency]?.symbol ?? data.currency },
    price_on_request: data.priceOnRequest,
    stay: {
      checkin: q.checkin,
      checkout: q.checkout,
      nights: result.nights,
      guests: { adults: q.adults, children: q.children },
      bedrooms: result.bedrooms,
    },
    totals: result.totals,
    average_nightly_rate: result.average_nightly_rate,
    tax_rate: result.tax_rate,
    accuracy: result.accuracy,
    rate_range: result.rate_range,
  };
}
