'use client';

import { RetryAlert } from '@/components/ui/retry-alert';
import type { PropertyDetail } from '@/lib/contract';
import { useApiGet } from '@/lib/site/browser/use-api-get';
import {
  AmenityGroups,
  newestFirst,
  REVIEWS_SHOWN,
  ReviewList,
  ROOMS_SHOWN,
  RoomLists,
  splitAmenities,
} from './detail-lists';
import { SeasonRows, seasonsToCome } from './rate-rows';
import { useStay } from './stay-context';

/*
 * What the first views of the property page's long lists leave out (long-lists.tsx loads this when a
 * traveller first asks): the rest of the reviews, amenities or rooms, from the site's route for the
 * property (asked once, and again with "Try again" after a failure); the rest of the rates, from the
 * booking widget's own copy.
 */

type DetailList = 'reviews' | 'amenities' | 'rooms';
/** A list whose rest is asked for, and what it is drawn from: the property's content, or the rates on `from`. */
export type RestOf = { list: DetailList; propertyId: number } | { list: 'rates'; from: string };

const NAMES: Record<DetailList, string> = {
  reviews: 'the reviews',
  amenities: 'the amenities',
  rooms: 'the bedrooms and bathrooms',
};

function Rest({ list, detail }: { list: DetailList; detail: PropertyDetail }) {
  if (list === 'reviews') return <ReviewList reviews={newestFirst(detail.reviews).slice(REVIEWS_SHOWN)} />;
  if (list === 'amenities') return <AmenityGroups groups={splitAmenities(detail.amenities).rest} />;
  return (
    <RoomLists
      bedrooms={detail.rooms.bedrooms.slice(ROOMS_SHOWN)}
      bathrooms={detail.rooms.bathrooms.slice(ROOMS_SHOWN)}
    />
  );
}

export default function LongListRest(rest: RestOf) {
  return rest.list === 'rates' ? <RateRowsRest from={rest.from} /> : <DetailRest {...rest} />;
}

function DetailRest({ list, propertyId }: { list: DetailList; propertyId: number }) {
  const detail = useApiGet<PropertyDetail>(
    `property|${propertyId}`,
    async (signal) => {
      const { apiGet } = await import('@/lib/site/browser/api-client');
      return apiGet<PropertyDetail>(`/api/properties/${propertyId}`, undefined, signal);
    },
    { freshMs: 60_000, retries: 1 },
  );
  if (detail.data) return <Rest list={list} detail={detail.data} />;
  if (detail.error && !detail.loading)
    return (
      <RetryAlert onRetry={detail.retry}>
        The rest of {NAMES[list]} could not be loaded. {detail.error.message}
      </RetryAlert>
    );
  return (
    <p role="status" className="text-sm text-ink-700">
      Loading {NAMES[list]}…
    </p>
  );
}

/** The seasons the rates table's first view leaves out, as rows of its own table. */
function RateRowsRest({ from }: { from: string }) {
  const { data } = useStay();
  const { seasons, shown } = seasonsToCome(data.rates.rates, from);
  return (
    <tbody>
      <SeasonRows seasons={seasons.slice(shown)} currency={data.currency} />
    </tbody>
  );
}
