import { PropertyCard } from './property-card';
import type { ResultsPage } from './types';

/**
 * The page's rentals as cards, two or three a row (two beside the map). Beside the map, the card under the
 * pointer or focus is lit, and lights its marker; the map's lit marker lights its card.
 */
export function ResultsGrid({
  properties,
  hrefOf,
  newTab,
  mapShown,
  dimmed,
  activeId,
  onActive,
}: {
  properties: ResultsPage['properties'];
  hrefOf: (id: number) => string;
  newTab?: boolean;
  mapShown: boolean;
  /** The previous search's cards, shown while the new one loads. */
  dimmed: boolean;
  activeId: number | null;
  onActive: (id: number | null) => void;
}) {
  return (
    <ul
      className={`mt-4 grid gap-5 sm:grid-cols-2 ${mapShown ? '' : 'xl:grid-cols-3'} ${dimmed ? 'opacity-60' : ''}`}
    >
      {properties.map((p, i) => {
        const lit = mapShown && activeId === p.id;
        return (
          <li
            key={p.id}
            data-active={lit ? 'true' : undefined}
            className={`rounded-2xl ${lit ? 'ring-2 ring-ink-900 ring-offset-2 ring-offset-sand-50' : ''}`}
            onMouseEnter={mapShown ? () => onActive(p.id) : undefined}
            onMouseLeave={mapShown ? () => onActive(null) : undefined}
            onFocus={mapShown ? () => onActive(p.id) : undefined}
            onBlur={mapShown ? () => onActive(null) : undefined}
          >
            <PropertyCard property={p} priority={i === 0} href={hrefOf(p.id)} newTab={newTab} />
          </li>
        );
      })}
    </ul>
  );
}
