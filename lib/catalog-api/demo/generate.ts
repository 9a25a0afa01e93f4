import 'server-only';
import type { Table } from 'drizzle-orm';
import { addDays } from '@/lib/dates';
import { minorUnits } from '@/lib/rules';
import type * as schema from '../db/schema';
import {
  AMENITIES,
  BATH_FEATURES,
  BEDROOM_TYPES,
  CANCELLATION,
  FEATURES,
  FIRST_NAMES,
  LAST_NAMES,
  NAME_ROOTS,
  NAME_WORDS,
  REVIEW_TEXTS,
  REVIEW_TITLES,
  RULES,
  SCENES,
  STAFF,
  TYPE_WEIGHTS,
  VIEWS,
} from './content';
import { PLACES, PRICE_LEVEL, SOUTHERN_COUNTRIES, TOWN_PARTS } from './places';
import { Random } from './random';

/*
 * The demo catalog, generated from a seed and today's date: rows for every table, keyed by column name,
 * ready for bulk insertion. Dates are computed from `today`, so the catalog never goes stale.
 */

/** A table's row as `jsonb_populate_recordset` reads it: keyed by column name, typed by the schema. */
type RowOf<T extends Table> = {
  [K in keyof T['$inferInsert'] as K extends keyof T['_']['columns']
    ? T['_']['columns'][K]['_']['name']
    : never]: T['$inferInsert'][K];
};

export interface DemoCatalog {
  locations: RowOf<typeof schema.locations>[];
  location_closure: RowOf<typeof schema.locationClosure>[];
  properties: RowOf<typeof schema.properties>[];
  amenities: RowOf<typeof schema.amenities>[];
  bedrooms: RowOf<typeof schema.bedrooms>[];
  bathrooms: RowOf<typeof schema.bathrooms>[];
  reviews: RowOf<typeof schema.reviews>[];
  images: RowOf<typeof schema.images>[];
  rate_periods: RowOf<typeof schema.ratePeriods>[];
  default_rates: RowOf<typeof schema.defaultRates>[];
  fees: RowOf<typeof schema.fees>[];
  taxes: RowOf<typeof schema.taxes>[];
  promotions: RowOf<typeof schema.promotions>[];
  booked_ranges: RowOf<typeof schema.bookedRanges>[];
  agents: RowOf<typeof schema.agents>[];
}

export interface GenerateOptions {
  seed: number;
  properties: number;
  /** The current instant, ISO; `today` is its UTC date. */
  now: string;
}

interface Place {
  id: number;
  name: string;
  path: string[];
  regionId: number;
  lat: number;
  lon: number;
  currency: string;
  language: string;
}

const DAY_MS = 86_400_000;

function emptyCatalog(): DemoCatalog {
  return {
    locations: [],
    location_closure: [],
    properties: [],
    amenities: [],
    bedrooms: [],
    bathrooms: [],
    reviews: [],
    images: [],
    rate_periods: [],
    default_rates: [],
    fees: [],
    taxes: [],
    promotions: [],
    booked_ranges: [],
    agents: [],
  };
}

/** The whole demo catalog at once (tests, small catalogs). */
export function generateDemoCatalog(options: GenerateOptions): DemoCatalog {
  const b = [...demoCatalogBatches(options)];
  return {
    locations: b.flatMap((x) => x.locations),
    location_closure: b.flatMap((x) => x.location_closure),
    properties: b.flatMap((x) => x.properties),
    amenities: b.flatMap((x) => x.amenities),
    bedrooms: b.flatMap((x) => x.bedrooms),
    bathrooms: b.flatMap((x) => x.bathrooms),
    reviews: b.flatMap((x) => x.reviews),
    images: b.flatMap((x) => x.images),
    rate_periods: b.flatMap((x) => x.rate_periods),
    default_rates: b.flatMap((x) => x.default_rates),
    fees: b.flatMap((x) => x.fees),
    taxes: b.flatMap((x) => x.taxes),
    promotions: b.flatMap((x) => x.promotions),
    booked_ranges: b.flatMap((x) => x.booked_ranges),
    agents: b.flatMap((x) => x.agents),
  };
}

