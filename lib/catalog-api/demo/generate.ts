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

/**
 * The demo catalog in batches: locations and agents first, then `batchSize` properties with all their
 * rows at a time, so seeding a large catalog holds one batch in memory, not all of it.
 */
export function* demoCatalogBatches(options: GenerateOptions, batchSize = 200): Generator<DemoCatalog> {
  const rng = new Random(options.seed);
  const nowMs = Date.parse(options.now);
  const today = options.now.slice(0, 10);
  const ago = (minDays: number, maxDays: number) =>
    new Date(nowMs - (minDays + rng.next() * (maxDays - minDays)) * DAY_MS)
      .toISOString()
      .replace(/\.\d{3}Z$/, 'Z');

  let out = emptyCatalog();

  // Locations: region → country → area → town (some areas have no towns: a three-level branch).
  const leaves: Place[] = [];
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
    return place;
  };
  const ancestors = new Map<number, number[]>();

  for (const regionBlock of PLACES.split('\n# ').map((b) => b.replace(/^# /, '').trim())) {
    const [regionName, ...lines] = regionBlock.split('\n');
    if (!regionName) continue;
    const countries: {
      name: string;
      currency: string;
      language: string;
      areas: [string, number, number][];
    }[] = [];
    for (let i = 0; i < lines.length; i += 2) {
      const [name, currency, language] = (lines[i] ?? '').trim().split('|') as [string, string, string];
      const south = SOUTHERN_COUNTRIES.has(name);
      const areas = (lines[i + 1] ?? '')
        .trim()
        .split(';')
        .map((a) => {
          const m = a.trim().match(/^(.*) (-?[\d.]+) (-?[\d.]+)$/);
          if (!m) throw new Error(`Bad area line: ${a}`);
          const lat = Number(m[2]);
          return [m[1]!, south && lat > 0 ? -lat : lat, Number(m[3])] as [string, number, number];
        });
      countries.push({ name, currency, language, areas });
    }
    const all = countries.flatMap((c) => c.areas);
    const region = addLocation(regionName, null, mean(all.map((a) => a[1])), mean(all.map((a) => a[2])));
    ancestors.set(region.id, [region.id]);
    for (const c of countries) {
      const country = addLocation(
        c.name,
        region,
        mean(c.areas.map((a) => a[1])),
        mean(c.areas.map((a) => a[2])),
        c.currency,
        c.language,
      );
      ancestors.set(country.id, [region.id, country.id]);
      for (const [areaName, lat, lon] of c.areas) {
        const area = addLocation(areaName, country, lat, lon);
        ancestors.set(area.id, [region.id, country.id, area.id]);
        const townCount = rng.chance(0.1) ? 0 : rng.int(3, 7);
        if (townCount === 0) leaves.push(area);
        const names = new Set<string>();
        const parts = TOWN_PARTS[c.language] ?? TOWN_PARTS.en!;
        while (names.size < townCount) {
          const joiner = parts.joiner ?? ' ';
          names.add(`${rng.pick(parts.first)}${joiner}${rng.pick(parts.second)}`);
        }
        for (const townName of names) {
          const town = addLocation(
            townName,
            area,
            lat + (rng.next() - 0.5) * 0.3,
            lon + (rng.next() - 0.5) * 0.3,
          );
          ancestors.set(town.id, [region.id, country.id, area.id, town.id]);
          leaves.push(town);
        }
      }
    }
  }
  for (const [locationId, chain] of ancestors) {
    for (const ancestorId of chain)
      out.location_closure.push({ ancestor_id: ancestorId, location_id: locationId });
  }

  // Agents: three per region.
  let agentId = 1;
  for (const region of out.locations.filter((l) => l.parent_id === null)) {
    for (let i = 0; i < 3; i++) {
      const first = rng.pick(FIRST_NAMES);
      const last = rng.pick(LAST_NAMES);
      out.agents.push({
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

  // Some destinations are busier than others.
  const leafWeights = leaves.map((leaf) => [leaf, 0.3 + rng.next() ** 2 * 3] as const);
  const thisYear = Number(today.slice(0, 4));
  let propertyId = 1000;
  let imageId = 1;
  let rateId = 1;
  let reviewId = 1;
  let rangeId = 1;
  let promotionId = 1;
  const removedCount = Math.max(3, Math.round(options.properties * 0.004));

  for (let n = 0; n < options.properties; n++) {
    if (n % batchSize === 0) {
      yield out;
      out = emptyCatalog();
    }
    propertyId += rng.int(1, 3);
    const id = propertyId;
    const place = rng.weighted(leafWeights);
    const type = rng.weighted(TYPE_WEIGHTS);
    const bedroomCount =
      type === 'apartment' || type === 'condo' || type === 'cabin'
        ? rng.int(1, 4)
        : rng.weighted(bedroomWeights);
    const name = `${rng.pick(NAME_WORDS[type])} ${rng.pick(NAME_ROOTS)}`;
    const currency = place.currency;
    const level = PRICE_LEVEL[currency] ?? 1;
    const minor = minorUnits(currency);

    // Rooms.
    let sleeps = 0;
    for (let b = 0; b < bedroomCount; b++) {
      const roomType = b === 0 ? 'Master suite' : rng.pick(BEDROOM_TYPES);
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
      } else if (b === 0) beds.king = 1;
      else beds[rng.pick(['queen', 'double', 'king'] as const)] = 1;
      sleeps += roomSleeps;
      out.bedrooms.push({
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
    const bathroomCount = Math.max(1, bedroomCount + rng.int(-1, 1));
    for (let b = 0; b < bathroomCount; b++) {
      out.bathrooms.push({
        property_id: id,
        position: b + 1,
        name: `Bathroom ${b + 1}`,
        type: b === 0 || rng.chance(0.7) ? 'full' : 'half',
        features: rng.sample(BATH_FEATURES, rng.int(0, 3)),
        notes: rng.chance(0.15) ? 'Accessible from the garden.' : '',
      });
    }

    // Amenities.
    const categories = rng.sample(Object.keys(AMENITIES), rng.int(4, 7));
    categories.forEach((category, i) => {
      out.amenities.push({
        property_id: id,
        position: i + 1,
        category,
        items: rng.sample(AMENITIES[category]!, rng.int(2, 6)),
      });
    });

    // Reviews, newest first when read; the rating is their average.
    const reviewCount = rng.chance(0.12) ? 0 : rng.int(1, 12);
    let ratingSum = 0;
    for (let r = 0; r < reviewCount; r++) {
      const rating = rng.weighted([
        [5, 55],
        [4, 30],
        [3, 10],
        [2, 4],
        [1, 1],
      ] as const);
      ratingSum += rating;
      out.reviews.push({
        id: reviewId++,
        property_id: id,
        author: `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES).slice(0, 1)}.`,
        date: addDays(today, -rng.int(3, 900)),
        title: rng.pick(REVIEW_TITLES),
        text: rng.pick(REVIEW_TEXTS),
        rating,
        approved: true,
      });
    }

    // Photos: the first is the cover. A few properties have none.
    const imageCount = rng.chance(0.03)
      ? 0
      : Math.min(30, Math.max(1, Math.round(4 + rng.next() * 14 + rng.next() * 12)));
    for (let i = 0; i < imageCount; i++) {
      const [scene, caption] = i === 0 ? rng.pick(SCENES.slice(0, 2)) : rng.pick(SCENES);
      const portrait = i > 0 && rng.chance(0.1);
      out.images.push({
        id: imageId++,
        property_id: id,
        position: i + 1,
        caption: i === 0 ? `${name}: ${caption.toLowerCase()}` : caption,
        width: portrait ? 1067 : 1600,
        height: portrait ? 1600 : rng.chance(0.8) ? 1067 : 1200,
        scene,
      });
    }

    // Rates: seasonal periods per bedroom tier for this year and next.
    const priceOnRequest = rng.chance(0.03);
    const typeFactor = {
      villa: 1.3,
      estate: 1.8,
      chalet: 1.4,
      house: 1,
      cottage: 0.85,
      apartment: 0.8,
      condo: 0.8,
      cabin: 0.7,
    }[type];
    const base = (110 + 85 * bedroomCount ** 1.15) * typeFactor * (0.7 + rng.next() * 0.9);
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
    const round = (v: number) => roundMoney(v * level, currency === 'JPY' ? -2 : minor);
    if (!priceOnRequest) {
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
            id: rateId++,
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
          id: rateId++,
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
    }

    // Fees: a cleaning fee and often a deposit, then a few of the other kinds.
    const feeList: DemoCatalog['fees'] = [];
    const fee = (
      name: string,
      description: string,
      amount: number,
      feeType: string,
      typeText: string,
      refundable = false,
      taxable = false,
    ) =>
      feeList.push({
        property_id: id,
        position: feeList.length + 1,
        name,
        description,
        amount,
        currency,
        type: feeType,
        type_text: typeText,
        refundable,
        taxable,
      });
    if (rng.chance(0.9))
      fee(
        'Cleaning fee',
        'Final clean and laundry.',
        round(60 + 25 * bedroomCount),
        'flat',
        'per stay',
        false,
        rng.chance(0.5),
      );
    if (rng.chance(0.5))
      fee(
        'Security deposit',
        'Refunded within 14 days of departure.',
        round(250 * Math.ceil(bedroomCount / 2)),
        'flat',
        'per stay, refundable',
        true,
        false,
      );
    const extras = rng.sample(
      ['per_night', 'per_guest', 'per_adult', 'per_child', 'per_guest_per_night', 'percent'],
      rng.int(0, 3),
    );
    for (const kind of extras) {
      if (kind === 'per_night')
        fee(
          'Pool heating',
          'Heated pool, charged for every night.',
          round(25),
          kind,
          'per night',
          false,
          true,
        );
      if (kind === 'per_guest')
        fee(
          'Linen and towels',
          'Fresh linen and towels for each guest.',
          round(15),
          kind,
          'per guest',
          false,
          true,
        );
      if (kind === 'per_adult')
        fee('Welcome hamper', 'Local produce for each adult on arrival.', round(12), kind, 'per adult');
      if (kind === 'per_child')
        fee('Kids club', 'Access to the resort kids club.', round(20), kind, 'per child');
      if (kind === 'per_guest_per_night')
        fee('Tourist tax', 'Collected for the municipality.', round(2.5), kind, 'per guest per night');
      if (kind === 'percent')
        fee(
          'Service charge',
          'Concierge and housekeeping service.',
          rng.pick([5, 8, 10]),
          kind,
          'percent of the rent',
          false,
          true,
        );
    }
    out.fees.push(...feeList);

    // Taxes, by currency area.
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
    if (taxPlan.length && rng.chance(0.3))
      taxPlan.push(['Local levy', 2.5, 'Municipal levy on tourist lets.']);
    taxPlan.forEach(([taxName, rate, description], i) => {
      out.taxes.push({ property_id: id, position: i + 1, name: taxName, rate, description });
    });

    // Promotions: a percentage off nights inside a window.
    if (!priceOnRequest && rng.chance(0.25)) {
      const summer = rng.chance(0.5);
      out.promotions.push({
        id: promotionId++,
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

    // Bookings and holds from the past months to two years ahead; ranges never overlap.
    let cursor = addDays(today, -rng.int(120, 180));
    const end = addDays(today, 730);
    while (cursor < end) {
      const gap = rng.chance(0.15) ? 0 : rng.int(1, 25);
      const checkin = addDays(cursor, gap);
      const checkout = addDays(checkin, rng.int(3, 14));
      const hold = checkin >= today && rng.chance(0.08);
      out.booked_ranges.push({
        id: rangeId++,
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

    // Area update times spread over past months; the latest is `updated_at`.
    const created = ago(200, 1500);
    const contentAt = rng.chance(0.02) ? null : ago(1, 200);
    const ratesAt = priceOnRequest ? null : ago(1, 120);
    const availabilityAt = ago(0.05, 20);
    const imagesAt = imageCount === 0 ? null : ago(1, 365);
    const removed = n >= options.properties - removedCount;
    // A few drafts: onboarded but not yet published; the catalog activity publishes them.
    const draft = !removed && rng.chance(0.01);
    const removedAt = removed ? ago(0.5, 6) : null;
    const latest = [created, contentAt, ratesAt, availabilityAt, imagesAt, removedAt]
      .filter((t): t is string => t !== null)
      .sort()
      .at(-1)!;

    out.properties.push({
      id,
      status: removed ? 'removed' : draft ? 'draft' : 'live',
      name,
      type,
      location_id: place.id,
      bedrooms: bedroomCount,
      bathrooms: bathroomCount,
      sleeps,
      rating: reviewCount ? Math.round((ratingSum / reviewCount) * 10) / 10 : null,
      latitude: rng.chance(0.05) ? null : Math.round((place.lat + (rng.next() - 0.5) * 0.05) * 1e5) / 1e5,
      longitude: rng.chance(0.05) ? null : Math.round((place.lon + (rng.next() - 0.5) * 0.05) * 1e5) / 1e5,
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
      policies: Object.fromEntries(
        ['children', 'pets', 'smoking', 'events', 'seniors', 'wheelchair_accessible', 'long_term'].map(
          (k) => [
            k,
            rng.weighted([
              ['yes', 35],
              ['no', 30],
              ['on_request', 20],
              [null, 15],
            ] as const),
          ],
        ),
      ),
      bedroom_notes:
        bedroomCount > 4 && rng.chance(0.4) ? 'Two bedrooms are in a separate guest cottage.' : '',
      bathroom_notes: rng.chance(0.2) ? 'Every bathroom has organic toiletries.' : '',
      currency_code: currency,
      rate_notes: rng.chance(0.5)
        ? null
        : '<p>Rates are per night for the whole property. <strong>Christmas and New Year</strong> require a 7-night stay.</p>',
      price_on_request: priceOnRequest,
      content_updated_at: contentAt,
      rates_updated_at: ratesAt,
      availability_updated_at: availabilityAt,
      images_updated_at: imagesAt,
      updated_at: latest,
      created_at: created,
      removed_at: removedAt,
    });
  }
  yield out;
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
