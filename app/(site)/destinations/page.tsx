import type { Metadata } from 'next';
import { DestinationTree, type TreeNode } from '@/components/destinations/destination-tree';
import type { Location } from '@/lib/contract';
import { currencyIn } from '@/lib/site/browser/currency-url';
import { allLocations } from '@/lib/site/page-data';

export const metadata: Metadata = {
  title: 'Destinations',
  description: 'Every destination in our catalog, from regions to towns, with the number of rentals in each.',
  alternates: { canonical: '/destinations' },
};

function tree(locations: Location[]): TreeNode[] {
  const nodes = new Map(locations.map((l) => [l.id, { location: l, children: [] as TreeNode[] }]));
  const roots: TreeNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.location.parent_id === null ? undefined : nodes.get(node.location.parent_id);
    (parent ? parent.children : roots).push(node);
  }
  const sort = (list: TreeNode[]) => {
    list.sort((a, b) => a.location.name.localeCompare(b.location.name));
    for (const n of list) sort(n.children);
  };
  sort(roots);
  return roots;
}

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
        {locations.length.toLocaleString('en')} places, from whole regions to single towns.
      </p>
      <div className="mt-6">
        <DestinationTree roots={tree(locations)} all={locations} currency={currency} />
      </div>
    </div>
  );
}
