import type { firstSearchView } from '@/lib/site/search';
import { coverPreloads } from './card-photos';
import type { ResultsProperty, ResultsProps } from './types';

type FirstView = Awaited<ReturnType<typeof firstSearchView>>;
type FirstAnswer = NonNullable<FirstView['data']>;

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
    initial: view.data && { ...view.data, properties: view.data.properties.map(asShown) },
    covers: coverPreloads(view.data?.properties),
    displayCurrency: view.currency,
    initialErrors: view.errors,
  };
}

/**
 * A result with only what the results view reads (types.ts, `CardProperty`), picked, so that a field the
 * catalog adds is not sent either: the first view's rentals are sent twice, as the cards' HTML and as the
 * view's props, and the props carried each rental's addresses, photo sizes and update times for nothing.
 */
function asShown(p: FirstAnswer['properties'][number]): ResultsProperty {
  const { id, name, type, bedrooms, bathrooms, sleeps, rating, latitude, longitude, location, image } = p;
  const { price, review_count, stay } = p;
  return {
    id,
    name,
    type,
    bedrooms,
    bathrooms,
    sleeps,
    rating,
    latitude,
    longitude,
    location: { id: location.id, name: location.name, path: location.path },
    image: image && { url: image.url, caption: image.caption },
    ...(price !== undefined && { price }),
    ...(review_count !== undefined && { review_count }),
    ...(stay !== undefined && { stay }),
  };
}
