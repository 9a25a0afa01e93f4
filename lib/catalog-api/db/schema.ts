import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { Inquiry } from '@/lib/contract';

/*
 * The catalog service's tables. Everything the spec exposes has a home here, so later work (quotes,
 * inquiries, catalog activity, the partner side's leads) adds rows, not reshaping.
 * Dates are `date` columns read as 'YYYY-MM-DD' strings; instants are `timestamptz`.
 */

// Generic in the name, so a column's name stays a literal type (the demo's rows are typed by it).
const ts = <N extends string>(name: N) => timestamp(name, { withTimezone: true, mode: 'string' });
const day = <N extends string>(name: N) => date(name, { mode: 'string' });
const money = <N extends string>(name: N) => numeric(name, { precision: 12, scale: 2, mode: 'number' });

export const locations = pgTable(
  'locations',
  {
    id: integer('id').primaryKey(),
    parentId: integer('parent_id'),
    name: text('name').notNull(),
    /** Names from the root to this location, e.g. {Europe, Italy, Tuscany, Lucca}. */
    path: text('path').array().notNull(),
    depth: smallint('depth').notNull(),
    /** The top-level ancestor (a region): agents are assigned by region. */
    regionId: integer('region_id').notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
  },
  (t) => [index('locations_parent_idx').on(t.parentId), index('locations_path_idx').on(t.path)],
);

/** Every (ancestor, descendant) pair, itself included, so "a location and all its descendants" is one join. */
export const locationClosure = pgTable(
  'location_closure',
  {
    ancestorId: integer('ancestor_id').notNull(),
    locationId: integer('location_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.ancestorId, t.locationId] }),
    index('location_closure_loc_idx').on(t.locationId),
  ],
);

export const properties = pgTable(
  'properties',
  {
    id: integer('id').primaryKey(),
    /** live | removed | draft (not yet published). Only live properties are served. */
    status: text('status').notNull().default('live'),
    name: text('name').notNull(),
    type: text('type').notNull(),
    locationId: integer('location_id').notNull(),
    bedrooms: smallint('bedrooms').notNull(),
    bathrooms: smallint('bathrooms').notNull(),
    sleeps: smallint('sleeps').notNull(),
    rating: numeric('rating', { precision: 2, scale: 1, mode: 'number' }),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    description: text('description'),
    locationDescription: text('location_description'),
    amenityNotes: text('amenity_notes'),
    staff: text('staff').array().notNull().default(sql`'{}'::text[]`),
    inclusions: text('inclusions'),
    houseRules: text('house_rules'),
    checkinTime: text('checkin_time').notNull().default('16:00'),
    checkoutTime: text('checkout_time').notNull().default('10:00'),
    arrivalNotes: text('arrival_notes').notNull().default(''),
    /** {children, pets, smoking, events, seniors, wheelchair_accessible, long_term}: yes | no | on_request | null */
    policies: jsonb('policies').$type<Record<string, string | null>>().notNull(),
    bedroomNotes: text('bedroom_notes').notNull().default(''),
    bathroomNotes: text('bathroom_notes').notNull().default(''),
    currencyCode: text('currency_code').notNull(),
    rateNotes: text('rate_notes'),
    priceOnRequest: boolean('price_on_request').notNull().default(false),
    contentUpdatedAt: ts('content_updated_at'),
    ratesUpdatedAt: ts('rates_updated_at'),
    availabilityUpdatedAt: ts('availability_updated_at'),
    imagesUpdatedAt: ts('images_updated_at'),
    /** Latest change of any kind: the greatest of the four area times (kept so by the writers). */
    updatedAt: ts('updated_at').notNull(),
    createdAt: ts('created_at').notNull(),
    removedAt: ts('removed_at'),
  },
  (t) => [
    index('properties_status_id_idx').on(t.status, t.id),
    index('properties_location_idx').on(t.locationId),
    index('properties_updated_idx').on(t.updatedAt),
    index('properties_removed_idx').on(t.removedAt),
  ],
);

/**
 * The read model: each property's PropertySummary and PropertyDetail as JSON text, rebuilt by every
 * writer in the same transaction (read-model.ts), so reads are key lookups. Kept apart from `properties`
 * so scans and filters over the catalog stay narrow. Public URLs inside are placeholders.
 */
export const propertyDocuments = pgTable('property_documents', {
  propertyId: integer('property_id').primaryKey(),
  summary: text('summary').notNull(),
  detail: text('detail').notNull(),
  /** The property's item in the change feed while it is live. */
  change: text('change'),
  /** Everything a quote needs (quote.ts PricingData): all rate periods, default rate, fees, taxes, promotions. */
  pricing: text('pricing'),
});

export const amenities = pgTable(
  'amenities',
  {
    propertyId: integer('property_id').notNull(),
    position: smallint('position').notNull(),
    category: text('category').notNull(),
    items: text('items').array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.propertyId, t.position] })],
);

