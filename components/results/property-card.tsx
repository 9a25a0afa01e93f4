import Image from 'next/image';
import Link from 'next/link';
import type { PropertySummary } from '@/lib/contract';
import { plural } from '@/lib/site/browser';
import { PhotoPlaceholder } from '../property/photo-placeholder';

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
  property: PropertySummary;
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
            sizes="(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw"
            className="object-cover"
          />
        ) : (
          <PhotoPlaceholder />
        )}
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
          {property.sleeps}
        </p>
        {property.rating !== null && (
          <p className="mt-1 text-sm font-medium text-ink-900">
            <span aria-hidden="true">★ </span>
            <span className="sr-only">Rated </span>
            {property.rating.toFixed(1)}
            <span className="sr-only"> out of 5</span>
          </p>
        )}
      </div>
    </article>
  );
}
