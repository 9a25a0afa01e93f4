import type { Metadata } from 'next';
import { ShortlistPage } from '@/components/advisors/shortlist-page';

export const metadata: Metadata = {
  title: 'Your shortlist',
  description: 'The rentals you saved, with live prices for your dates, side by side.',
  robots: { index: false },
};

// The list lives in this browser (its token in localStorage), so the page is drawn there.
export default function Shortlist() {
  return (
    <div className="mx-auto max-w-5xl">
      <ShortlistPage />
    </div>
  );
}
