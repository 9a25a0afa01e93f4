'use client';

import { useId, useMemo, useState } from 'react';
import type { Location } from '@/lib/contract';
import { plural } from '@/lib/site/browser';
import { matchLocations } from '@/lib/site/browser/match-locations';
import { FIELD } from './field-style';
import { useLocations } from './use-locations';

/**
 * A destination picker with type-ahead over the location catalog (the WAI-ARIA combobox pattern): type to
 * filter, arrows to move, Enter to choose, Escape to close. Each option shows its path and property count.
 * The chosen id is submitted as `location`.
 */
export function DestinationCombobox({
  initial,
  name = 'location',
  onChoose,
}: {
  initial?: { id: number; label: string } | null;
  name?: string;
  /** Told of each choice (null when the text no longer names the chosen destination). */
  onChoose?: (location: Location | null) => void;
}) {
  const id = useId();
  const [text, setText] = useState(initial?.label ?? '');
  const [chosen, setChosen] = useState<number | null>(initial?.id ?? null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [wanted, setWanted] = useState(false);
  const locations = useLocations(wanted || open);
  const options = useMemo(() => matchLocations(locations.data ?? [], text), [locations.data, text]);
  const listId = `${id}-list`;
  const optionId = (i: number) => `${id}-opt-${i}`;

  const choose = (i: number) => {
    const option = options[i];
    if (!option) return;
    setChosen(option.id);
    setText(option.name);
    setOpen(false);
    onChoose?.(option);
  };

  return (
    <div className="relative">
      <label htmlFor={`${id}-input`} className="block text-sm font-medium text-ink-700">
        Destination
      </label>
      <input
        id={`${id}-input`}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && options[active] ? optionId(active) : undefined}
        autoComplete="off"
        placeholder="Anywhere"
        value={text}
        onFocus={() => setWanted(true)}
        onChange={(e) => {
          setText(e.target.value);
          if (chosen !== null) onChoose?.(null);
          setChosen(null);
          setActive(0);
          setOpen(true);
        }}
        onBlur={() => setTimeout(() => setOpen(false), 120)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            if (!open) setOpen(true);
            else setActive((a) => Math.min(a + 1, options.length - 1));
          } else if (e.key === 'ArrowUp') {
            e.preventDefault();
            setActive((a) => Math.max(a - 1, 0));
          } else if (e.key === 'Enter' && open) {
            e.preventDefault();
            choose(active);
          } else if (e.key === 'Escape') {
            if (open) setOpen(false);
            else {
              setText('');
              setChosen(null);
            }
          }
        }}
        className={FIELD}
      />
      <input type="hidden" name={name} value={chosen ?? ''} />
      <div
        id={listId}
        role="listbox"
        aria-label="Destinations"
        hidden={!open}
        className="absolute z-20 mt-1 max-h-80 w-full overflow-auto rounded-lg border border-sand-200 bg-white py-1 shadow-lg"
      >
        {!locations.data && !locations.error && (
          <p className="px-3 py-2 text-sm text-ink-700">Loading destinations…</p>
        )}
        {locations.error && (
          <p className="px-3 py-2 text-sm text-red-800">
            The destinations could not be loaded. {locations.error.message}
          </p>
        )}
        {locations.data && options.length === 0 && (
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
            onClick={() => choose(i)}
            onMouseEnter={() => setActive(i)}
            className={`cursor-pointer px-3 py-2 ${i === active ? 'bg-brand-50' : ''}`}
          >
            <span className="block font-medium text-ink-900">{l.name}</span>
            <span className="block text-xs text-ink-700">
              {l.path.slice(0, -1).join(' › ') || 'Region'} · {plural(l.property_count, 'rental')}
            </span>
          </div>
        ))}
      </div>
    </div>
  );
}
