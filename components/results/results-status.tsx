import type { Ref } from 'react';
import { MapIcon } from '@/components/ui/icons';
import { plural, showDay, showRange } from '@/lib/site/browser';
import { aboutDuration } from '@/lib/site/browser/duration';
import { hasParty } from '@/lib/site/browser/search-url';
import { guestsOf } from '@/lib/site/browser/stay';
import type { ResultsPage } from './types';
import { UnbookableNote } from './unbookable-note';
import type { SearchUrl } from './use-search-url';

/**
 * What the results are, said as they change (a status a screen reader reads): how many, for which dates and
 * party, which page; then why prices are missing or which rates compared them, what the stay's own rules
 * left out (once for the search), and whether the map's area narrows them. The heading takes focus after every new search.
 */
export function ResultsStatus({
  url,
  data,
  failed,
  heading,
  withMap,
}: {
  url: SearchUrl;
  data: ResultsPage | undefined;
  /** The search could not be answered (a problem with it, or the catalog's). */
  failed: boolean;
  heading: Ref<HTMLHeadingElement>;
  withMap: boolean;
}) {
  const { params, mapShown } = url;
  const priceAsked =
    params.has('price_min') || params.has('price_max') || (params.get('sort') ?? '').endsWith('price');
  return (
    <>
      <div className="flex items-start justify-between gap-3">
        <h2
          id="results-heading"
          ref={heading}
          tabIndex={-1}
          className="text-base font-semibold text-ink-900 focus:outline-none sm:text-lg"
        >
          <span role="status">{data ? summary(data, url) : failed ? 'No results' : 'Searching…'}</span>
        </h2>
        {withMap && (
          <button
            type="button"
            aria-pressed={mapShown}
            onClick={() => url.toggleMap(!mapShown)}
            className="hidden shrink-0 items-center gap-2 rounded-full bg-white px-4 py-1.5 text-sm font-medium text-ink-900 shadow-sm ring-1 ring-sand-200 hover:ring-brand-500 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 lg:inline-flex"
          >
            <MapIcon /> {mapShown ? 'Hide map' : 'Show map'}
          </button>
        )}
      </div>
      {data && <PricesNote data={data} priceAsked={priceAsked} dated={params.has('checkin')} />}
      <UnbookableNote url={url} unbookable={data?.unbookable} guests={guestsOf(url.stay)} />
      {url.bounds && (
        <p className="mt-1 text-sm text-ink-700" data-testid="area-note">
          {data?.source === 'upstream'
            ? 'The map’s area can’t narrow the results until our copy of the catalog has loaded: every match is shown for now. '
            : 'Only rentals in the map’s area. '}
          <a
            className="underline"
            href={url.href(url.relax(['bounds']))}
            onClick={url.follow(url.relax(['bounds']))}
          >
            Search everywhere
          </a>
        </p>
      )}
    </>
  );
}

/** "62 %, about 40 min left" of a load under way (its time left when it has an estimate). */
function loadLeft(loading: NonNullable<ResultsPage['loading']>): string {
  const left = aboutDuration(loading.seconds_left);
  return `${loading.percent}\u00a0%${left ? `, ${left} left` : ''}`;
}

/**
 * Where converted figures or a price order appear, the reference rates behind them; while the site's copy
 * of the catalog is still loading, why the prices and the price order are missing (an answer from the
 * catalog), or how many of the search's rentals are still being priced (the copy's answer, from what is in).
 */
function PricesNote({ data, priceAsked, dated }: { data: ResultsPage; priceAsked: boolean; dated: boolean }) {
  // The catalog says which rentals are free on the dates, not their minimum stays: those come with the rates.
  if (data.source === 'upstream')
    return (
      <p className="mt-1 text-sm text-ink-700" data-testid="prices-loading">
        {dated ? 'Prices and minimum stays are' : 'Prices are'}
        {data.loading ? ` loading: ${loadLeft(data.loading)}` : ' still being loaded'}
        {priceAsked ? '; shown in our selection for now' : ''}.
        {dated ? ' A rental’s page says whether your dates can be booked.' : ''}
      </p>
    );
  const pending = data.loading?.pending ?? 0;
  const converted = data.properties.some((p) => p.price?.converted);
  return (
    <>
      {data.loading && pending > 0 && (
        <p className="mt-1 text-sm text-ink-700" data-testid="still-pricing">
          Still pricing up to {plural(pending, 'more rental')} for this search:{' '}
          {pending === 1 ? 'it appears' : 'they appear'} here as {pending === 1 ? 'it is' : 'they are'} priced
          (our copy of the catalog: {loadLeft(data.loading)}).
        </p>
      )}
      {data.prices && (converted || priceAsked) && (
        <p className="mt-1 text-sm text-ink-700" data-testid="rates-note">
          Compared in {data.prices.currency} at reference rates of {showDay(data.prices.rates_date)}
          <span className="hidden sm:inline">; each rental is priced and paid in its own currency</span>.
        </p>
      )}
    </>
  );
}

/** "48 rentals · free Fri 1 – Fri 8 Jan 2027 · for 3 guests · page 2 of 4" ("not booked" while prices load). */
function summary(data: ResultsPage, { params, stay }: SearchUrl): string {
  const parts = [plural(data.pagination.total, 'rental')];
  const checkin = params.get('checkin');
  const checkout = params.get('checkout');
  // "Free" only where the stay's own rules were checked too (the replica); the upstream's catalog knows
  // booked dates alone, not minimum stays (the note below says so).
  if (checkin && checkout)
    parts.push(`${data.source === 'upstream' ? 'not booked' : 'free'} ${showRange(checkin, checkout)}`);
  if (hasParty(params)) parts.push(`for ${plural(guestsOf(stay), 'guest')}`);
  if (data.pagination.total_pages > 1)
    parts.push(`page ${data.pagination.page} of ${data.pagination.total_pages}`);
  return parts.join(' · ');
}
