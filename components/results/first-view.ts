import type { firstSearchView } from '@/lib/site/search';
import { coverPreloads } from './card-photos';
import type { ResultsProps } from './types';

type FirstView = Awaited<ReturnType<typeof firstSearchView>>;

/**
 * The results view's props that come from the server's first search (lib/site/search/views.ts), said once for
 * the three pages that show results: the search page, a destination's page and the embed.
 */
export function firstViewProps(
  view: FirstView,
): Pick<
  ResultsProps,
  'initialParams' | 'servedQuery' | 'initial' | 'covers' | 'displayCurrency' | 'initialErrors'
> {
  return {
    initialParams: view.params,
    servedQuery: view.served,
    initial: view.data,
    covers: coverPreloads(view.data?.properties),
    displayCurrency: view.currency,
    initialErrors: view.errors,
  };
}