/** What every table's rows are drawn with: the one random stream (its order is the catalog), the clock, the ids. */
interface Draw {
  rng: Random;
  nowMs: number;
  today: string;
  thisYear: number;
  /** An instant between `minDays` and `maxDays` ago, whole seconds. */
  ago: (minDays: number, maxDays: number) => string;
  /** The next id of the tables whose ids run across properties. */
  ids: { image: number; rate: number; review: number; range: number; promotion: number };
}

/** A property's basics, drawn first: its rows in every other table follow from these. */
interface Listing {
  id: number;
  place: Place;
  type: (typeof TYPE_WEIGHTS)[number][0];
  bedroomCount: number;
  name: string;
  currency: string;
  level: number;
  minor: number;
}

function startDraw(options: GenerateOptions): Draw {
  const rng = new Random(options.seed);
  const nowMs = Date.parse(options.now);
  const today = options.now.slice(0, 10);
  return {
    rng,
    nowMs,
    today,
    thisYear: Number(today.slice(0, 4)),
    ago: (minDays, maxDays) =>
      new Date(nowMs - (minDays + rng.next() * (maxDays - minDays)) * DAY_MS)
        .toISOString()
        .replace(/\.\d{3}Z$/, 'Z'),
    ids: { image: 1, rate: 1, review: 1, range: 1, promotion: 1 },
  };
}

/**
 * The demo catalog in batches: locations and agents first, then `batchSize` properties with all their
 * rows at a time, so seeding a large catalog holds one batch in memory, not all of it. Every table has its
 * own function below; they draw from one random stream in a fixed order, so the order of the calls here is
 * part of the catalog (tests/unit/demo-golden.test.ts holds it).
 */
export function* demoCatalogBatches(options: GenerateOptions, batchSize = 200): Generator<DemoCatalog> {
  const draw = startDraw(options);
  const { rng } = draw;
  let out = emptyCatalog();
  const leaves = locationRows(draw, out);
  out.agents.push(...agentRows(draw, out.locations));

  // Some destinations are busier than others.
  const leafWeights = leaves.map((leaf) => [leaf, 0.3 + rng.next() ** 2 * 3] as const);
  let propertyId = 1000;
  const removedCount = Math.max(3, Math.round(options.properties * 0.004));

  for (let n = 0; n < options.properties; n++) {
    if (n % batchSize === 0) {
      yield out;
      out = emptyCatalog();
    }
    propertyId += rng.int(1, 3);
    const listing = listingOf(draw, propertyId, leafWeights);
    const { id, name } = listing;
    const sleeps = bedroomRows(draw, listing, out.bedrooms);
    const bathroomCount = bathroomRows(draw, listing, out.bathrooms);
    amenityRows(draw, listing, out.amenities);
    const reviews = reviewRows(draw, listing, out.reviews);

    // Photos: the first is the cover. A few properties have none.
    const imageCount = rng.chance(0.03)
      ? 0
      : Math.min(30, Math.max(1, Math.round(4 + rng.next() * 14 + rng.next() * 12)));
    for (let i = 0; i < imageCount; i++) {
      const [scene, caption] = i === 0 ? rng.pick(SCENES.slice(0, 2)) : rng.pick(SCENES);
      const portrait = i > 0 && rng.chance(0.1);
      out.images.push({
        id: draw.ids.image++,
        property_id: id,
        position: i + 1,
        caption: i === 0 ? `${name}: ${caption.toLowerCase()}` : caption,
        width: portrait ? 1067 : 1600,
        height: portrait ? 1600 : rng.chance(0.8) ? 1067 : 1200,
        scene,
      });
    }

    const { priceOnRequest } = rateRows(draw, listing, out);
    out.fees.push(...feeRows(draw, listing));
    out.taxes.push(...taxRows(draw, listing));
    if (!priceOnRequest) promotionRows(draw, listing, out.promotions);
    bookedRangeRows(draw, listing, out.booked_ranges);
    const removed = n >= options.properties - removedCount;
    out.properties.push(
      propertyRow(draw, listing, { sleeps, bathroomCount, reviews, imageCount, priceOnRequest, removed }),
    );
  }
  yield out;
}

