import { z } from 'zod';
import { dateString, dateTimeString, enumOf, objectOf, type SchemaMode } from './primitives';

export const PROPERTY_TYPES = [
  'villa',
  'house',
  'apartment',
  'condo',
  'chalet',
  'cottage',
  'estate',
  'cabin',
] as const;
export const POLICY_KEYS = [
  'children',
  'pets',
  'smoking',
  'events',
  'seniors',
  'wheelchair_accessible',
  'long_term',
] as const;
export const POLICY_VALUES = ['yes', 'no', 'on_request'] as const;
export const FEE_TYPES = [
  'flat',
  'per_night',
  'per_guest',
  'per_adult',
  'per_child',
  'per_guest_per_night',
  'percent',
] as const;
export const BOOKED_STATUSES = ['confirmed', 'hold'] as const;
export const ACCURACY_VALUES = ['exact', 'estimated', 'incomplete'] as const;
export const CHANGE_STATUSES = ['live', 'removed'] as const;
export const BED_KINDS = ['king', 'queen', 'double', 'single', 'bunk', 'sofa_bed', 'crib', 'child'] as const;

/**
 * A property's four areas, each with its own time in the change feed (`updated`): the service moves exactly
 * the area it changed, and a partner fetches again exactly the areas whose time moved. One list for the
 * service's writers, the client's cache tags, the sync and the replica.
 */
export const AREAS = ['content', 'rates', 'availability', 'images'] as const;
export type Area = (typeof AREAS)[number];

/**
 * Every response resource of section 2, built twice from one definition: `strict` (closed enums, no
 * unknown keys) for the service's own contract tests and the OpenAPI document, `tolerant` for the
 * partner-side client, which must survive additive changes from a real upstream.
 */
