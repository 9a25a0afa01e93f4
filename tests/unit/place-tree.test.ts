import { describe, expect, it } from 'vitest';
import type { Location } from '@/lib/contract';
import { childrenByParent, countBeneath, firstView } from '@/lib/site/browser/place-tree';

const at = (id: number, parent_id: number | null, name: string, property_count = 1): Location => ({
  id,
  parent_id,
  name,
  path: [name],
  url: `https://example.com/destinations/${id}`,
  property_count,
});

const catalog = [
  at(1, null, 'Europe', 30),
  at(2, 1, 'Italy', 20),
  at(3, 2, 'Tuscany', 12),
  at(4, 3, 'Lucca', 5),
  at(5, 3, 'Florence', 7),
  at(6, 1, 'France', 10),
  at(7, null, 'Caribbean', 4),
  at(8, 2, 'Amalfi Coast', 8),
  // Its parent is not in the catalog: shown at the top rather than lost.
  at(9, 99, 'Elsewhere', 2),
];

describe('the destinations page’s first view', () => {
  it('sends the top two levels in name order, each with the count of places beneath it', () => {
    expect(firstView(catalog)).toEqual([
      { id: 7, name: 'Caribbean', rentals: 4, beneath: 0, children: [] },
      { id: 9, name: 'Elsewhere', rentals: 2, beneath: 0, children: [] },
      {
        id: 1,
        name: 'Europe',
        rentals: 30,
        beneath: 6,
        children: [
          { id: 6, name: 'France', rentals: 10, beneath: 0 },
          { id: 2, name: 'Italy', rentals: 20, beneath: 4 },
        ],
      },
    ]);
  });

  it('leaves nothing out: every place is in the first view or beneath one of its places', () => {
    const view = firstView(catalog);
    const sent = view.flatMap((r) => [r, ...(r.children ?? [])]);
    const beneath = sent.filter((p) => !p.children).reduce((sum, p) => sum + p.beneath, 0);
    expect(sent.length + beneath).toBe(catalog.length);
  });

  it('counts a cycle in the catalog once instead of looping', () => {
    const looped = [at(1, 2, 'A'), at(2, 1, 'B'), at(3, 1, 'C')];
    const children = childrenByParent(looped);
    expect(countBeneath(1, children)).toBe(2);
  });
});
