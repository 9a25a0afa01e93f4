import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { RevealAtOnce } from '@/components/layout/reveal-at-once';
import { settings } from '@/lib/settings';
import './globals.css';

export function generateMetadata(): Metadata {
  const { SITE_NAME, siteUrl } = settings();
  return {
    metadataBase: new URL(siteUrl),
    title: { default: `${SITE_NAME} — vacation rentals`, template: `%s · ${SITE_NAME}` },
    description: 'Vacation rentals with live prices, answered by our reservations agents.',
    openGraph: { siteName: SITE_NAME, type: 'website' },
  };
}

export const viewport: Viewport = { themeColor: '#135c52', width: 'device-width', initialScale: 1 };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    // The property page marks a stay pending on <html> before React starts (stay-pending.tsx).
    <html lang="en" suppressHydrationWarning>
      <head>
        <RevealAtOnce />
      </head>
      <body className="min-h-screen font-sans">{children}</body>
    </html>
  );
}
