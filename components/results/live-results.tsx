'use client';

import { QueryClient, QueryClientContext } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Results } from './results';
import type { ResultsProps } from './types';

/** Catalog answers stay fresh for a minute (the site caches too). */
const createQueryClient = () =>
  new QueryClient({
    defaultOptions: { queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false } },
  });
/** In the browser one client per tab, so a search asked before is answered at once after a navigation. */
let tabClient: QueryClient | undefined;

/**
 * The results view with its data client: react-query's, loaded with this module (results-view.tsx loads it
 * when the view is first used). On the server, one client per render.
 */
export default function LiveResults(props: ResultsProps) {
  const [client] = useState(() => {
    if (typeof window === 'undefined') return createQueryClient();
    tabClient ??= createQueryClient();
    return tabClient;
  });
  // What QueryClientProvider does: the client follows the window's focus and the network while in use.
  useEffect(() => {
    client.mount();
    return () => client.unmount();
  }, [client]);
  return (
    <QueryClientContext.Provider value={client}>
      <Results {...props} />
    </QueryClientContext.Provider>
  );
}
