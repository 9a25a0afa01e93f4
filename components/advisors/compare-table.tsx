import Image from 'next/image';
import { stayLine } from '@/components/property/format';
import { PhotoPlaceholder } from '@/components/property/photo-placeholder';
import { plural } from '@/lib/site/browser';
import { ratingWords } from '@/lib/site/browser/rating-words';
import { SavedPrice } from './saved-price';
import type { SavedEntry } from './shortlist-client';

/** The saved rentals side by side: one column each, one row per thing a client compares. */
export function CompareTable({ entries }: { entries: SavedEntry[] }) {
  const rows: [string, (e: SavedEntry) => React.ReactNode][] = [
    ['Price', (e) => <SavedPrice price={e.price} />],
    [
      'Stay',
      (e) =>
        e.stay.checkin && e.stay.checkout
          ? stayLine({ ...e.stay, checkin: e.stay.checkin, checkout: e.stay.checkout })
          : 'No dates yet',
    ],
    ['Place', (e) => e.property?.location.path.slice(-2).join(', ') ?? '–'],
    ['Bedrooms', (e) => e.property?.bedrooms ?? '–'],
    ['Bathrooms', (e) => e.property?.bathrooms ?? '–'],
    ['Sleeps', (e) => e.property?.sleeps ?? '–'],
    [
      'Rating',
      (e) => (e.property && ratingWords(e.property.rating, e.property.review_count)) || 'No reviews yet',
    ],
  ];
  return (
    // A region of its own that takes focus: on a phone it scrolls sideways, by keyboard too.
    <section
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (axe).
      tabIndex={0}
      aria-label="Saved rentals side by side"
      className="relative overflow-x-auto rounded-2xl bg-white ring-1 ring-sand-200 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
    >
      <table className="w-full min-w-[36rem] border-collapse text-left text-sm">
        <caption className="sr-only">Saved rentals side by side</caption>
        <thead>
          <tr>
            <td className="w-28" />
            {entries.map((e) => (
              <th key={e.id} scope="col" className="p-3 align-top font-semibold text-ink-900">
                <div className="relative mb-2 aspect-[4/3] w-full overflow-hidden rounded-lg bg-sand-100">
                  {e.property?.image ? (
                    <Image src={e.property.image.url} alt="" fill sizes="240px" className="object-cover" />
                  ) : (
                    <PhotoPlaceholder />
                  )}
                </div>
                {e.property?.name ?? `Rental ${e.property_id}`}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(([label, cell]) => (
            <tr key={label} className="border-t border-sand-200">
              <th scope="row" className="p-3 align-top font-medium text-ink-700">
                {label}
              </th>
              {entries.map((e) => (
                <td key={e.id} className="p-3 align-top text-ink-900">
                  {cell(e)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="sr-only">{plural(entries.length, 'rental')} compared.</p>
    </section>
  );
}
