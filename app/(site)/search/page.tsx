import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { firstViewProps } from '@/components/results/first-view';
import { ResultsView } from '@/components/results/results-view';
import {
  rankLocations,
  resolveLocation,
  TYPED_PARAM,
  unresolvedWords,
} from '@/lib/site/browser/match-locations';
import { cleanSearchParams, searchWith } from '@/lib/site/browser/search-url';
import { allLocations, ancestry } from '@/lib/site/page-data';
import { firstSearchView } from '@/lib/site/search';

type Input = Record<string, string | string[] | undefined>;
type Props = { searchParams: Promise<Input> };

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.trim() || undefined;

/**
 * A destination typed in a form the browser sent before the page's script ran (`where`, see
 * components/search-form/destination-combobox.tsx): the search of the one destination it names, or what
 * to tell the traveller, with the nearest destinations to choose from.
 */
async function typedDestination(input: Input) {
  const typed = first(input[TYPED_PARAM]);
  if (!typed || first(input.location)) return null;
  const locations = await allLocations().catch(() => null);
  if (!locations) return null;
  const clean = cleanSearchParams(input);
  const resolved = resolveLocation(locations, typed);
  const searchOf = (id: number) => `/search?${searchWith(clean, { set: { location: String(id) } })}`;
  if (resolved.kind === 'found') redirect(searchOf(resolved.location.id));
  const problem = unresolvedWords(typed, resolved, 'look through every rental below');
  if (!problem) return null;
  const offers = rankLocations(locations, typed)
    .slice(0, 8)
    // Named first, then where it is: "Lower Brook, Montego Bay, Jamaica".
    .map(({ location }) => ({
      href: searchOf(location.id),
      label: [...location.path].reverse().slice(0, 3).join(', '),
    }));
  return { problem, offers };
}

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
  const typed = await typedDestination(input);
  const view = await firstSearchView(input);
  const location = Number(new URLSearchParams(view.params).get('location'));
  const { here, wider } = location ? await placeOf(location) : { here: null, wider: null };
  return (
    <div>
      <h1 className="mb-6 text-3xl font-semibold tracking-tight text-ink-900">
        {here ? `Rentals in ${here.name}` : 'All rentals'}
      </h1>
      {typed && (
        <div
          role="status"
          className="mb-6 rounded-lg bg-sand-50 p-4 text-ink-900 ring-1 ring-sand-200"
          data-testid="typed-destination"
        >
          <p>{typed.problem}</p>
          {typed.offers.length > 0 && (
            <ul className="mt-3 flex flex-wrap gap-2">
              {typed.offers.map((offer) => (
                <li key={offer.href}>
                  <Link
                    href={offer.href}
                    className="inline-block rounded-full bg-white px-3 py-1.5 text-sm font-medium text-ink-900 ring-1 ring-sand-300 hover:ring-ink-700 focus-visible:outline-2 focus-visible:outline-offset-2"
                  >
                    {offer.label}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
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
