import 'server-only';
import { minorUnits } from '@/lib/rules';
import { FEATURES, NAME_ROOTS, NAME_WORDS, RULES, STAFF, TYPE_WEIGHTS, VIEWS } from './content';
import { PRICE_LEVEL } from './places';
import type { Random } from './random';
import { landFor } from './scenery';
import type { DemoCatalog, Draw, Listing, ListingFacts, Place } from './types';

/* A property's basics and its own row in the demo catalog: facts, words, policies, area times. */

/** One property's basics: where it is, what it is, its name and its currency. */
/** The share of properties also let for long stays (a month or more). */
const LONG_STAYS_SHARE = 0.12;

export function listingOf(
  { rng, aside }: Draw,
  id: number,
  leafWeights: readonly (readonly [Place, number])[],
): Listing {
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
    longStays: aside(id, 'long-stays').chance(LONG_STAYS_SHARE),
    place,
    type,
    bedroomCount,
    name,
    currency,
    level: PRICE_LEVEL[currency] ?? 1,
    minor: minorUnits(currency),
  };
}

export const bedroomWeights = [
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

/**
 * Area update times spread over past months, and `updated_at` the latest; a few drafts (onboarded but
 * not yet published, which the catalog activity publishes) and the removed ones.
 */
export function statusAndTimes({ rng, ago }: Draw, facts: ListingFacts) {
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
export function propertyRow(
  draw: Draw,
  listing: Listing,
  facts: ListingFacts,
): DemoCatalog['properties'][number] {
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
    ...agreeing(listingWords(draw.rng, listing, facts.sleeps), policiesOf(draw.rng), listing, facts),
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
export function coordinatesNear(rng: Random, place: Place) {
  return {
    latitude: rng.chance(0.05) ? null : Math.round((place.lat + (rng.next() - 0.5) * 0.05) * 1e5) / 1e5,
    longitude: rng.chance(0.05) ? null : Math.round((place.lon + (rng.next() - 0.5) * 0.05) * 1e5) / 1e5,
  };
}

/** The listing's words: description, location, amenity notes, staff, inclusions, rules, times, arrival. */
export function listingWords(rng: Random, { name, type, bedroomCount, place }: Listing, sleeps: number) {
  return {
    description: rng.chance(0.03) ? null : describeProperty(rng, name, type, bedroomCount, sleeps, place),
    location_description: rng.chance(0.1)
      ? null
      : `${place.name} is in ${place.path.slice(-2, -1)[0] ?? place.path[0]}, ${rng.int(2, 25)} minutes from ${nearby(place)} and ${rng.int(20, 90)} minutes from the airport.`,
    amenity_notes: rng.chance(0.4)
      ? null
      : `<p>The pool is heated from <em>April to October</em>. ${rng.chance(0.5) ? 'Wi-Fi reaches the garden.' : 'Towels are changed twice a week.'}</p>`,
    staff: rng.sample(STAFF, rng.int(0, 3)),
    inclusions: rng.chance(0.3) ? null : 'Linens and towels, a welcome basket and a mid-stay clean.',
    rules: rng.chance(0.2) ? null : rng.sample(RULES, rng.int(2, 3)),
    checkin_time: rng.pick(['14:00', '15:00', '16:00', '17:00']),
    checkout_time: rng.pick(['09:00', '10:00', '11:00']),
    arrival_notes: rng.chance(0.3)
      ? ''
      : `Keys are handed over at the property by the local manager in ${place.name}.`,
  };
}

/** What the minutes in a listing's location are counted to: the beach on a coast, the lifts under snow. */
function nearby(place: Place): string {
  const land = landFor(place.path, place.lat);
  if (land.setting === 'coast' || land.setting === 'tropics') return 'the nearest beach';
  if (land.setting === 'mountains') return land.snow ? 'the nearest ski lift' : 'the nearest trailhead';
  if (land.setting === 'lake') return 'the lake shore';
  if (land.setting === 'city') return 'the old town';
  return 'the village centre';
}

/** Staff only where a household would keep them: a villa, estate or chalet of four bedrooms or more. */
const STAFFED_TYPES = new Set(['villa', 'estate', 'chalet']);
const staffed = ({ type, bedroomCount }: Listing) => STAFFED_TYPES.has(type) && bedroomCount >= 4;
const ANY_HOME_STAFF = new Set(['Housekeeper']);

const NO_PARTIES = RULES[0];
const UNFENCED_POOL = RULES[3];

/**
 * A listing's words, policies and amenities made to agree, as the drawn values need not: a house that
 * asks consent for events says events are on request; no rule calls a pool unfenced where a fence is
 * listed, or where there is no pool; staff fits the house; a home let for long stays says so.
 */
export function agreeing(
  words: ReturnType<typeof listingWords>,
  policies: Record<string, string | null>,
  listing: Listing,
  facts: Pick<ListingFacts, 'amenities'>,
) {
  const pool = facts.amenities.some((a) => /pool/i.test(a) && a !== 'Pool fence');
  const fenced = facts.amenities.includes('Pool fence');
  const rules = words.rules?.filter((r) => r !== UNFENCED_POOL || (pool && !fenced));
  const agreed = { ...policies };
  if (rules?.includes(NO_PARTIES!) && agreed.events === 'yes') agreed.events = 'on_request';
  if (listing.longStays) agreed.long_term = 'yes';
  const { rules: _drawn, ...rest } = words;
  return {
    ...rest,
    house_rules: rules?.length ? rules.join(' ') : null,
    staff: staffed(listing) ? words.staff : words.staff.filter((s) => ANY_HOME_STAFF.has(s)),
    policies: agreed,
  };
}

/** Each house policy yes, no, on request, or not said. */
export function policiesOf(rng: Random): Record<string, string | null> {
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

export function roomNotes(rng: Random, bedroomCount: number) {
  return {
    bedroom_notes: bedroomCount > 4 && rng.chance(0.4) ? 'Two bedrooms are in a separate guest cottage.' : '',
    bathroom_notes: rng.chance(0.2) ? 'Every bathroom has organic toiletries.' : '',
  };
}

export function describeProperty(
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
