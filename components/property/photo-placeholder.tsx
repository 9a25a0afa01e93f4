/**
 * Where a rental has no photo yet: a drawn house under a sun on sand, in the site's colours, with a line
 * saying so. Fills its parent (a card's photo box or the gallery's frame); the drawing is decoration, the
 * words are what a screen reader reads.
 */
export function PhotoPlaceholder({ size = 'card' }: { size?: 'card' | 'gallery' }) {
  const gallery = size === 'gallery';
  return (
    <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 overflow-hidden bg-gradient-to-b from-sand-50 to-sand-100 text-center">
      <svg
        aria-hidden="true"
        viewBox="0 0 200 160"
        className={gallery ? 'w-48 max-w-[55%] sm:w-60' : 'w-28 max-w-[50%]'}
        fill="none"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        {/* A round vignette: sky, sun, two hills cut to the circle, the house and two trees. */}
        <circle cx="100" cy="80" r="72" fill="#fbf8f3" stroke="#e7d8bf" strokeWidth="2" />
        <circle cx="140" cy="46" r="11" fill="#f7e3b5" />
        <path d="M30.8 100 Q70 86 100 98 T169.2 100 A72 72 0 0 1 30.8 100 Z" fill="#e7d8bf" />
        <path d="M35.5 112 Q80 102 120 112 T164.5 112 A72 72 0 0 1 35.5 112 Z" fill="#dccaa9" />
        <path d="M74 101 V70 L100 52 L126 70 V101" fill="#fbf8f3" stroke="#1f8f7e" strokeWidth="3" />
        <path d="M68 74 L100 49 L132 74" stroke="#135c52" strokeWidth="4" />
        <rect
          x="93"
          y="82"
          width="14"
          height="19"
          rx="1.5"
          fill="#d7f2ed"
          stroke="#1f8f7e"
          strokeWidth="2.5"
        />
        <rect x="80" y="76" width="9" height="9" rx="1" fill="#d7f2ed" stroke="#1f8f7e" strokeWidth="2" />
        <rect x="111" y="76" width="9" height="9" rx="1" fill="#d7f2ed" stroke="#1f8f7e" strokeWidth="2" />
        <path d="M52 102 V88 M52 92 Q44 85 52 77 Q60 85 52 92" stroke="#177365" strokeWidth="2.5" />
        <path d="M148 101 V86 M148 90 Q139 82 148 73 Q157 82 148 90" stroke="#177365" strokeWidth="2.5" />
      </svg>
      <p
        className={
          gallery ? 'px-4 text-base font-medium text-ink-700' : 'px-3 text-sm font-medium text-ink-700'
        }
      >
        {gallery ? 'Photos of this rental are coming soon' : 'Photos coming soon'}
      </p>
    </div>
  );
}
