import { sql } from 'drizzle-orm';
import type { Quote, QuoteQuery } from '@/lib/contract';
import { CURRENCIES, minorUnits } from './currencies';
import { type Db, queryRows } from './db/client';
import type { ApiKey } from './keys';
import type { Period, PricedFee, Promotion, Rate } from './pricing';
import { priceStay } from './pricing';
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

/**
 * Loads a visible property's pricing data for a stay: periods from a year before check-in (for prior-year
 * estimates) to check-out, the default rate, fees, taxes and promotions.
 */
export async function loadPricingData(db: Db, key: ApiKey, id: number, checkin: string, checkout: string) {
  const [row] = await queryRows<{ json: string }>(
    db,
    sql`SELECT json_build_object(
      'id', p.id, 'name', p.name, 'location_id', p.location_id, 'bedrooms', p.bedrooms, 'sleeps', p.sleeps,
      'priceOnRequest', p.price_on_request, 'currency', p.currency_code,
      'periods', coalesce((SELECT json_agg(json_build_object('start', r.start_date, 'end', r.end_date, 'rooms', r.rooms,
          'nightly', r.nightly, 'weekly', r.weekly, 'monthly', r.monthly, 'minStay', r.min_stay))
        FROM rate_periods r WHERE r.property_id = p.id
          AND r.end_date >= (${checkin}::date - interval '1 year')::date AND r.start_date <= ${checkout}::date), '[]'::json),
      'defaultRate', (SELECT json_build_object('rooms', d.rooms, 'nightly', d.nightly, 'weekly', d.weekly,
          'monthly', d.monthly, 'minStay', d.min_stay) FROM default_rates d WHERE d.property_id = p.id),
      'fees', coalesce((SELECT json_agg(json_build_object('type', f.type, 'amount', f.amount, 'refundable', f.refundable,
          'taxable', f.taxable)) FROM fees f WHERE f.property_id = p.id), '[]'::json),
      'taxRates', coalesce((SELECT json_agg(t.rate) FROM taxes t WHERE t.property_id = p.id), '[]'::json),
      'promotions', coalesce((SELECT json_agg(json_build_object('start', m.start_date, 'end', m.end_date,
          'percent', m.percent, 'minNights', m.min_nights)) FROM promotions m WHERE m.property_id = p.id), '[]'::json)
    )::text AS json
    FROM properties p WHERE p.id = ${id} AND ${visibleTo(key)}`,
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
