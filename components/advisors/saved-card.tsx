'use client';

import Image from 'next/image';
import Link from 'next/link';
import { useState } from 'react';
import { stayLine } from '@/components/property/format';
import { PhotoPlaceholder } from '@/components/property/photo-placeholder';
import { DateRangeField } from '@/components/search-form/date-range-field';
import { GuestsField } from '@/components/search-form/guests-field';
import { plural } from '@/lib/site/browser';
import { ratingWords } from '@/lib/site/browser/rating-words';
import { type Stay, withStay } from '@/lib/site/browser/stay-link';
import { SavedPrice } from './saved-price';
import type { SavedEntry } from './shortlist-client';

export const stayOf = (s: SavedEntry['stay']): Stay => ({
  checkin: s.checkin ?? undefined,
  checkout: s.checkout ?? undefined,
  adults: s.adults,
  children: s.children,
  bedrooms: s.bedrooms ?? undefined,
});

/** One saved rental: photo, facts, its stay and price, and the ways to change it (dates, party) or remove it. */
export function SavedCard({
  entry,
  onRemove,
  onRedate,
}: {
  entry: SavedEntry;
  onRemove: () => void;
  onRedate: (stay: Stay) => Promise<void>;
}) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<Stay>(stayOf(entry.stay));
  const p = entry.property;
  const name = p?.name ?? `Rental ${entry.property_id}`;
  const stay = stayOf(entry.stay);
  return (
    <article className="flex flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-sand-200 sm:flex-row">
      <div className="relative aspect-[4/3] bg-sand-100 sm:aspect-auto sm:w-56 sm:shrink-0">
        {p?.image ? (
          <Image
            src={p.image.url}
            alt={p.image.caption || p.name}
            fill
            sizes="(min-width: 640px) 224px, 100vw"
            className="object-cover"
          />
        ) : (
          <PhotoPlaceholder />
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-2 p-4">
        <h2 className="text-lg font-semibold text-ink-900">
          <Link href={withStay(`/properties/${entry.property_id}`, stay)} className="hover:underline">
            {name}
          </Link>
        </h2>
        {p ? (
          <p className="text-sm text-ink-700">
            {p.location.path.slice(-2).join(', ')} · {plural(p.bedrooms, 'bedroom')} ·{' '}
            {plural(p.bathrooms, 'bathroom')} · sleeps {p.sleeps}
            {ratingWords(p.rating, p.review_count) && <> · {ratingWords(p.rating, p.review_count)}</>}
          </p>
        ) : (
          <p className="text-sm text-ink-700">This rental is no longer in the catalog.</p>
        )}
        <p className="text-sm text-ink-900" data-testid="saved-stay">
          {stay.checkin && stay.checkout
            ? stayLine({ ...stay, checkin: stay.checkin, checkout: stay.checkout })
            : `No dates yet · ${plural(stay.adults + stay.children, 'guest')}`}
        </p>
        <SavedPrice price={entry.price} />
        {editing && (
          <div className="grid gap-3 rounded-xl bg-sand-50 p-3 sm:grid-cols-2">
            <DateRangeField
              checkin={draft.checkin}
              checkout={draft.checkout}
              onChange={(r) => setDraft((d) => ({ ...d, checkin: r.checkin, checkout: r.checkout }))}
            />
            <GuestsField
              initial={{ adults: draft.adults, children: draft.children }}
              onChange={(party) => setDraft((d) => ({ ...d, ...party }))}
            />
          </div>
        )}
        <div className="mt-auto flex flex-wrap gap-2 pt-1">
          {editing ? (
            <>
              <button
                type="button"
                className={primary}
                onClick={() => onRedate(draft).then(() => setEditing(false))}
              >
                Save the new stay
              </button>
              <button type="button" className={secondary} onClick={() => setEditing(false)}>
                Cancel
              </button>
            </>
          ) : (
            <>
              <button type="button" className={secondary} onClick={() => setEditing(true)}>
                Change dates or guests<span className="sr-only"> for {name}</span>
              </button>
              <button type="button" className={secondary} onClick={onRemove}>
                Remove<span className="sr-only"> {name}</span>
              </button>
            </>
          )}
        </div>
      </div>
    </article>
  );
}

export const primary =
  'rounded-full bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 disabled:opacity-60';
export const secondary =
  'rounded-full px-4 py-2 text-sm font-medium text-ink-900 ring-1 ring-sand-200 hover:bg-sand-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500';
