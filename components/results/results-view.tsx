'use client';

import { useSearchParams } from 'next/navigation';
import { type ReactNode, Suspense, use, useCallback, useEffect, useRef, useState } from 'react';
import { preload } from 'react-dom';
import { useBrowserRender } from '@/lib/site/browser/use-browser-render';
import { SkeletonGrid } from './skeleton-grid';
import type { ResultsProps } from './types';

type LiveModule = typeof import('./live-results');
let loading: Promise<LiveModule> | undefined;

/**
 * The view's module, marked as React's `use` reads a settled promise: once loaded (on the server, from the
 * first render on), it renders without suspending, so the server's HTML holds the results themselves rather
 * than a placeholder streamed over later.
 */
function liveModule() {
  if (!loading) {
    const promise = import('./live-results');
    promise.then((m) => Object.assign(promise, { status: 'fulfilled', value: m }));
    loading = promise;
  }
  return loading;
}
if (typeof window === 'undefined') void liveModule();

function LiveResults(props: ResultsProps & { onLive: () => void }) {
  const { default: Live } = use(liveModule());
  return <Live {...props} />;
}

/** What says a visitor is about to use the view: a pointer over it or pressing it, focus or a key in it. */
const INTENT = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;

/**
 * Search results with their filters (live-results.tsx), hydrated when first used. The server renders the
 * whole view, so a visitor reads the results, follows a result's link, and can even submit the filters
 * before any of its script has run. The browser hydrates it in place (no element is redrawn) the moment a
 * pointer, a touch, focus or a key goes into it, when the URL changes, or at once when the URL asks for the
 * map: until then it does not load the view's code, its fields or react-query (about 30 KB gzip). What a
 * visitor does in the moment before it is live is not lost: a press of a button or of a link within the
 * results (pages, "Any dates") is held and replayed, a choice or typing in a field is told to the view
 * once it is live. A result's link and the filters' submit button work as plain HTML. After a navigation
 * within the site (no server HTML to keep) the view renders at once, with the cards' skeleton while its
 * code loads.
 */
export function ResultsView(props: ResultsProps) {
  // Rendered in the page's frame, outside the boundary: React puts these in the head.
  for (const c of props.covers ?? [])
    preload(c.src, { as: 'image', imageSrcSet: c.srcSet, imageSizes: c.sizes, fetchPriority: 'high' });
  const root = useRef<HTMLDivElement>(null);
  const [used] = useState(() => {
    let wake = () => {};
    const promise = new Promise<void>((resolve) => {
      wake = resolve;
    });
    return { promise, wake };
  });
  const live = useRef(false);
  const held = useRef<{ press: HTMLElement | null; fields: Set<HTMLInputElement | HTMLSelectElement> }>({
    press: null,
    fields: new Set(),
  });
  const onLive = useCallback(() => {
    live.current = true;
    const { press, fields } = held.current;
    held.current = { press: null, fields: new Set() };
    queueMicrotask(() => {
      for (const field of fields) if (field.isConnected) tellReact(field);
      if (press?.isConnected) press.click();
    });
  }, []);
  // A new URL (another currency, back or forward) gives the view new data: it must be live to show it.
  const search = useSearchParams().toString();
  const firstSearch = useRef(search);
  if (search !== firstSearch.current) used.wake();
  const mapAsked = props.withMap && new URLSearchParams(props.initialParams).get('map') === '1';

  useEffect(() => {
    // On the window, in the capture phase: React stops an event aimed at a part still to be hydrated
    // before it reaches anything below the document.
    const inside = (e: Event) => e.target instanceof Node && Boolean(root.current?.contains(e.target));
    const wake = (e: Event) => {
      if (inside(e)) used.wake();
    };
    const hold = (e: MouseEvent) => {
      if (live.current || !inside(e) || !(e.target instanceof Element)) return;
      const button = e.target.closest('button');
      const link = e.target.closest('a');
      // A result's link (another page) and the filters' submit work without the view's script.
      const ours = button
        ? button.type !== 'submit'
        : Boolean(link && !link.target && new URL(link.href).pathname === window.location.pathname);
      if (!ours) return;
      e.preventDefault();
      e.stopPropagation();
      const press = (button ?? link) as HTMLElement;
      held.current.press = press;
      used.wake();
      // Should the view's script never arrive (the network gone), a link still goes where it says.
      if (link && !button) setTimeout(() => !live.current && window.location.assign(link.href), 5000);
    };
    const changed = (e: Event) => {
      const field = e.target;
      if (live.current || !inside(e)) return;
      if (field instanceof HTMLInputElement || field instanceof HTMLSelectElement) {
        held.current.fields.add(field);
        used.wake();
      }
    };
    for (const type of INTENT) window.addEventListener(type, wake, { capture: true, passive: true });
    window.addEventListener('click', hold, true);
    window.addEventListener('input', changed, true);
    window.addEventListener('change', changed, true);
    if (mapAsked) used.wake();
    return () => {
      for (const type of INTENT) window.removeEventListener(type, wake, true);
      window.removeEventListener('click', hold, true);
      window.removeEventListener('input', changed, true);
      window.removeEventListener('change', changed, true);
    };
  }, [used, mapAsked]);

  return (
    <div ref={root}>
      <Suspense fallback={<SkeletonGrid />}>
        <UntilUsed used={used.promise}>
          <LiveResults {...props} onLive={onLive} />
        </UntilUsed>
      </Suspense>
    </div>
  );
}

/**
 * Tells the now-live view of a field changed before it was: a select's change is sent again; a text field
 * is emptied through React's own view of it and given its text back past it, so React sees the text as
 * new and its handler runs with it.
 */
function tellReact(field: HTMLInputElement | HTMLSelectElement) {
  if (field instanceof HTMLSelectElement) {
    field.dispatchEvent(new Event('change', { bubbles: true }));
    return;
  }
  const text = field.value;
  field.value = '';
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(field, text);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * While the page hydrates, waits for `used` before rendering its children, so their boundary keeps the
 * server's HTML and their code is not asked for. Rendered any other way (on the server, or after a
 * navigation), renders them at once.
 */
function UntilUsed({ used, children }: { used: Promise<void>; children: ReactNode }) {
  const hydrating = !useBrowserRender();
  if (hydrating && typeof window !== 'undefined') use(used);
  return children;
}