function build(mode: SchemaMode) {
  const obj = <S extends z.ZodRawShape>(shape: S) => objectOf(mode, shape);
  /** A field our service always sends but the document does not promise: the client takes it as optional. */
  const optionalForClient = <T extends z.ZodType>(schema: T) =>
    mode === 'tolerant' ? schema.optional() : schema;
  const url = z.string().min(1);
  const nullableTime = dateTimeString.nullable();

  // The document types `next` as a string, the path of the following page; on the last page a vendor may
  // leave it out or send it empty, where our service sends null (docs/upstream-contract.md).
  const pagination = obj({
    page: z.int(),
    per_page: z.int(),
    total: z.int(),
    total_pages: z.int(),
    next: mode === 'tolerant' ? z.string().nullish() : z.string().nullable(),
  });

  const areaUpdates = obj({
    content: nullableTime,
    rates: nullableTime,
    availability: nullableTime,
    images: nullableTime,
  } satisfies Record<Area, z.ZodType>);

  const locationRef = obj({ id: z.int(), name: z.string(), path: z.array(z.string()), url });

  const imageSizes = obj({ thumb: url, medium: url, large: url });

  const summaryShape = {
    id: z.int(),
    name: z.string(),
    type: enumOf(mode, PROPERTY_TYPES),
    url,
    updated_at: dateTimeString,
    updated: areaUpdates,
    bedrooms: z.int(),
    bathrooms: z.int(),
    sleeps: z.int(),
    rating: z.number().nullable(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    location: locationRef,
    image: obj({ caption: z.string(), url, sizes: imageSizes }).nullable(),
  };
  const propertySummary = obj(summaryShape);

  const policyValue = enumOf(mode, POLICY_VALUES).nullable();
  const beds = obj(
    Object.fromEntries(BED_KINDS.map((k) => [k, z.int()])) as Record<(typeof BED_KINDS)[number], z.ZodInt>,
  );

  const propertyDetail = obj({
    ...summaryShape,
    description: z.string().nullable(),
    location_description: z.string().nullable(),
    amenities: z.array(obj({ category: z.string(), items: z.array(z.string()) })),
    amenity_notes: z.string().nullable(),
    staff: z.array(z.string()),
    inclusions: z.string().nullable(),
    house_rules: z.string().nullable(),
    arrival: obj({
      checkin_time: z.string().regex(/^\d{2}:\d{2}$/),
      checkout_time: z.string().regex(/^\d{2}:\d{2}$/),
      notes: z.string(),
    }),
    policies: obj(
      Object.fromEntries(POLICY_KEYS.map((k) => [k, policyValue])) as Record<
        (typeof POLICY_KEYS)[number],
        typeof policyValue
      >,
    ),
    rooms: obj({
      bedrooms: z.array(
        obj({ name: z.string(), type: z.string(), sleeps: z.int(), beds, notes: z.string() }),
      ),
      bathrooms: z.array(
        obj({ name: z.string(), type: z.string(), features: z.array(z.string()), notes: z.string() }),
      ),
      bedroom_notes: z.string(),
      bathroom_notes: z.string(),
    }),
    reviews: z.array(
      obj({ author: z.string(), date: dateString, title: z.string(), text: z.string(), rating: z.int() }),
    ),
  });

  const currency = obj({ code: z.string(), symbol: z.string() });
  const rateCore = {
    id: z.int(),
    name: z.string(),
    rooms: z.int(),
    nightly: z.number(),
    weekly: z.number().nullable(),
    monthly: z.number().nullable(),
    min_stay: z.int(),
    balance_days: z.int(),
    currency: z.string(),
  };
  const ratePeriod = obj({
    ...rateCore,
    start_date: dateString,
    end_date: dateString,
    cancellation_policy: obj({ name: z.string(), description: z.string() }),
  });
  const fee = obj({
    name: z.string(),
    description: z.string(),
    amount: z.number(),
    currency: z.string(),
    type: enumOf(mode, FEE_TYPES),
    type_text: z.string(),
    refundable: z.boolean(),
    taxable: z.boolean(),
  });
  const tax = obj({ name: z.string(), rate: z.number(), description: z.string() });
  // Our extension (docs/decisions.md#promotions-and-price-on-request-in-the-rate-sheet-our-extension): the rates area
  // covers promotions, and a quote depends on them and on price on request, yet the document's RateSheet
  // names neither. A vendor that leaves them out still parses: the tolerant client takes them as unknown.
  const promotion = obj({
    name: z.string(),
    start_date: dateString,
    end_date: dateString,
    percent: z.number(),
    min_nights: z.int(),
  });
  const rateSheet = obj({
    property_id: z.int(),
    currency,
    from: dateString,
    to: dateString.nullable(),
    rates: z.array(ratePeriod),
    default_rate: obj(rateCore).nullable(),
    fees: z.array(fee),
    taxes: z.array(tax),
    notes: z.string().nullable(),
    promotions: optionalForClient(z.array(promotion)),
    price_on_request: optionalForClient(z.boolean()),
  });

  const bookedRange = obj({
    checkin: dateString,
    checkout: dateString,
    checkin_full_day: z.boolean(),
    checkout_full_day: z.boolean(),
    status: enumOf(mode, BOOKED_STATUSES),
  });
  const availability = obj({
    property_id: z.int(),
    from: dateString,
    to: dateString,
    booked: z.array(bookedRange),
  });

  const propertyImage = obj({
    id: z.int(),
    position: z.int(),
    caption: z.string(),
    url,
    sizes: imageSizes,
    width: z.int(),
    height: z.int(),
  });
  const propertyImages = obj({ property_id: z.int(), images: z.array(propertyImage) });

  const guests = obj({ adults: z.int(), children: z.int() });
  const quote = obj({
    property_id: z.int(),
    currency,
    price_on_request: z.boolean(),
    stay: obj({ checkin: dateString, checkout: dateString, nights: z.int(), guests, bedrooms: z.int() }),
    totals: obj({
      rate: z.number(),
      discounts: z.number(),
      fees: z.number(),
      taxes: z.number(),
      total: z.number(),
      refundable_deposits: z.number(),
      total_payable: z.number(),
    }),
    average_nightly_rate: z.number().nullable(),
    tax_rate: z.number().nullable(),
    accuracy: enumOf(mode, ACCURACY_VALUES).nullable(),
    rate_range: obj({ min: z.number(), max: z.number() }).nullable(),
  });

  // The document says only that an item has a `status` ("Other fields of the item: not shown"): the
  // client needs nothing but `id` and `status`; our service adds `updated_at` and `updated`.
  const propertyChange = obj({
    id: z.int(),
    status: enumOf(mode, CHANGE_STATUSES),
    updated_at: optionalForClient(dateTimeString),
    updated: optionalForClient(areaUpdates.nullable()),
  });

  const location = obj({
    id: z.int(),
    parent_id: z.int().nullable(),
    name: z.string(),
    path: z.array(z.string()),
    url,
    property_count: z.int(),
  });

  const inquiry = obj({
    id: z.int(),
    status: enumOf(mode, ['new'] as const),
    test: z.boolean(),
    created_at: dateTimeString,
    reference: z.string().nullable(),
    property: obj({ id: z.int(), name: z.string(), url }).nullable(),
    destination: obj({
      id: z.int().nullable(),
      name: z.string(),
      path: z.array(z.string()).nullable(),
    }).nullable(),
    budget: obj({ min: z.int().nullable(), max: z.int().nullable() }).nullable(),
    stay: obj({
      checkin: dateString,
      checkout: dateString,
      nights: z.int(),
      guests,
      bedrooms: z.int().nullable(),
    }),
    contact: obj({ first_name: z.string(), last_name: z.string(), email: z.string() }),
    agent: obj({
      first_name: z.string(),
      last_name: z.string(),
      email: z.string(),
      phone: z.string(),
      extension: z.string(),
    }),
  });

  return {
    pagination,
    areaUpdates,
    locationRef,
    imageSizes,
    propertySummary,
    propertyDetail,
    rateSheet,
    availability,
    propertyImages,
    quote,
    propertyChange,
    location,
    inquiry,
    catalogPage: obj({ properties: z.array(propertySummary), pagination }),
    changesPage: obj({ changes: z.array(propertyChange), pagination }),
    locationCatalog: obj({ locations: z.array(location) }),
  };
}

export const strict = build('strict');
export const tolerant = build('tolerant');

export type Pagination = z.infer<typeof strict.pagination>;
export type AreaUpdates = z.infer<typeof strict.areaUpdates>;
export type LocationRef = z.infer<typeof strict.locationRef>;
export type ImageSizes = z.infer<typeof strict.imageSizes>;
export type PropertySummary = z.infer<typeof strict.propertySummary>;
export type PropertyDetail = z.infer<typeof strict.propertyDetail>;
export type RateSheet = z.infer<typeof strict.rateSheet>;
export type Availability = z.infer<typeof strict.availability>;
export type PropertyImages = z.infer<typeof strict.propertyImages>;
export type Quote = z.infer<typeof strict.quote>;
export type PropertyChange = z.infer<typeof strict.propertyChange>;
export type Location = z.infer<typeof strict.location>;
export type Inquiry = z.infer<typeof strict.inquiry>;
export type CatalogPage = z.infer<typeof strict.catalogPage>;
export type ChangesPage = z.infer<typeof strict.changesPage>;
export type LocationCatalog = z.infer<typeof strict.locationCatalog>;

/*
 * What the partner side reads (lib/catalog-client parses every answer with `tolerant`): the same resources
 * with unknown fields kept and unknown enum values as plain strings. Site code takes these, not the strict
 * types above, so nothing pretends a real upstream's answer is narrower than it is.
 */
export type TolerantPropertySummary = z.infer<typeof tolerant.propertySummary>;
export type TolerantPropertyDetail = z.infer<typeof tolerant.propertyDetail>;
export type TolerantRateSheet = z.infer<typeof tolerant.rateSheet>;
export type TolerantAvailability = z.infer<typeof tolerant.availability>;
export type TolerantPropertyImages = z.infer<typeof tolerant.propertyImages>;
export type TolerantQuote = z.infer<typeof tolerant.quote>;
export type TolerantPropertyChange = z.infer<typeof tolerant.propertyChange>;
export type TolerantLocation = z.infer<typeof tolerant.location>;
export type TolerantInquiry = z.infer<typeof tolerant.inquiry>;
export type TolerantCatalogPage = z.infer<typeof tolerant.catalogPage>;
export type TolerantChangesPage = z.infer<typeof tolerant.changesPage>;
export type TolerantLocationCatalog = z.infer<typeof tolerant.locationCatalog>;
