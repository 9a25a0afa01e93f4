import 'server-only';
import { addDays } from '@/lib/dates';
import {
  AMENITIES,
  BATH_FEATURES,
  BEDROOM_TYPES,
  FIRST_NAMES,
  LAST_NAMES,
  REVIEW_TEXTS,
  REVIEW_TITLES,
} from './content';
import type { Random } from './random';
import { DAY_MS, type DemoCatalog, type Draw, type Listing } from './types';

/* A property's rooms, amenities, reviews and booked dates in the demo catalog. */

/** Bedrooms with their beds; returns how many the property sleeps. */
export function bedroomRows(
  { rng }: Draw,
  { id, bedroomCount }: Listing,
  rows: DemoCatalog['bedrooms'],
): number {
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
export function bedsFor(rng: Random, roomType: string, first: boolean) {
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
export function bathroomRows(
  { rng }: Draw,
  { id, bedroomCount }: Listing,
  rows: DemoCatalog['bathrooms'],
): number {
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
export function amenityRows(
  { rng }: Draw,
  listing: Listing,
  sleeps: number,
  rows: DemoCatalog['amenities'],
): void {
  const categories = rng.sample(Object.keys(AMENITIES), rng.int(4, 7));
  let position = 0;
  for (const category of categories) {
    // Drawn for every property (the stream's order), kept where they fit the home.
    const items = rng
      .sample(AMENITIES[category]!, rng.int(2, 6))
      .filter((item) => fits(item, listing, sleeps));
    if (items.length) rows.push({ property_id: listing.id, position: ++position, category, items });
  }
}

/** Amenities that only some homes have: a pool of its own, a dining table for twelve, a spa. */
const FITS: Record<string, (listing: Listing, sleeps: number) => boolean> = {
  'Dining for 12': (_, sleeps) => sleeps >= 10,
  'Private pool': ({ type }) => type !== 'apartment' && type !== 'condo',
  'Heated pool': ({ type }) => type !== 'apartment' && type !== 'condo',
  'Pool fence': ({ type }) => type !== 'apartment' && type !== 'condo',
  Gym: ({ bedroomCount }) => bedroomCount >= 4,
  'Steam room': ({ bedroomCount }) => bedroomCount >= 4,
  'Massage room': ({ bedroomCount }) => bedroomCount >= 4,
  'Table tennis': ({ bedroomCount }) => bedroomCount >= 3,
};
const fits = (item: string, listing: Listing, sleeps: number) => FITS[item]?.(listing, sleeps) ?? true;

/** Reviews, newest first when read; returns their count and the sum of their ratings. */
export function reviewRows(draw: Draw, { id }: Listing, rows: DemoCatalog['reviews']) {
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

/** Bookings and holds from the past months to two years ahead; ranges never overlap. */
export function bookedRangeRows(draw: Draw, listing: Listing, rows: DemoCatalog['booked_ranges']): void {
  const { id } = listing;
  const { rng, today, nowMs, ago } = draw;
  const first = rows.length;
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
  if (listing.longStays) keepMonthsFree(draw, listing, rows, first);
}

/**
 * A home let for long stays keeps five to eight weeks free in each of the coming seasons (its bookings
 * there are left out), so a stay of four weeks or more can be had: seasons of 91 days from three weeks
 * ahead, two years of them.
 */
function keepMonthsFree(draw: Draw, { id }: Listing, rows: DemoCatalog['booked_ranges'], first: number) {
  const pick = draw.aside(id, 'long-stay-gaps');
  const gaps = Array.from({ length: 8 }, (_, season) => {
    const start = addDays(draw.today, 21 + season * 91 + pick.int(0, 40));
    return [start, addDays(start, pick.int(35, 56))] as const;
  });
  const kept = rows
    .slice(first)
    .filter((r) => !gaps.some(([start, end]) => r.checkin < end && r.checkout > start));
  rows.splice(first, rows.length - first, ...kept);
}
