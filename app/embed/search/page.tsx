import { Suspense } from 'react';
import { EmbedBridge } from '@/components/embed/bridge';
import { firstViewProps } from '@/components/results/first-view';
import { ResultsView } from '@/components/results/results-view';
import { SkeletonGrid } from '@/components/results/skeleton-grid';
import { settings } from '@/lib/settings';
import { embedHost } from '@/lib/site/embed';
import { allLocations } from '@/lib/site/page-data';
import { firstSearchView } from '@/lib/site/search';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

async function nameOf(id: number): Promise<{ id: number; label: string } | null> {
  if (!id) return null;
  try {
    const here = (await allLocations()).find((l) => l.id === id);
    return here ? { id, label: here.name } : null;
  } catch {
    return null;
  }
}

// /embed/search?host=<partner origin>&open=embed|site&location&checkin&checkout&adults&children&bedrooms&sort&page
// (an older snippet's guests and rooms still work). Results link on with the traveller's stay.
export default async function EmbedSearchPage({ searchParams }: Props) {
  const input = await searchParams;
  const host = embedHost(input.host);
  const open = (Array.isArray(input.open) ? input.open[0] : input.open) === 'site' ? 'site' : 'embed';
  const view = await firstSearchView(input);
  const keep: Record<string, string> = { open, ...(host ? { host } : {}) };
  const embedQuery = open === 'embed' && host ? `?${new URLSearchParams({ host })}` : '';
  const cardLink =
    open === 'site'
      ? { base: `${settings().siteUrl}/properties/{id}`, newTab: true }
      : { base: `/embed/properties/{id}${embedQuery}` };
  const location = await nameOf(Number(new URLSearchParams(view.params).get('location')));
  return (
    <EmbedBridge host={host}>
      <main className="p-3">
        <Suspense fallback={<SkeletonGrid />}>
          <ResultsView
            basePath="/embed/search"
            {...firstViewProps(view)}
            location={location}
            cardLink={cardLink}
            keep={keep}
          />
        </Suspense>
      </main>
    </EmbedBridge>
  );
}
