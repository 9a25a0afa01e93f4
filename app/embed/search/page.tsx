import { Suspense } from 'react';
import { EmbedBridge } from '@/components/embed/bridge';
import { ResultsView, SkeletonGrid } from '@/components/results/results-view';
import { DestinationCombobox } from '@/components/search/destination-combobox';
import { settings } from '@/lib/settings';
import { firstSearchView } from '@/lib/site/catalog-pages';
import { embedHost } from '@/lib/site/embed';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

// /embed/search?host=<partner origin>&open=embed|site&location&checkin&checkout&guests&rooms&sort&page
export default async function EmbedSearchPage({ searchParams }: Props) {
  const input = await searchParams;
  const host = embedHost(input.host);
  const open = (Array.isArray(input.open) ? input.open[0] : input.open) === 'site' ? 'site' : 'embed';
  const view = await firstSearchView(input);
  const keep: Record<string, string> = { open, ...(host ? { host } : {}) };
  const stay = new URLSearchParams(view.params);
  const prefill = new URLSearchParams();
  for (const k of ['checkin', 'checkout', 'guests']) if (stay.get(k)) prefill.set(k, stay.get(k)!);
  if (open === 'embed' && host) prefill.set('host', host);
  const query = prefill.toString() ? `?${prefill}` : '';
  const cardLink =
    open === 'site'
      ? { base: `${settings().siteUrl}/properties/{id}${query}`, newTab: true }
      : { base: `/embed/properties/{id}${query}` };
  return (
    <EmbedBridge host={host}>
      <main className="flex flex-col gap-4 p-3">
        <form action="/embed/search" method="get" className="flex flex-wrap items-end gap-3">
          <div className="min-w-64 flex-1">
            <DestinationCombobox />
          </div>
          {Object.entries(keep).map(([k, v]) => (
            <input key={k} type="hidden" name={k} value={v} />
          ))}
          <button
            type="submit"
            className="h-11 rounded-full bg-brand-700 px-6 font-semibold text-white hover:bg-brand-900"
          >
            Search
          </button>
        </form>
        <Suspense fallback={<SkeletonGrid />}>
          <ResultsView
            basePath="/embed/search"
            initialParams={view.params}
            initial={view.data}
            initialErrors={view.errors}
            cardLink={cardLink}
            keep={keep}
          />
        </Suspense>
      </main>
    </EmbedBridge>
  );
}
