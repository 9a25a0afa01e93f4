import { Suspense } from 'react';
import { CurrencyPicker, CurrencyPickerFallback } from './currency-picker';
import { KeptLink } from './kept-link';
import { CurrencyKeptNav, MainNav } from './main-nav';

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
        <KeptLink href="/" className="text-xl font-semibold tracking-tight text-brand-900">
          {siteName}
        </KeptLink>
        {currencies.length > 1 && (
          // Beside the name on a phone (the links take the next row), after the links on a wider screen.
          <div className="sm:order-last">
            <Suspense fallback={<CurrencyPickerFallback fallback={displayCurrency} />}>
              <CurrencyPicker currencies={currencies} fallback={displayCurrency} />
            </Suspense>
          </div>
        )}
        <Suspense fallback={<MainNav currency={null} />}>
          <CurrencyKeptNav />
        </Suspense>
      </div>
    </header>
  );
}
