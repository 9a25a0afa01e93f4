'use client';

import { useLayoutEffect, useMemo, useState } from 'react';
import { DayPicker, type Modifiers } from 'react-day-picker';
import { addDays, daysBetween } from '@/lib/dates';
import { formatDate, fromDay, showDay, toDay } from '@/lib/site/browser';
import { calendarOf } from '@/lib/site/calendar-rules';
import type { Stay } from '@/lib/site/stay';
import { minimumStay } from '@/lib/site/stay-rules';
import type { BookingData } from './stay-context';

/*
 * The booked-date calendar's months (react-day-picker, with date-fns under it: most of the property page's
 * script), and what a click on a day does. Loaded as the traveller comes near the calendar
 * (stay-calendar.tsx); until then the page shows the server's drawing of these same months.
 */

export interface MonthsProps {
  /** One month (the phone's booking sheet); otherwise two side by side on a wide screen. */
  compact: boolean;
  /** Today, as the stay's days are written (`YYYY-MM-DD`). */
  today: string;
  checkin?: string;
  checkout?: string;
  minStay: number | null;
  booked: BookingData['booked'];
  rates: BookingData['rates'];
  /** Bedrooms the quote prices for this party (what a check-in's minimum stay depends on). */
  priced: number;
  change: (next: Partial<Stay>) => void;
  /** Says what the last click did, in the calendar's status line. */
  say: (note: string) => void;
}

export function StayMonths({
  compact,
  today,
  checkin,
  checkout,
  minStay,
  booked,
  rates,
  priced,
  change,
  say,
}: MonthsProps) {
  // Set before the first paint, so the months never show one and then two.
  const [months, setMonths] = useState(1);
  useLayoutEffect(() => {
    if (compact) return;
    const wide = window.matchMedia('(min-width: 768px)');
    const apply = () => setMonths(wide.matches ? 2 : 1);
    apply();
    wide.addEventListener('change', apply);
    return () => wide.removeEventListener('change', apply);
  }, [compact]);
  const rules = useMemo(() => calendarOf(booked, today), [booked, today]);
  const choosingCheckout = Boolean(checkin && !checkout);
  const why = (day: string): string | null => {
    if (choosingCheckout && checkin && day > checkin) {
      const reason = rules.whyNoCheckout(checkin, day);
      if (reason) return reason;
      if (minStay && daysBetween(checkin, day) < minStay)
        return `the minimum stay from ${showDay(checkin)} is ${minStay} nights`;
      return null;
    }
    return rules.whyNoCheckin(day);
  };

  const pick = (date: Date) => {
    const day = toDay(date);
    const reason = why(day);
    if (reason) {
      say(`${showDay(day)} can’t be chosen: ${reason}.`);
      return;
    }
    if (choosingCheckout && checkin && day > checkin) {
      change({ checkout: day });
      say(`Check-out ${showDay(day)}. ${daysBetween(checkin, day)} nights.`);
    } else {
      change({ checkin: day, checkout: undefined });
      const m = minimumStay(rates, day, priced);
      say(`Check-in ${showDay(day)}. Now choose check-out${m && m > 1 ? ` (at least ${m} nights)` : ''}.`);
    }
  };

  const start = fromDay(today)!;
  const bookedNight = rules.bookedNight;
  const inStay = (day: string) =>
    Boolean(checkin && (day === checkin || (checkout && day > checkin && day <= checkout)));
  return (
    <DayPicker
      mode="single"
      numberOfMonths={months}
      startMonth={start}
      endMonth={fromDay(addDays(today, 730))}
      defaultMonth={fromDay(checkin) ?? start}
      selected={undefined}
      // Past days are not offered at all (and fade); booked ones stay readable, struck through.
      disabled={{ before: start }}
      onDayClick={pick}
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
