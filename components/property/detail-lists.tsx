import type { PropertyDetail } from '@/lib/contract';
import { formatDate, fromDay, plural } from '@/lib/site/browser';
import { words } from './words';

/*
 * The property page's long lists (reviews, amenities, bedrooms and bathrooms), drawn the same way by the
 * server for their first view and by the browser for the rest, loaded when asked for (more-of-detail.tsx).
 * Each list's first view is bounded here, so a rental with many of anything sends a page of the same size.
 */

type Review = PropertyDetail['reviews'][number];
type AmenityGroup = PropertyDetail['amenities'][number];
type Rooms = PropertyDetail['rooms'];

/** Reviews shown at once; the rest load on demand. */
export const REVIEWS_SHOWN = 4;
/** Amenities shown at once, in whole groups (the first group always, whatever its size). */
export const AMENITIES_SHOWN = 10;
/** Bedrooms, and bathrooms, shown at once. */
export const ROOMS_SHOWN = 6;

/** Newest first (the API's order, kept even when an upstream's is not). */
export const newestFirst = (reviews: readonly Review[]) =>
  [...reviews].sort((a, b) => b.date.localeCompare(a.date));

/** The amenity groups of the first view, and the rest. */
export function splitAmenities(groups: readonly AmenityGroup[]): {
  shown: AmenityGroup[];
  rest: AmenityGroup[];
} {
  let count = 0;
  let cut = 0;
  while (cut < groups.length && (cut === 0 || count + groups[cut]!.items.length <= AMENITIES_SHOWN)) {
    count += groups[cut]!.items.length;
    cut++;
  }
  return { shown: groups.slice(0, cut), rest: groups.slice(cut) };
}

const BED_LABEL: Record<string, string> = {
  king: 'king bed',
  queen: 'queen bed',
  double: 'double bed',
  single: 'single bed',
  bunk: 'bunk bed',
  sofa_bed: 'sofa bed',
  crib: 'cot',
  child: "child's bed",
};

const monthYear = (day: string) => {
  const d = fromDay(day);
  return d ? formatDate(d, 'MMMM yyyy') : day;
};

/** Text only: a review's words are rendered as text, never as HTML. */
export function ReviewList({ reviews }: { reviews: readonly Review[] }) {
  return (
    <ul className="mt-4 grid gap-5 sm:grid-cols-2" data-testid="review-list">
      {reviews.map((r, i) => (
        // A review has no id, and two may share every field; the list is never reordered.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <li key={`${i}-${r.date}-${r.author}`} className="min-w-0 break-words">
          <p className="font-medium text-ink-900">
            {r.title}{' '}
            <span className="text-sm font-normal">
              · <span aria-hidden="true">★ </span>
              {r.rating}
              <span className="sr-only"> out of 5</span>
            </span>
          </p>
          <p className="mt-1 text-sm">{r.text}</p>
          <p className="mt-1 text-xs text-ink-700">
            {r.author}, <time dateTime={r.date}>{monthYear(r.date)}</time>
          </p>
        </li>
      ))}
    </ul>
  );
}

export function AmenityGroups({ groups }: { groups: readonly AmenityGroup[] }) {
  if (groups.length === 0) return null;
  return (
    <div className="grid gap-4 sm:grid-cols-2" data-testid="amenity-groups">
      {groups.map((group) => (
        <div key={group.category}>
          <h3 className="font-semibold text-ink-900">{words(group.category)}</h3>
          <ul className="mt-1 list-disc pl-5 text-sm">
            {group.items.map((item) => (
              <li key={item}>{words(item)}</li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

/** Bedrooms beside bathrooms. */
export function RoomLists({ bedrooms, bathrooms }: Pick<Rooms, 'bedrooms' | 'bathrooms'>) {
  return (
    <div className="grid gap-4 sm:grid-cols-2" data-testid="room-lists">
      <ul className="space-y-2 text-sm">
        {bedrooms.map((b, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rooms have no id in the API
          <li key={i}>
            <span className="font-medium text-ink-900">{b.name}</span> · {words(b.type)}, sleeps {b.sleeps}
            <span className="block">
              {Object.entries(b.beds)
                .filter(([, n]) => n > 0)
                .map(([kind, n]) => plural(n, BED_LABEL[kind] ?? words(kind).toLowerCase()))
                .join(', ') || 'No beds listed'}
            </span>
            {b.notes && <span className="block text-ink-700">{b.notes}</span>}
          </li>
        ))}
      </ul>
      <ul className="space-y-2 text-sm">
        {bathrooms.map((b, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rooms have no id in the API
          <li key={i}>
            <span className="font-medium text-ink-900">{b.name}</span> · {words(b.type)}
            {b.features.length > 0 && <span className="block">{b.features.map(words).join(', ')}</span>}
            {b.notes && <span className="block text-ink-700">{b.notes}</span>}
          </li>
        ))}
      </ul>
    </div>
  );
}
