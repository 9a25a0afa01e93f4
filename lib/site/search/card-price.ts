import 'server-only';
import { addDays, daysBetween } from '@/lib/dates';
import {
  bedroomsPriced,
  bedroomsRented,
  minorUnits,
  nightlyAmount,
  type Promotion,
  priceStay,
  rateForNight,
  ruleProblem,
  type StayProblem,
  totalCeilingOf,
  totalFloor,
  totalFloorOf,
  totalOf,
} from '@/lib/rules';
import { RATES_NOT_PUBLISHED } from '@/lib/site/browser/price-words';
import { hasDates, type Stay } from '@/lib/site/browser/stay';
import { rateChangeDays, type StayOffer, sliceRent } from '@/lib/site/replica/calendar';
import { convert, type FxRates } from '@/lib/site/replica/fx';
import type { ReplicaEntry } from '@/lib/site/replica/in-memory';
import type { CardPrice, ReplicaRates } from '@/lib/site/replica/types';

/*
 * A result card's price, worked out from the replica's rate sheet by lib/rules, as the service's quote
 * works it out (docs/decisions.md#prices-in-search-come-from-the-sites-replica): a dated stay's total to the
 * cent, or "from" the lowest nightly rate of the coming 365 nights; with the figure in the display currency
 * beside it when the rental prices in another.
 */

/** What a price is asked for: the traveller's stay, the display currency, and the site's today. */
export interface PriceAsk {
  stay: Stay;
  currency: string;
  today: string;
}

/**
 * The lowest nightly rate over the 365 nights from `today`, for the bedrooms priced. The rate a night uses
 * changes only where a period (or last year's period, for the fallback) starts or ends, so each stretch
 * between such days is asked once.
 */
export function fromNightly(
  rates: Pick<ReplicaRates, 'periods' | 'defaultRate'>,
  bedrooms: number,
  today: string,
): { amount: number | null; estimated: boolean; rooms: number } {
  const starts = rateChangeDays(rates, today, addDays(today, 365));
  let amount: number | null = null;
  let estimated = false;
  let rooms = bedrooms;
  for (const day of starts) {
    const { rate, source } = rateForNight(day, bedrooms, rates.periods, rates.defaultRate);
    if (!rate) continue;
    const nightly = nightlyAmount(rate, 1);
    if (amount === null || nightly < amount) {
      amount = nightly;
      estimated = source === 'estimated';
      rooms = Math.max(bedrooms, rate.rooms);
    }
  }
  return { amount, estimated, rooms };
}

const noPrice = (currency: string, kind: CardPrice['kind'], reason: string | null = null): CardPrice => ({
  currency,
  kind,
  amount: null,
  nights: null,
  nightly: null,
  accuracy: null,
  bedrooms: null,
  reason,
  converted: null,
});

const propertyOf = (entry: ReplicaEntry) => ({
  bedrooms: entry.summary.bedrooms,
  sleeps: entry.summary.sleeps,
  priceOnRequest: entry.rates.priceOnRequest ?? false,
});

/** Price on request: said so, or (a vendor that does not say) no rate published at all. */
function onRequest(r: ReplicaRates): boolean {
  return r.priceOnRequest || (r.priceOnRequest === null && !r.periods.length && !r.defaultRate);
}

export type DatedStay = Stay & { checkin: string; checkout: string };

/** The stay as the shared rules read it for this rental: dates, party, its size and its rate sheet. */
const ruledStay = (entry: ReplicaEntry, stay: DatedStay) => ({
  ...stay,
  property: propertyOf(entry),
  periods: entry.rates.periods,
  defaultRate: entry.rates.defaultRate,
});

/**
 * Why the quote would refuse this stay at this rental (more guests than it sleeps, shorter than the
 * check-in's minimum stay), or null: the rules the service's quote and inquiry apply (lib/rules).
 */
export function stayRefusal(entry: ReplicaEntry, stay: DatedStay): StayProblem | null {
  return ruleProblem(ruledStay(entry, stay));
}

