import { describe, expect, it } from 'vitest';
import { firstViewProps } from '@/components/results/first-view';

// The first view's rentals as a vendor may send them (the document lets it add fields) and as the site's
// replica enriches them: the view's props keep what the cards and the map read, and nothing else.
const listing = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  url: `https://vendor.example/properties/${id}`,
  name: `Rental ${id}`,
  type: 'villa',
  bedrooms: 3,
  bathrooms: 2,
  sleeps: 6,
  rating: 4.5,
  latitude: 43.7,
  longitude: 7.2,
  updated_at: '2026-11-20T10:00:00Z',
  updated: { content: null, rates: '2026-11-20T10:00:00Z', availability: null, images: null },
  location: {
    id: 9,
    url: 'https://vendor.example/destinations/9',
    name: 'Nice',
    path: ['Europe', 'France', 'Nice'],
  },
  image: {
    url: `https://cdn.vendor.example/photos/${id}`,
    caption: 'The pool',
    sizes: {
      thumb: 'https://cdn.vendor.example/t',
      medium: 'https://cdn.vendor.example/m',
      large: 'https://cdn.vendor.example/l',
    },
  },
  ...extra,
});

function propsOf(properties: unknown[]) {
  const view = {
    params: 'location=9',
    served: 'location=9',
    data: { properties, pagination: { page: 1, per_page: 12, total: properties.length }, source: 'upstream' },
    errors: null,
    currency: 'EUR',
  } as unknown as Parameters<typeof firstViewProps>[0];
  return firstViewProps(view);
}

describe('the first view’s results', () => {
  it('keep what a card and a marker read, without addresses, photo sizes, update times or added fields', () => {
    const price = { kind: 'from', amount: 250, currency: 'EUR' };
    const stay = { checkin: '2027-01-11', checkout: '2027-01-18' };
    const [first] = propsOf([listing(1, { vendor_note: 'new field', price, review_count: 7, stay })]).initial!
      .properties;
    expect(first).toEqual({
      id: 1,
      name: 'Rental 1',
      type: 'villa',
      bedrooms: 3,
      bathrooms: 2,
      sleeps: 6,
      rating: 4.5,
      latitude: 43.7,
      longitude: 7.2,
      location: { id: 9, name: 'Nice', path: ['Europe', 'France', 'Nice'] },
      image: { url: 'https://cdn.vendor.example/photos/1', caption: 'The pool' },
      price,
      review_count: 7,
      stay,
    });
  });

  it('leave out what an upstream answer has not (no price, no review count) and keep a missing photo missing', () => {
    const [first] = propsOf([listing(2, { image: null })]).initial!.properties;
    expect(first).not.toHaveProperty('price');
    expect(first).not.toHaveProperty('review_count');
    expect(first).not.toHaveProperty('stay');
    expect(first!.image).toBeNull();
    expect(first!.name).toBe('Rental 2');
  });

  it('still ask for the first covers from the head, from the photos as the catalog gave them', () => {
    const props = propsOf([listing(1), listing(2, { image: null }), listing(3)]);
    // (Here next/image runs without the site's loader, so the addresses are its own; the build test reads the
    // CDN's.) The rental without a photo asks for none; the third card's cover is for three columns.
    expect(props.covers?.map((c) => c.src)).toEqual([
      expect.stringMatching(/photos(\/|%2F)1(-|&)/),
      expect.stringMatching(/photos(\/|%2F)3(-|&)/),
    ]);
    expect(props.covers?.[1]?.media).toBe('(min-width: 1280px)');
  });
});
