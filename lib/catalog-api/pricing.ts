import { addDays, addYears, daysBetween } from '@/lib/dates';

/*
 * Quote arithmetic of decisions.md, as a pure function: no database, no clock. Every rule lives here and is
 * covered by table-driven tests (tests/unit/pricing.test.ts).
 */

export interface Rate {
  rooms: number;
  nightly: number;
  weekly: number | null;
  monthly: number | null;
  minStay: number;
}
export interface Period extends Rate {
  start: string;
  /** Last night the period covers. */
  end: string;
}
export interface PricedFee {
  type: string;
  amount: number;
  refundable: boolean;
  taxable: boolean;
}
export interface Promotion {
  start: string;
  end: string;
  percent: number;
  minNights: number;
}

export interface PricingInput {
  checkin: string;
  checkout: string;
  adults: number;
  children: number;
  bedrooms?: number;
  property: { bedrooms: number; sleeps: number; priceOnRequest: boolean };
  /** Decimals of the currency's minor unit (JPY 0, EUR 2). */
  minorUnits: number;
  periods: Period[];
  defaultRate: Rate | null;
  fees: PricedFee[];
  taxRates: number[];
  promotions: Promotion[];
}

export interface PricingResult {
  nights: number;
  bedrooms: number;
  totals: {
    rate: number;
    discounts: number;
    fees: number;
    taxes: number;
    total: number;
    refundable_deposits: number;
    total_payable: number;
  };
  average_nightly_rate: number | null;
  tax_rate: number | null;
  accuracy: 'exact' | 'estimated' | 'incomplete' | null;
  rate_range: { min: number; max: number } | null;
}

/** A stay the property's own rules refuse (the agent would): minimum stay, more guests than it sleeps. */
export class PricingRuleError extends Error {
  override name = 'PricingRuleError';
}

/** Half-up rounding to `digits` decimals, immune to binary noise (1.005 → 1.01). */
export function roundMoney(value: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(Number((value * f).toFixed(6))) / f;
}

/** Bedrooms priced: the request (or 1) raised to fit the party at two per room, at most the property's. */
export function bedroomsPriced(
  input: Pick<PricingInput, 'adults' | 'children' | 'bedrooms' | 'property'>,
): number {
  const fit = Math.ceil((input.adults + input.children) / 2);
  return Math.min(input.property.bedrooms, Math.max(input.bedrooms ?? 1, fit));
}

type Source = 'published' | 'estimated' | 'none';

/** The rate for one night: covering period (smallest tier that fits) → default → last year's period → none. */
export function rateForNight(night: string, bedrooms: number, periods: Period[], defaultRate: Rate | null) {
  const covering = (date: string) =>
    periods
      .filter((p) => p.start <= date && date <= p.end && p.rooms >= bedrooms)
      .sort((a, b) => a.rooms - b.rooms)[0];
  const current = covering(night);
  if (current) return { rate: current as Rate, source: 'published' as Source };
  if (defaultRate) return { rate: defaultRate, source: 'published' as Source };
  const lastYear = covering(addYears(night, -1));
  if (lastYear) return { rate: lastYear as Rate, source: 'estimated' as Source };
  return { rate: null, source: 'none' as Source };
}

/** Weekly and monthly rates apply per night (weekly / 7, monthly / 30) to stays of 7 / 28 nights or more. */
export function nightlyAmount(rate: Rate, nights: number): number {
  if (nights >= 28 && rate.monthly !== null) return rate.monthly / 30;
  if (nights >= 7 && rate.weekly !== null) return rate.weekly / 7;
  return rate.nightly;
}

/** The minimum stay that applies to a check-in date, or null when that night has no rate at all. */
export function minimumStay(checkin: string, bedrooms: number, periods: Period[], defaultRate: Rate | null) {
  return rateForNight(checkin, bedrooms, periods, defaultRate).rate?.minStay ?? null;
}

/**
 * The rules an agent enforces on a stay: no more guests than the property sleeps, and the minimum stay of
 * the rate used on the check-in night (none when the price is on request). Throws PricingRuleError, naming
 * the property when a name is given; returns the bedrooms priced.
 */