/** The stay's total as the quote gives it; the stay's rules first (a party too big is refused even on request). */
function stayPrice(entry: ReplicaEntry, stay: DatedStay): CardPrice {
  const r = entry.rates;
  const asked = ruledStay(entry, stay);
  const problem = ruleProblem(asked);
  if (problem) {
    const reason =
      problem.kind === 'min-stay'
        ? `Minimum stay ${problem.minStay} nights`
        : problem.kind === 'over-capacity'
          ? `Sleeps ${entry.summary.sleeps}`
          : 'Not available for these dates';
    return noPrice(r.currency, 'unavailable', reason);
  }
  if (onRequest(r)) return noPrice(r.currency, 'on_request');
  const result = priceStay({
    ...asked,
    minorUnits: minorUnits(r.currency),
    fees: r.fees,
    taxRates: r.taxRates,
    promotions: r.promotions ?? [],
  });
  const nights = daysBetween(stay.checkin, stay.checkout);
  // Nights without a published rate are left out of the quote's total: it is no price of the stay.
  if (result.accuracy === 'incomplete')
    return { ...noPrice(r.currency, 'stay', RATES_NOT_PUBLISHED), nights, accuracy: 'incomplete' };
  return {
    currency: r.currency,
    kind: 'stay',
    amount: result.totals.total,
    nights,
    nightly: result.totals.total / nights,
    // Without the rate sheet's promotions (a vendor without our extension) the total may miss a discount.
    accuracy: r.promotions === null && result.accuracy === 'exact' ? 'estimated' : result.accuracy,
    bedrooms: bedroomsRented(asked, r.periods, r.defaultRate),
    reason: null,
    converted: null,
  };
}

/** "From" prices already worked out, by entry: for one day, by bedrooms priced. */
const fromSeen = new WeakMap<
  ReplicaEntry,
  { day: string; byBedrooms: Map<number, ReturnType<typeof fromNightly>> }
>();

/** "From" the lowest nightly rate, for the bedrooms the party needs; remembered for the day. */
function fromPrice(entry: ReplicaEntry, stay: Stay, today: string): CardPrice {
  const r = entry.rates;
  if (onRequest(r)) return noPrice(r.currency, 'on_request');
  const bedrooms = bedroomsPriced({ ...stay, property: propertyOf(entry) });
  let seen = fromSeen.get(entry);
  if (seen?.day !== today) {
    seen = { day: today, byBedrooms: new Map() };
    fromSeen.set(entry, seen);
  }
  let from = seen.byBedrooms.get(bedrooms);
  if (!from) {
    from = fromNightly(r, bedrooms, today);
    seen.byBedrooms.set(bedrooms, from);
  }
  if (from.amount === null) return noPrice(r.currency, 'on_request');
  return {
    currency: r.currency,
    kind: 'from',
    amount: from.amount,
    nights: null,
    nightly: from.amount,
    accuracy: from.estimated ? 'estimated' : 'exact',
    bedrooms: Math.min(from.rooms, entry.summary.bedrooms),
    reason: null,
    converted: null,
  };
}

/** The card's price of one property for a stay: the stay's quote total, or "from" a nightly rate. */
export function cardPrice(entry: ReplicaEntry, ask: PriceAsk, fx: FxRates): CardPrice {
  const { stay, currency } = ask;
  const price = hasDates(stay) ? stayPrice(entry, stay) : fromPrice(entry, stay, ask.today);
  if ((price.kind !== 'stay' && price.kind !== 'from') || price.amount === null) return price;
  if (price.currency !== currency)
    price.converted = {
      currency,
      amount: convert(price.amount, price.currency, currency, fx),
      nightly: price.nightly === null ? null : convert(price.nightly, price.currency, currency, fx),
    };
  return price;
}

/**
 * The card's compared figure for a dated stay at many rentals (its nightly total, in the display currency
 * when converted), exactly as cardPrice gives it, without making the card: the quote's totals (lib/rules
 * totalsOf) of the rent and the promotions' discounts summed over the calendar's slice. Null where the card
 * has no price; undefined where the calendar cannot say (ask cardPrice). For the rentals a search compares
 * but does not show: its histogram's sample, its lazy order's candidates.
 */
export function stayFigures(
  stay: DatedStay,
  currency: string,
  fx: FxRates,
): (entry: ReplicaEntry) => number | null | undefined {
  const nights = daysBetween(stay.checkin, stay.checkout);
  const lastNight = addDays(stay.checkout, -1);
  const fit = { ...stay, property: { bedrooms: 0, sleeps: 0, priceOnRequest: false } };
  const ask = {
    adults: stay.adults,
    children: stay.children,
    minorUnits: 2,
    fees: [],
    taxRates: [],
  } as Parameters<typeof totalOf>[0];
  return (entry) => {
    const r = entry.rates;
    if (onRequest(r)) return null;
    fit.property.bedrooms = entry.summary.bedrooms;
    const offers = r.promotions?.length ? stayOffers(r.promotions, stay.checkin, lastNight, nights) : [];
    const slice = sliceRent(entry.calendar, bedroomsPriced(fit), stay.checkin, nights, offers);
    if (!slice) return undefined;
    if (slice.missing > 0) return null;
    ask.minorUnits = minorUnits(r.currency);
    ask.fees = r.fees;
    ask.taxRates = r.taxRates;
    const nightly = totalOf(ask, nights, slice.rent, slice.discounts) / nights;
    return r.currency === currency ? nightly : convert(nightly, r.currency, currency, fx);
  };
}

