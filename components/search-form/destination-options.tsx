'use client';

import type { Location } from '@/lib/contract';
import { plural } from '@/lib/site/browser';

/** The destination field's list of options (its combobox's listbox): each with its path and rentals. */
export function DestinationOptions({
  id,
  open,
  options,
  active,
  optionId,
  text,
  loading,
  error,
  onChoose,
  onHover,
}: {
  id: string;
  open: boolean;
  options: Location[];
  active: number;
  optionId: (i: number) => string;
  text: string;
  loading: boolean;
  error: string | undefined;
  onChoose: (i: number) => void;
  onHover: (i: number) => void;
}) {
  return (
    <div
      id={id}
      role="listbox"
      aria-label="Destinations"
      hidden={!open}
      className="absolute z-20 mt-1 max-h-80 w-full overflow-auto rounded-lg border border-sand-200 bg-white py-1 shadow-lg"
    >
      {loading && <p className="px-3 py-2 text-sm text-ink-700">Loading destinations…</p>}
      {error !== undefined && (
        <p className="px-3 py-2 text-sm text-red-800">The destinations could not be loaded. {error}</p>
      )}
      {!loading && error === undefined && options.length === 0 && (
        <p className="px-3 py-2 text-sm text-ink-700">No destination matches “{text}”.</p>
      )}
      {options.map((l, i) => (
        // Keyboard users move through options from the input (aria-activedescendant), as the combobox
        // pattern asks; the click is for pointers.
        // biome-ignore lint/a11y/useKeyWithClickEvents: keys are handled on the combobox input
        <div
          key={l.id}
          tabIndex={-1}
          id={optionId(i)}
          role="option"
          aria-selected={i === active}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => onChoose(i)}
          // Only a pointer that moves highlights: the list opening under a resting pointer (after pressing
          // a button below the field) must not take the highlight from the keys.
          onMouseMove={(e) => {
            if ((e.movementX || e.movementY) && i !== active) onHover(i);
          }}
          className={`cursor-pointer px-3 py-2 ${i === active ? 'bg-brand-50' : ''}`}
        >
          <span className="block font-medium text-ink-900">{l.name}</span>
          <span className="block text-xs text-ink-700">
            {l.path.slice(0, -1).join(' › ') || 'Region'} · {plural(l.property_count, 'rental')}
          </span>
        </div>
      ))}
    </div>
  );
}