/** One property's basics: where it is, what it is, its name and its currency. */
function listingOf({ rng }: Draw, id: number, leafWeights: readonly (readonly [Place, number])[]): Listing {
  const place = rng.weighted(leafWeights);
  const type = rng.weighted(TYPE_WEIGHTS);
  const bedroomCount =
    type === 'apartment' || type === 'condo' || type === 'cabin'
      ? rng.int(1, 4)
      : rng.weighted(bedroomWeights);
  const name = `${rng.pick(NAME_WORDS[type])} ${rng.pick(NAME_ROOTS)}`;
  const currency = place.currency;
  return {
    id,
    place,
    type,
    bedroomCount,
    name,
    currency,
    level: PRICE_LEVEL[currency] ?? 1,
    minor: minorUnits(currency),
  };
}

interface Country {
  name: string;
  currency: string;
  language: string;
  areas: [string, number, number][];
}

/** The regions of PLACES, each with its countries and their areas (name, latitude, longitude). */
function regionsOfPlaces(): { name: string; countries: Country[] }[] {
  const regions: { name: string; countries: Country[] }[] = [];
  for (const regionBlock of PLACES.split('\n# ').map((b) => b.replace(/^# /, '').trim())) {
    const [regionName, ...lines] = regionBlock.split('\n');
    if (!regionName) continue;
    const countries: Country[] = [];
    for (let i = 0; i < lines.length; i += 2) {
      const [name, currency, language] = (lines[i] ?? '').trim().split('|') as [string, string, string];
      countries.push({ name, currency, language, areas: areasOf(name, lines[i + 1] ?? '') });
    }
    regions.push({ name: regionName, countries });
  }
  return regions;
}

/** `Tuscany 43.35 11.02; Amalfi Coast 40.63 14.6`: areas with their coordinates (south of the equator made so). */
function areasOf(country: string, line: string): [string, number, number][] {
  const south = SOUTHERN_COUNTRIES.has(country);
  return line
    .trim()
    .split(';')
    .map((a) => {
      const m = a.trim().match(/^(.*) (-?[\d.]+) (-?[\d.]+)$/);
      if (!m) throw new Error(`Bad area line: ${a}`);
      const lat = Number(m[2]);
      return [m[1]!, south && lat > 0 ? -lat : lat, Number(m[3])] as [string, number, number];
    });
}

/**
 * Locations: region → country → area → town (some areas have no towns: a three-level branch), and the
 * closure of every location with its ancestors. Returns the leaves, where properties are placed.
 */
function locationRows({ rng }: Draw, out: Pick<DemoCatalog, 'locations' | 'location_closure'>): Place[] {
  const leaves: Place[] = [];
  const ancestors = new Map<number, number[]>();
  let nextLocationId = 1;
  const addLocation = (
    name: string,
    parent: Place | null,
    lat: number,
    lon: number,
    currency = '',
    language = '',
  ) => {
    const id = nextLocationId++;
    const place: Place = {
      id,
      name,
      path: parent ? [...parent.path, name] : [name],
      regionId: parent ? parent.regionId : id,
      lat,
      lon,
      currency: currency || parent?.currency || '',
      language: language || parent?.language || '',
    };
    out.locations.push({
      id,
      parent_id: parent?.id ?? null,
      name,
      path: place.path,
      depth: place.path.length,
      region_id: place.regionId,
      latitude: Math.round(lat * 1e4) / 1e4,
      longitude: Math.round(lon * 1e4) / 1e4,
    });
    ancestors.set(id, [...(parent ? (ancestors.get(parent.id) ?? []) : []), id]);
    return place;
  };

  for (const { name: regionName, countries } of regionsOfPlaces()) {
    const all = countries.flatMap((c) => c.areas);
    const region = addLocation(regionName, null, mean(all.map((a) => a[1])), mean(all.map((a) => a[2])));
    for (const c of countries) {
      const country = addLocation(
        c.name,
        region,
        mean(c.areas.map((a) => a[1])),
        mean(c.areas.map((a) => a[2])),
        c.currency,
        c.language,
      );
      for (const [areaName, lat, lon] of c.areas) {
        const area = addLocation(areaName, country, lat, lon);
        const towns = townNames(rng, c.language);
        if (towns.length === 0) leaves.push(area);
        for (const townName of towns) {
          leaves.push(
            addLocation(townName, area, lat + (rng.next() - 0.5) * 0.3, lon + (rng.next() - 0.5) * 0.3),
          );
        }
      }
    }
  }
  for (const [locationId, chain] of ancestors) {
    for (const ancestorId of chain)
      out.location_closure.push({ ancestor_id: ancestorId, location_id: locationId });
  }
  return leaves;
}

/** The towns of an area, in the country's language: none in about one area of ten, else 3 to 7. */
function townNames(rng: Random, language: string): string[] {
  const townCount = rng.chance(0.1) ? 0 : rng.int(3, 7);
  const names = new Set<string>();
  const parts = TOWN_PARTS[language] ?? TOWN_PARTS.en!;
  while (names.size < townCount) {
    const joiner = parts.joiner ?? ' ';
    names.add(`${rng.pick(parts.first)}${joiner}${rng.pick(parts.second)}`);
  }
  return [...names];
}

/** Agents: three per region. */
function agentRows({ rng }: Draw, locations: DemoCatalog['locations']): DemoCatalog['agents'] {
  const agents: DemoCatalog['agents'] = [];
  let agentId = 1;
  for (const region of locations.filter((l) => l.parent_id === null)) {
    for (let i = 0; i < 3; i++) {
      const first = rng.pick(FIRST_NAMES);
      const last = rng.pick(LAST_NAMES);
      agents.push({
        id: agentId,
        first_name: first,
        last_name: last,
        email: `${ascii(first)}.${ascii(last)}@reservations.example.com`,
        phone: `+1 305 555 01${String(agentId).padStart(2, '0')}`,
        extension: String(200 + agentId),
        region_id: region.id,
        active: true,
      });
      agentId++;
    }
  }
  return agents;
}

/** Bedrooms with their beds; returns how many the property sleeps. */
function bedroomRows({ rng }: Draw, { id, bedroomCount }: Listing, rows: DemoCatalog['bedrooms']): number {
  let sleeps = 0;
  for (let b = 0; b < bedroomCount; b++) {
    const roomType = b === 0 ? 'Master suite' : rng.pick(BEDROOM_TYPES);
    const { beds, roomSleeps } = bedsFor(rng, roomType, b === 0);
    sleeps += roomSleeps;
    rows.push({
      property_id: id,
      position: b + 1,
      name: `Bedroom ${b + 1}`,
      type: roomType,
      sleeps: roomSleeps,
      beds,
      notes:
        roomType === 'Master suite'
          ? 'En suite, with a view.'
          : rng.chance(0.2)
            ? 'On the ground floor.'
            : '',
    });
  }
  return sleeps;
}

/** The beds of a room of this type, and how many it sleeps. */
function bedsFor(rng: Random, roomType: string, first: boolean) {
  const beds = { king: 0, queen: 0, double: 0, single: 0, bunk: 0, sofa_bed: 0, crib: 0, child: 0 };
  let roomSleeps = 2;
  if (roomType === 'Twin bedroom') beds.single = 2;
  else if (roomType === 'Bunk room') {
    beds.bunk = rng.int(1, 2);
    roomSleeps = beds.bunk * 2;
  } else if (roomType === 'Family room') {
    beds.queen = 1;
    beds.single = 1;
    beds.crib = rng.chance(0.5) ? 1 : 0;
    roomSleeps = 3;
  } else if (first) beds.king = 1;
  else beds[rng.pick(['queen', 'double', 'king'] as const)] = 1;
  return { beds, roomSleeps };
}

/** Bathrooms: about one per bedroom; returns how many. */
function bathroomRows({ rng }: Draw, { id, bedroomCount }: Listing, rows: DemoCatalog['bathrooms']): number {
  const bathroomCount = Math.max(1, bedroomCount + rng.int(-1, 1));
  for (let b = 0; b < bathroomCount; b++) {
    rows.push({
      property_id: id,
      position: b + 1,
      name: `Bathroom ${b + 1}`,
      type: b === 0 || rng.chance(0.7) ? 'full' : 'half',
      features: rng.sample(BATH_FEATURES, rng.int(0, 3)),
      notes: rng.chance(0.15) ? 'Accessible from the garden.' : '',
    });
  }
  return bathroomCount;
}

/** Amenities: four to seven categories, a few items in each. */
function amenityRows({ rng }: Draw, { id }: Listing, rows: DemoCatalog['amenities']): void {
  const categories = rng.sample(Object.keys(AMENITIES), rng.int(4, 7));
  categories.forEach((category, i) => {
    rows.push({
      property_id: id,
      position: i + 1,
      category,
      items: rng.sample(AMENITIES[category]!, rng.int(2, 6)),
    });
  });
}

/** Reviews, newest first when read; returns their count and the sum of their ratings. */
function reviewRows(draw: Draw, { id }: Listing, rows: DemoCatalog['reviews']) {
  const { rng, today } = draw;
  const count = rng.chance(0.12) ? 0 : rng.int(1, 12);
  let ratingSum = 0;
  for (let r = 0; r < count; r++) {
    const rating = rng.weighted([
      [5, 55],
      [4, 30],
      [3, 10],
      [2, 4],
      [1, 1],
    ] as const);
    ratingSum += rating;
    rows.push({
      id: draw.ids.review++,
      property_id: id,
      author: `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES).slice(0, 1)}.`,
      date: addDays(today, -rng.int(3, 900)),
      title: rng.pick(REVIEW_TITLES),
      text: rng.pick(REVIEW_TEXTS),
      rating,
      approved: true,
    });
  }
  return { count, ratingSum };
}

const TYPE_FACTOR: Record<Listing['type'], number> = {
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
const priceIn = ({ level, currency, minor }: Listing, value: number) =>
  roundMoney(value * level, currency === 'JPY' ? -2 : minor);

/**
 * Rates: seasonal periods per bedroom tier for this year and next, published to a horizon, with now and
 * then a tier's season missing; often a default rate. A few properties price on request and have none.
 */
function rateRows(draw: Draw, listing: Listing, out: Pick<DemoCatalog, 'rate_periods' | 'default_rates'>) {
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
        monthly: rng.chance(0.35) ? round(nightly * 30 * 0.8) : null,
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
      monthly: null,
      min_stay: 3,
      balance_days: balanceDays,
      currency,
    });
  }
  return { priceOnRequest };
}

