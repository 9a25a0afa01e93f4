'use client';

import { lazy, Suspense, useState } from 'react';
import type { DateRange } from 'react-day-picker';
import { fromDay, showDay, showRange, toDay } from '@/lib/site/browser';
import { type Flexible, FlexiblePanel, flexibleLabel } from './flexible-dates';
import { PopoverField } from './popover-field';

const DateRangeCalendar = lazy(() => import('./date-range-calendar'));

const TAB =
  'rounded-full px-3 py-1 text-sm font-medium aria-pressed:bg-ink-900 aria-pressed:text-white focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500';

/**
 * Check-in and check-out as one range picker (react-day-picker). Days before the traveller's today are
 * disabled. The button opens the calendar and focus moves into it (arrows move, Enter picks, Escape closes
 * and returns focus). Submits `checkin` and `checkout` as `YYYY-MM-DD`. With `flexible` (the results'
 * filters), a second choice: "a week / a weekend / N nights in <months>", submitted as `flex` and `months`.
 */
export function DateRangeField({
  checkin,
  checkout,
  onChange,
  flexible,
}: {
  checkin?: string;
  checkout?: string;
  onChange?: (range: { checkin?: string; checkout?: string }) => void;
  /** Offer flexible dates, starting from these (null: offered, none chosen). */
  flexible?: Flexible | null;
}) {
  const [flex, setFlex] = useState<Flexible>(() => flexible ?? { flex: 'week', months: [] });
  const [mode, setMode] = useState<'dates' | 'flexible'>(flexible ? 'flexible' : 'dates');
  const flexOn = mode === 'flexible' && flex.months.length > 0 && flex.flex !== '';
  const [range, setRange] = useState<DateRange | undefined>(() => {
    const from = fromDay(checkin);
    return from ? { from, to: fromDay(checkout) } : undefined;
  });
  const today = new Date();
  today.setHours(0, 0, 0, 0);

  const from = range?.from ? toDay(range.from) : undefined;
  const to = range?.to && range.from && range.to > range.from ? toDay(range.to) : undefined;
  const label = flexOn
    ? flexibleLabel(flex)
    : from
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
          <input type="hidden" name="checkin" value={!flexOn && to ? (from ?? '') : ''} />
          <input type="hidden" name="checkout" value={flexOn ? '' : (to ?? '')} />
          {flexible !== undefined && (
            <>
              <input type="hidden" name="flex" value={flexOn ? flex.flex : ''} />
              <input type="hidden" name="months" value={flexOn ? flex.months.join(',') : ''} />
            </>
          )}
        </>
      }
    >
      {(close) => (
        <>
          {flexible !== undefined && (
            <fieldset className="mb-2 flex gap-1">
              <legend className="sr-only">Dates or flexible</legend>
              <button
                type="button"
                className={TAB}
                aria-pressed={mode === 'dates'}
                onClick={() => setMode('dates')}
              >
                Dates
              </button>
              <button
                type="button"
                className={TAB}
                aria-pressed={mode === 'flexible'}
                onClick={() => setMode('flexible')}
              >
                Flexible
              </button>
            </fieldset>
          )}
          {mode === 'flexible' ? (
            <FlexiblePanel value={flex} today={today} onChange={setFlex} />
          ) : (
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
          )}
          <div className="mt-2 flex justify-between gap-2 border-t border-sand-100 pt-2">
            <button
              type="button"
              className="rounded px-3 py-1 text-sm text-ink-700 underline"
              onClick={() => {
                setRange(undefined);
                setFlex({ flex: 'week', months: [] });
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