/**
 * The promotions a stay of `nights` nights from `checkin` (its last night `lastNight`) qualifies for, as the
 * nights each covers: those at least as long as their minimum, with a night inside their window (the quote's
 * test, night by night, in lib/rules priceStay).
 */
export function stayOffers(
  promotions: readonly Promotion[],
  checkin: string,
  lastNight: string,
  nights: number,
): StayOffer[] {
  const offers: StayOffer[] = [];
  for (const p of promotions) {
    if (nights < p.minNights || p.percent <= 0 || p.start > lastNight || p.end < checkin) continue;
    offers.push({
      first: p.start <= checkin ? 0 : daysBetween(checkin, p.start),
      last: p.end >= lastNight ? nights - 1 : daysBetween(checkin, p.end),
      percent: p.percent,
    });
  }
  return offers;
}

/**
 * The least the card's compared figure (its nightly price, in the display currency when converted) can be
 * for a stay the rules allow, without pricing it: the rules' floor of the total (lib/rules' totalFloor: the
 * best promotion the stay qualifies for, fees and taxes, less the roundings' slack) for the rent summed over
 * the calendar's slice. Infinity when the card will show no price (on request, nights without a rate, no
 * conversion), minus infinity when the calendar cannot say (the stay outside it; a fee or tax that
 * subtracts). Search prices exactly (the quote's arithmetic) only the cards whose floor could put them on
 * the page.
 */
export function stayPriceFloor(entry: ReplicaEntry, stay: DatedStay, currency: string, fx: FxRates): number {
  return stayFloors(stay, currency, fx)(entry);
}

/**
 * stayPriceFloor for one stay at many rentals (a search's matches): the stay's nights and party read once,
 * each rental's rent summed over its calendar's slice.
 */
export function stayFloors(stay: DatedStay, currency: string, fx: FxRates): (entry: ReplicaEntry) => number {
  const nights = daysBetween(stay.checkin, stay.checkout);
  const fit = { ...stay, property: { bedrooms: 0, sleeps: 0, priceOnRequest: false } };
  const ask = {
    nights,
    adults: stay.adults,
    children: stay.children,
    minorUnits: 2,
    fees: [],
    taxRates: [],
    promotions: [],
  } as Parameters<typeof totalFloorOf>[0];
  return (entry) => {
    const r = entry.rates;
    if (onRequest(r)) return Number.POSITIVE_INFINITY;
    fit.property.bedrooms = entry.summary.bedrooms;
    const slice = sliceRent(entry.calendar, bedroomsPriced(fit), stay.checkin, nights);
    if (!slice) return Number.NEGATIVE_INFINITY;
    if (slice.missing > 0) return Number.POSITIVE_INFINITY;
    ask.minorUnits = minorUnits(r.currency);
    ask.fees = r.fees;
    ask.taxRates = r.taxRates;
    ask.promotions = r.promotions ?? [];
    const nightly = totalFloorOf(ask, slice.rent) / nights;
    if (r.currency === currency || nightly === Number.NEGATIVE_INFINITY) return nightly;
    return convert(nightly, r.currency, currency, fx) ?? Number.POSITIVE_INFINITY;
  };
}

/**
 * The most the card's compared figure can be for one stay at many rentals (a search by highest price): the
 * rules' ceiling of the total (lib/rules' totalCeilingOf) for the rent summed over the calendar's slice.
 * Minus infinity when the card will show no price (on request, nights without a rate, no conversion: it
 * goes last), infinity when the calendar cannot say (the stay outside it; a fee or tax that subtracts).
 */
