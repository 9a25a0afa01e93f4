import { addDays, daysBetween } from '@/lib/dates';
import { roundMoney } from './money';
import { bedroomsPriced, nightlyAmount, type Period, type Rate, rateForNight } from './rates';
import { problemMessage, type RuledStay, ruleProblem } from './stay';

/*
 * Quote arithmetic of docs/decisions.md#quote-arithmetic, as a pure function: no database, no clock. Covered by table-driven
 * tests (tests/unit/pricing.test.ts).
 */

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

/**
 * The rules an agent enforces on a stay (stay.ts's ruleProblem) as an exception for the service: throws
 * PricingRuleError with the API's message, naming the property when a name is given; returns the bedrooms
 * priced.
 */
export function checkStayRules(input: RuledStay, name?: string): number {
  const problem = ruleProblem(input);
  if (problem) throw new PricingRuleError(problemMessage(problem, name));
  return bedroomsPriced(input);
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
    let percent = 0;
    for (const p of input.promotions) {
      if (p.start <= night && night <= p.end && nights >= p.minNights && p.percent > percent)
        percent = p.percent;
    }
    discounts += (amount * percent) / 100;
  }

  const totals = totalsOf(input, nights, rent, discounts);
  const { rate, taxRate } = totals;
  return {
    nights,
    bedrooms,
    totals: {
      rate,
      discounts: totals.discounts,
      fees: totals.fees,
      taxes: totals.taxes,
      total: totals.total,
      refundable_deposits: totals.refundable_deposits,
      total_payable: totals.total_payable,
    },
    average_nightly_rate: priced ? round(rate / priced) : null,
    tax_rate: priced ? taxRate : null,
    accuracy: excluded ? 'incomplete' : estimated ? 'estimated' : 'exact',
    rate_range: priced ? { min: round(low), max: round(high) } : null,
  };
}

/**
 * The quote's totals from a stay's rent and its promotions' discounts (both before rounding): rent and
 * discount rounded, fees on the rent after discounts, taxes on that and the taxable fees, each rounded to the
 * currency's minor unit. priceStay's arithmetic after its nights, shared with search's exact figure from a
 * calendar's rent (lib/site/search/card-price.ts, through `totalOf`), so the two cannot part.
 */
export function totalsOf(
  input: Pick<PricingInput, 'adults' | 'children' | 'minorUnits' | 'fees' | 'taxRates'>,
  nights: number,
  rent: number,
  discounts: number,
) {
  const t = sums(input, nights, rent, discounts);
  return {
    rate: t.rate,
    discounts: t.discounts,
    fees: t.fees,
    taxes: t.taxes,
    total: t.total,
    refundable_deposits: t.refundable_deposits,
    total_payable: t.total_payable,
    taxRate: t.taxRate,
  };
}

/** totalsOf(…).total, making no object: search asks it of hundreds of rentals a search. */
export function totalOf(
  input: Pick<PricingInput, 'adults' | 'children' | 'minorUnits' | 'fees' | 'taxRates'>,
  nights: number,
  rent: number,
  discounts: number,
): number {
  return sums(input, nights, rent, discounts).total;
}

/**
 * totalsOf's arithmetic, written to one object kept for it (and its stay for the fees): nothing it calls
 * calls it again, so each call's figures are read before the next is made. Search's figures made three
 * objects a rental before (the totals, the stay, the rounding), two fifths of what a search allocated.
 */
const SUMS = {
  rate: 0,
  discounts: 0,
  fees: 0,
  taxes: 0,
  total: 0,
  refundable_deposits: 0,
  total_payable: 0,
  taxRate: 0,
};
const FEE_STAY = { nights: 0, adults: 0, children: 0, rentAfterDiscounts: 0 };
function sums(
  input: Pick<PricingInput, 'adults' | 'children' | 'minorUnits' | 'fees' | 'taxRates'>,
  nights: number,
  rent: number,
  discounts: number,
): typeof SUMS {
  const digits = input.minorUnits;
  const rate = roundMoney(rent, digits);
  const discount = roundMoney(discounts, digits);
  let fees = 0;
  let taxableFees = 0;
  let deposits = 0;
  const stay = FEE_STAY;
  stay.nights = nights;
  stay.adults = input.adults;
  stay.children = input.children;
  stay.rentAfterDiscounts = rate - discount;
  // Indexed loops here and in the floor and ceiling below: search runs them hundreds of times a search, and
  // an iterator's result objects were a tenth of what it allocated.
  const { fees: list, taxRates } = input;
  for (let i = 0; i < list.length; i++) {
    const fee = list[i]!;
    const amount = feeAmount(fee, stay);
    if (fee.refundable) deposits += amount;
    else {
      fees += amount;
      if (fee.taxable) taxableFees += amount;
    }
  }
  const feeTotal = roundMoney(fees, digits);
  let taxRate = 0;
  for (let i = 0; i < taxRates.length; i++) taxRate += taxRates[i]!;
  const taxes = roundMoney(((rate - discount + roundMoney(taxableFees, digits)) * taxRate) / 100, digits);
  const refundable = roundMoney(deposits, digits);
  const total = roundMoney(rate - discount + feeTotal + taxes, digits);
  const t = SUMS;
  t.rate = rate;
  t.discounts = discount;
  t.fees = feeTotal;
  t.taxes = taxes;
  t.total = total;
  t.refundable_deposits = refundable;
  t.total_payable = roundMoney(total + refundable, digits);
  t.taxRate = taxRate;
  return t;
}