export const bedrooms = pgTable(
  'bedrooms',
  {
    propertyId: integer('property_id').notNull(),
    position: smallint('position').notNull(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    sleeps: smallint('sleeps').notNull(),
    /** {king, queen, double, single, bunk, sofa_bed, crib, child}: counts */
    beds: jsonb('beds').$type<Record<string, number>>().notNull(),
    notes: text('notes').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.propertyId, t.position] })],
);

export const bathrooms = pgTable(
  'bathrooms',
  {
    propertyId: integer('property_id').notNull(),
    position: smallint('position').notNull(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    features: text('features').array().notNull(),
    notes: text('notes').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.propertyId, t.position] })],
);

export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    propertyId: integer('property_id').notNull(),
    author: text('author').notNull(),
    date: day('date').notNull(),
    title: text('title').notNull(),
    text: text('text').notNull(),
    rating: smallint('rating').notNull(),
    approved: boolean('approved').notNull().default(true),
  },
  (t) => [index('reviews_property_idx').on(t.propertyId, t.date)],
);

export const images = pgTable(
  'images',
  {
    id: integer('id').primaryKey(),
    propertyId: integer('property_id').notNull(),
    position: smallint('position').notNull(),
    caption: text('caption').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** What the CDN renders for this photo (pool, coast, interior, ...); the id seeds the details. */
    scene: text('scene').notNull(),
  },
  (t) => [index('images_property_idx').on(t.propertyId, t.position)],
);

export const ratePeriods = pgTable(
  'rate_periods',
  {
    id: integer('id').primaryKey(),
    propertyId: integer('property_id').notNull(),
    name: text('name').notNull(),
    startDate: day('start_date').notNull(),
    endDate: day('end_date').notNull(),
    rooms: smallint('rooms').notNull(),
    nightly: money('nightly').notNull(),
    weekly: money('weekly'),
    monthly: money('monthly'),
    minStay: smallint('min_stay').notNull(),
    balanceDays: smallint('balance_days').notNull(),
    currency: text('currency').notNull(),
    cancellationName: text('cancellation_name').notNull(),
    cancellationDescription: text('cancellation_description').notNull(),
  },
  (t) => [index('rate_periods_property_idx').on(t.propertyId, t.startDate)],
);

export const defaultRates = pgTable('default_rates', {
  propertyId: integer('property_id').primaryKey(),
  id: integer('id').notNull(),
  name: text('name').notNull(),
  rooms: smallint('rooms').notNull(),
  nightly: money('nightly').notNull(),
  weekly: money('weekly'),
  monthly: money('monthly'),
  minStay: smallint('min_stay').notNull(),
  balanceDays: smallint('balance_days').notNull(),
  currency: text('currency').notNull(),
});

export const fees = pgTable(
  'fees',
  {
    propertyId: integer('property_id').notNull(),
    position: smallint('position').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    /** Money in the fee's currency, or a percentage when `type` is percent. */
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    type: text('type').notNull(),
    typeText: text('type_text').notNull(),
    refundable: boolean('refundable').notNull(),
    taxable: boolean('taxable').notNull(),
  },
  (t) => [primaryKey({ columns: [t.propertyId, t.position] })],
);

export const taxes = pgTable(
  'taxes',
  {
    propertyId: integer('property_id').notNull(),
    position: smallint('position').notNull(),
    name: text('name').notNull(),
    rate: numeric('rate', { precision: 6, scale: 3, mode: 'number' }).notNull(),
    description: text('description').notNull(),
  },
  (t) => [primaryKey({ columns: [t.propertyId, t.position] })],
);

