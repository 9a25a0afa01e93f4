'use client';

import { format } from 'date-fns';
import { type DateRange, DayPicker, type Modifiers } from 'react-day-picker';
import 'react-day-picker/style.css';
import './date-range-calendar.css';

/** The calendar of the date range field, loaded only when a traveller opens it (it is most of the field's code). */
export default function DateRangeCalendar({
  range,
  today,
  onSelect,
}: {
  range: DateRange | undefined;
  today: Date;
  onSelect: (range: DateRange | undefined) => void;
}) {
  return (
    <DayPicker
      className="brand-calendar"
      mode="range"
      autoFocus
      selected={range}
      defaultMonth={range?.from ?? today}
      startMonth={today}
      disabled={{ before: today }}
      excludeDisabled
      labels={{ labelDayButton: dayLabel }}
      onSelect={onSelect}
    />
  );
}

/** A day's name for screen readers, starting with the number shown on it: "5 December 2026, Saturday, selected". */
function dayLabel(date: Date, m: Modifiers): string {
  const notes = [m.today && 'today', m.disabled && 'in the past', m.selected && 'selected'].filter(Boolean);
  return [format(date, 'd MMMM yyyy, EEEE'), ...notes].join(', ');
}
