import 'server-only';
import { addDays } from '@/lib/dates';
import { CANCELLATION } from './content';
import type { Random } from './random';
import type { DemoCatalog, Draw, Listing } from './types';

/* A property's rates, fees, taxes and promotions in the demo catalog, in its currency. */

export const TYPE_FACTOR: Record<Listing['type'], number> = {
  villa: 1.3,
  estate: 1.8,
  chalet: 1.4,
  house: 1,
  cottage: 0.85,
  apartment: 0.8,
  condo: 0.8,
  cabin: 0.7,
};

/** An amount in the property's currency: scaled to its price level, rounded to its minor unit (JPY to hundreds). */
export const priceIn = ({ level, currency, minor }: Listing, value: number) =>
  roundMoney(value * level, currency === 'JPY' ? -2 : minor);

/**
 * Rates: seasonal periods per bedroom tier for this year and next, published to a horizon, with now and
 * then a tier's season missing; often a default rate. A few properties price on request and have none.
 */
export function rateRows(
  draw: Draw,
  listing: Listing,
  out: Pick<DemoCatalog, 'rate_periods' | 'default_rates'>,
) {
  const { rng, thisYear } = draw;
  const { id, type, bedroomCount, currency } = listing;
  const priceOnRequest = rng.chance(0.03);
  const base = (110 + 85 * bedroomCount ** 1.15) * TYPE_FACTOR[type] * (0.7 + rng.next() * 0.9);
  const tiers =
    bedroomCount <= 3
      ? [bedroomCount]
      : bedroomCount <= 6
        ? [2, bedroomCount]
        : [2, Math.ceil(bedroomCount / 2), bedroomCount];
  const horizon = rng.weighted([
    [`${thisYear + 2}-01-07`, 70],
    [`${thisYear + 1}-06-14`, 20],
    [`${thisYear}-12-18`, 10],
  ] as const);
  const missingTier = tiers.length > 1 && rng.chance(0.1) ? rng.pick(tiers.slice(0, -1)) : null;
  const missingSeason = rng.int(0, 9);
  const policy = rng.pick(CANCELLATION);
  const balanceDays = rng.pick([30, 45, 60, 90]);
  const round = (v: number) => priceIn(listing, v);
  if (priceOnRequest) return { priceOnRequest };
  seasonsFor(thisYear).forEach((season, seasonIndex) => {
    if (season.start > horizon) return;
    for (const tier of tiers) {
      if (tier === missingTier && seasonIndex === missingSeason) continue;
      const nightly =
        base *
        season.factor *
        (tier / bedroomCount) ** 0.8 *
        (season.start.startsWith(String(thisYear + 1)) ? 1.04 : 1);
      out.rate_periods.push({
        id: draw.ids.rate++,
        property_id: id,
        name: season.name,
        start_date: season.start,
        end_date: season.end,
        rooms: tier,
        nightly: round(nightly),
        weekly: rng.chance(0.65) ? round(nightly * 7 * 0.92) : null,
        // Drawn for every property (the stream's order), given to every home let for long stays.
        monthly: rng.chance(0.35) || listing.longStays ? round(nightly * 30 * 0.8) : null,
        min_stay: season.minStay + (type === 'apartment' || type === 'condo' ? -1 : 0),
        balance_days: balanceDays,
        currency,
        cancellation_name: policy[0],
        cancellation_description: policy[1],
      });
    }
  });
  if (rng.chance(0.6)) {
    out.default_rates.push({
      property_id: id,
      id: draw.ids.rate++,
      name: 'Standard rate',
      rooms: bedroomCount,
      nightly: round(base),
      weekly: rng.chance(0.5) ? round(base * 7 * 0.92) : null,
      monthly: listing.longStays ? round(base * 30 * 0.8) : null,
      min_stay: 3,
      balance_days: balanceDays,
      currency,
    });
  }
  return { priceOnRequest };
}

/** A fee as the generator writes it: name, description, amount, type, its words, refundable, taxable. */
export type FeeTerms = [string, string, number, string, string, boolean?, boolean?];

/** The fees a property may add beyond cleaning and a deposit, by type (the amount drawn when used). */
export const EXTRA_FEES: Record<string, (rng: Random, listing: Listing) => FeeTerms> = {
  per_night: (_, l) => [
    'Pool heating',
    'Heated pool, charged for every night.',
    priceIn(l, 25),
    'per_night',
    'per night',
    false,
    true,
  ],
  per_guest: (_, l) => [
    'Linen and towels',
    'Fresh linen and towels for each guest.',
    priceIn(l, 15),
    'per_guest',
    'per guest',
    false,
    true,
  ],
  per_adult: (_, l) => [
    'Welcome hamper',
    'Local produce for each adult on arrival.',
    priceIn(l, 12),
    'per_adult',
    'per adult',
  ],
  per_child: (_, l) => [
    'Kids club',
    'Access to the resort kids club.',
    priceIn(l, 20),
    'per_child',
    'per child',
  ],
  per_guest_per_night: (_, l) => [
    'Tourist tax',
    'Collected for the municipality.',
    priceIn(l, 2.5),
    'per_guest_per_night',
    'per guest per night',
  ],
  percent: (rng) => [
    'Service charge',
    'Concierge and housekeeping service.',
    rng.pick([5, 8, 10]),
    'percent',
    'percent of the rent',
    false,
    true,
  ],
};

