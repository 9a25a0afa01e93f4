import { type RefObject, useEffect } from 'react';
import { PropertyCard } from '@/components/results/property-card';
import type { MapProperty } from './use-map-markers';

/**
 * On a phone, the page's rentals as a strip of cards along the bottom of the full-screen map, one at a time
 * in its middle: the card scrolled there lights its marker, and a marker pressed scrolls its card there.
 */
export function MapStrip({
  strip,
  properties,
  activeId,
  onActive,
  cardHref,
  newTab,
}: {
  strip: RefObject<HTMLUListElement | null>;
  properties: MapProperty[];
  activeId: number | null;
  onActive: (id: number | null) => void;
  cardHref: (id: number) => string;
  newTab?: boolean;
}) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: observe the strip's cards anew when they change
  useEffect(() => {
    const root = strip.current;
    if (!root || typeof IntersectionObserver === 'undefined') return;
    const seen = new IntersectionObserver(
      (entries) => {
        if (getComputedStyle(root).display === 'none') return;
        for (const e of entries) if (e.isIntersecting) onActive(Number((e.target as HTMLElement).dataset.id));
      },
      { root, threshold: 0.75 },
    );
    for (const li of root.querySelectorAll('li')) seen.observe(li);
    return () => seen.disconnect();
  }, [onActive, properties]);
  return (
    <ul
      ref={strip}
      aria-label="Rentals on the map"
      className="absolute inset-x-0 bottom-8 flex snap-x snap-mandatory gap-3 overflow-x-auto px-4 pb-2 lg:hidden"
    >
      {properties.map((p) => (
        <li key={p.id} data-id={p.id} className="w-[85%] max-w-sm shrink-0 snap-center">
          <PropertyCard
            layout="line"
            property={p}
            href={cardHref(p.id)}
            newTab={newTab}
            active={p.id === activeId}
          />
        </li>
      ))}
    </ul>
  );
}

/** Scrolls the strip to a rental's card, when the strip is shown (on a phone). */
export function scrollStripTo(strip: HTMLUListElement | null, id: number) {
  const card = strip?.querySelector<HTMLElement>(`[data-id="${id}"]`);
  if (card && strip && getComputedStyle(strip).display !== 'none')
    strip.scrollTo({ left: card.offsetLeft - 16, behavior: 'smooth' });
}
