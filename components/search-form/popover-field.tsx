'use client';

import { type ReactNode, useEffect, useId, useRef, useState } from 'react';

/**
 * A form field shown as one button with its label ("Dates", "Guests") that opens a small dialog below it,
 * as listing sites do. Escape, a click outside or the panel's own Done close it, and focus returns to the
 * button. `inputs` are the field's hidden form values (the button itself submits nothing); `onOpened`
 * moves focus into the panel when its content does not do so itself.
 */
export function PopoverField({
  label,
  value,
  dialogLabel,
  panelClassName,
  inputs,
  onOpened,
  children,
}: {
  label: string;
  value: ReactNode;
  dialogLabel: string;
  panelClassName: string;
  inputs: ReactNode;
  onOpened?: (panel: HTMLDivElement) => void;
  children: (close: () => void) => ReactNode;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  // Read when the panel opens, not a reason to re-run the effect.
  const opened = useRef(onOpened);
  opened.current = onOpened;

  useEffect(() => {
    if (!open) return;
    if (panel.current) opened.current?.(panel.current);
    const outside = (e: MouseEvent) => {
      if (!panel.current?.contains(e.target as Node) && !button.current?.contains(e.target as Node))
        setOpen(false);
    };
    document.addEventListener('mousedown', outside);
    return () => document.removeEventListener('mousedown', outside);
  }, [open]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  return (
    <div className="relative">
      <span id={`${id}-label`} className="block text-sm font-medium text-ink-700">
        {label}
      </span>
      <button
        ref={button}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        aria-labelledby={`${id}-label ${id}-value`}
        onClick={() => setOpen((o) => !o)}
        className="mt-1 h-11 w-full truncate rounded-lg border border-sand-200 bg-white px-3 py-2 text-left text-ink-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-500"
      >
        <span id={`${id}-value`}>{value}</span>
      </button>
      {inputs}
      {open && (
        <div
          ref={panel}
          id={`${id}-panel`}
          role="dialog"
          aria-label={dialogLabel}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.stopPropagation();
              close();
            }
          }}
          className={panelClassName}
        >
          {children(close)}
        </div>
      )}
    </div>
  );
}
