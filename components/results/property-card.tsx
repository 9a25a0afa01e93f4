import Image from 'next/image';
import Link from 'next/link';
import { SaveButton } from '@/components/advisors/save-button';
import { PhotoPlaceholder } from '@/components/property/photo-placeholder';
import { CloseIcon } from '@/components/ui/icons';
import { count, plural, showRange } from '@/lib/site/browser';
import { bedroomsFor } from '@/lib/site/browser/party';
import { CARD_SIZES } from './card-photos';
import { PriceLine, ShortPrice } from './price-line';
import type { ResultsProperty } from './types';

const TYPE_LABEL: Record<string, string> = { condo: 'Condo', estate: 'Estate' };
const typeLabel = (type: string) => TYPE_LABEL[type] ?? type.charAt(0).toUpperCase() + type.slice(1);

type CardProps = {
  property: ResultsProperty;
  href?: string;
  /** Open in a new tab (an embed sending travellers to the full site). */
  newTab?: boolean;
};

/**
 * A rental, the whole card one link to it: as a tile in the results' grid and on the home page (cover photo
 * at the width the layout needs, name, type, place, sizes, rating, price), or as a line on the map (a small
 * photo, name, place, the price's headline), lit while its marker is and closable where it is a preview.
 */
export function PropertyCard({
  layout = 'tile',
  priority = false,
  active = false,
  onClose,
  ...card
}: CardProps & {
  layout?: 'tile' | 'line';
  priority?: boolean;
  /** A line lit with its marker. */
  active?: boolean;
  /** A line shown as the map's preview: a button closes it. */
  onClose?: () => void;
}) {
  return layout === 'tile' ? (
    <Tile {...card} priority={priority} />
  ) : (
    <Line {...card} active={active} onClose={onClose} />
  );
}

/** The card's title: a link stretched over the whole card, so a press anywhere on it follows it. */
function Title({
  property,
  href = `/properties/${property.id}`,
  newTab = false,
  className,
}: CardProps & { className: string }) {
  return (
    <h3 className={className}>
      <Link
        prefetch={false}
        href={href}
        target={newTab ? '_blank' : undefined}
        className="after:absolute after:inset-0 focus:outline-none focus-visible:underline"
      >
        {property.name}
      </Link>
    </h3>
  );
}

/**
 * Beside a figure for fewer bedrooms than the rental has, which: "for 2 of 6 bedrooms" (the whole is
 * dearer). Said only then; a figure for the whole rental goes with the bedrooms line above it.
 */
function PricedBedrooms({ property }: CardProps) {
  const priced = property.price?.bedrooms ?? null;
  if (priced === null || priced >= property.bedrooms) return null;
  return (
    <p className="truncate text-sm text-ink-700" data-testid="card-bedrooms-priced">
      {bedroomsFor(priced, property.bedrooms)}
    </p>
  );
}

/** "Save" to the shortlist, with the stay the card's link carries; above the card's stretched link. */
function Save({ property, href, className, compact }: CardProps & { className: string; compact?: boolean }) {
  return (
    <SaveButton
      propertyId={property.id}
      name={property.name}
      href={href ?? `/properties/${property.id}`}
      className={className}
      compact={compact}
    />
  );
}

/** The card fills its grid cell, so the cards of a row are of one height whatever their names' lengths. */
function Tile({ priority, ...card }: CardProps & { priority: boolean }) {
  const { property } = card;
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-sand-200 transition hover:shadow-md">
      <div className="relative aspect-[4/3] bg-sand-100">
        {property.image ? (
          <Image
            src={property.image.url}
            alt={property.image.caption || property.name}
            fill
            priority={priority}
            sizes={CARD_SIZES}
            className="object-cover"
          />
        ) : (
          <PhotoPlaceholder />
        )}
        <Save {...card} className="absolute top-3 right-3" />
      </div>
      <div className="p-4">
        <Title {...card} className="text-lg font-semibold leading-snug text-ink-900" />
        <p className="mt-1 text-sm text-ink-700">
          {typeLabel(property.type)} · {property.location.path.slice(-3).join(', ')}
        </p>
        <p className="mt-2 text-sm text-ink-700">
          {plural(property.bedrooms, 'bedroom')} · {plural(property.bathrooms, 'bathroom')} · sleeps{' '}
          {count(property.sleeps)}
        </p>
        <CardRating rating={property.rating} reviews={property.review_count} />
        {property.stay && (
          <p className="mt-2 text-sm font-medium text-ink-900" data-testid="card-stay">
            <span className="sr-only">Cheapest stay: </span>
            {showRange(property.stay.checkin, property.stay.checkout)}
          </p>
        )}
        {property.price && <PriceLine price={property.price} />}
        <PricedBedrooms {...card} />
      </div>
    </article>
  );
}

/** A rental in a line: photo, name, place and the price's headline. */
function Line({ active, onClose, ...card }: CardProps & { active: boolean; onClose?: () => void }) {
  const { property } = card;
  return (
    <article
      className={`relative flex min-h-28 w-full max-w-md overflow-hidden rounded-2xl bg-white shadow-lg ring-1 ${active ? 'ring-2 ring-brand-600' : 'ring-sand-200'}`}
    >
      <div className="relative w-24 shrink-0 bg-sand-100">
        {property.image && (
          <Image src={property.image.url} alt="" fill sizes="112px" className="object-cover" />
        )}
      </div>
      {/* Room at the right for the heart (and the preview's close button beside it). */}
      <div className={`min-w-0 flex-1 py-2.5 pl-3 ${onClose ? 'pr-20' : 'pr-11'}`}>
        <Title {...card} className="truncate font-semibold text-ink-900" />
        <p className="truncate text-sm text-ink-700">{property.location.path.slice(-2).join(', ')}</p>
        <p className="truncate text-sm text-ink-700">
          {plural(property.bedrooms, 'bedroom')} · sleeps {property.sleeps}
        </p>
        {property.price && <ShortPrice price={property.price} />}
        <PricedBedrooms {...card} />
      </div>
      <Save {...card} compact className={`absolute top-2 ${onClose ? 'right-11' : 'right-2'}`} />
      {onClose && (
        <button
          type="button"
          aria-label="Close this rental’s preview"
          onClick={onClose}
          className="absolute top-2 right-2 z-10 grid h-7 w-7 place-items-center rounded-full bg-white text-ink-900 ring-1 ring-sand-200 hover:bg-sand-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
        >
          <CloseIcon />
        </button>
      )}
    </article>
  );
}

/**
 * "★ 4.6 · 12 reviews": the rating with how many reviews stand behind it (the replica's count of the
 * catalog's reviews; the rating alone while the count is not known). No reviews: no stars, not 0.
 */
export function CardRating({ rating, reviews }: { rating: number | null; reviews: number | undefined }) {
  if (rating === null || reviews === 0) return null;
  return (
    <p className="mt-1 text-sm font-medium text-ink-900" data-testid="card-rating">
      <span aria-hidden="true">★ </span>
      <span className="sr-only">Rated </span>
      {rating.toFixed(1)}
      <span className="sr-only"> out of 5</span>
      {reviews !== undefined && (
        <span className="font-normal text-ink-700">
          <span aria-hidden="true"> · </span>
          <span className="sr-only">, </span>
          {plural(reviews, 'review')}
        </span>
      )}
    </p>
  );
}