/** One fee's amount for the stay, by its type (docs/decisions.md#property-and-fee-types); an unknown type counts once, like flat. */
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

/**
 * The least priceStay's total can be, for a stay of `nights` nights and this party, whose rent (its nights'
 * amounts, before promotions) is at least `rent`: promotions at most the best one the stay's length
 * qualifies for, fees and taxes as priceStay adds them, less the slack of its roundings. For search, which
 * prices exactly (priceStay) only the stays whose floor could put them first. Minus infinity when a fee, a
 * tax or a promotion over 100% could lower a total (no floor to give). `byRentAlone`: no promotion can
 * apply, so stays of the same nightly amounts have the same total.
 */
export function totalFloor(
  input: Pick<PricingInput, 'adults' | 'children' | 'minorUnits' | 'fees' | 'taxRates' | 'promotions'> & {
    nights: number;
  },
): ((rent: number) => number) & { byRentAlone: boolean } {
  let promotion = 0;
  for (const p of input.promotions)
    if (input.nights >= p.minNights) promotion = Math.max(promotion, p.percent);
  return Object.assign((rent: number) => totalFloorOf(input, rent), { byRentAlone: promotion === 0 });
}

/** totalFloor for one rent, worked out directly (no function made): for search over thousands of rentals. */
export function totalFloorOf(
  input: Pick<PricingInput, 'adults' | 'children' | 'minorUnits' | 'fees' | 'taxRates' | 'promotions'> & {
    nights: number;
  },
  rent: number,
): number {
  const { nights, adults, children, promotions, taxRates, fees: list } = input;
  let promotion = 0;
  for (let i = 0; i < promotions.length; i++) {
    const p = promotions[i]!;
    if (nights >= p.minNights) promotion = Math.max(promotion, p.percent);
  }
  let taxRate = 0;
  for (let i = 0; i < taxRates.length; i++) {
    const t = taxRates[i]!;
    if (t < 0) return Number.NEGATIVE_INFINITY;
    taxRate += t;
  }
  if (promotion > 100) return Number.NEGATIVE_INFINITY;
  const after = rent * (1 - promotion / 100);
  let fees = 0;
  let taxable = 0;
  const stay = { nights, adults, children, rentAfterDiscounts: after };
  for (let i = 0; i < list.length; i++) {
    const fee = list[i]!;
    if (fee.amount < 0) return Number.NEGATIVE_INFINITY;
    if (fee.refundable) continue;
    const amount = feeAmount(fee, stay);
    fees += amount;
    if (fee.taxable) taxable += amount;
  }
  // Rent, discount, fees, taxable fees, taxes and total are each rounded to half a minor unit.
  const slack = (4 + (1.5 * taxRate) / 100) * 10 ** -input.minorUnits;
  return after + fees + ((after + taxable) * taxRate) / 100 - slack;
}

/**
 * The most priceStay's total can be, for a stay of `nights` nights and this party whose rent (its nights'
 * amounts, before promotions) is `rent`: no promotion (they only lower it), every fee and tax on the whole
 * rent, plus the roundings' slack. Infinity when it cannot say (a fee or tax that subtracts). What lets a
 * search by highest price price only the cards that could reach its page.
 */
export function totalCeilingOf(
  input: Pick<PricingInput, 'adults' | 'children' | 'minorUnits' | 'fees' | 'taxRates'> & { nights: number },
  rent: number,
): number {
  const { nights, adults, children, taxRates, fees: list } = input;
  const half = 10 ** -input.minorUnits / 2;
  let taxRate = 0;
  for (let i = 0; i < taxRates.length; i++) {
    const t = taxRates[i]!;
    if (t < 0) return Number.POSITIVE_INFINITY;
    taxRate += t;
  }
  let fees = 0;
  let taxable = 0;
  // The rent as rounded, at most half a unit over: a percentage fee taken of it.
  const stay = { nights, adults, children, rentAfterDiscounts: rent + half };
  for (let i = 0; i < list.length; i++) {
    const fee = list[i]!;
    if (fee.amount < 0) return Number.POSITIVE_INFINITY;
    if (fee.refundable) continue;
    const amount = feeAmount(fee, stay);
    fees += amount;
    if (fee.taxable) taxable += amount;
  }
  // Rent, fees, taxable fees, taxes and total are each rounded to half a minor unit.
  const slack = (4 + (1.5 * taxRate) / 100) * 10 ** -input.minorUnits;
  return rent + fees + ((rent + taxable) * taxRate) / 100 + slack;
}

