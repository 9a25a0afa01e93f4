import type { Metadata } from 'next';
import { NotFoundMessage } from '@/components/layout/not-found-message';
import { SiteChrome } from '@/components/layout/site-chrome';

export const metadata: Metadata = { title: 'Page not found', robots: { index: false } };

// An address no section matches (/no-such-page, /search/xyz) renders here, outside the site's layout: the
// page brings the site's frame itself, so a lost traveller still sees the header, the footer and a way back.
export default function RootNotFound() {
  return (
    <SiteChrome>
      <NotFoundMessage />
    </SiteChrome>
  );
}
