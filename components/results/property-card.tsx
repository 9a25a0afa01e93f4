import Image from 'next/image';
import Link from 'next/link';
import type { PropertySummary } from '@/lib/contract';
import { plural } from '@/lib/site/browser';
import type { CardPrice } from '@/lib/site/replica/types';
import { SaveButton } from '../advisors/save-button';
import { money, roughMoney } from '../property/format';
import { PhotoPlaceholder } from '../property/photo-placeholder';
import { CARD_SIZES } from './card-photos';

const TYPE_LABEL: Record<string, string> = { condo: 'Condo', estate: 'Estate' };
const typeLabel = (type: string) => TYPE_LABEL[type] ?? type.charAt(0).toUpperCase() + type.slice(1);

/**
 * A rental in a list: cover photo at the width the layout needs, name, type, place, sizes and rating. The
 * card fills its grid cell, so the cards of a row are of one height whatever their names' lengths.
 */
export function PropertyCard({
  property,
  priority = false,
  href = `/properties/${property.id}`,
  newTab = false,
}: {
  property: PropertySummary & { price?: CardPrice };
  priority?: boolean;
  href?: string;
  /** Open in a new tab (an embed sending travellers to the full site). */
  newTab?: boolean;
}) {
  const place = property.location.path.slice(-3).join(', ');
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
        <SaveButton
          propertyId={property.id}
          name={property.name}
          href={href}
          className="absolute top-3 right-3"
        />
      </div>
      <div className="p-4">
        <h3 className="text-lg font-semibold leading-snug text-ink-900">
          <Link
            prefetch={false}
            href={href}
            target={newTab ? '_blank' : undefined}
            className="after:absolute after:inset-0 focus:outline-none focus-visible:underline"
          >
            {property.name}
          </Link>
        </h3>
        <p className="mt-1 text-sm text-ink-700">
          {typeLabel(property.type)} · {place}
        </p>
        <p className="mt-2 text-sm text-ink-700">
          {plural(property.bedrooms, 'bedroom')} · {plural(property.bathrooms, 'bathroom')} · sleeps{' '}
          {property.sleeps.toLocaleString('en')}
        </p>
        {property.rating !== null && (
          <p className="mt-1 text-sm font-medium text-ink-900">
            <span aria-hidden="true">★ </span>
            <span className="sr-only">Rated </span>
            {property.rating.toFixed(1)}
            <span className="sr-only"> out of 5</span>
          </p>
        )}
        {property.price && <PriceLine price={property.price} />}
      </div>
    </article>
  );
}

const ACCURACY_WORD: Record<string, string> = { estimated: 'estimated', incomplete: 'incomplete' };

/**
 * The card's price as a traveller reads it: "€1,621 total · 7 nights" for the dates searched (exactly the
 * quote's total), "from €120 a night" without dates, a word when the figure is estimated or incomplete, and
 * the figure in the display currency beside it when the rental prices in another.
 */
export function PriceLine({ price }: { price: CardPrice }) {
  if (price.kind === 'on_request')
    return <p className="mt-3 text-sm font-medium text-ink-900">Price on request</p>;
  if (price.kind === 'unavailable' || price.amount === null)
    return <p className="mt-3 text-sm text-ink-700">{price.reason ?? 'No price for these dates'}</p>;
  const accuracy = price.accuracy ? ACCURACY_WORD[price.accuracy] : undefined;
  const converted = price.converted?.amount ?? null;
  return (
    <p className="mt-3 text-ink-900" data-testid="card-price">
      {price.kind === 'stay' ? (
        <>
          <span className="text-lg font-semibold" data-testid="card-total">
            {money(price.amount, price.currency)}
          </span>{' '}
          <span className="whitespace-nowrap text-sm text-ink-700">
            total · {plural(price.nights ?? 0, 'night')}
          </span>
        </>
      ) : (
        <>
          <span className="text-sm text-ink-700">from </span>
          <span className="text-lg font-semibold">{roughMoney(price.amount, price.currency)}</span>
          <span className="text-sm text-ink-700"> a night</span>
        </>
      )}
      {accuracy && <span className="ml-1 text-sm text-ink-700">({accuracy})</span>}
      {converted !== null && price.converted && (
        <span className="block text-sm text-ink-700" data-testid="card-converted">
          about {roughMoney(converted, price.converted.currency)}
          {price.kind === 'from' ? ' a night' : ''}
        </span>
      )}
    </p>
  );
}
