'use client';

import { useState } from 'react';
import { readStay } from '@/lib/site/browser/stay';
import { useShortlist } from './use-shortlist';

/**
 * "Save" on a rental: puts it on this browser's shortlist with the stay it is shown with (the card's link
 * carries the search's stay; on the property page, the page's address holds the stay chosen there), or
 * takes it off again. A toggle button (aria-pressed) above the card's link, so a click saves rather than
 * opens; what happened is said to a screen reader.
 */
export function SaveButton({
  propertyId,
  name,
  href,
  className = 'relative',
  compact = false,
}: {
  propertyId: number;
  name: string;
  /** The link holding the stay to save; none: the page's own address. */
  href?: string;
  /** Its place: `relative` in a row, `absolute …` over a photo (above the card's link either way). */
  className?: string;
  /** The heart alone (a card's line on the map, where every pixel of the line is taken); named all the same. */
  compact?: boolean;
}) {
  const shortlist = useShortlist();
  const itemId = shortlist?.saved[String(propertyId)];
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState('');
  const press = async () => {
    if (busy) return;
    setBusy(true);
    try {
      // The calls that change the list, with the site's API client: loaded on the first press, not with the page.
      const { removeRental, saveRental } = await import('./shortlist-client');
      if (itemId) {
        await removeRental(itemId);
        setSaid(`${name} removed from your shortlist.`);
      } else {
        const link = new URL(href ?? window.location.href, window.location.origin);
        await saveRental(propertyId, readStay(link.searchParams));
        setSaid(`${name} saved to your shortlist.`);
      }
    } catch {
      setSaid('That did not work; please try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button
        type="button"
        aria-pressed={Boolean(itemId)}
        aria-label={`Save ${name} to your shortlist`}
        onClick={press}
        data-testid="save-rental"
        className={`z-10 inline-flex items-center gap-1.5 rounded-full bg-white/95 text-sm font-semibold text-ink-900 shadow ring-1 ring-sand-200 hover:bg-white focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 aria-pressed:text-brand-700 ${compact ? 'h-7 w-7 justify-center' : 'px-3 py-1.5'} ${busy ? 'opacity-70' : ''} ${className}`}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          className="h-4 w-4"
          strokeWidth="1.8"
          stroke="currentColor"
        >
          <path
            fill={itemId ? 'currentColor' : 'none'}
            strokeLinejoin="round"
            d="M10 17s-6.5-3.9-6.5-8.6A3.6 3.6 0 0 1 10 6.2a3.6 3.6 0 0 1 6.5 2.2C16.5 13.1 10 17 10 17z"
          />
        </svg>
        <span className={compact ? 'sr-only' : undefined}>{itemId ? 'Saved' : 'Save'}</span>
      </button>
      <span role="status" className="sr-only">
        {said}
      </span>
    </>
  );
}
