'use client';

import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import type { DateRange } from 'react-day-picker';
import { fromDay, showDay, toDay } from '@/lib/site/browser';
import { showRange } from '@/lib/site/search';

const DateRangeCalendar = lazy(() => import('./date-range-calendar'));

/**
 * Check-in and check-out as one range picker (react-day-picker). Days before the traveller's today are
 * disabled. The button opens the calendar and focus moves into it (arrows move, Enter picks, Escape closes
 * and returns focus). Submits `checkin` and `checkout` as `YYYY-MM-DD`.
 */
export function DateRangeField({
  checkin,
  checkout,
  onChange,
}: {
  checkin?: string;
  checkout?: string;
  onChange?: (range: { checkin?: string; checkout?: string }) => void;
}) {
  const id = useId();
  const [range, setRange] = useState<DateRange | undefined>(() => {
    const from = fromDay(checkin);
    return from ? { from, to: fromDay(checkout) } : undefined;
  });
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const today = new Date();
  today.setHours(0, 0, 0, 0);

  const from = range?.from ? toDay(range.from) : undefined;
  const to = range?.to && range.from && range.to > range.from ? toDay(range.to) : undefined;
  const label = from
    ? to
      ? showRange(from, to, { weekdays: false })
      : `${showDay(from)} – choose check-out`
    : 'Any dates';

  useEffect(() => {
    if (!open) return;
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
        Dates
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
        <span id={`${id}-value`}>{label}</span>
      </button>
      <input type="hidden" name="checkin" value={to ? (from ?? '') : ''} />
      <input type="hidden" name="checkout" value={to ?? ''} />
      {open && (
        <div
          ref={panel}
          id={`${id}-panel`}
          role="dialog"
          aria-label="Choose check-in and check-out"
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.stopPropagation();
              close();
            }
          }}
          className="absolute z-30 mt-2 rounded-xl border border-sand-200 bg-white p-3 shadow-xl"
        >
          <Suspense fallback={<p className="w-64 p-4 text-sm text-ink-700">Loading the calendar…</p>}>
            <DateRangeCalendar
              range={range}
              today={today}
              onSelect={(next) => {
                setRange(next);
                const nextFrom = next?.from ? toDay(next.from) : undefined;
                const nextTo = next?.to && next.from && next.to > next.from ? toDay(next.to) : undefined;
                onChange?.({ checkin: nextTo ? nextFrom : undefined, checkout: nextTo });
              }}
            />
          </Suspense>
          <div className="mt-2 flex justify-between gap-2 border-t border-sand-100 pt-2">
            <button
              type="button"
              className="rounded px-3 py-1 text-sm text-ink-700 underline"
              onClick={() => {
                setRange(undefined);
                onChange?.({});
              }}
            >
              Clear dates
            </button>
            <button
              type="button"
              className="rounded-full bg-brand-700 px-4 py-1 text-sm text-white"
              onClick={close}
            >
              Done
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
