import Link from 'next/link';
import { Suspense } from 'react';
import { ShortlistLink } from '@/components/advisors/shortlist-link';
import { CurrencyPicker, CurrencyPickerFallback } from './currency-picker';

export function SiteHeader({
  siteName,
  currencies,
  displayCurrency,
}: {
  siteName: string;
  /** Currencies a visitor may compare prices in; none: no picker (the replica is off). */
  currencies: string[];
  displayCurrency: string;
}) {
  return (
    <header className="border-b border-sand-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-6 gap-y-2 px-4 py-3 sm:flex-nowrap sm:px-6">
        <Link href="/" className="text-xl font-semibold tracking-tight text-brand-900">
          {siteName}
        </Link>
        {currencies.length > 1 && (
          // Beside the name on a phone (the links take the next row), after the links on a wider screen.
          <div className="sm:order-last">
            <Suspense fallback={<CurrencyPickerFallback fallback={displayCurrency} />}>
              <CurrencyPicker currencies={currencies} fallback={displayCurrency} />
            </Suspense>
          </div>
        )}
        <nav aria-label="Main" className="w-full sm:ml-auto sm:w-auto">
          <ul className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm font-medium text-ink-700 sm:gap-x-5">
            <li>
              <Link className="hover:text-brand-700 hover:underline" href="/destinations">
                Destinations
              </Link>
            </li>
            <li>
              {/* Not prefetched: the results page's loading state brings the whole results view's script
                  (~30 KB), which every page would otherwise download for a link most visitors never follow. */}
              <Link className="hover:text-brand-700 hover:underline" href="/search" prefetch={false}>
                All rentals
              </Link>
            </li>
            <li>
              <ShortlistLink />
            </li>
            <li>
              <Link
                className="rounded-full bg-brand-700 px-4 py-2 text-white hover:bg-brand-900"
                href="/inquire"
                prefetch={false}
              >
                Ask an agent
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
