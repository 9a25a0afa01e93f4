'use client';

import { lazy, type ReactNode, Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
// The calendar's styles come with the page, not with its script: the server's drawing of it is styled from
// the first paint.
import 'react-day-picker/style.css';
import './calendar.css';
import { useBrowserRender } from '@/lib/site/browser/use-browser-render';

/*
 * The booked-date calendar. A click picks check-in, the next later click check-out; a day the stay rules
 * refuse says why (on screen in the status line, and to a screen reader in the day's name). Booked nights
 * are struck through, past days faded, so the two never look alike; a legend says which is which.
 *
 * Everything under the heading (stay-calendar-body.tsx: react-day-picker and date-fns, most of the page's
 * script) loads as the traveller comes near it: a screen away, or on pointing at or tabbing into it. Until
 * then the server's drawing of it stands in, unchanged, under a cover that keeps a click from landing on a
 * day that cannot answer yet. Drawn in the browser (a later page, the phone's booking sheet) it loads at
 * once.
 */

let loaded: typeof import('./stay-calendar-body') | null = null;
const loadBody = () =>
  import('./stay-calendar-body').then((m) => {
    loaded = m;
    return m;
  });
const LazyBody = lazy(() => loadBody().then((m) => ({ default: m.StayCalendarBody })));

/** Starts loading the calendar before it is drawn (the phone's booking sheet, as it opens). */
export const preloadCalendar = () => void loadBody();

/** Where the calendar's loading state stands in: about its height with one month, so little below moves. */
const placeholder = (
  <p role="status" className="grid h-[27rem] place-items-center text-sm text-ink-700">
    Loading the calendar…
  </p>
);

export function StayCalendar({
  compact = false,
  id = 'calendar',
  legend,
}: {
  compact?: boolean;
  id?: string;
  /** calendar-legend.tsx: passed in, so a server page draws it and the page's script does not carry it. */
  legend: ReactNode;
}) {
  const titleId = `${id}-title`;
  return (
    <section aria-labelledby={titleId} className="brand-calendar">
      <h2
        id={titleId}
        tabIndex={-1}
        className={`${compact ? 'text-lg' : 'text-xl'} font-semibold text-ink-900 focus:outline-none`}
      >
        {compact ? 'Dates' : 'Availability'}
      </h2>
      <Body compact={compact} legend={legend} />
    </section>
  );
}

/**
 * The calendar under its heading, as described above: `live` once its script has loaded. The server draws
 * it (the lazy component resolves there); hydration keeps that drawing as it is (an element whose inner
 * HTML React leaves alone) until the traveller comes near; then the live calendar replaces it, focus kept
 * on the same day.
 */
function Body(props: { compact: boolean; legend: ReactNode }) {
  const browserRender = useBrowserRender();
  const [live, setLive] = useState(browserRender);
  const box = useRef<HTMLDivElement>(null);
  const refocus = useRef<string | null>(null);

  useEffect(() => {
    const el = box.current;
    if (live || !el) return;
    const wake = (e?: Event) => {
      const focused = e?.type === 'focusin' && e.target instanceof HTMLElement ? e.target : null;
      if (focused) {
        const day = focused.closest<HTMLElement>('[data-day]')?.dataset.day;
        refocus.current = day
          ? `[data-day="${day}"] button`
          : `button[aria-label="${focused.getAttribute('aria-label')}"]`;
      }
      loadBody().then(() => setLive(true));
    };
    const near = new IntersectionObserver((seen) => seen.some((s) => s.isIntersecting) && wake(), {
      rootMargin: '100% 0px',
    });
    near.observe(el);
    el.addEventListener('pointerover', wake);
    el.addEventListener('focusin', wake);
    return () => {
      near.disconnect();
      el.removeEventListener('pointerover', wake);
      el.removeEventListener('focusin', wake);
    };
  }, [live]);

  useLayoutEffect(() => {
    if (!live || !refocus.current) return;
    if (box.current?.contains(document.activeElement) || document.activeElement === document.body)
      box.current?.querySelector<HTMLElement>(refocus.current)?.focus();
    refocus.current = null;
  }, [live]);

  const Loaded = loaded?.StayCalendarBody;
  return (
    <div ref={box} className="relative">
      {live ? (
        Loaded ? (
          <Loaded {...props} />
        ) : (
          <Suspense fallback={placeholder}>
            <LazyBody {...props} />
          </Suspense>
        )
      ) : typeof window === 'undefined' ? (
        <div>
          <Suspense fallback={placeholder}>
            <LazyBody {...props} />
          </Suspense>
        </div>
      ) : (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: empty, so that hydration keeps the server's months as drawn
        <div dangerouslySetInnerHTML={{ __html: '' }} suppressHydrationWarning />
      )}
      {!live && <div aria-hidden="true" className="absolute inset-0 z-10 cursor-progress" />}
    </div>
  );
}