export function checkStayRules(
  input: Pick<
    PricingInput,
    'checkin' | 'checkout' | 'adults' | 'children' | 'bedrooms' | 'property' | 'periods' | 'defaultRate'
  >,
  name = 'This property',
): number {
  const guests = input.adults + input.children;
  if (guests > input.property.sleeps) {
    throw new PricingRuleError(
      `${name} sleeps ${input.property.sleeps}; the party of ${guests} is too large.`,
    );
  }
  const bedrooms = bedroomsPriced(input);
  if (!input.property.priceOnRequest) {
    const nights = daysBetween(input.checkin, input.checkout);
    const minStay = minimumStay(input.checkin, bedrooms, input.periods, input.defaultRate);
    if (minStay !== null && nights < minStay) {
      throw new PricingRuleError(`The minimum stay for a check-in on ${input.checkin} is ${minStay} nights.`);
    }
  }
  return bedrooms;
}

export function priceStay(input: PricingInput): PricingResult {
  const nights = daysBetween(input.checkin, input.checkout);
  const bedrooms = checkStayRules(input);
  const zero = {
    rate: 0,
    discounts: 0,
    fees: 0,
    taxes: 0,
    total: 0,
    refundable_deposits: 0,
    total_payable: 0,
  };
  if (input.property.priceOnRequest) {
    return {
      nights,
      bedrooms,
      totals: zero,
      average_nightly_rate: null,
      tax_rate: null,
      accuracy: null,
      rate_range: null,
    };
  }

  const round = (v: number) => roundMoney(v, input.minorUnits);
  let rent = 0;
  let discounts = 0;
  let priced = 0;
  let estimated = false;
  let excluded = false;
  let low = Number.POSITIVE_INFINITY;
  let high = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < nights; i++) {
    const night = addDays(input.checkin, i);
    const { rate, source } = rateForNight(night, bedrooms, input.periods, input.defaultRate);
    if (!rate) {
      excluded = true;
      continue;
    }
    if (source === 'estimated') estimated = true;
    const amount = nightlyAmount(rate, nights);
    rent += amount;
    priced++;
    low = Math.min(low, amount);
    high = Math.max(high, amount);
    // The best promotion covering the night, for stays long enough to qualify.
    const percent = Math.max(
      0,
      ...input.promotions
        .filter((p) => p.start <= night && night <= p.end && nights >= p.minNights)
        .map((p) => p.percent),
    );
    discounts += (amount * percent) / 100;
  }

  const rate = round(rent);
  const discount = round(discounts);
  let fees = 0;
  let taxableFees = 0;
  let deposits = 0;
  for (const fee of input.fees) {
    const amount = feeAmount(fee, {
      nights,
      adults: input.adults,
      children: input.children,
      rentAfterDiscounts: rate - discount,
    });
    if (fee.refundable) deposits += amount;
    else {
      fees += amount;
      if (fee.taxable) taxableFees += amount;
    }
  }
  const feeTotal = round(fees);
  const taxRate = input.taxRates.reduce((sum, r) => sum + r, 0);
  const taxes = round(((rate - discount + round(taxableFees)) * taxRate) / 100);
  const refundable = round(deposits);
  const total = round(rate - discount + feeTotal + taxes);
  return {
    nights,
    bedrooms,
    totals: {
      rate,
      discounts: discount,
      fees: feeTotal,
      taxes,
      total,
      refundable_deposits: refundable,
      total_payable: round(total + refundable),
    },
    average_nightly_rate: priced ? round(rate / priced) : null,
    tax_rate: priced ? taxRate : null,
    accuracy: excluded ? 'incomplete' : estimated ? 'estimated' : 'exact',
    rate_range: priced ? { min: round(low), max: round(high) } : null,
  };
}

/** One fee's amount for the stay, by its type (decisions.md); an unknown type counts once, like flat. */
export function feeAmount(
  fee: PricedFee,
  stay: { nights: number; adults: number; children: number; rentAfterDiscounts: number },
): number {
  const guests = stay.adults + stay.children;
  switch (fee.type) {
    case 'per_night':
      return fee.amount * stay.nights;
    case 'per_guest':
      return fee.amount * guests;
    case 'per_adult':
      return fee.amount * stay.adults;
    case 'per_child':
      return fee.amount * stay.children;
    case 'per_guest_per_night':
      return fee.amount * guests * stay.nights;
    case 'percent':
      return (fee.amount * stay.rentAfterDiscounts) / 100;
    default:
      return fee.amount;
  }
}
