'use client';

import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import { ShortlistLink } from '@/components/advisors/shortlist-link';
import { currencyIn, withCurrency } from '@/lib/site/browser/currency-url';

/** The header's links, each keeping the display currency chosen (`?currency=`) on the page it leads to. */
export function MainNav({ currency }: { currency: string | null }) {
  return (
    <nav aria-label="Main" className="w-full sm:ml-auto sm:w-auto">
      <ul className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm font-medium text-ink-700 sm:gap-x-5">
        <li>
          <Link
            className="hover:text-brand-700 hover:underline"
            href={withCurrency('/destinations', currency)}
          >
            Destinations
          </Link>
        </li>
        <li>
          {/* Not prefetched: the results page's loading state brings the whole results view's script
              (~30 KB), which every page would otherwise download for a link most visitors never follow. */}
          <Link
            className="hover:text-brand-700 hover:underline"
            href={withCurrency('/search', currency)}
            prefetch={false}
          >
            All rentals
          </Link>
        </li>
        <li>
          <ShortlistLink />
        </li>
        <li>
          <Link
            className="rounded-full bg-brand-700 px-4 py-2 text-white hover:bg-brand-900"
            href={withCurrency('/inquire', currency)}
            prefetch={false}
          >
            Ask an agent
          </Link>
        </li>
      </ul>
    </nav>
  );
}

/** The links with the currency of this page's URL (until the URL is known: without it). */
export function CurrencyKeptNav() {
  return <MainNav currency={currencyIn(useSearchParams())} />;
}
