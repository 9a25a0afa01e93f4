'use client';

import { type QueryClient, QueryClientContext } from '@tanstack/react-query';
import { usePathname } from 'next/navigation';
import { type ReactNode, use, useEffect, useRef } from 'react';

/*
 * react-query's client, for the one part of the site still built on it: the results view
 * (components/results), on the pages that show results. Every other page is drawn without it: its client
 * (7 KB of script, and 13 KB with the hooks other components no longer use) would otherwise be in the script
 * of every page. The client is one per request on the server and one per tab in the browser, loaded before
 * a results page hydrates (and before a navigation to one shows it). When the results view moves to
 * lib/site/use-api-get.ts, this file and query-client.ts go.
 */

const SHOWS_RESULTS = /^\/(search|destinations\/[^/]+|embed\/search)\/?$/;

let loading: Promise<typeof import('./query-client')> | undefined;

/** The client's module, marked as React's `use` reads a settled promise, so a loaded one never suspends. */
function queryClientModule() {
  if (!loading) {
    const promise = import('./query-client');
    promise.then((m) => Object.assign(promise, { status: 'fulfilled', value: m }));
    loading = promise;
  }
  return loading;
}

// A results page opened directly asks for it with the page's own scripts, not after them.
if (typeof window !== 'undefined' && SHOWS_RESULTS.test(window.location.pathname)) queryClientModule();

export function Providers({ children }: { children: ReactNode }) {
  const needed = SHOWS_RESULTS.test(usePathname() ?? '');
  const loaded = needed ? use(queryClientModule()) : null;
  const client = useRef<QueryClient | null>(null);
  if (loaded && !client.current) client.current = loaded.createQueryClient();
  const value = needed ? (client.current ?? undefined) : undefined;
  // What QueryClientProvider does: the client follows the window's focus and the network while in use.
  useEffect(() => {
    if (!value) return;
    value.mount();
    return () => value.unmount();
  }, [value]);
  return <QueryClientContext.Provider value={value}>{children}</QueryClientContext.Provider>;
}
