import { addDays } from '@/lib/dates';
import { plural } from '@/lib/site/browser';
import type { Unbookable } from '@/lib/site/replica/types';
import type { SearchUrl } from './use-search-url';

/**
 * Said once for a dated search: the rentals free on its dates that it leaves out because their own rules
 * refuse the stay (a longer minimum stay, fewer beds than the party), with the stay that would find the
 * first of them. Never one card each: a card is shown only when its stay can be booked.
 */
export function UnbookableNote({
  url,
  unbookable,
  guests,
}: {
  url: SearchUrl;
  unbookable: Unbookable | null | undefined;
  guests: number;
}) {
  const checkin = url.params.get('checkin');
  if (!unbookable || !checkin) return null;
  const { minStay, shortest, tooSmall } = unbookable;
  if (!minStay && !tooSmall) return null;
  const longer = shortest !== null ? url.relax([], { checkout: addDays(checkin, shortest) }) : null;
  const are = (n: number) => (n === 1 ? 'is' : 'are');
  const parts: string[] = [];
  if (minStay > 0)
    parts.push(
      `${plural(minStay, 'more rental')} ${are(minStay)} free on these dates but need${minStay === 1 ? 's' : ''} a longer stay${
        shortest !== null ? ` (at least ${plural(shortest, 'night')})` : ''
      }.`,
    );
  if (tooSmall > 0)
    parts.push(
      `${plural(tooSmall, minStay > 0 ? 'other' : 'more rental')} ${are(tooSmall)} too small for ${plural(guests, 'guest')}.`,
    );
  return (
    <p className="mt-1 text-sm text-ink-700" data-testid="unbookable-note">
      {parts.join(' ')}{' '}
      {longer && shortest !== null && (
        <a className="underline" href={url.href(longer)} onClick={url.follow(longer)}>
          Search {plural(shortest, 'night')} instead
        </a>
      )}
    </p>
  );
}
