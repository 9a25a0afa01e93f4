import { ListIcon, SearchIcon } from '@/components/ui/icons';

/** The maps' own buttons, in the site's look (MapLibre's controls are not used). */
export function MapButton({
  onClick,
  className = '',
  children,
  disabled,
}: {
  onClick: () => void;
  className?: string;
  children: React.ReactNode;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      className={`inline-flex h-10 items-center gap-2 rounded-full bg-white px-4 text-sm font-medium text-ink-900 shadow-md ring-1 ring-sand-200 hover:bg-sand-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 disabled:opacity-60 ${className}`}
    >
      {children}
    </button>
  );
}

export function ZoomButtons({
  onZoom,
  className = '',
}: {
  onZoom: (by: number) => void;
  className?: string;
}) {
  const button =
    'grid h-10 w-10 place-items-center text-ink-900 hover:bg-sand-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-brand-500';
  return (
    <div
      className={`flex flex-col overflow-hidden rounded-xl bg-white shadow-md ring-1 ring-sand-200 ${className}`}
    >
      <button type="button" aria-label="Zoom in" onClick={() => onZoom(1)} className={button}>
        <svg aria-hidden="true" viewBox="0 0 16 16" className="h-4 w-4" fill="none" stroke="currentColor">
          <path strokeWidth="2" strokeLinecap="round" d="M8 3v10M3 8h10" />
        </svg>
      </button>
      <span aria-hidden="true" className="mx-2 h-px bg-sand-200" />
      <button type="button" aria-label="Zoom out" onClick={() => onZoom(-1)} className={button}>
        <svg aria-hidden="true" viewBox="0 0 16 16" className="h-4 w-4" fill="none" stroke="currentColor">
          <path strokeWidth="2" strokeLinecap="round" d="M3 8h10" />
        </svg>
      </button>
    </div>
  );
}

/**
 * The results map's bar along its top: back to the list (a phone's full-screen map), "Search this area" once
 * the traveller has moved the map (or why it cannot search by area yet), and the zoom buttons.
 */
export function MapBar({
  onClose,
  onSearchHere,
  areaWaits,
  onZoom,
}: {
  onClose: () => void;
  /** Offered when the map has moved and search can narrow to its area; null otherwise. */
  onSearchHere: (() => void) | null;
  /** The map has an area, or was moved, but search cannot narrow to it until the replica has loaded. */
  areaWaits: boolean;
  onZoom: (by: number) => void;
}) {
  return (
    <div className="pointer-events-none absolute inset-x-0 top-0 flex items-start justify-between gap-2 p-3">
      <MapButton onClick={onClose} className="pointer-events-auto lg:hidden">
        <ListIcon /> Show list
      </MapButton>
      <div className="pointer-events-auto mx-auto flex flex-col items-center gap-2">
        {onSearchHere && (
          <MapButton onClick={onSearchHere} className="font-semibold">
            <SearchIcon /> Search this area
          </MapButton>
        )}
        {areaWaits && (
          <p
            role="status"
            className="max-w-xs rounded-xl bg-white/95 px-3 py-2 text-center text-sm text-ink-900 shadow-md"
          >
            Searching by map area starts once our copy of the catalog has loaded; every match is shown for
            now.
          </p>
        )}
      </div>
      <ZoomButtons className="pointer-events-auto" onZoom={onZoom} />
    </div>
  );
}
