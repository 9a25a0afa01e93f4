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
