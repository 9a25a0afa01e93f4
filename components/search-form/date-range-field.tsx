'use client';

import { lazy, Suspense, useState } from 'react';
import type { DateRange } from 'react-day-picker';
import { fromDay, showDay, showRange, toDay } from '@/lib/site/browser';
import { PopoverField } from './popover-field';

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
  const [range, setRange] = useState<DateRange | undefined>(() => {
    const from = fromDay(checkin);
    return from ? { from, to: fromDay(checkout) } : undefined;
  });
  const today = new Date();
  today.setHours(0, 0, 0, 0);

  const from = range?.from ? toDay(range.from) : undefined;
  const to = range?.to && range.from && range.to > range.from ? toDay(range.to) : undefined;
  const label = from
    ? to
      ? showRange(from, to, { weekdays: false })
      : `${showDay(from)} – choose check-out`
    : 'Any dates';

  return (
    <PopoverField
      label="Dates"
      value={label}
      dialogLabel="Choose check-in and check-out"
      panelClassName="absolute z-30 mt-2 rounded-xl border border-sand-200 bg-white p-3 shadow-xl"
      inputs={
        <>
          <input type="hidden" name="checkin" value={to ? (from ?? '') : ''} />
          <input type="hidden" name="checkout" value={to ?? ''} />
        </>
      }
    >
      {(close) => (
        <>
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
        </>
      )}
    </PopoverField>
  );
}