export function stayCeilings(
  stay: DatedStay,
  currency: string,
  fx: FxRates,
): (entry: ReplicaEntry) => number {
  const nights = daysBetween(stay.checkin, stay.checkout);
  const fit = { ...stay, property: { bedrooms: 0, sleeps: 0, priceOnRequest: false } };
  const ask = {
    nights,
    adults: stay.adults,
    children: stay.children,
    minorUnits: 2,
    fees: [],
    taxRates: [],
  } as Parameters<typeof totalCeilingOf>[0];
  return (entry) => {
    const r = entry.rates;
    if (onRequest(r)) return Number.NEGATIVE_INFINITY;
    fit.property.bedrooms = entry.summary.bedrooms;
    const slice = sliceRent(entry.calendar, bedroomsPriced(fit), stay.checkin, nights);
    if (!slice) return Number.POSITIVE_INFINITY;
    if (slice.missing > 0) return Number.NEGATIVE_INFINITY;
    ask.minorUnits = minorUnits(r.currency);
    ask.fees = r.fees;
    ask.taxRates = r.taxRates;
    const nightly = totalCeilingOf(ask, slice.rent) / nights;
    if (r.currency === currency || nightly === Number.POSITIVE_INFINITY) return nightly;
    return convert(nightly, r.currency, currency, fx) ?? Number.NEGATIVE_INFINITY;
  };
}

/**
 * A bound above stayCeilings' for one stay at many rentals, read from each rental's `most` alone (its
 * dearest night whatever the dates): no calendar is read. A search by highest price orders its matches by
 * it and works out the real ceiling only of those it reaches.
 */
export function stayCeilingBounds(
  stay: DatedStay,
  currency: string,
  fx: FxRates,
): (entry: ReplicaEntry) => number {
  const nights = daysBetween(stay.checkin, stay.checkout);
  const regime = nights >= 28 ? 2 : nights >= 7 ? 1 : 0;
  const ask = {
    nights,
    adults: stay.adults,
    children: stay.children,
    minorUnits: 2,
    fees: [],
    taxRates: [],
  } as Parameters<typeof totalCeilingOf>[0];
  return (entry) => {
    const most = entry.most[regime]!;
    if (!Number.isFinite(most)) return most;
    const r = entry.rates;
    ask.minorUnits = minorUnits(r.currency);
    ask.fees = r.fees;
    ask.taxRates = r.taxRates;
    const nightly = totalCeilingOf(ask, most * nights) / nights;
    if (r.currency === currency || nightly === Number.POSITIVE_INFINITY) return nightly;
    return convert(nightly, r.currency, currency, fx) ?? Number.POSITIVE_INFINITY;
  };
}

/**
 * A bound below stayFloors' for one stay at many rentals, read from each rental's `least` alone (its
 * cheapest night whatever the dates, its best promotion, its rounding slack): no calendar is read. Search
 * orders its matches by it and works out the real floor only of those it reaches.
 */
export function stayBounds(stay: DatedStay, currency: string, fx: FxRates): (entry: ReplicaEntry) => number {
  const nights = daysBetween(stay.checkin, stay.checkout);
  const regime = nights >= 28 ? 2 : nights >= 7 ? 1 : 0;
  return (entry) => {
    const l = entry.least;
    const least = l[regime]!;
    if (!Number.isFinite(least)) return least;
    const nightly = least * (1 - l[3]! / 100) - l[4]! / nights;
    const own = entry.rates.currency;
    if (own === currency) return nightly;
    return convert(nightly, own, currency, fx) ?? Number.POSITIVE_INFINITY;
  };
}

/**
 * stayPriceFloor's arithmetic from a stay's rent and its nights without a rate, for one rental, party, length
 * and display currency: worked out once and applied to many stays (a flexible search's check-ins).
 */
export function rentFloor(
  entry: ReplicaEntry,
  party: { adults: number; children: number },
  nights: number,
  currency: string,
  fx: FxRates,
): ((rent: number, missing: number) => number) & { byRentAlone: boolean } {
  const r = entry.rates;
  if (onRequest(r)) return Object.assign(() => Number.POSITIVE_INFINITY, { byRentAlone: false });
  const total = totalFloor({
    nights,
    adults: party.adults,
    children: party.children,
    minorUnits: minorUnits(r.currency),
    fees: r.fees,
    taxRates: r.taxRates,
    promotions: r.promotions ?? [],
  });
  const floor = (rent: number, missing: number) => {
    if (missing > 0) return Number.POSITIVE_INFINITY;
    const nightly = total(rent) / nights;
    if (r.currency === currency || nightly === Number.NEGATIVE_INFINITY) return nightly;
    return convert(nightly, r.currency, currency, fx) ?? Number.POSITIVE_INFINITY;
  };
  return Object.assign(floor, { byRentAlone: total.byRentAlone });
}