/** A fee as the generator writes it: name, description, amount, type, its words, refundable, taxable. */
type FeeTerms = [string, string, number, string, string, boolean?, boolean?];

/** The fees a property may add beyond cleaning and a deposit, by type (the amount drawn when used). */
const EXTRA_FEES: Record<string, (rng: Random, listing: Listing) => FeeTerms> = {
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
function feeRows({ rng }: Draw, listing: Listing): DemoCatalog['fees'] {
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
function taxRows({ rng }: Draw, { id, currency }: Listing): DemoCatalog['taxes'] {
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
function promotionRows(draw: Draw, { id }: Listing, rows: DemoCatalog['promotions']): void {
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

/** Bookings and holds from the past months to two years ahead; ranges never overlap. */
function bookedRangeRows(draw: Draw, { id }: Listing, rows: DemoCatalog['booked_ranges']): void {
  const { rng, today, nowMs, ago } = draw;
  let cursor = addDays(today, -rng.int(120, 180));
  const end = addDays(today, 730);
  while (cursor < end) {
    const gap = rng.chance(0.15) ? 0 : rng.int(1, 25);
    const checkin = addDays(cursor, gap);
    const checkout = addDays(checkin, rng.int(3, 14));
    const hold = checkin >= today && rng.chance(0.08);
    rows.push({
      id: draw.ids.range++,
      property_id: id,
      checkin,
      checkout,
      checkin_full_day: rng.chance(0.12),
      checkout_full_day: rng.chance(0.12),
      status: hold ? 'hold' : 'confirmed',
      expires_at: hold ? new Date(nowMs + rng.int(1, 5) * DAY_MS).toISOString() : null,
      created_at: ago(1, 200),
    });
    cursor = checkout;
  }
}

/** What the property's own row takes from its other tables. */
interface ListingFacts {
  sleeps: number;
  bathroomCount: number;
  reviews: { count: number; ratingSum: number };
  imageCount: number;
  priceOnRequest: boolean;
  /** One of the last few: it left the catalog in the last days. */
  removed: boolean;
}

/**
 * Area update times spread over past months, and `updated_at` the latest; a few drafts (onboarded but
 * not yet published, which the catalog activity publishes) and the removed ones.
 */
function statusAndTimes({ rng, ago }: Draw, facts: ListingFacts) {
  const created = ago(200, 1500);
  const contentAt = rng.chance(0.02) ? null : ago(1, 200);
  const ratesAt = facts.priceOnRequest ? null : ago(1, 120);
  const availabilityAt = ago(0.05, 20);
  const imagesAt = facts.imageCount === 0 ? null : ago(1, 365);
  const draft = !facts.removed && rng.chance(0.01);
  const removedAt = facts.removed ? ago(0.5, 6) : null;
  const latest = [created, contentAt, ratesAt, availabilityAt, imagesAt, removedAt]
    .filter((t): t is string => t !== null)
    .sort()
    .at(-1)!;
  return {
    status: facts.removed ? 'removed' : draft ? 'draft' : 'live',
    times: {
      content_updated_at: contentAt,
      rates_updated_at: ratesAt,
      availability_updated_at: availabilityAt,
      images_updated_at: imagesAt,
      updated_at: latest,
      created_at: created,
      removed_at: removedAt,
    },
  };
}

/** The property's own row: its facts, its words and its policies, then its area times. */
function propertyRow(draw: Draw, listing: Listing, facts: ListingFacts): DemoCatalog['properties'][number] {
  const { id, name, type, place, bedroomCount, currency } = listing;
  const { status, times } = statusAndTimes(draw, facts);
  const { count, ratingSum } = facts.reviews;
  return {
    id,
    status,
    name,
    type,
    location_id: place.id,
    bedrooms: bedroomCount,
    bathrooms: facts.bathroomCount,
    sleeps: facts.sleeps,
    rating: count ? Math.round((ratingSum / count) * 10) / 10 : null,
    ...coordinatesNear(draw.rng, place),
    ...listingWords(draw.rng, listing, facts.sleeps),
    policies: policiesOf(draw.rng),
    ...roomNotes(draw.rng, bedroomCount),
    currency_code: currency,
    rate_notes: draw.rng.chance(0.5)
      ? null
      : '<p>Rates are per night for the whole property. <strong>Christmas and New Year</strong> require a 7-night stay.</p>',
    price_on_request: facts.priceOnRequest,
    ...times,
  };
}

/** A point near the place, now and then unknown. */
function coordinatesNear(rng: Random, place: Place) {
  return {
    latitude: rng.chance(0.05) ? null : Math.round((place.lat + (rng.next() - 0.5) * 0.05) * 1e5) / 1e5,
    longitude: rng.chance(0.05) ? null : Math.round((place.lon + (rng.next() - 0.5) * 0.05) * 1e5) / 1e5,
  };
}

/** The listing's words: description, location, amenity notes, staff, inclusions, rules, times, arrival. */
function listingWords(rng: Random, { name, type, bedroomCount, place }: Listing, sleeps: number) {
  return {
    description: rng.chance(0.03) ? null : describeProperty(rng, name, type, bedroomCount, sleeps, place),
    location_description: rng.chance(0.1)
      ? null
      : `${place.name} is in ${place.path.slice(-2, -1)[0] ?? place.path[0]}, ${rng.int(2, 25)} minutes from the nearest beach or lift and ${rng.int(20, 90)} minutes from the airport.`,
    amenity_notes: rng.chance(0.4)
      ? null
      : `<p>The pool is heated from <em>April to October</em>. ${rng.chance(0.5) ? 'Wi-Fi reaches the garden.' : 'Towels are changed twice a week.'}</p>`,
    staff: rng.sample(STAFF, rng.int(0, 3)),
    inclusions: rng.chance(0.3) ? null : 'Linens and towels, a welcome basket and a mid-stay clean.',
    house_rules: rng.chance(0.2) ? null : rng.sample(RULES, rng.int(2, 3)).join(' '),
    checkin_time: rng.pick(['14:00', '15:00', '16:00', '17:00']),
    checkout_time: rng.pick(['09:00', '10:00', '11:00']),
    arrival_notes: rng.chance(0.3)
      ? ''
      : `Keys are handed over at the property by the local manager in ${place.name}.`,
  };
}

/** Each house policy yes, no, on request, or not said. */
function policiesOf(rng: Random): Record<string, string | null> {
  return Object.fromEntries(
    ['children', 'pets', 'smoking', 'events', 'seniors', 'wheelchair_accessible', 'long_term'].map((k) => [
      k,
      rng.weighted([
        ['yes', 35],
        ['no', 30],
        ['on_request', 20],
        [null, 15],
      ] as const),
    ]),
  );
}

function roomNotes(rng: Random, bedroomCount: number) {
  return {
    bedroom_notes: bedroomCount > 4 && rng.chance(0.4) ? 'Two bedrooms are in a separate guest cottage.' : '',
    bathroom_notes: rng.chance(0.2) ? 'Every bathroom has organic toiletries.' : '',
  };
}

const bedroomWeights = [
  [1, 4],
  [2, 10],
  [3, 16],
  [4, 18],
  [5, 15],
  [6, 12],
  [7, 8],
  [8, 6],
  [9, 4],
  [10, 3],
  [11, 2],
  [12, 2],
] as const;

/** Seasons from the festive period before `year` to the one after `year + 1`; end dates are the last night. */
function seasonsFor(year: number) {
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

function describeProperty(
  rng: Random,
  name: string,
  type: string,
  bedrooms: number,
  sleeps: number,
  place: Place,
): string {
  const [f1, f2, f3] = rng.sample(FEATURES, 3);
  return [
    `<p>Set above ${rng.pick(VIEWS)} near ${place.name}, <strong>${name}</strong> is ${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type} with ${bedrooms} bedroom${bedrooms === 1 ? '' : 's'} for up to ${sleeps} guests.</p>`,
    `<p>Highlights include ${f1} and ${f2}. Mornings start with coffee on the terrace; evenings end with ${f3}.</p>`,
    '<ul><li>Fast Wi-Fi throughout</li><li>Air conditioning in every bedroom</li><li>Local manager on call</li></ul>',
  ].join('');
}

function mean(values: number[]): number {
  return values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
}

/** Rounds to `digits` decimals (negative: to tens, hundreds), half up. */
function roundMoney(value: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(value * f + Number.EPSILON) / f;
}

function ascii(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();
}
