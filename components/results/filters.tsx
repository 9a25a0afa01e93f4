import { useEffect, useRef, useState } from 'react';
import { DateRangeField } from '@/components/search-form/date-range-field';
import { DestinationCombobox } from '@/components/search-form/destination-combobox';
import { FIELD } from '@/components/search-form/field-style';
import { GuestsField } from '@/components/search-form/guests-field';
import { FiltersIcon } from '@/components/ui/icons';
import { toDay } from '@/lib/site/browser';
import { apiGet } from '@/lib/site/browser/api-client';
import { activeFilters, apiQueryFor, SORTS, searchKey } from '@/lib/site/browser/search-url';
import type { Facets } from '@/lib/site/replica/types';
import { FacetFilters, PriceHistogram } from './facet-filters';
import { PriceRange } from './price-range';
import type { SearchUrl } from './use-search-url';

/**
 * What the filters' fields as they stand would find: asked of /api/search (one result) a moment after each
 * change, so the apply button says how many rentals it will show and the counts follow the choices.
 */
function usePendingCount(url: SearchUrl) {
  const [pending, setPending] = useState<{ key: string; total: number; facets: Facets | null } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const asking = useRef<AbortController>(undefined);
  const onChange = (form: HTMLFormElement) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      asking.current?.abort();
      const controller = new AbortController();
      asking.current = controller;
      const query = apiQueryFor(url.formSearch(new FormData(form)));
      // A stay that starts before today is refused (the page already says why): there is nothing to count.
      const checkin = query.get('checkin');
      if (checkin && checkin < toDay(new Date())) {
        setPending(null);
        return;
      }
      query.set('per_page', '1');
      apiGet<{ pagination: { total: number }; facets?: Facets | null }>(
        '/api/search',
        query,
        controller.signal,
      )
        .then((a) => setPending({ key: url.key, total: a.pagination.total, facets: a.facets ?? null }))
        // A field the search refuses, or no answer: the button says no count; submitting shows why.
        .catch(() => {
          if (!controller.signal.aborted) setPending(null);
        });
    }, 300);
  };
  // Counts asked for another search's form (the URL moved since) no longer apply.
  return { pending: pending?.key === url.key ? pending : null, onChange };
}

/**
 * A choice made before the form was live (it hydrates when first used) changed no state: once live, if its
 * fields no longer ask for the URL's search, they are counted.
 */
function useCountOnLive(
  form: React.RefObject<HTMLFormElement | null>,
  url: SearchUrl,
  count: (f: HTMLFormElement) => void,
) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the form first goes live
  useEffect(() => {
    const f = form.current;
    if (f && searchKey(url.formSearch(new FormData(f))) !== url.key) count(f);
  }, []);
}

/**
 * The search's filters: destination (not on a destination page), dates, party, bedrooms, property type,
 * amenities, bathrooms, rating and policies with the count each choice would leave, the nightly price range
 * over a histogram of the results' prices, and the sort. Submitting is a new search (the sort submits as
 * soon as it changes); the form is drawn afresh for every search, so its fields always show the URL's. On a
 * phone, and beside the map, they fold behind a "Filters" button that says how many narrow the search; the
 * apply button says how many rentals the fields as they stand find.
 */
export function Filters({
  url,
  open,
  onOpen,
  location,
  fixedLocation,
  currency,
  fieldErrors,
  facets,
  total,
}: {
  url: SearchUrl;
  open: boolean;
  onOpen: (open: boolean) => void;
  /** The first view's destination by name (the field shows it without loading the catalog). */
  location?: { id: number; label: string } | null;
  fixedLocation?: number;
  currency: string;
  fieldErrors?: Record<string, string>;
  /** The filters' choices with their counts, and the price histogram (answers from the replica only). */
  facets?: Facets | null;
  /** How many rentals the search as it stands finds. */
  total?: number;
}) {
  const { params, stay, mapShown } = url;
  // Names of the destinations this view has shown, so the field keeps its text as the URL changes.
  const names = useRef(new Map<number, string>());
  if (location && !names.current.has(location.id)) names.current.set(location.id, location.label);
  const locationId = Number(params.get('location')) || null;
  const count = activeFilters(params, fixedLocation);
  const { pending, onChange } = usePendingCount(url);
  const formRef = useRef<HTMLFormElement>(null);
  useCountOnLive(formRef, url, onChange);
  const shown = pending ?? (total === undefined ? null : { total, facets });
  const counted = pending?.facets ?? facets;
  return (
    <>
      <div className={mapShown ? 'max-lg:hidden lg:col-start-1' : 'lg:hidden'}>
        <button
          type="button"
          aria-expanded={open}
          aria-controls="search-filters"
          aria-label={count > 0 ? `Filters, ${count} active` : 'Filters'}
          onClick={() => onOpen(!open)}
          className="inline-flex items-center gap-2 rounded-full bg-white px-4 py-2 font-medium text-ink-900 shadow-sm ring-1 ring-sand-200 hover:ring-brand-500 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
        >
          <FiltersIcon />
          Filters{' '}
          {count > 0 && (
            <span className="grid h-6 min-w-6 place-items-center rounded-full bg-brand-700 px-1.5 text-sm text-white">
              {count}
            </span>
          )}
        </button>
      </div>
      <form
        key={url.key}
        ref={formRef}
        id="search-filters"
        onSubmit={(e) => {
          e.preventDefault();
          onOpen(false);
          url.submit(new FormData(e.currentTarget));
        }}
        onChange={(e) => onChange(e.currentTarget)}
        aria-label="Filters"
        className={`${open ? 'flex' : 'hidden'} flex-col gap-4 self-start rounded-2xl bg-white p-4 shadow-sm ring-1 ring-sand-200 ${mapShown ? `max-lg:hidden lg:col-start-1 lg:grid-cols-2 lg:items-end ${open ? 'lg:grid' : ''}` : 'lg:flex'}`}
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
        <DateRangeField
          checkin={stay.checkin}
          checkout={stay.checkout}
          flexible={
            params.get('flex') && params.get('months')
              ? { flex: params.get('flex')!, months: params.get('months')!.split(',') }
              : null
          }
        />
        <GuestsField initial={{ adults: stay.adults, children: stay.children, infants: stay.infants ?? 0 }} />
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
        {counted && <FacetFilters facets={counted} params={params} />}
        <div>
          {counted?.histogram && <PriceHistogram histogram={counted.histogram} params={params} />}
          <PriceRange params={params} currency={currency} fieldErrors={fieldErrors} />
        </div>
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
        {/* On a phone the long form keeps its apply button, and the count, at the bottom of the screen. */}
        <div className="max-lg:sticky max-lg:bottom-0 max-lg:-mx-4 max-lg:-mb-4 max-lg:rounded-b-2xl max-lg:border-sand-200 max-lg:border-t max-lg:bg-white max-lg:p-3">
          <button
            type="submit"
            className="w-full rounded-full bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2"
          >
            Update results
            {shown && (
              <span className="font-normal">
                {' '}
                · {shown.total} {shown.total === 1 ? 'rental' : 'rentals'}
              </span>
            )}
          </button>
        </div>
      </form>
    </>
  );
}
