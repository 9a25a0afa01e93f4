'use client';

import { format } from 'date-fns';
import { useEffect, useState } from 'react';
import { DayPicker, type Modifiers } from 'react-day-picker';
import 'react-day-picker/style.css';
import './calendar.css';
import { addDays, daysBetween } from '@/lib/dates';
import { fromDay, showDay, toDay } from '@/lib/site/browser';
import { minimumStay } from '@/lib/site/browser/stay-rules';
import { useStay } from './stay-context';

/*
 * The booked-date calendar. A click picks check-in, the next later click check-out; a day the stay rules
 * refuse says why (on screen in the status line, and to a screen reader in the day's name). Booked nights
 * are struck through, past days faded, so the two never look alike; a legend says which is which.
 */

export function StayCalendar({ compact = false, id = 'calendar' }: { compact?: boolean; id?: string }) {
  const { data, stay, change, rules, today, priced, minStay } = useStay();
  const [note, setNote] = useState('');
  const [months, setMonths] = useState(1);
  useEffect(() => {
    if (compact) return;
    const wide = window.matchMedia('(min-width: 768px)');
    const apply = () => setMonths(wide.matches ? 2 : 1);
    apply();
    wide.addEventListener('change', apply);
    return () => wide.removeEventListener('change', apply);
  }, [compact]);

  const { checkin, checkout } = stay;
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
      setNote(`${showDay(day)} can’t be chosen: ${reason}.`);
      return;
    }
    if (choosingCheckout && checkin && day > checkin) {
      change({ checkout: day });
      setNote(`Check-out ${showDay(day)}. ${daysBetween(checkin, day)} nights.`);
    } else {
      change({ checkin: day, checkout: undefined });
      const m = minimumStay(data.rates, day, priced);
      setNote(
        `Check-in ${showDay(day)}. Now choose check-out${m && m > 1 ? ` (at least ${m} nights)` : ''}.`,
      );
    }
  };

  const start = fromDay(today)!;
  const inStay = (day: string) =>
    Boolean(checkin && (day === checkin || (checkout && day > checkin && day <= checkout)));
  const titleId = `${id}-title`;
  return (
    <section aria-labelledby={titleId} className="brand-calendar">
      <h2
        id={titleId}
        tabIndex={-1}
        className={`${compact ? 'text-lg' : 'text-xl'} font-semibold text-ink-900 focus:outline-none`}
      >
        {compact ? 'Dates' : 'Availability'}
      </h2>
      <p className="mt-1 text-sm text-ink-700">
        {checkin && checkout
          ? `${showDay(checkin)} – ${showDay(checkout)}`
          : checkin
            ? `Check-in ${showDay(checkin)}: now choose check-out${minStay && minStay > 1 ? ` (at least ${minStay} nights)` : ''}.`
            : 'Choose your check-in day, then your check-out day.'}
      </p>
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
          booked: (d: Date) => toDay(d) >= today && rules.bookedNight(toDay(d)),
          unavailable: (d: Date) => {
            const day = toDay(d);
            return day >= today && !rules.bookedNight(day) && why(day) !== null;
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
            const parts = [format(date, 'd MMMM yyyy, EEEE')];
            if (day === checkin) parts.push('check-in');
            if (day === checkout) parts.push('check-out');
            if (reason) parts.push(`not available: ${reason}`);
            if (m.today) parts.push('today');
            return parts.join(', ');
          },
        }}
        className="mt-3"
      />
      <Legend />
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
        <p role="status" className="min-h-6 text-sm text-ink-900">
          {note}
        </p>
        {checkin && (
          <button
            type="button"
            className="text-sm font-medium text-brand-700 underline"
            onClick={() => {
              change({ checkin: undefined, checkout: undefined });
              setNote('Dates cleared.');
            }}
          >
            Clear dates
          </button>
        )}
      </div>
    </section>
  );
}

function Legend() {
  const item = 'flex items-center gap-2';
  const swatch = 'grid h-6 w-6 place-items-center rounded-full text-xs';
  return (
    <ul
      aria-label="What the calendar shows"
      className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-ink-700"
    >
      <li className={item}>
        <span aria-hidden="true" className={`${swatch} bg-brand-700 font-semibold text-white`}>
          8
        </span>
        Your stay
      </li>
      <li className={item}>
        <span
          aria-hidden="true"
          className={`${swatch} text-ink-500 line-through decoration-2 decoration-ink-700`}
        >
          8
        </span>
        Booked
      </li>
      <li className={item}>
        <span aria-hidden="true" className={`${swatch} opacity-40 before:content-['8']`} />
        Past
      </li>
      <li className={item}>
        <span aria-hidden="true" className={`${swatch} text-ink-500`}>
          8
        </span>
        Not possible for this stay (changeover day or minimum stay)
      </li>
    </ul>
  );
}
