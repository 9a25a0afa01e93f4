import 'server-only';
import { agentRows, locationRows } from './destinations';
import { listingOf, propertyRow } from './listing';
import { lastRowsOf, planPhotos } from './photos';
import { feeRows, promotionRows, rateRows, taxRows } from './prices';
import { Random } from './random';
import { amenityRows, bathroomRows, bedroomRows, bookedRangeRows, reviewRows } from './rooms';
import { DAY_MS, type DemoCatalog, type Draw, type GenerateOptions } from './types';

export type { DemoCatalog, GenerateOptions } from './types';

/*
 * The demo catalog, generated from a seed and today's date: rows for every table, keyed by column name,
 * ready for bulk insertion. Dates are computed from `today`, so the catalog never goes stale. Each table's
 * rows come from its own function (destinations.ts, rooms.ts, prices.ts, listing.ts); all draw from one
 * random stream in the order demoCatalogBatches calls them, so that order is part of the catalog.
 */

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

/** A 32-bit FNV-1a hash: a seed for a stream of its own. */
function hashOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

function startDraw(options: GenerateOptions): Draw {
  const rng = new Random(options.seed);
  const nowMs = Date.parse(options.now);
  const today = options.now.slice(0, 10);
  return {
    rng,
    aside: (id, purpose) => new Random(hashOf(`${options.seed}|${id}|${purpose}`)),
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
    amenityRows(draw, listing, sleeps, out.amenities);
    const reviews = reviewRows(draw, listing, out.reviews);

    // Photos, planned from the listing (photos.ts): the first is the cover. A few properties have none.
    const photos = planPhotos(rng, options.seed, {
      id,
      name,
      type: listing.type,
      sleeps,
      path: listing.place.path,
      lat: listing.place.lat,
      bedrooms: lastRowsOf(out.bedrooms, id),
      bathrooms: lastRowsOf(out.bathrooms, id),
      amenities: lastRowsOf(out.amenities, id).flatMap((a) => a.items),
    });
    const imageCount = photos.length;
    for (const { position, caption, width, height, scene } of photos)
      out.images.push({ id: draw.ids.image++, property_id: id, position, caption, width, height, scene });

    const { priceOnRequest } = rateRows(draw, listing, out);
    out.fees.push(...feeRows(draw, listing));
    out.taxes.push(...taxRows(draw, listing));
    if (!priceOnRequest) promotionRows(draw, listing, out.promotions);
    bookedRangeRows(draw, listing, out.booked_ranges);
    const removed = n >= options.properties - removedCount;
    const amenities = lastRowsOf(out.amenities, id).flatMap((a) => a.items);
    out.properties.push(
      propertyRow(draw, listing, {
        sleeps,
        bathroomCount,
        reviews,
        imageCount,
        priceOnRequest,
        removed,
        amenities,
      }),
    );
  }
  yield out;
}
