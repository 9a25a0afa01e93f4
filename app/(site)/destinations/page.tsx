import type { Metadata } from 'next';
import { DestinationTree } from '@/components/destinations/destination-tree';
import { count } from '@/lib/site/browser';
import { currencyIn } from '@/lib/site/browser/currency-url';
import { firstView } from '@/lib/site/browser/place-tree';
import { allLocations } from '@/lib/site/page-data';

export const metadata: Metadata = {
  title: 'Destinations',
  description: 'Every destination in our catalog, from regions to towns, with the number of rentals in each.',
  alternates: { canonical: '/destinations' },
};

// The page sends its first view, regions and their countries; a country's places load when it is opened
// (docs/decisions.md, "Smaller pages"). Search engines find every destination in /sitemap.xml.
export default async function DestinationsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const asked = (await searchParams).currency;
  const currency = currencyIn(typeof asked === 'string' ? `currency=${encodeURIComponent(asked)}` : null);
  const locations = await allLocations();
  return (
    <div>
      <h1 className="text-3xl font-semibold tracking-tight text-ink-900">Destinations</h1>
      <p className="mt-2 text-ink-700">
        {count(locations.length)} places, from whole regions to single towns.
      </p>
      <div className="mt-6">
        <DestinationTree roots={firstView(locations)} currency={currency} />
      </div>
    </div>
  );
}
