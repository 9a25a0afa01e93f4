import Image from 'next/image';
import { stayLine } from '@/components/property/format';
import { PhotoPlaceholder } from '@/components/property/photo-placeholder';
import { words } from '@/components/property/words';
import type { OptionView } from '@/lib/site/advisors/view';
import { plural } from '@/lib/site/browser';
import { withStay } from '@/lib/site/browser/stay-link';
import { OptionPrice } from './option-price';

/**
 * One option as the client compares it: photo, name and place, the facts, a few amenities, the stay, the
 * price (today's, and what it was when sent if it moved), the advisor's note, and "Choose this option",
 * which opens the rental's inquiry with this stay and the proposal (its token and the option's id only:
 * nothing personal in the link).
 */
export function OptionColumn({
  view,
  n,
  token,
  newTab = false,
}: {
  view: OptionView;
  n: number;
  token: string;
  newTab?: boolean;
}) {
  const { option, today } = view;
  const p = option.property;
  const name = p?.name ?? `Rental ${option.propertyId}`;
  const stay = { ...option.stay, bedrooms: option.stay.bedrooms ?? undefined };
  const link = (dates: { checkin: string; checkout: string }, choose: boolean) => {
    const base = withStay(`/properties/${option.propertyId}`, { ...stay, ...dates });
    return choose ? `${base}&proposal=${token}&option=${option.id}` : base;
  };
  const possible = today.kind === 'priced' || today.kind === 'on_request' || today.kind === 'unknown';
  const target = newTab ? { target: '_blank', rel: 'noopener' } : {};
  return (
    <article
      aria-labelledby={`option-${option.id}`}
      className="proposal-option flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-sand-200"
      data-testid="proposal-option"
    >
      <div className="relative aspect-[4/3] bg-sand-100">
        {p?.photo ? (
          <Image
            src={p.photo.url}
            alt={p.photo.caption || name}
            fill
            sizes="(min-width: 1024px) 25vw, 85vw"
            className="object-cover"
          />
        ) : (
          <PhotoPlaceholder />
        )}
        <span className="absolute top-3 left-3 rounded-full bg-white/95 px-2.5 py-1 text-sm font-semibold text-ink-900 shadow">
          Option {n}
        </span>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h2 id={`option-${option.id}`} className="text-lg font-semibold leading-snug text-ink-900">
          {name}
        </h2>
        {p && (
          <>
            <p className="text-sm text-ink-700">{p.place.join(', ')}</p>
            <p className="text-sm text-ink-700">
              {plural(p.bedrooms, 'bedroom')} · {plural(p.bathrooms, 'bathroom')} · sleeps {p.sleeps}
              {p.rating !== null && (
                <>
                  {' '}
                  · <span aria-hidden="true">★ </span>
                  <span className="sr-only">rated </span>
                  {p.rating.toFixed(1)}
                  <span className="sr-only"> out of 5</span>
                </>
              )}
            </p>
            {p.amenities.length > 0 && (
              <ul aria-label="Key amenities" className="flex flex-wrap gap-1.5">
                {p.amenities.map((a) => (
                  <li key={a} className="rounded-full bg-sand-100 px-2 py-0.5 text-xs text-ink-900">
                    {words(a)}
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
        <p className="text-sm font-medium text-ink-900" data-testid="option-stay">
          {stayLine(option.stay)}
        </p>
        <OptionPrice sent={option.sent} today={today} choose={(dates) => link(dates, true)} />
        {option.note && (
          <blockquote className="border-l-2 border-brand-600 pl-3 text-sm whitespace-pre-line text-ink-900">
            {option.note}
          </blockquote>
        )}
        <div className="mt-auto flex flex-col gap-2 pt-2 print:hidden">
          {possible && (
            <a
              href={link(option.stay, true)}
              {...target}
              className="rounded-full bg-brand-700 px-4 py-2.5 text-center font-semibold text-white hover:bg-brand-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2"
            >
              Choose this option<span className="sr-only">: {name}</span>
            </a>
          )}
          <a
            href={link(option.stay, false)}
            {...target}
            className="text-center text-sm font-medium text-brand-700 underline"
          >
            See the rental<span className="sr-only"> {name}</span>
          </a>
        </div>
      </div>
    </article>
  );
}