/** A percentage off the nightly rate of nights inside [start_date, end_date], for stays of min_nights or more. */
export const promotions = pgTable(
  'promotions',
  {
    id: serial('id').primaryKey(),
    propertyId: integer('property_id').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    startDate: day('start_date').notNull(),
    endDate: day('end_date').notNull(),
    percent: numeric('percent', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    minNights: smallint('min_nights').notNull().default(1),
  },
  (t) => [index('promotions_property_idx').on(t.propertyId)],
);

/** Booked ranges block nights [checkin, checkout). A hold with `expires_at` lapses (is deleted) after it. */
export const bookedRanges = pgTable(
  'booked_ranges',
  {
    id: serial('id').primaryKey(),
    propertyId: integer('property_id').notNull(),
    checkin: day('checkin').notNull(),
    checkout: day('checkout').notNull(),
    checkinFullDay: boolean('checkin_full_day').notNull().default(false),
    checkoutFullDay: boolean('checkout_full_day').notNull().default(false),
    status: text('status').notNull(),
    expiresAt: ts('expires_at'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('booked_ranges_property_idx').on(t.propertyId, t.checkin, t.checkout)],
);

export const agents = pgTable('agents', {
  id: serial('id').primaryKey(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull(),
  extension: text('extension').notNull(),
  /** The top-level location (region) this agent answers for. */
  regionId: integer('region_id').notNull(),
  active: boolean('active').notNull().default(true),
});

export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    /** SHA-256 of the key, hex. The key itself is never stored. */
    keyHash: text('key_hash').notNull(),
    /** First characters, to recognise a key in a listing (e.g. svc_test_AbC1…). */
    hint: text('hint').notNull(),
    label: text('label').notNull(),
    mode: text('mode').notNull(),
    scopes: text('scopes').array().notNull(),
    /** Property ids this key may see; null = the whole catalog. */
    allowList: integer('allow_list').array(),
    /** The partner: tags inquiries with their source. */
    partnerName: text('partner_name').notNull(),
    /** A travel advisor credited on inquiries made with this key. */
    advisorName: text('advisor_name'),
    /**
     * Its request limits: `standard` (the document's, section 8) or `partner` (a tier the service grants; the
     * site's own key in the embedded set-up, so the replica's first load is bound by the machine).
     */
    tier: text('tier').notNull().default('standard'),
    createdAt: ts('created_at').notNull(),
    revokedAt: ts('revoked_at'),
  },
  (t) => [uniqueIndex('api_keys_hash_idx').on(t.keyHash)],
);

/** Live inquiries only: test keys never store one. Ids of test inquiries start at 900000000. */
export const inquiries = pgTable(
  'inquiries',
  {
    id: serial('id').primaryKey(),
    status: text('status').notNull().default('new'),
    createdAt: ts('created_at').notNull(),
    reference: text('reference'),
    propertyId: integer('property_id'),
    destinationId: integer('destination_id'),
    destinationName: text('destination_name'),
    budgetMin: integer('budget_min'),
    budgetMax: integer('budget_max'),
    checkin: day('checkin').notNull(),
    checkout: day('checkout').notNull(),
    adults: smallint('adults').notNull(),
    children: smallint('children').notNull(),
    bedrooms: smallint('bedrooms'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    message: text('message'),
    agentId: integer('agent_id').notNull(),
    keyId: integer('key_id').notNull(),
    source: text('source').notNull(),
    advisorName: text('advisor_name'),
    /** The partner's `Idempotency-Key` (our extension): a repeated send returns `response` instead of a new inquiry. */
    idempotencyKey: text('idempotency_key'),
    /** The answer first given (live keys only), replayed for the same key. */
    response: jsonb('response').$type<Inquiry>(),
  },
  (t) => [
    index('inquiries_email_idx').on(sql`lower(${t.email})`, t.createdAt),
    uniqueIndex('inquiries_idempotency_idx')
      .on(t.keyId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} IS NOT NULL`),
  ],
);

/** Small service state: the demo's seed, the round-robin cursor per region, the activity job's last run. */
export const serviceState = pgTable('service_state', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<Record<string, unknown>>().notNull(),
  updatedAt: ts('updated_at').notNull(),
});
