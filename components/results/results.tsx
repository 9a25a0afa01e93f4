import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { ResultsMap } from '@/components/map/map-loader';
import { MapIcon } from '@/components/ui/icons';
import { ApiError, apiGet } from '@/lib/site/browser/api-client';
import { withCurrency } from '@/lib/site/browser/currency-url';
import { apiQueryFor, searchKey } from '@/lib/site/browser/search-url';
import { withStay } from '@/lib/site/browser/stay';
import { Filters } from './filters';
import { Pagination } from './pagination';
import { ResultsGrid } from './results-grid';
import { LoadFailed, NothingMatches, SearchProblems } from './results-problems';
import { ResultsStatus } from './results-status';
import { SkeletonGrid } from './skeleton-grid';
import type { ResultsPage as Page, PointsAnswer, ResultsProps } from './types';
import { useSearchUrl } from './use-search-url';

/**
 * Search results with their filters. The server renders the first view; afterwards every change is a new
 * URL (use-search-url.ts) whose results come from /api/search. The traveller's stay (dates and party) rides
 * on every result's link. On a phone the filters fold behind one button so the results come first. With
 * `withMap`, a "Map" toggle (`map=1` in the URL) shows the page's rentals on a map beside the list (on a
 * phone, full screen with a strip of cards); the map can narrow the search to its area (`bounds`).
 */
export function Results({
  basePath,
  initialParams,
  servedQuery,
  initial,
  initialErrors,
  location,
  fixedLocation,
  wider,
  cardLink,
  keep,
  displayCurrency = 'EUR',
  withMap = false,
}: ResultsProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const onGo = () => heading.current?.focus();
  const url = useSearchUrl({ basePath, initialParams, servedQuery, fixedLocation, keep, withMap, onGo });
  const { params, key, stay, mapShown } = url;
  // The rental under the pointer or focus, in the list or on the map: both light it.
  const [activeId, setActiveId] = useState<number | null>(null);
  const [filtersOpen, setFiltersOpen] = useState(false);
  // The server found the first view's URL invalid; a new URL is asked of /api/search, which says if it is.
  const first = key === searchKey(new URLSearchParams(initialParams));
  const knownInvalid = first && Boolean(initialErrors);

  const results = useQuery<Page>({
    queryKey: ['search', key],
    enabled: !knownInvalid,
    initialData: first && initial ? initial : undefined,
    placeholderData: keepPreviousData,
    // While the site's copy of the catalog loads, ask again every 10 s: the note's percent moves, and the
    // prices appear without a reload once it is complete.
    refetchInterval: (query) => (query.state.data?.loading ? 10_000 : false),
    retry: (count, error) => !(error instanceof ApiError && error.code === 'validation_failed') && count < 1,
    queryFn: ({ signal }) => apiGet<Page>('/api/search', apiQueryFor(params), signal),
  });

  // Every result's place, for the map (the list stays paged): asked only while the map is shown.
  const points = useQuery<PointsAnswer>({
    queryKey: ['points', key],
    enabled: mapShown && !knownInvalid,
    placeholderData: keepPreviousData,
    retry: false,
    queryFn: ({ signal }) => apiGet<PointsAnswer>('/api/search/points', apiQueryFor(params), signal),
  });

  const data = results.data;
  const fieldErrors: Record<string, string> | undefined = knownInvalid
    ? (initialErrors ?? undefined)
    : results.error instanceof ApiError && results.error.code === 'validation_failed'
      ? results.error.fields
      : undefined;
  const currency = data?.prices?.currency ?? params.get('currency') ?? displayCurrency;
  // A flexible search's stays, by rental: the page's cards and the map's other results.
  const pointStays = useMemo(
    () => new Map((points.data?.points ?? []).flatMap((p) => (p.stay ? [[p.id, p.stay] as const] : []))),
    [points.data],
  );
  // Each card leads to its rental with this stay (a flexible search's: the card's own), in the display
  // currency chosen.
  const hrefOf = (id: number) =>
    withStay(
      withCurrency(
        cardLink ? cardLink.base.replace('{id}', String(id)) : `/properties/${id}`,
        params.get('currency'),
      ),
      {
        ...stay,
        ...(data?.properties.find((p) => p.id === id)?.stay ?? pointStays.get(id)),
      },
    );
  const found = data && data.properties.length > 0;

  return (
    <div
      className={`grid gap-4 lg:gap-6 ${mapShown ? 'lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]' : 'lg:grid-cols-[18rem_1fr]'}`}
    >
      <Filters
        url={url}
        open={filtersOpen}
        onOpen={setFiltersOpen}
        location={location}
        fixedLocation={fixedLocation}
        currency={currency}
        fieldErrors={fieldErrors}
        facets={data?.facets}
        total={data?.pagination.total}
      />
      <section
        aria-labelledby="results-heading"
        aria-busy={results.isFetching}
        // On a phone, room below the last results for the floating "Map" button.
        className={mapShown ? 'max-lg:hidden lg:col-start-1' : withMap ? 'max-lg:pb-16' : undefined}
      >
        <ResultsStatus
          url={url}
          data={data}
          failed={results.isError || knownInvalid}
          heading={heading}
          withMap={withMap}
        />
        {fieldErrors && <SearchProblems url={url} fields={fieldErrors} />}
        {results.isError && !fieldErrors && (
          <LoadFailed
            message={results.error instanceof ApiError ? results.error.message : undefined}
            onRetry={() => results.refetch()}
          />
        )}
        {!data && results.isFetching && <SkeletonGrid />}
        {data && data.properties.length === 0 && <NothingMatches url={url} wider={wider} />}
        {found && (
          <ResultsGrid
            properties={data.properties}
            hrefOf={hrefOf}
            newTab={cardLink?.newTab}
            mapShown={mapShown}
            dimmed={results.isPlaceholderData}
            activeId={activeId}
            onActive={setActiveId}
          />
        )}
        {data && data.pagination.total_pages > 1 && (
          <Pagination
            page={data.pagination.page}
            pages={data.pagination.total_pages}
            hrefFor={(n) => url.href(url.relax([], n === 1 ? {} : { page: String(n) }))}
            onGo={(n) => url.go(url.relax([], n === 1 ? {} : { page: String(n) }))}
          />
        )}
        {withMap && !mapShown && !filtersOpen && found && (
          <button
            type="button"
            aria-pressed={false}
            onClick={() => url.toggleMap(true)}
            className="fixed bottom-5 left-1/2 z-30 inline-flex -translate-x-1/2 items-center gap-2 rounded-full bg-ink-900 px-5 py-3 text-sm font-semibold text-white shadow-lg focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 lg:hidden"
          >
            Map <MapIcon />
          </button>
        )}
      </section>
      {mapShown && (
        <div className="max-lg:fixed max-lg:inset-0 max-lg:z-50 lg:sticky lg:top-4 lg:col-start-2 lg:row-span-3 lg:row-start-1 lg:h-[calc(100dvh-2rem)] lg:self-start">
          <ResultsMap
            properties={data?.properties ?? []}
            points={points.data?.points}
            total={points.data?.total}
            limit={points.data?.limit}
            activeId={activeId}
            onActive={setActiveId}
            bounds={url.bounds}
            areaAvailable={data?.source !== 'upstream'}
            onSearchArea={url.searchArea}
            onClose={() => url.toggleMap(false)}
            cardHref={hrefOf}
            newTab={cardLink?.newTab}
          />
        </div>
      )}
    </div>
  );
}
