'use client';

import { useRouter } from 'next/navigation';
import { cleanSearchParams } from '@/lib/site/browser/search-url';
import { DEFAULT_ADULTS } from '@/lib/site/browser/stay';
import { DateRangeField } from './date-range-field';
import { DestinationCombobox } from './destination-combobox';
import { FIELD } from './field-style';
import { GuestsField } from './guests-field';

/**
 * The home page's search: destination, dates, guests (adults and children) and bedrooms. A plain GET form
 * to /search, so it works before the page's JavaScript has loaded and every search is a link; once it has
 * loaded, the untouched fields are left out of the URL.
 */
export function SearchForm({ currency }: { currency?: string }) {
  const router = useRouter();
  return (
    <search aria-label="Find a rental">
      <form
        action="/search"
        method="get"
        onSubmit={(e) => {
          e.preventDefault();
          const form = new FormData(e.currentTarget);
          const params = cleanSearchParams(
            Object.fromEntries([...form.entries()].map(([k, v]) => [k, String(v)])),
          );
          router.push(params.size ? `/search?${params}` : '/search');
        }}
        className="grid gap-4 rounded-2xl bg-white p-4 shadow-md sm:grid-cols-2 lg:grid-cols-[2fr_2fr_1.6fr_1fr_auto] lg:items-end"
      >
        {/* The display currency chosen in the header rides along to the results. */}
        {currency && <input type="hidden" name="currency" value={currency} />}
        <DestinationCombobox />
        <DateRangeField />
        <GuestsField initial={{ adults: DEFAULT_ADULTS, children: 0 }} />
        <div>
          <label htmlFor="home-bedrooms" className="block text-sm font-medium text-ink-700">
            Bedrooms
          </label>
          <select id="home-bedrooms" name="bedrooms" defaultValue="" className={FIELD}>
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
