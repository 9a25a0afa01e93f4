import 'server-only';
import type { Table } from 'drizzle-orm';
import type * as schema from '@/lib/catalog-api/db/schema';
import type { TYPE_WEIGHTS } from './content';
import type { Random } from './random';

/*
 * The demo catalog's shapes: its rows typed from the schema by column name, and what every table's rows
 * are drawn with (the one random stream, the clock, the ids) and from (a property's basics).
 */

/** A table's row as `jsonb_populate_recordset` reads it: keyed by column name, typed by the schema. */
export type RowOf<T extends Table> = {
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

export interface Place {
  id: number;
  name: string;
  path: string[];
  regionId: number;
  lat: number;
  lon: number;
  currency: string;
  language: string;
}

export const DAY_MS = 86_400_000;

/** What every table's rows are drawn with: the one random stream (its order is the catalog), the clock, the ids. */
export interface Draw {
  rng: Random;
  /**
   * A stream of its own for one property and one purpose. Choices added after the catalog's first shape
   * draw from these, not from `rng`, so that adding one does not move every row drawn after it (the golden
   * test then shows exactly the tables a change means to change).
   */
  aside: (id: number, purpose: string) => Random;
  nowMs: number;
  today: string;
  thisYear: number;
  /** An instant between `minDays` and `maxDays` ago, whole seconds. */
  ago: (minDays: number, maxDays: number) => string;
  /** The next id of the tables whose ids run across properties. */
  ids: { image: number; rate: number; review: number; range: number; promotion: number };
}

/** A property's basics, drawn first: its rows in every other table follow from these. */
export interface Listing {
  id: number;
  /**
   * Let for long stays too: a monthly rate in every season and a month or more free in each of the coming
   * seasons, so a stay of four weeks or more can be had (a few properties each season).
   */
  longStays: boolean;
  place: Place;
  type: (typeof TYPE_WEIGHTS)[number][0];
  bedroomCount: number;
  name: string;
  currency: string;
  level: number;
  minor: number;
}

/** What the property's own row takes from its other tables. */
export interface ListingFacts {
  sleeps: number;
  bathroomCount: number;
  reviews: { count: number; ratingSum: number };
  imageCount: number;
  priceOnRequest: boolean;
  /** One of the last few: it left the catalog in the last days. */
  removed: boolean;
  /** Its amenities' items, which its house rules must not contradict. */
  amenities: string[];
}
