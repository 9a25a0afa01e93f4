import type { Metadata } from 'next';
import { firstViewProps } from '@/components/results/first-view';
import { ResultsView } from '@/components/results/results-view';
import { allLocations, ancestry } from '@/lib/site/page-data';
import { firstSearchView } from '@/lib/site/search';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

async function placeOf(id: number) {
  try {
    const locations = await allLocations();
    const chain = ancestry(locations, id);
    return { here: chain.at(-1) ?? null, wider: chain.at(-2) ?? null };
  } catch {
    return { here: null, wider: null };
  }
}

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const raw = (await searchParams).location;
  const id = Number(Array.isArray(raw) ? raw[0] : raw);
  const { here } = id ? await placeOf(id) : { here: null };
  const title = here ? `Rentals in ${here.name}` : 'All rentals';
  return {
    title,
    description: here
      ? `${here.property_count} vacation rentals in ${here.path.join(', ')}, with live prices.`
      : 'Every rental in our catalog, with live prices and availability.',
    // Filters and pages are variations of one listing; the destination is the page search engines keep.
    alternates: { canonical: here ? `/destinations/${here.id}` : '/search' },
  };
}

export default async function SearchPage({ searchParams }: Props) {
  const input = await searchParams;
  const view = await firstSearchView(input);
  const location = Number(new URLSearchParams(view.params).get('location'));
  const { here, wider } = location ? await placeOf(location) : { here: null, wider: null };
  return (
    <div>
      <h1 className="mb-6 text-3xl font-semibold tracking-tight text-ink-900">
        {here ? `Rentals in ${here.name}` : 'All rentals'}
      </h1>
      <ResultsView
        basePath="/search"
        {...firstViewProps(view)}
        withMap
        location={here ? { id: here.id, label: here.name } : null}
        wider={wider ? { id: wider.id, name: wider.name } : null}
      />
    </div>
  );
}
