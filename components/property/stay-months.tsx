'use client';

import { DayPicker, type Modifiers } from 'react-day-picker';
import { formatDate, toDay } from '@/lib/site/browser';

/*
 * The booked-date calendar's months (react-day-picker, with date-fns under it: most of the property page's
 * script). Loaded as the traveller comes near the calendar (stay-calendar.tsx); until then the page shows
 * the server's drawing of these same months.
 */

export interface MonthsProps {
  months: number;
  start: Date;
  end: Date;
  defaultMonth: Date;
  /** Today, as the stay's days are written (`YYYY-MM-DD`). */
  today: string;
  checkin?: string;
  checkout?: string;
  bookedNight: (day: string) => boolean;
  /** Why a day can't be picked now (null: it can). */
  why: (day: string) => string | null;
  onPick: (date: Date) => void;
}

export function StayMonths({
  months,
  start,
  end,
  defaultMonth,
  today,
  checkin,
  checkout,
  bookedNight,
  why,
  onPick,
}: MonthsProps) {
  const inStay = (day: string) =>
    Boolean(checkin && (day === checkin || (checkout && day > checkin && day <= checkout)));
  return (
    <DayPicker
      mode="single"
      numberOfMonths={months}
      startMonth={start}
      endMonth={end}
      defaultMonth={defaultMonth}
      selected={undefined}
      // Past days are not offered at all (and fade); booked ones stay readable, struck through.
      disabled={{ before: start }}
      onDayClick={onPick}
      modifiers={{
        past: (d: Date) => toDay(d) < today,
        booked: (d: Date) => toDay(d) >= today && bookedNight(toDay(d)),
        unavailable: (d: Date) => {
          const day = toDay(d);
          return day >= today && !bookedNight(day) && why(day) !== null;
        },
        stay: (d: Date) => inStay(toDay(d)),
        edge: (d: Date) => {
          const day = toDay(d);
          return day === checkin || day === checkout;
        },
      }}
      // Styled in calendar.css: the library's own sheet is unlayered and would win over utilities.
      modifiersClassNames={{
        past: 'day-past',
        booked: 'day-booked',
        unavailable: 'day-unavailable',
        stay: 'day-stay',
        edge: 'day-edge',
      }}
      labels={{
        labelDayButton: (date: Date, m: Modifiers) => {
          const day = toDay(date);
          const reason = why(day);
          const parts = [formatDate(date, 'd MMMM yyyy, EEEE')];
          if (day === checkin) parts.push('check-in');
          if (day === checkout) parts.push('check-out');
          if (reason) parts.push(`not available: ${reason}`);
          if (m.today) parts.push('today');
          return parts.join(', ');
        },
      }}
      className="mt-3"
    />
  );
}
