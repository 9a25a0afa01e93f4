import { useRef } from 'react';
import { DateRangeField } from '@/components/search-form/date-range-field';
import { DestinationCombobox } from '@/components/search-form/destination-combobox';
import { FIELD } from '@/components/search-form/field-style';
import { GuestsField } from '@/components/search-form/guests-field';
import { FiltersIcon } from '@/components/ui/icons';
import { activeFilters, SORTS } from '@/lib/site/browser/search-url';
import { PriceRange } from './price-range';
import type { SearchUrl } from './use-search-url';

/**
 * The search's filters: destination (not on a destination page), dates, party, bedrooms, the nightly price
 * range and the sort. Submitting is a new search (the sort submits as soon as it changes); the form is drawn
 * afresh for every search, so its fields always show the URL's. On a phone, and beside the map, they fold
 * behind a "Filters" button that says how many narrow the search.
 */
export function Filters({
  url,
  open,
  onOpen,
  location,
  fixedLocation,
  currency,
  fieldErrors,
}: {
  url: SearchUrl;
  open: boolean;
  onOpen: (open: boolean) => void;
  /** The first view's destination by name (the field shows it without loading the catalog). */
  location?: { id: number; label: string } | null;
  fixedLocation?: number;
  currency: string;
  fieldErrors?: Record<string, string>;
}) {
  const { params, stay, mapShown } = url;
  // Names of the destinations this view has shown, so the field keeps its text as the URL changes.
  const names = useRef(new Map<number, string>());
  if (location && !names.current.has(location.id)) names.current.set(location.id, location.label);
  const locationId = Number(params.get('location')) || null;
  const count = activeFilters(params, fixedLocation);
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
        id="search-filters"
        onSubmit={(e) => {
          e.preventDefault();
          onOpen(false);
          url.submit(new FormData(e.currentTarget));
        }}
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
        <PriceRange params={params} currency={currency} fieldErrors={fieldErrors} />
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
    </>
  );
}
