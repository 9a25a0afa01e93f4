'use client';

import { type ReactNode, Suspense, use, useLayoutEffect, useRef, useState } from 'react';
import { useBrowserRender } from '@/lib/site/browser/use-browser-render';
import { useFirstUse } from './first-use';

/*
 * Hydration when first used, for a part of a page the server renders whole but whose script is large and
 * often never needed (the results view: its filters' fields and react-query, about 30 KB gzip).
 *
 *   <HydrateOnUse wake={…} fallback={<Skeleton />}>
 *     <Part {...props} />            // from a module loaded by `settledImport`, read with React's `use`
 *   </HydrateOnUse>
 *
 * - The server renders the children in place, so a visitor reads them, follows their links to other pages
 *   and submits their forms before any of their script has run.
 * - In the browser the part stays the server's HTML (its boundary waits; its code is not asked for) until it
 *   is used: a pointer over it or pressing it, a touch, focus or a key in it; or until `wake` (the URL asks
 *   for something only the live part can show). It then hydrates in place: no element is redrawn.
 * - Nothing done in the moment before it is live is lost (first-use.ts): a press of a button, or of a link
 *   to this same page, is held and done again once it is live (should its script never arrive, such a link
 *   still goes where it says after 5 s); a choice or typing in a field is told to it once it is live.
 *   Submit buttons and links to other pages are left to the browser.
 * - Rendered after a navigation within the site (no server HTML to keep), the children render at once, with
 *   the fallback while their code loads.
 *
 * React alone does not do this: selective hydration still loads every boundary's code at once, and it does
 * not replay a press on a part that is not hydrated. Tested in tests/e2e/hydrate-on-use.spec.ts.
 */

/**
 * An `import()` whose promise is marked as React's `use` reads a settled one: once loaded (on the server,
 * from the first render on), `use` renders it without suspending, so the server's HTML holds the part
 * itself rather than a placeholder streamed over later. Call it on the server at once to load it there.
 */
export function settledImport<M>(load: () => Promise<M>): () => Promise<M> {
  let loading: Promise<M> | undefined;
  return () => {
    if (!loading) {
      const promise = load();
      promise.then((m) => Object.assign(promise, { status: 'fulfilled', value: m }));
      loading = promise;
    }
    return loading;
  };
}

/** The children, server-rendered, hydrated when first used or woken (above). */
export function HydrateOnUse({
  wake,
  fallback,
  children,
}: {
  /** Hydrate now, used or not. */
  wake: boolean;
  fallback: ReactNode;
  children: ReactNode;
}) {
  const root = useRef<HTMLDivElement>(null);
  const [used] = useState(() => {
    let resolve = () => {};
    const promise = new Promise<void>((r) => {
      resolve = r;
    });
    return { promise, wake: resolve };
  });
  const onLive = useFirstUse(root, used.wake);
  // Woken in the render that asks it: React retries the waiting part's hydration within that same update
  // and must find it woken. Woken later (in an effect), the part stayed the server's HTML, showing the
  // first URL's results under a new URL (tests/e2e/search.spec.ts, "a broken search link").
  if (wake) used.wake();

  return (
    <div ref={root}>
      <Suspense fallback={fallback}>
        <UntilUsed used={used.promise}>
          {children}
          <Live onLive={onLive} />
        </UntilUsed>
      </Suspense>
    </div>
  );
}

/** Says the part is live, in the commit that makes it so: after its own layout effects, before the event goes on. */
function Live({ onLive }: { onLive: () => void }) {
  useLayoutEffect(() => onLive(), [onLive]);
  return null;
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
