'use client';

import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { hasDates } from '@/lib/site/browser/stay-link';
import { useBrowserRender } from '@/lib/site/browser/use-browser-render';
import { useStay } from './stay-context';

/*
 * A stay that cannot be had (a link's dates over booked nights, in the past, under the minimum stay; a
 * party the rental does not sleep), kept in view: why, and the nearest stays the rules allow, each a
 * button that makes it the page's stay (refusal-note.tsx and nearest-stays.tsx, loaded when a stay is
 * refused). Once one is chosen, a line says the new dates and takes the focus the button had.
 */

const RefusalNote = lazy(() => import('./refusal-note'));

export function StayRefusal({ className = '' }: { className?: string }) {
  const { stay, refusal } = useStay();
  const [chosen, setChosen] = useState<string | null>(null);
  const live = useBrowserRender();
  const said = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (chosen) said.current?.focus();
  }, [chosen]);
  // Drawn in the browser only (after hydration): a part that loads later must not be hydrated as the stay
  // changes under it (a stay read from the address, its price arriving).
  if (live && refusal && hasDates(stay))
    return (
      <Suspense fallback={null}>
        <RefusalNote className={className} onChoose={setChosen} />
      </Suspense>
    );
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
