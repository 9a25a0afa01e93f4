'use client';

import { DateRangeField } from './date-range-field';
import { DestinationCombobox } from './destination-combobox';

const field =
  'mt-1 w-full rounded-lg border border-sand-200 bg-white px-3 py-2 text-ink-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-500';

/**
 * The home page's search: destination, dates, guests and bedrooms. A plain GET form to /search, so it works
 * before the page's JavaScript has loaded and every search is a link.
 */
export function SearchForm() {
  return (
    <search aria-label="Find a rental">
      <form
        action="/search"
        method="get"
        className="grid gap-4 rounded-2xl bg-white p-4 shadow-md sm:grid-cols-2 lg:grid-cols-[2fr_2fr_1fr_1fr_auto] lg:items-end"
      >
        <DestinationCombobox />
        <DateRangeField />
        <div>
          <label htmlFor="home-guests" className="block text-sm font-medium text-ink-700">
            Guests
          </label>
          <input
            id="home-guests"
            name="guests"
            type="number"
            min={1}
            max={50}
            defaultValue={2}
            className={field}
          />
        </div>
        <div>
          <label htmlFor="home-rooms" className="block text-sm font-medium text-ink-700">
            Bedrooms
          </label>
          <select id="home-rooms" name="rooms" defaultValue="" className={field}>
            <option value="">Any</option>
            {[1, 2, 3, 4, 5, 6].map((n) => (
              <option key={n} value={n}>
                {n}+
              </option>
            ))}
          </select>
        </div>
        <button
          type="submit"
          className="h-11 rounded-full bg-brand-700 px-6 font-semibold text-white hover:bg-brand-900 focus:outline-none focus:ring-2 focus:ring-brand-500 focus:ring-offset-2"
        >
          Search
        </button>
      </form>
    </search>
  );
}
