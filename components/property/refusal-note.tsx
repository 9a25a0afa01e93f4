'use client';

import { lazy, Suspense } from 'react';
import { showRange } from '@/lib/site/browser';
import { hasDates } from '@/lib/site/browser/stay-link';
import { useBrowserRender } from '@/lib/site/browser/use-browser-render';
import { useStay } from './stay-context';

/*
 * The note of a stay that cannot be had (stay-refusal.tsx draws it): why, and the nearest stays the rules
 * allow. Loaded when a stay is refused, not with every property page.
 */

// The nearest stays and the rules' search for them: loaded only when a stay is refused, and drawn only in
// the browser, so no button shows before its script can take the press.
const NearestStays = lazy(() => import('./nearest-stays'));
const finding = <p className="mt-2 text-ink-700">Finding the nearest stays available…</p>;

const range = (checkin: string, checkout: string) => showRange(checkin, checkout, { weekdays: false });

export default function RefusalNote({
  className,
  onChoose,
}: {
  className: string;
  onChoose: (said: string) => void;
}) {
  const { stay, refusal } = useStay();
  const live = useBrowserRender();
  if (!refusal || !hasDates(stay)) return null;
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
        <Suspense fallback={finding}>{live ? <NearestStays onChoose={onChoose} /> : finding}</Suspense>
      )}
    </div>
  );
}
