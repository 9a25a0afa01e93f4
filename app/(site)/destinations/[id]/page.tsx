import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { firstViewProps } from '@/components/results/first-view';
import { ResultsView } from '@/components/results/results-view';
import { plural } from '@/lib/site/browser';
import { allLocations, ancestry } from '@/lib/site/page-data';
import { firstSearchView } from '@/lib/site/search';

type Props = {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

async function destination(rawId: string) {
  const id = /^\d{1,9}$/.test(rawId) ? Number(rawId) : 0;
  const locations = await allLocations();
  const here = locations.find((l) => l.id === id);
  if (!here) notFound();
  const children = locations
    .filter((l) => l.parent_id === here.id)
    .sort((a, b) => b.property_count - a.property_count || a.name.localeCompare(b.name));
  return { here, chain: ancestry(locations, here.id), children };
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { here } = await destination((await params).id);
  return {
    title: `Vacation rentals in ${here.name}`,
    description: `${here.property_count} rentals in ${here.path.join(', ')}: villas, houses and apartments with live prices.`,
    alternates: { canonical: `/destinations/${here.id}` },
  };
}

export default async function DestinationPage({ params, searchParams }: Props) {
  const { here, chain, children } = await destination((await params).id);
  const view = await firstSearchView(await searchParams, here.id);
  const wider = chain.at(-2);
  return (
    <div>
      <nav aria-label="Breadcrumb">
        <ol className="flex flex-wrap gap-1 text-sm text-ink-700">
          <li>
            <Link className="underline" href="/destinations">
              Destinations
            </Link>
          </li>
          {chain.map((l) => (
            <li key={l.id} className="before:mx-1 before:content-['›']">
              {l.id === here.id ? (
                <span aria-current="page">{l.name}</span>
              ) : (
                <Link className="underline" href={`/destinations/${l.id}`}>
                  {l.name}
                </Link>
              )}
            </li>
          ))}
        </ol>
      </nav>
      <h1 className="mt-3 text-3xl font-semibold tracking-tight text-ink-900">Rentals in {here.name}</h1>
      {children.length > 0 && (
        <section aria-labelledby="children-title" className="mt-6">
          <h2 id="children-title" className="text-lg font-semibold text-ink-900">
            Places in {here.name}
          </h2>
          <ul className="mt-2 flex flex-wrap gap-2">
            {children.map((c) => (
              <li key={c.id}>
                <Link
                  href={`/destinations/${c.id}`}
                  className="inline-block rounded-full bg-white px-3 py-1 text-sm ring-1 ring-sand-200 hover:ring-brand-500"
                >
                  {c.name} <span className="text-ink-700">({plural(c.property_count, 'rental')})</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      <div className="mt-8">
        <ResultsView
          basePath={`/destinations/${here.id}`}
          {...firstViewProps(view)}
          withMap
          fixedLocation={here.id}
          wider={wider ? { id: wider.id, name: wider.name } : null}
        />
      </div>
    </div>
  );
}
