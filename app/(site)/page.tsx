import type { Metadata } from 'next';
import Link from 'next/link';
import { PropertyCard } from '@/components/results/property-card';
import { SearchForm } from '@/components/search-form/search-form';
import type { Location } from '@/lib/contract';
import { plural } from '@/lib/site/browser';
import { withCurrency } from '@/lib/site/browser/currency-url';
import { allLocations } from '@/lib/site/page-data';
import { recentRentals } from '@/lib/site/search';

export const metadata: Metadata = { alternates: { canonical: '/' } };

async function topDestinations(): Promise<Location[]> {
  try {
    const all = await allLocations();
    return all
      .filter((l) => l.path.length === 2 && l.property_count > 0)
      .sort((a, b) => b.property_count - a.property_count)
      .slice(0, 8);
  } catch {
    return [];
  }
}

export default async function HomePage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const input = await searchParams;
  const [recent, top] = await Promise.all([recentRentals(6, input), topDestinations()]);
  const currency =
    typeof input.currency === 'string' && /^[A-Z]{3}$/.test(input.currency) ? input.currency : undefined;
  return (
    <div className="flex flex-col gap-12">
      <section
        aria-labelledby="home-title"
        className="rounded-3xl bg-brand-900 px-4 py-10 text-white sm:px-8"
      >
        <h1 id="home-title" className="max-w-2xl text-3xl font-semibold tracking-tight sm:text-4xl">
          Find a rental for your next stay
        </h1>
        <p className="mt-3 max-w-2xl text-brand-100">
          Villas, chalets and apartments with live prices. A reservations agent answers every inquiry.
        </p>
        <div className="mt-6 text-ink-900">
          <SearchForm currency={currency} />
        </div>
      </section>

      {top.length > 0 && (
        <section aria-labelledby="top-title">
          <h2 id="top-title" className="text-2xl font-semibold text-ink-900">
            Top destinations
          </h2>
          <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
            {top.map((l) => (
              <li key={l.id}>
                <Link
                  href={withCurrency(`/destinations/${l.id}`, currency)}
                  className="block rounded-xl bg-white p-4 ring-1 ring-sand-200 hover:ring-brand-500"
                >
                  <span className="block font-semibold text-ink-900">{l.name}</span>
                  <span className="text-sm text-ink-700">
                    {l.path[0]} · {plural(l.property_count, 'rental')}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}

      {recent.length > 0 && (
        <section aria-labelledby="recent-title">
          <h2 id="recent-title" className="text-2xl font-semibold text-ink-900">
            Recently updated
          </h2>
          <ul className="mt-4 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {recent.map((p) => (
              <li key={p.id}>
                <PropertyCard property={p} href={withCurrency(`/properties/${p.id}`, currency)} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
