import { QueryClient } from '@tanstack/react-query';

/** Catalog answers stay fresh for a minute (the site caches too). Loaded by providers.tsx where it is needed. */
export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: { queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false } },
  });
