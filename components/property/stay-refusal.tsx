'use client';

import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { showRange } from '@/lib/site/browser';
import { hasDates } from '@/lib/site/browser/stay-link';
import { useBrowserRender } from '@/lib/site/browser/use-browser-render';
import { useStay } from './stay-context';

/*
 * A stay that cannot be had (a link's dates over booked nights, in the past, under the minimum stay; a
 * party the rental does not sleep), kept in view: why, and the nearest stays the rules allow, each a
 * button that makes it the page's stay (nearest-stays.tsx, loaded when needed). Once one is chosen, a line
 * says the new dates and takes the focus the button had.
 */

const range = (checkin: string, checkout: string) => showRange(checkin, checkout, { weekdays: false });

// The nearest stays and the rules' search for them: loaded only when a stay is refused, and drawn only in
// the browser, so no button shows before its script can take the press.
const NearestStays = lazy(() => import('./nearest-stays'));
const finding = <p className="mt-2 text-ink-700">Finding the nearest stays available…</p>;

export function StayRefusal({ className = '' }: { className?: string }) {
  const { stay, refusal, change } = useStay();
  const [chosen, setChosen] = useState<string | null>(null);
  const live = useBrowserRender();
  const said = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (chosen) said.current?.focus();
  }, [chosen]);
  if (!refusal || !hasDates(stay)) {
    if (!chosen || !hasDates(stay)) return null;
    return (
      <p
        ref={said}
        tabIndex={-1}
        role="status"
        className={`text-sm text-ink-900 focus:outline-none ${className}`}
      >
        Your stay is now {chosen}.
      </p>
    );
  }
  return (
    <div
      className={`rounded-xl bg-amber-50 p-3 text-sm text-ink-900 ring-1 ring-amber-200 ${className}`}
      data-testid="stay-refusal"
    >
      <p className="font-semibold">
        {refusal.kind === 'over-capacity'
          ? 'Too many guests for this rental'
          : `Not available ${range(stay.checkin, stay.checkout)}`}
      </p>
      <p>{refusal.reason}</p>
      {refusal.kind === 'over-capacity' && <p className="mt-1">Choose fewer guests to send an inquiry.</p>}
      {refusal.kind !== 'over-capacity' && refusal.kind !== 'too-long' && (
        <Suspense fallback={finding}>{live ? <NearestStays onChoose={setChosen} /> : finding}</Suspense>
      )}
    </div>
  );
}
