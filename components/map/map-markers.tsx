import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { priceHeadline } from '@/components/results/price-line';
import { HomeIcon } from '@/components/ui/icons';
import { markerName } from './marker-label';
import type { MapItem, MapPin } from './use-map-markers';

/** Each item's marker, rendered by React into the element MapLibre places for it. */
export function MapMarkers({
  items,
  elementFor,
  activeId,
  onActive,
  onChoose,
  onZoomInto,
  cardHref,
  newTab,
}: {
  items: MapItem[];
  elementFor: (key: string) => HTMLElement;
  activeId: number | null;
  onActive: (id: number | null) => void;
  onChoose: (id: number) => void;
  onZoomInto: (item: Extract<MapItem, { kind: 'cluster' }>) => void;
  cardHref: (id: number) => string;
  newTab?: boolean;
}) {
  return items.map((item) =>
    createPortal(
      item.kind === 'property' && !item.property.onPage ? (
        <PointMarker pin={item.property} href={cardHref(item.property.id)} newTab={newTab} />
      ) : item.kind === 'property' ? (
        <PriceMarker
          property={item.property}
          active={item.property.id === activeId}
          onActive={onActive}
          onChoose={onChoose}
        />
      ) : (
        <ClusterMarker
          ids={item.ids}
          active={activeId !== null && item.ids.includes(activeId)}
          onPress={() => onZoomInto(item)}
        />
      ),
      elementFor(item.key),
      item.key,
    ),
  );
}

/** A rental's marker: a button showing its card's price, named for its rental and price, lit with its card. */
function PriceMarker({
  property,
  active,
  onActive,
  onChoose,
}: {
  property: MapPin;
  active: boolean;
  onActive: (id: number | null) => void;
  onChoose: (id: number) => void;
}) {
  const text = priceHeadline(property.price);
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // The lit marker above its neighbours.
    const wrapper = ref.current?.parentElement;
    if (wrapper) wrapper.style.zIndex = active ? '3' : '';
  }, [active]);
  return (
    <button
      ref={ref}
      type="button"
      aria-label={markerName(property)}
      data-testid="price-marker"
      data-id={property.id}
      data-active={active ? 'true' : undefined}
      onMouseEnter={() => onActive(property.id)}
      onMouseLeave={() => onActive(null)}
      onFocus={() => onActive(property.id)}
      onBlur={() => onActive(null)}
      onClick={() => onChoose(property.id)}
      className={`map-pin ${active ? 'map-pin-active' : ''}`}
    >
      {text ?? <HomeIcon />}
    </button>
  );
}

/**
 * A result not on the list's page: a link to its rental (with the stay searched), showing the card's price
 * where the search priced it, else a house; it has no card on this page to light.
 */
function PointMarker({ pin, href, newTab }: { pin: MapPin; href: string; newTab?: boolean }) {
  const text = priceHeadline(pin.price);
  return (
    <a
      href={href}
      aria-label={markerName(pin)}
      data-testid="point-marker"
      data-id={pin.id}
      target={newTab ? '_blank' : undefined}
      rel={newTab ? 'noopener' : undefined}
      className="map-pin map-pin-point"
    >
      {text ?? <HomeIcon />}
    </a>
  );
}

/** Rentals that would overlap, as one marker saying how many; pressing it zooms in on them. */
function ClusterMarker({ ids, active, onPress }: { ids: number[]; active: boolean; onPress: () => void }) {
  const count = ids.length;
  return (
    <button
      type="button"
      aria-label={`${count} rentals here: zoom in`}
      data-testid="cluster-marker"
      data-ids={ids.join(',')}
      onClick={onPress}
      className={`map-cluster ${active ? 'map-pin-active' : ''}`}
    >
      {count}
    </button>
  );
}
