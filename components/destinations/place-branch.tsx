'use client';

import Link from 'next/link';
import { useId, useMemo, useState } from 'react';
import { RetryAlert } from '@/components/ui/retry-alert';
import type { Location } from '@/lib/contract';
import { plural } from '@/lib/site/browser';
import { withCurrency } from '@/lib/site/browser/currency-url';
import { childrenByParent, type Place } from '@/lib/site/browser/place-tree';
import type { ApiGet } from '@/lib/site/browser/use-api-get';

/*
 * One place of /destinations and what lies beneath it. A place of the first view (a region) has its
 * children in the page; a country's places come from the location catalog when it is first opened
 * (`catalog`, asked by the tree once `want` is called), then show whole, every level open.
 */

export interface BranchProps {
  place: Place;
  open?: boolean;
  currency: string | null;
  catalog: ApiGet<Location[]>;
  /** Asks for the location catalog (the tree loads it once, for every place and the filter). */
  want: () => void;
}

function PlaceLink({
  id,
  name,
  rentals,
  currency,
}: {
  id: number;
  name: string;
  rentals: number;
  currency: string | null;
}) {
  return (
    <>
      <Link
        href={withCurrency(`/destinations/${id}`, currency)}
        className="font-medium text-brand-700 underline"
      >
        {name}
      </Link>{' '}
      <span className="text-sm text-ink-700">({plural(rentals, 'rental')})</span>
    </>
  );
}

export function PlaceBranch({ place, open: initiallyOpen = false, currency, catalog, want }: BranchProps) {
  const [open, setOpen] = useState(initiallyOpen);
  const listId = useId();
  const sent = place.children;
  const loads = !sent && place.beneath > 0;
  return (
    <li>
      <div className="flex items-center gap-1 py-0.5">
        {sent?.length || loads ? (
          <button
            type="button"
            aria-expanded={open}
            aria-controls={listId}
            onClick={() => {
              if (loads && !open) want();
              setOpen((o) => !o);
            }}
            className="grid h-6 w-6 shrink-0 place-items-center rounded text-ink-700 hover:bg-sand-100"
          >
            <span aria-hidden="true" className={`transition-transform ${open ? 'rotate-90' : ''}`}>
              ›
            </span>
            <span className="sr-only">
              {open
                ? `Hide places in ${place.name}`
                : loads
                  ? `Show all ${place.beneath} places in ${place.name}`
                  : `Show places in ${place.name}`}
            </span>
          </button>
        ) : (
          <span className="w-6 shrink-0" />
        )}
        <span>
          <PlaceLink id={place.id} name={place.name} rentals={place.rentals} currency={currency} />
        </span>
      </div>
      {sent && sent.length > 0 && (
        <ul id={listId} hidden={!open} className="ml-3 border-l border-sand-200 pl-2">
          {sent.map((c) => (
            <PlaceBranch key={c.id} place={c} currency={currency} catalog={catalog} want={want} />
          ))}
        </ul>
      )}
      {loads && (
        <div id={listId} hidden={!open} className="ml-3 border-l border-sand-200 pl-2">
          {open && <Beneath place={place} currency={currency} catalog={catalog} />}
        </div>
      )}
    </li>
  );
}

/** The places beneath a first-view place, from the catalog: loading, failed (with a way to ask again), or listed. */
function Beneath({
  place,
  currency,
  catalog,
}: {
  place: Place;
  currency: string | null;
  catalog: ApiGet<Location[]>;
}) {
  const children = useMemo(() => (catalog.data ? childrenByParent(catalog.data) : null), [catalog.data]);
  if (children) {
    return <Listed parent={place.id} tree={children} currency={currency} depth={0} />;
  }
  if (catalog.error && !catalog.loading) {
    return (
      <RetryAlert onRetry={catalog.retry} className="my-1">
        The places in {place.name} could not be loaded. {catalog.error.message}
      </RetryAlert>
    );
  }
  return (
    <p role="status" className="py-1 pl-7 text-sm text-ink-700">
      Loading the places in {place.name}…
    </p>
  );
}

/** A place's children and theirs, every level shown (bounded: the catalog's depth, at most 8 levels here). */
function Listed({
  parent,
  tree,
  currency,
  depth,
}: {
  parent: number;
  tree: Map<number | null, Location[]>;
  currency: string | null;
  depth: number;
}) {
  const list = tree.get(parent) ?? [];
  if (list.length === 0 || depth > 8) return null;
  return (
    <ul className={depth > 0 ? 'ml-3 border-l border-sand-200 pl-2' : undefined}>
      {list.map((l) => (
        <li key={l.id}>
          <div className="py-0.5 pl-7">
            <PlaceLink id={l.id} name={l.name} rentals={l.property_count} currency={currency} />
          </div>
          <Listed parent={l.id} tree={tree} currency={currency} depth={depth + 1} />
        </li>
      ))}
    </ul>
  );
}
