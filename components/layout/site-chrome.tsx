import type { ReactNode } from 'react';
import { settings } from '@/lib/settings';
import { catalogMode } from '@/lib/site/page-data';
import { currentFxRates } from '@/lib/site/replica';
import { displayCurrencies } from '@/lib/site/replica/fx';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { TestModeBanner } from './test-mode-banner';

/**
 * The site's frame: skip link, test-mode banner, header, the one <main>, footer. The site's layout wraps
 * its pages in it, and so does the root not-found page (an unknown URL matches no section's layout, yet
 * must still look like the site and lead back into it).
 */
export async function SiteChrome({ children }: { children: ReactNode }) {
  const { SITE_NAME, CATALOG_REPLICA, DISPLAY_CURRENCY } = settings();
  const currencies = CATALOG_REPLICA ? displayCurrencies(currentFxRates()) : [];
  // A column as tall as the screen at least, so the footer sits at the bottom of a short page.
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <TestModeBanner mode={await catalogMode()} />
      <SiteHeader siteName={SITE_NAME} currencies={currencies} displayCurrency={DISPLAY_CURRENCY} />
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 sm:px-6">
        {children}
      </main>
      <SiteFooter siteName={SITE_NAME} />
    </div>
  );
}
