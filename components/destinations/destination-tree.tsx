'use client';

import Link from 'next/link';
import { useMemo, useState } from 'react';
import { useLocations } from '@/components/search-form/use-locations';
import { RetryAlert } from '@/components/ui/retry-alert';
import type { Location } from '@/lib/contract';
import { plural } from '@/lib/site/browser';
import { withCurrency } from '@/lib/site/browser/currency-url';
import { matchLocations } from '@/lib/site/browser/match-locations';
import type { Place } from '@/lib/site/browser/place-tree';
import { PlaceBranch } from './place-branch';

/** Matches listed at once while filtering. */
const SHOWN_MATCHES = 60;

/**
 * The destination tree with counts: regions open with their countries; a country's places load when it is
 * opened (place-branch.tsx). Typing filters every destination to a flat list of matches. Both read the
 * location catalog, asked once, when the filter is first used or a country first opened.
 */
export function DestinationTree({
  roots,
  currency = null,
}: {
  /** The first view (lib/site/browser/place-tree.ts). */
  roots: Place[];
  /** The display currency the page's URL chose, kept on every destination's link. */
  currency?: string | null;
}) {
  const [filter, setFilter] = useState('');
  const [wanted, setWanted] = useState(false);
  const catalog = useLocations(wanted);
  const typed = filter.trim();
  const all = catalog.data;
  const found = useMemo(() => (typed && all ? matchLocations(all, typed, all.length) : []), [all, typed]);
  const matches = found.slice(0, SHOWN_MATCHES);
  const want = () => setWanted(true);

  return (
    <div>
      <label htmlFor="dest-filter" className="block text-sm font-medium text-ink-700">
        Filter destinations
      </label>
      <input
        id="dest-filter"
        type="search"
        value={filter}
        onFocus={want}
        onChange={(e) => {
          want();
          setFilter(e.target.value);
        }}
        placeholder="Type a place, e.g. Tuscany"
        className="mt-1 w-full max-w-md rounded-lg border border-sand-200 bg-white px-3 py-2 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-500"
      />
      <p role="status" className="mt-2 text-sm text-ink-700">
        {!typed
          ? ''
          : all
            ? `${plural(found.length, 'destination')} match${found.length === 1 ? 'es' : ''}${found.length > matches.length ? `; showing the first ${matches.length}` : ''}`
            : catalog.error && !catalog.loading
              ? ''
              : 'Looking for destinations…'}
      </p>
      {typed && !all && catalog.error && !catalog.loading && (
        <RetryAlert onRetry={catalog.retry} className="mt-2">
          The destinations could not be loaded to filter. {catalog.error.message}
        </RetryAlert>
      )}
      {typed && <Matches matches={matches} currency={currency} />}
      {/* Kept while filtering (hidden), so the places opened stay open when the filter is cleared. */}
      <ul hidden={Boolean(typed)} className="mt-2 space-y-1">
        {roots.map((place) => (
          <PlaceBranch key={place.id} place={place} open currency={currency} catalog={catalog} want={want} />
        ))}
      </ul>
    </div>
  );
}

function Matches({ matches, currency }: { matches: Location[]; currency: string | null }) {
  if (matches.length === 0) return null;
  return (
    <ul className="mt-2 divide-y divide-sand-100 rounded-xl bg-white ring-1 ring-sand-200">
      {matches.map((l) => (
        <li key={l.id} className="px-4 py-2">
          <Link
            href={withCurrency(`/destinations/${l.id}`, currency)}
            className="font-medium text-brand-700 underline"
          >
            {l.name}
          </Link>{' '}
          <span className="text-sm text-ink-700">
            {l.path.slice(0, -1).join(' › ')} · {plural(l.property_count, 'rental')}
          </span>
        </li>
      ))}
    </ul>
  );
}
