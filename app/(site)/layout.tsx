import type { ReactNode } from 'react';
import { SiteFooter } from '@/components/layout/site-footer';
import { SiteHeader } from '@/components/layout/site-header';
import { TestModeBanner } from '@/components/layout/test-mode-banner';
import { settings } from '@/lib/settings';
import { catalogMode } from '@/lib/site/page-data';

export default async function SiteLayout({ children }: { children: ReactNode }) {
  const { SITE_NAME } = settings();
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <TestModeBanner mode={await catalogMode()} />
      <SiteHeader siteName={SITE_NAME} />
      <main id="main" className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
        {children}
      </main>
      <SiteFooter siteName={SITE_NAME} />
    </>
  );
}