/** The fee kinds of CEILING_TERMS, in order (any other kind is charged once a stay, as feeAmount does). */
const FEE_KINDS = [
  'per_stay',
  'per_night',
  'per_guest',
  'per_adult',
  'per_child',
  'per_guest_per_night',
  'percent',
];

/**
 * totalCeilingOf's fees and taxes of one rate sheet as sums by kind, for many stays at once: [the
 * non-refundable fees' amounts by FEE_KINDS (7), the taxable ones' (7), the tax rate, the rounding slack,
 * half a minor unit]; the tax rate NaN when a fee or tax subtracts (no ceiling). `ceilingFromTerms` gives
 * totalCeilingOf's figure from them.
 */
export function ceilingTerms(input: Pick<PricingInput, 'minorUnits' | 'fees' | 'taxRates'>): Float64Array {
  const t = new Float64Array(17);
  let taxRate = 0;
  for (const r of input.taxRates) taxRate += r < 0 ? Number.NaN : r;
  for (const fee of input.fees) {
    if (fee.amount < 0) taxRate = Number.NaN;
    if (fee.refundable) continue;
    const k = Math.max(0, FEE_KINDS.indexOf(fee.type));
    t[k]! += fee.amount;
    if (fee.taxable) t[7 + k]! += fee.amount;
  }
  t[14] = taxRate;
  t[15] = (4 + (1.5 * taxRate) / 100) * 10 ** -input.minorUnits;
  t[16] = 10 ** -input.minorUnits / 2;
  return t;
}

/**
 * Seven fee sums by kind (ceilingTerms' FEE_KINDS, from `k`) for a stay, a percent fee taken of `percentOf`:
 * the fees of floorFromTerms and ceilingFromTerms, which differ only in the rent a percent is of.
 */
function feesFromTerms(
  t: Float64Array,
  k: number,
  stay: { nights: number; adults: number; children: number },
  percentOf: number,
): number {
  const n = stay.nights;
  const g = stay.adults + stay.children;
  return (
    t[k]! +
    t[k + 1]! * n +
    t[k + 2]! * g +
    t[k + 3]! * stay.adults +
    t[k + 4]! * stay.children +
    t[k + 5]! * g * n +
    (t[k + 6]! * percentOf) / 100
  );
}

/**
 * A bound below totalFloorOf from a sheet's ceilingTerms (at `at`), for a stay whose rent is at least `rent`
 * and whose promotions take at most `promotion` percent: the fees and taxes as totalFloorOf adds them on the
 * least rent after that promotion, less the roundings' slack, less a billionth for the order of the sums (a
 * bound must never pass the floor it stands for). Minus infinity when a fee or tax subtracts, or a promotion
 * takes over 100 %.
 */
export function floorFromTerms(
  t: Float64Array,
  at: number,
  stay: { nights: number; adults: number; children: number },
  rent: number,
  promotion: number,
): number {
  const taxRate = t[at + 14]!;
  if (Number.isNaN(taxRate) || promotion > 100) return Number.NEGATIVE_INFINITY;
  // No rent to bound (a night without a rate): no total either.
  if (rent === Number.POSITIVE_INFINITY) return rent;
  const after = rent * (1 - promotion / 100);
  const fees = feesFromTerms(t, at, stay, after);
  const taxable = feesFromTerms(t, at + 7, stay, after);
  const total = after + fees + ((after + taxable) * taxRate) / 100 - t[at + 15]!;
  return Number.isFinite(total) ? total - Math.abs(total) * 1e-9 : total;
}

/** totalCeilingOf from a sheet's ceilingTerms (at `at` in a run of them) for a stay and its rent. */
export function ceilingFromTerms(
  t: Float64Array,
  at: number,
  stay: { nights: number; adults: number; children: number },
  rent: number,
): number {
  const taxRate = t[at + 14]!;
  if (Number.isNaN(taxRate)) return Number.POSITIVE_INFINITY;
  const fees = feesFromTerms(t, at, stay, rent + t[at + 16]!);
  const taxable = feesFromTerms(t, at + 7, stay, rent + t[at + 16]!);
  return rent + fees + ((rent + taxable) * taxRate) / 100 + t[at + 15]!;
}
