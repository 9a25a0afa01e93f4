'use client';

import Link from 'next/link';
import { useId, useMemo, useState } from 'react';
import type { Location } from '@/lib/contract';
import { plural } from '@/lib/site/browser';
import { withCurrency } from '@/lib/site/browser/currency-url';
import { matchLocations } from '@/lib/site/browser/match-locations';

export interface TreeNode {
  location: Location;
  children: TreeNode[];
}

/**
 * The whole destination tree with counts: regions open, deeper levels collapsed behind a disclosure
 * button each (its own control, beside the destination's link). Typing filters it to a flat list of matches.
 */
export function DestinationTree({
  roots,
  all,
  currency = null,
}: {
  roots: TreeNode[];
  all: Location[];
  /** The display currency the page's URL chose, kept on every destination's link. */
  currency?: string | null;
}) {
  const [filter, setFilter] = useState('');
  const matches = useMemo(() => (filter.trim() ? matchLocations(all, filter, 60) : []), [all, filter]);
  const total = useMemo(
    () => (filter.trim() ? matchLocations(all, filter, all.length).length : 0),
    [all, filter],
  );

  return (
    <div>
      <label htmlFor="dest-filter" className="block text-sm font-medium text-ink-700">
        Filter destinations
      </label>
      <input
        id="dest-filter"
        type="search"
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
        placeholder="Type a place, e.g. Tuscany"
        className="mt-1 w-full max-w-md rounded-lg border border-sand-200 bg-white px-3 py-2 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-500"
      />
      <p role="status" className="mt-2 text-sm text-ink-700">
        {filter.trim()
          ? `${plural(total, 'destination')} match${total === 1 ? 'es' : ''}${total > matches.length ? `; showing the first ${matches.length}` : ''}`
          : ''}
      </p>
      {filter.trim() ? (
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
      ) : (
        <ul className="mt-2 space-y-1">
          {roots.map((node) => (
            <Branch key={node.location.id} node={node} open currency={currency} />
          ))}
        </ul>
      )}
    </div>
  );
}

function Branch({
  node,
  open: initiallyOpen = false,
  currency,
}: {
  node: TreeNode;
  open?: boolean;
  currency: string | null;
}) {
  const [open, setOpen] = useState(initiallyOpen);
  const listId = useId();
  const { location: l, children } = node;
  return (
    <li>
      <div className="flex items-center gap-1 py-0.5">
        {children.length > 0 ? (
          <button
            type="button"
            aria-expanded={open}
            aria-controls={listId}
            onClick={() => setOpen((o) => !o)}
            className="grid h-6 w-6 place-items-center rounded text-ink-700 hover:bg-sand-100"
          >
            <span aria-hidden="true" className={`transition-transform ${open ? 'rotate-90' : ''}`}>
              ›
            </span>
            <span className="sr-only">
              {open ? 'Hide' : 'Show'} places in {l.name}
            </span>
          </button>
        ) : (
          <span className="w-6" />
        )}
        <Link
          href={withCurrency(`/destinations/${l.id}`, currency)}
          className="font-medium text-brand-700 underline"
        >
          {l.name}
        </Link>
        <span className="text-sm text-ink-700">({plural(l.property_count, 'rental')})</span>
      </div>
      {children.length > 0 && (
        <ul id={listId} hidden={!open} className="ml-3 border-l border-sand-200 pl-2">
          {children.map((c) => (
            <Branch key={c.location.id} node={c} currency={currency} />
          ))}
        </ul>
      )}
    </li>
  );
}
