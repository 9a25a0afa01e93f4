'use client';

import {
  lazy,
  type ReactNode,
  Suspense,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
// The months' styles come with the page, not with their script: the server's drawing of them is styled
// from the first paint.
import 'react-day-picker/style.css';
import './calendar.css';
import { showDay } from '@/lib/site/browser';
import { useStay } from './stay-context';
import type { MonthsProps } from './stay-months';

/*
 * The booked-date calendar. A click picks check-in, the next later click check-out; a day the stay rules
 * refuse says why (on screen in the status line, and to a screen reader in the day's name). Booked nights
 * are struck through, past days faded, so the two never look alike; a legend says which is which.
 *
 * The months themselves (react-day-picker and date-fns, most of the page's script) load as the traveller
 * comes near them: a screen away, or on pointing at or tabbing into them. Until then the server's drawing
 * of them stands in, unchanged, under a cover that keeps a click from landing on a day that cannot answer
 * yet. Drawn in the browser (a later page, the phone's booking sheet) they load at once.
 */

let loaded: typeof import('./stay-months') | null = null;
const loadMonths = () =>
  import('./stay-months').then((m) => {
    loaded = m;
    return m;
  });
const LazyMonths = lazy(() => loadMonths().then((m) => ({ default: m.StayMonths })));

/** Starts loading the months before they are drawn (the phone's booking sheet, as it opens). */
export const preloadCalendar = () => void loadMonths();

const noSubscription = () => () => {};
/** False on the server and while the page hydrates; true in a render that starts in the browser. */
const useBrowserRender = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

/** Where a months' loading state stands in: about one month's height, so nothing below moves much. */
const placeholder = (
  <p role="status" className="mt-3 grid h-80 place-items-center text-sm text-ink-700">
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
  const { data, stay, change, today, priced, minStay } = useStay();
  const [note, setNote] = useState('');

  const { checkin, checkout } = stay;
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
      <p className="mt-1 text-sm text-ink-700">
        {checkin && checkout
          ? `${showDay(checkin)} – ${showDay(checkout)}`
          : checkin
            ? `Check-in ${showDay(checkin)}: now choose check-out${minStay && minStay > 1 ? ` (at least ${minStay} nights)` : ''}.`
            : 'Choose your check-in day, then your check-out day.'}
      </p>
      <Months
        compact={compact}
        today={today}
        checkin={checkin}
        checkout={checkout}
        minStay={minStay}
        booked={data.booked}
        rates={data.rates}
        priced={priced}
        change={change}
        say={setNote}
      />
      {legend}
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
        <p role="status" className="min-h-6 text-sm text-ink-900">
          {note}
        </p>
        {checkin && (
          <button
            type="button"
            className="text-sm font-medium text-brand-700 underline"
            onClick={() => {
              change({ checkin: undefined, checkout: undefined });
              setNote('Dates cleared.');
            }}
          >
            Clear dates
          </button>
        )}
      </div>
    </section>
  );
}

/**
 * The months, as described above: `live` once their script has loaded. The server draws them (the lazy
 * component resolves there); hydration keeps that drawing as it is (an element whose inner HTML React
 * leaves alone) until the traveller comes near; then the live months replace it, focus kept on the same day.
 */
function Months(props: MonthsProps) {
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
      loadMonths().then(() => setLive(true));
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

  const Loaded = loaded?.StayMonths;
  return (
    <div ref={box} className="relative">
      {live ? (
        Loaded ? (
          <Loaded {...props} />
        ) : (
          <Suspense fallback={placeholder}>
            <LazyMonths {...props} />
          </Suspense>
        )
      ) : typeof window === 'undefined' ? (
        <div>
          <Suspense fallback={placeholder}>
            <LazyMonths {...props} />
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