/** Fees: a cleaning fee and often a deposit, then a few of the other kinds. */
export function feeRows({ rng }: Draw, listing: Listing): DemoCatalog['fees'] {
  const { id, bedroomCount, currency } = listing;
  const fees: DemoCatalog['fees'] = [];
  const fee = ([name, description, amount, type, typeText, refundable = false, taxable = false]: FeeTerms) =>
    fees.push({
      property_id: id,
      position: fees.length + 1,
      name,
      description,
      amount,
      currency,
      type,
      type_text: typeText,
      refundable,
      taxable,
    });
  if (rng.chance(0.9))
    fee([
      'Cleaning fee',
      'Final clean and laundry.',
      priceIn(listing, 60 + 25 * bedroomCount),
      'flat',
      'per stay',
      false,
      rng.chance(0.5),
    ]);
  if (rng.chance(0.5))
    fee([
      'Security deposit',
      'Refunded within 14 days of departure.',
      priceIn(listing, 250 * Math.ceil(bedroomCount / 2)),
      'flat',
      'per stay, refundable',
      true,
      false,
    ]);
  const extras = rng.sample(Object.keys(EXTRA_FEES), rng.int(0, 3));
  for (const kind of extras) fee(EXTRA_FEES[kind]!(rng, listing));
  return fees;
}

/** Taxes, by currency area; now and then a local levy on top. */
export function taxRows({ rng }: Draw, { id, currency }: Listing): DemoCatalog['taxes'] {
  const taxPlan: [string, number, string][] = rng.chance(0.15)
    ? []
    : currency === 'USD'
      ? [
          ['Sales tax', 7.5, 'State sales tax on accommodation.'],
          ['Occupancy tax', 5, 'Local transient occupancy tax.'],
        ]
      : currency === 'EUR'
        ? [['VAT', 10, 'Value added tax on accommodation.']]
        : currency === 'GBP'
          ? [['VAT', 20, 'Value added tax.']]
          : [['Accommodation tax', rng.pick([5, 7, 8, 10]), 'National tax on short stays.']];
  if (taxPlan.length && rng.chance(0.3)) taxPlan.push(['Local levy', 2.5, 'Municipal levy on tourist lets.']);
  return taxPlan.map(([taxName, rate, description], i) => ({
    property_id: id,
    position: i + 1,
    name: taxName,
    rate,
    description,
  }));
}

/** Promotions: now and then a percentage off nights inside a window (never on a price on request). */
export function promotionRows(draw: Draw, { id }: Listing, rows: DemoCatalog['promotions']): void {
  const { rng, today, thisYear } = draw;
  if (!rng.chance(0.25)) return;
  const summer = rng.chance(0.5);
  rows.push({
    id: draw.ids.promotion++,
    property_id: id,
    name: summer ? 'Early summer saver' : 'Last-minute offer',
    description: summer
      ? '10% off nights in June for stays of a week or more.'
      : '15% off nights in the next 30 days.',
    start_date: summer ? `${thisYear + 1}-06-01` : today,
    end_date: summer ? `${thisYear + 1}-06-30` : addDays(today, 30),
    percent: summer ? 10 : 15,
    min_nights: summer ? 7 : 3,
  });
}

/** Seasons from the festive period before `year` to the one after `year + 1`; end dates are the last night. */
export function seasonsFor(year: number) {
  const list: { name: string; start: string; end: string; factor: number; minStay: number }[] = [];
  for (const y of [year, year + 1]) {
    list.push({ name: 'Festive', start: `${y - 1}-12-19`, end: `${y}-01-07`, factor: 1.6, minStay: 7 });
    list.push({ name: 'Low season', start: `${y}-01-08`, end: `${y}-03-31`, factor: 0.75, minStay: 3 });
    list.push({ name: 'Spring', start: `${y}-04-01`, end: `${y}-06-14`, factor: 0.95, minStay: 4 });
    list.push({ name: 'High season', start: `${y}-06-15`, end: `${y}-09-15`, factor: 1.35, minStay: 7 });
    list.push({ name: 'Autumn', start: `${y}-09-16`, end: `${y}-12-18`, factor: 0.9, minStay: 3 });
  }
  list.push({
    name: 'Festive',
    start: `${year + 1}-12-19`,
    end: `${year + 2}-01-07`,
    factor: 1.6,
    minStay: 7,
  });
  return list;
}

/** Rounds to `digits` decimals (negative: to tens, hundreds), half up. */
export function roundMoney(value: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(value * f + Number.EPSILON) / f;
}
