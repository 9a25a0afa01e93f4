'use client';

import { useId, useState } from 'react';
import { plural } from '@/lib/site/browser';
import { PARTY_LIMITS } from '@/lib/site/browser/stay';
import { PopoverField } from './popover-field';

export interface Party {
  adults: number;
  children: number;
}

/** "2 adults · 1 child", as listing sites write a party. */
export const partyLabel = ({ adults, children }: Party) =>
  [plural(adults, 'adult'), children > 0 && plural(children, 'child', 'children')]
    .filter(Boolean)
    .join(' · ');

const ROWS = [
  { key: 'adults', label: 'Adults', hint: '13 or older', one: 'adult', many: 'adults' },
  { key: 'children', label: 'Children', hint: 'Under 13', one: 'child', many: 'children' },
] as const;

/**
 * The party as one button ("2 adults · 1 child") opening a small dialog with a − / + stepper per row, as the
 * big listing sites do. Focus moves into the dialog; Escape, Done or a click outside close it and focus
 * returns to the button. Submits `adults` and `children` (children only when there are some, so links stay
 * short). The steppers say "can't go lower" with aria-disabled rather than `disabled`, so focus never drops
 * out of the dialog when a count reaches its limit.
 */
export function GuestsField({
  initial,
  onChange,
  align = 'left',
}: {
  initial: Party;
  onChange?: (party: Party) => void;
  /** Which edge of the button the dialog lines up with (the right on the home form's last column). */
  align?: 'left' | 'right';
}) {
  const id = useId();
  const [party, setParty] = useState<Party>(initial);
  const step = (key: keyof Party, by: number) => {
    const { min, max } = PARTY_LIMITS[key];
    const value = party[key] + by;
    if (value < min || value > max) return;
    const next = { ...party, [key]: value };
    setParty(next);
    onChange?.(next);
  };

  return (
    <PopoverField
      label="Guests"
      value={partyLabel(party)}
      dialogLabel="Guests"
      panelClassName={`absolute z-30 mt-2 w-full min-w-72 rounded-xl border border-sand-200 bg-white p-4 shadow-xl ${align === 'right' ? 'right-0' : 'left-0'}`}
      inputs={
        <>
          <input type="hidden" name="adults" value={party.adults} />
          <input type="hidden" name="children" value={party.children} disabled={party.children === 0} />
        </>
      }
      onOpened={(panel) => panel.querySelector<HTMLButtonElement>('button')?.focus()}
    >
      {(close) => (
        <>
          <ul className="divide-y divide-sand-100">
            {ROWS.map((row) => {
              const value = party[row.key];
              const { min, max } = PARTY_LIMITS[row.key];
              return (
                <li key={row.key} className="flex items-center justify-between gap-4 py-3 first:pt-0">
                  <span>
                    <span id={`${id}-${row.key}`} className="block font-medium text-ink-900">
                      {row.label}
                    </span>
                    <span className="block whitespace-nowrap text-sm text-ink-700">{row.hint}</span>
                  </span>
                  {/* biome-ignore lint/a11y/useSemanticElements: a stepper's buttons and count, named by its row */}
                  <span role="group" aria-labelledby={`${id}-${row.key}`} className="flex items-center gap-3">
                    <Stepper
                      label={`Fewer ${row.many}`}
                      sign="−"
                      off={value <= min}
                      onClick={() => step(row.key, -1)}
                    />
                    <span className="w-6 text-center tabular-nums text-ink-900" aria-hidden="true">
                      {value}
                    </span>
                    <Stepper
                      label={`More ${row.many}`}
                      sign="+"
                      off={value >= max}
                      onClick={() => step(row.key, 1)}
                    />
                  </span>
                </li>
              );
            })}
          </ul>
          <p className="sr-only" aria-live="polite">
            {partyLabel(party)}
          </p>
          <div className="mt-2 flex justify-end border-t border-sand-100 pt-3">
            <button
              type="button"
              className="rounded-full bg-brand-700 px-4 py-1 text-sm font-medium text-white hover:bg-brand-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2"
              onClick={close}
            >
              Done
            </button>
          </div>
        </>
      )}
    </PopoverField>
  );
}

function Stepper({
  label,
  sign,
  off,
  onClick,
}: {
  label: string;
  sign: string;
  off: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-disabled={off || undefined}
      onClick={off ? undefined : onClick}
      className="grid h-9 w-9 place-items-center rounded-full border border-ink-500 text-lg leading-none text-ink-900 hover:border-brand-700 hover:text-brand-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 aria-disabled:cursor-not-allowed aria-disabled:opacity-30 aria-disabled:hover:border-ink-500 aria-disabled:hover:text-ink-900"
    >
      <span aria-hidden="true">{sign}</span>
    </button>
  );
}
