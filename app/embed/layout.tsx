import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { TestModeBanner } from '@/components/layout/test-mode-banner';
import { catalogMode } from '@/lib/site/page-data';

export const metadata: Metadata = { robots: { index: false } };

/** Pages for partners' iframes: no site chrome, the test-mode banner kept, no inner scrollbar (the frame grows). */
export default async function EmbedLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <style>{'html,body{overflow:hidden;min-height:0!important;background:transparent}'}</style>
      <TestModeBanner mode={await catalogMode()} />
      {children}
    </>
  );
}
