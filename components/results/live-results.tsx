'use client';

import { keepPreviousData, QueryClient, QueryClientContext, useQuery } from '@tanstack/react-query';
import { useRouter, useSearchParams } from 'next/navigation';
import { type FormEvent, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { plural, showDay, showRange } from '@/lib/site/browser';
import { ApiError, apiGet } from '@/lib/site/browser/api-client';
import { type Bounds, formatBounds, parseBounds } from '@/lib/site/browser/bounds';
import {
  activeFilters,
  apiQueryFor,
  cleanSearchParams,
  FILTER_KEYS,
  hasParty,
  NARROWING,
  SORTS,
  searchKey,
} from '@/lib/site/browser/search-url';
import { DEFAULT_ADULTS, guestsOf, readStay, withStay } from '@/lib/site/browser/stay';
import { ResultsMap } from '../map/map-loader';
import { DateRangeField } from '../search-form/date-range-field';
import { DestinationCombobox } from '../search-form/destination-combobox';
import { FIELD } from '../search-form/field-style';
import { GuestsField } from '../search-form/guests-field';
import { FiltersIcon, MapIcon } from '../ui/icons';
import { EAGER_CARDS } from './card-photos';
import { PropertyCard } from './property-card';
import { SkeletonGrid } from './skeleton-grid';
import type { ResultsPage as Page, ResultsProps } from './types';

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
export default function LiveResults({ onLive, ...props }: ResultsProps & { onLive?: () => void }) {
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
  // Said in the commit that makes the view live, before the browser's event that woke it goes on.
  useLayoutEffect(() => onLive?.(), [onLive]);
  return (
    <QueryClientContext.Provider value={client}>
      <Results {...props} />
    </QueryClientContext.Provider>
  );
}

/**
 * Search results with their filters. The server renders the first view; afterwards every change is a new
 * URL (pushed, so back and forward work and a link restores it) whose results come from /api/search. The
 * traveller's stay (dates and party) rides on every result's link. On a phone the filters fold behind one
 * button so the results come first. With `withMap`, a "Map" toggle (`map=1` in the URL) shows the page's
 * rentals on a map beside the list (on a phone, full screen with a strip of cards); the map can narrow the
 * search to its area (`bounds`).
 */
function Results({
  basePath,
  initialParams,
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
  const router = useRouter();
  const urlParams = useSearchParams();
  const params = useMemo(() => {
    const p = cleanSearchParams(urlParams);
    if (fixedLocation) p.set('location', String(fixedLocation));
    return p;
  }, [urlParams, fixedLocation]);
  const key = searchKey(params);
  const mapShown = withMap && params.get('map') === '1';
  const bounds = useMemo(() => parseBounds(params.get('bounds') ?? ''), [params]);
  // The rental under the pointer or focus, in the list or on the map: both light it.
  const [activeId, setActiveId] = useState<number | null>(null);
  const stay = useMemo(() => readStay(params), [params]);
  // Names of the destinations this view has shown, so the field keeps its text as the URL changes.
  const names = useRef(new Map<number, string>());
  if (location && !names.current.has(location.id)) names.current.set(location.id, location.label);
  const [filtersOpen, setFiltersOpen] = useState(false);
  // The server found the first view's URL invalid; a new URL is asked of /api/search, which says if it is.
  const initialKey = searchKey(new URLSearchParams(initialParams));
  const knownInvalid = key === initialKey && Boolean(initialErrors);
  const heading = useRef<HTMLHeadingElement>(null);

  const results = useQuery<Page>({
    queryKey: ['search', key],
    enabled: !knownInvalid,
    initialData: key === initialKey && initial ? initial : undefined,
    placeholderData: keepPreviousData,
    retry: (count, error) => !(error instanceof ApiError && error.code === 'validation_failed') && count < 1,
    queryFn: ({ signal }) => apiGet<Page>('/api/search', apiQueryFor(params), signal),
  });

  const withKept = (qs: string) => {
    const all = new URLSearchParams(qs);
    for (const [k, v] of Object.entries(keep ?? {})) all.set(k, v);
    return all.toString();
  };
  const link = (next: URLSearchParams) => {
    if (fixedLocation) next.delete('location');
    const qs = withKept(cleanSearchParams(next).toString());
    return qs ? `${basePath}?${qs}` : basePath;
  };
  const go = (next: URLSearchParams) => {
    const href = link(new URLSearchParams(next));
    if (!fixedLocation && next.get('location') !== params.get('location')) {
      // Another destination changes the page's own title and heading: the server renders that view.
      router.push(href, { scroll: false });
    } else {
      window.history.pushState(null, '', href);
    }
    heading.current?.focus();
  };

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const next = new URLSearchParams(params);
    // Another destination is another place on the map: its area is not this one's.
    if (String(form.get('location') ?? '') !== (params.get('location') ?? '')) next.delete('bounds');
    for (const k of [...FILTER_KEYS, 'guests']) next.delete(k);
    if (fixedLocation) next.set('location', String(fixedLocation));
    for (const k of FILTER_KEYS) {
      const v = String(form.get(k) ?? '');
      if (v) next.set(k, v);
    }
    next.delete('page');
    setFiltersOpen(false);
    go(next);
  };

  /** These parameters without `drop`, with `set`, back on page 1 unless `set` names a page. */
  const relax = (drop: readonly string[], set: Record<string, string> = {}) => {
    const next = new URLSearchParams(params);
    next.delete('page');
    for (const k of drop) next.delete(k);
    for (const [k, v] of Object.entries(set)) next.set(k, v);
    return next;
  };
  const follow = (next: URLSearchParams) => (e: React.MouseEvent) => {
    e.preventDefault();
    go(next);
  };
  /** The map shown or hidden: the view changes, the search does not (no new results, focus stays). */
  const toggleMap = (show: boolean) => {
    const next = new URLSearchParams(params);
    if (show) next.set('map', '1');
    else next.delete('map');
    window.history.pushState(null, '', link(next));
  };
  const searchArea = (area: Bounds) => go(relax([], { bounds: formatBounds(area) }));

  const data = results.data;
  const fieldErrors: Record<string, string> | undefined = knownInvalid
    ? (initialErrors ?? undefined)
    : results.error instanceof ApiError && results.error.code === 'validation_failed'
      ? results.error.fields
      : undefined;
  const locationId = Number(params.get('location')) || null;
  const currency = data?.prices?.currency ?? params.get('currency') ?? displayCurrency;
  const priceAsked =
    params.has('price_min') || params.has('price_max') || (params.get('sort') ?? '').endsWith('price');
  const filterCount = activeFilters(params, fixedLocation);
  const cardHref = (id: number) =>
    withStay(cardLink ? cardLink.base.replace('{id}', String(id)) : `/properties/${id}`, stay);

  return (
    <div
      className={`grid gap-4 lg:gap-6 ${mapShown ? 'lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]' : 'lg:grid-cols-[18rem_1fr]'}`}
    >
      <div className={mapShown ? 'max-lg:hidden lg:col-start-1' : 'lg:hidden'}>
        <button
          type="button"
          aria-expanded={filtersOpen}
          aria-controls="search-filters"
          aria-label={filterCount > 0 ? `Filters, ${filterCount} active` : 'Filters'}
          onClick={() => setFiltersOpen((o) => !o)}
          className="inline-flex items-center gap-2 rounded-full bg-white px-4 py-2 font-medium text-ink-900 shadow-sm ring-1 ring-sand-200 hover:ring-brand-500 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
        >
          <FiltersIcon />
          Filters{' '}
          {filterCount > 0 && (
            <span className="grid h-6 min-w-6 place-items-center rounded-full bg-brand-700 px-1.5 text-sm text-white">
              {filterCount}
            </span>
          )}
        </button>
      </div>
      <form
        key={key}
        id="search-filters"
        onSubmit={onSubmit}
        aria-label="Filters"
        className={`${filtersOpen ? 'flex' : 'hidden'} flex-col gap-4 self-start rounded-2xl bg-white p-4 shadow-sm ring-1 ring-sand-200 ${mapShown ? `max-lg:hidden lg:col-start-1 lg:grid-cols-2 lg:items-end ${filtersOpen ? 'lg:grid' : ''}` : 'lg:flex'}`}
      >
        {!fixedLocation && (
          <DestinationCombobox
            initial={
              locationId
                ? { id: locationId, label: names.current.get(locationId) ?? 'The chosen destination' }
                : null
            }
            onChoose={(l) => {
              if (l) names.current.set(l.id, l.name);
            }}
          />
        )}
        <DateRangeField checkin={stay.checkin} checkout={stay.checkout} />
        <GuestsField initial={{ adults: stay.adults, children: stay.children }} />
        <div>
          <label htmlFor="f-bedrooms" className="block text-sm font-medium text-ink-700">
            Bedrooms
          </label>
          <select
            id="f-bedrooms"
            name="bedrooms"
            defaultValue={params.get('bedrooms') ?? ''}
            className={FIELD}
          >
            <option value="">Any</option>
            {[1, 2, 3, 4, 5, 6, 8, 10].map((n) => (
              <option key={n} value={n}>
                {n}+
              </option>
            ))}
          </select>
        </div>
        <fieldset>
          <legend className="block text-sm font-medium text-ink-700">Price a night ({currency})</legend>
          <div className="mt-1 flex items-center gap-2">
            <label className="sr-only" htmlFor="f-price-min">
              Lowest price a night in {currency}
            </label>
            <input
              id="f-price-min"
              name="price_min"
              inputMode="numeric"
              pattern="[0-9]*"
              placeholder="Min"
              defaultValue={params.get('price_min') ?? ''}
              aria-invalid={fieldErrors?.price_min ? true : undefined}
              className={`${FIELD} mt-0`}
            />
            <span aria-hidden="true">–</span>
            <label className="sr-only" htmlFor="f-price-max">
              Highest price a night in {currency}
            </label>
            <input
              id="f-price-max"
              name="price_max"
              inputMode="numeric"
              pattern="[0-9]*"
              placeholder="Max"
              defaultValue={params.get('price_max') ?? ''}
              aria-invalid={fieldErrors?.price_max ? true : undefined}
              className={`${FIELD} mt-0`}
            />
          </div>
        </fieldset>
        <div>
          <label htmlFor="f-sort" className="block text-sm font-medium text-ink-700">
            Sort by
          </label>
          <select
            id="f-sort"
            name="sort"
            defaultValue={params.get('sort') ?? 'id'}
            onChange={(e) => e.currentTarget.form?.requestSubmit()}
            className={FIELD}
          >
            {SORTS.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </div>
        <button
          type="submit"
          className="rounded-full bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2"
        >
          Update results
        </button>
      </form>

      <section
        aria-labelledby="results-heading"
        aria-busy={results.isFetching}
        // On a phone, room below the last results for the floating "Map" button.
        className={mapShown ? 'max-lg:hidden lg:col-start-1' : withMap ? 'max-lg:pb-16' : undefined}
      >
        <div className="flex items-start justify-between gap-3">
          <h2
            id="results-heading"
            ref={heading}
            tabIndex={-1}
            className="text-base font-semibold text-ink-900 focus:outline-none sm:text-lg"
          >
            <span role="status">
              {data ? summary(data, params) : results.isError || knownInvalid ? 'No results' : 'Searching…'}
            </span>
          </h2>
          {withMap && (
            <button
              type="button"
              aria-pressed={mapShown}
              onClick={() => toggleMap(!mapShown)}
              className="hidden shrink-0 items-center gap-2 rounded-full bg-white px-4 py-1.5 text-sm font-medium text-ink-900 shadow-sm ring-1 ring-sand-200 hover:ring-brand-500 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 lg:inline-flex"
            >
              <MapIcon /> {mapShown ? 'Hide map' : 'Show map'}
            </button>
          )}
        </div>
        {data && <PricesNote data={data} priceAsked={priceAsked} />}
        {bounds && (
          <p className="mt-1 text-sm text-ink-700" data-testid="area-note">
            {data?.source === 'upstream'
              ? 'The map’s area can’t narrow the results until our copy of the catalog has loaded: every match is shown for now. '
              : 'Only rentals in the map’s area. '}
            <a className="underline" href={link(relax(['bounds']))} onClick={follow(relax(['bounds']))}>
              Search everywhere
            </a>
          </p>
        )}

        {fieldErrors && (
          <div role="alert" className="mt-4 rounded-xl bg-red-50 p-4 text-red-900">
            <p className="font-medium">This search cannot be run as it is:</p>
            <ul className="mt-2 list-disc pl-5">
              {Object.entries(fieldErrors).map(([k, sentence]) => (
                <li key={k}>{sentence}.</li>
              ))}
            </ul>
            <a className="mt-2 inline-block underline" href={link(relax(NARROWING))}>
              Clear the filters
            </a>
          </div>
        )}

        {results.isError && !fieldErrors && (
          <div role="alert" className="mt-4 rounded-xl bg-red-50 p-4 text-red-900">
            <p className="font-medium">The results could not be loaded.</p>
            {results.error instanceof ApiError && <p className="mt-1">{results.error.message}</p>}
            <button
              type="button"
              onClick={() => results.refetch()}
              className="mt-3 rounded-full bg-red-800 px-4 py-1 text-white"
            >
              Try again
            </button>
          </div>
        )}

        {!data && results.isFetching && <SkeletonGrid />}

        {data && data.properties.length === 0 && (
          <div className="mt-4 rounded-xl bg-white p-6 ring-1 ring-sand-200">
            <p className="font-medium text-ink-900">No rentals match all of that.</p>
            <p className="mt-1 text-ink-700">Try relaxing the search:</p>
            <ul className="mt-3 flex flex-wrap gap-3">
              {params.get('checkin') && (
                <li>
                  <a
                    className="underline"
                    href={link(relax(['checkin', 'checkout']))}
                    onClick={follow(relax(['checkin', 'checkout']))}
                  >
                    Any dates
                  </a>
                </li>
              )}
              {hasParty(params) && guestsOf(stay) > DEFAULT_ADULTS && (
                <li>
                  <a
                    className="underline"
                    href={link(relax(['guests', 'children'], { adults: String(DEFAULT_ADULTS) }))}
                    onClick={follow(relax(['guests', 'children'], { adults: String(DEFAULT_ADULTS) }))}
                  >
                    Fewer guests
                  </a>
                </li>
              )}
              {params.get('bedrooms') && (
                <li>
                  <a
                    className="underline"
                    href={link(relax(['bedrooms']))}
                    onClick={follow(relax(['bedrooms']))}
                  >
                    Any number of bedrooms
                  </a>
                </li>
              )}
              {wider && (
                <li>
                  <a
                    className="underline"
                    href={`/search?${relax(['location'], { location: String(wider.id) })}`}
                  >
                    All of {wider.name}
                  </a>
                </li>
              )}
            </ul>
          </div>
        )}

        {data && data.properties.length > 0 && (
          <ul
            className={`mt-4 grid gap-5 sm:grid-cols-2 ${mapShown ? '' : 'xl:grid-cols-3'} ${results.isPlaceholderData ? 'opacity-60' : ''}`}
          >
            {data.properties.map((p, i) => (
              <li
                key={p.id}
                data-active={mapShown && activeId === p.id ? 'true' : undefined}
                className={`rounded-2xl ${mapShown && activeId === p.id ? 'ring-2 ring-ink-900 ring-offset-2 ring-offset-sand-50' : ''}`}
                onMouseEnter={mapShown ? () => setActiveId(p.id) : undefined}
                onMouseLeave={mapShown ? () => setActiveId(null) : undefined}
                onFocus={mapShown ? () => setActiveId(p.id) : undefined}
                onBlur={mapShown ? () => setActiveId(null) : undefined}
              >
                <PropertyCard
                  property={p}
                  priority={i < EAGER_CARDS}
                  href={cardHref(p.id)}
                  newTab={cardLink?.newTab}
                />
              </li>
            ))}
          </ul>
        )}

        {data && data.pagination.total_pages > 1 && (
          <Pagination
            page={data.pagination.page}
            pages={data.pagination.total_pages}
            hrefFor={(n) => link(relax([], n === 1 ? {} : { page: String(n) }))}
            onGo={(n) => go(relax(['page'], n === 1 ? {} : { page: String(n) }))}
          />
        )}
        {withMap && !mapShown && !filtersOpen && data && data.properties.length > 0 && (
          <button
            type="button"
            aria-pressed={false}
            onClick={() => toggleMap(true)}
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
            activeId={activeId}
            onActive={setActiveId}
            bounds={bounds}
            areaAvailable={data?.source !== 'upstream'}
            onSearchArea={searchArea}
            onClose={() => toggleMap(false)}
            cardHref={cardHref}
            newTab={cardLink?.newTab}
          />
        </div>
      )}
    </div>
  );
}

/**
 * Where converted figures or a price order appear, the reference rates behind them; while the site's copy
 * of the catalog is still loading, why the prices and the price order are missing.
 */
function PricesNote({ data, priceAsked }: { data: Page; priceAsked: boolean }) {
  if (data.source === 'upstream')
    return (
      <p className="mt-1 text-sm text-ink-700">
        Prices are still being loaded{priceAsked ? ': shown in our selection for now' : ''}.
      </p>
    );
  const converted = data.properties.some((p) => p.price?.converted);
  if (!data.prices || !(converted || priceAsked)) return null;
  return (
    <p className="mt-1 text-sm text-ink-700" data-testid="rates-note">
      Compared in {data.prices.currency} at reference rates of {showDay(data.prices.rates_date)}
      <span className="hidden sm:inline">; each rental is priced and paid in its own currency</span>.
    </p>
  );
}

function summary(data: Page, params: URLSearchParams): string {
  const parts = [plural(data.pagination.total, 'rental')];
  const checkin = params.get('checkin');
  const checkout = params.get('checkout');
  if (checkin && checkout) parts.push(`free ${showRange(checkin, checkout)}`);
  if (hasParty(params)) parts.push(`for ${plural(guestsOf(readStay(params)), 'guest')}`);
  if (data.pagination.total_pages > 1)
    parts.push(`page ${data.pagination.page} of ${data.pagination.total_pages}`);
  return parts.join(' · ');
}

function Pagination({
  page,
  pages,
  hrefFor,
  onGo,
}: {
  page: number;
  pages: number;
  hrefFor: (n: number) => string;
  onGo: (n: number) => void;
}) {
  const shown = [...new Set([1, page - 1, page, page + 1, pages])]
    .filter((n) => n >= 1 && n <= pages)
    .sort((a, b) => a - b);
  const item = (n: number, label: string, rel?: string) => (
    <a
      href={hrefFor(n)}
      rel={rel}
      aria-current={n === page && !rel ? 'page' : undefined}
      onClick={(e) => {
        e.preventDefault();
        onGo(n);
      }}
      className={`rounded-full px-3 py-1 ${n === page && !rel ? 'bg-brand-700 text-white' : 'bg-white ring-1 ring-sand-200 hover:bg-sand-100'}`}
    >
      {label}
    </a>
  );
  return (
    <nav aria-label="Pagination" className="mt-8">
      <ul className="flex flex-wrap items-center gap-2">
        {page > 1 && <li>{item(page - 1, 'Previous', 'prev')}</li>}
        {shown.map((n, i) => (
          <li key={n} className="flex items-center gap-2">
            {i > 0 && n - shown[i - 1]! > 1 && <span aria-hidden="true">…</span>}
            {item(n, String(n))}
          </li>
        ))}
        {page < pages && <li>{item(page + 1, 'Next', 'next')}</li>}
      </ul>
    </nav>
  );
}
