import type { CatalogPage, PropertySummary } from '@/lib/contract';
import type {
  CardPrice,
  CardStay,
  Facets,
  MapPoint,
  ReplicaDetailFacts,
  Unbookable,
} from '@/lib/site/replica/types';
import type { CoverPreload } from './card-photos';

/* The results view's props, shared by its island (results-view.tsx) and the view (live-results.tsx). */

/**
 * A rental as a card and a map marker read it: the catalog's listing without what neither shows (its own and
 * its place's addresses, its photo's fixed sizes, its update times). /api/search answers carry them; the
 * first view's props do not (first-view.ts): they were a third of each rental's bytes in the page.
 */
export type CardProperty = Omit<PropertySummary, 'url' | 'updated' | 'updated_at' | 'image' | 'location'> & {
  image?: Pick<NonNullable<PropertySummary['image']>, 'url' | 'caption'> | null;
  location: Omit<PropertySummary['location'], 'url'>;
};

/**
 * A result: `review_count`, the replica's count of the rental's reviews (absent from the upstream's answers);
 * `stay`, in a flexible search, the stay it is priced for (its cheapest of the length asked).
 */
export type ResultsProperty = CardProperty &
  Pick<ReplicaDetailFacts, 'review_count'> & { price?: CardPrice; stay?: CardStay };

/** A page of results as the site's /api/search (and the page's server render) gives it. */
export type ResultsPage = {
  properties: ResultsProperty[];
  pagination: CatalogPage['pagination'];
  /** `replica`: the site's own copy answered, with prices; `upstream`: the catalog did (no prices yet). */
  source?: 'replica' | 'upstream';
  prices?: { currency: string; rates_date: string; rates_source: string } | null;
  /**
   * While the site's copy of the catalog is loading: how far (percent of the rentals), about how long it has
   * left, and in the copy's own answer how many of the search's rentals are still being priced (not shown).
   */
  loading?: { percent: number; seconds_left?: number | null; pending?: number };
  /** What a dated search left out as the rules refuse its stay there (the replica's answers only). */
  unbookable?: Unbookable | null;
  /** The filters' choices with their counts, and the price histogram (the replica's answers only). */
  facets?: Facets | null;
};

export type ResultsProps = {
  basePath: string;
  initialParams: string;
  /** The page's query as it was asked for (the first view's URL, before the server cleaned it). */
  servedQuery: string;
  initial: ResultsPage | null;
  /** The first view's problems with the URL, as sentences by parameter (the server checked it). */
  initialErrors?: Record<string, string> | null;
  /** The destination the first view searches, by name (the filters show it without loading the catalog). */
  location?: { id: number; label: string } | null;
  /** A destination page searches within its destination; the location is not a filter there. */
  fixedLocation?: number;
  /** A wider destination to suggest when nothing matches. */
  wider?: { id: number; name: string } | null;
  /** Where a result leads: `{id}` in `base` is the property id; `newTab` for the full site from an embed. */
  cardLink?: { base: string; newTab?: boolean };
  /** Parameters kept in every URL of this view besides the search (an embed's host). */
  keep?: Record<string, string>;
  /** The display currency when the URL names none (the site's setting). */
  displayCurrency?: string;
  /** Offer the map (results and destination pages; not in an embed). */
  withMap?: boolean;
  /** The first cards' covers, asked for from the page's head (card-photos.ts). */
  covers?: CoverPreload[];
};

/** /api/search/points: every result with a position (null while the replica cannot say), and how many. */
export interface PointsAnswer {
  points: MapPoint[] | null;
  total: number | null;
  limit: number;
}
