'use client';

import {
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { type DayButtonProps, DayPicker, type Modifiers } from 'react-day-picker';
import { addDays, daysBetween } from '@/lib/dates';
import { formatDate, fromDay, showDay, toDay } from '@/lib/site/browser';
import { CALENDAR_DAYS, calendarOf } from '@/lib/site/browser/calendar-rules';
import { type DayPrice, dayPrices, shortPrice } from '@/lib/site/browser/price-calendar';
import { minimumStay } from '@/lib/site/browser/stay-rules';
import { useDisplayMoney } from './display-money';
import { money } from './format';
import { useStay } from './stay-context';

/** The first day of a day's month, as the calendar's months are named. */
const firstOfMonth = (day: string) => fromDay(`${day.slice(0, 7)}-01`)!;
/** Whole months from `a`'s to `b`'s (YYYY-MM-DD strings). */
const monthsApart = (a: string, b: string) =>
  (Number(b.slice(0, 4)) - Number(a.slice(0, 4))) * 12 + Number(b.slice(5, 7)) - Number(a.slice(5, 7));

/** The free days' prices once a check-in is picked, and whether a day has room for the figure or only a mark. */
const Prices = createContext<{ days: Map<string, DayPrice>; marks: boolean } | null>(null);

/*
 * The booked-date calendar under its heading (stay-calendar.tsx): what the stay is so far, the months
 * (react-day-picker, with date-fns under it: most of the property page's script), the legend, and what
 * the last click did. Loaded as the traveller comes near the calendar; until then the page shows the
 * server's drawing of all this, unchanged.
 */

export function StayCalendarBody({ compact, legend }: { compact: boolean; legend: ReactNode }) {
  const { data, stay, change, today, priced } = useStay();
  const { booked, rates } = data;
  const { checkin, checkout } = stay;
  const [note, setNote] = useState('');
  // One month in the phone's sheet, two side by side on a wide screen: set before the first paint, so the
  // months never show one and then two. The server draws two (it cannot know the screen; calendar.css
  // hides the second on a narrow one), so its drawing is what the live calendar shows at every width.
  const [months, setMonths] = useState(compact ? 1 : 2);
  useLayoutEffect(() => {
    if (compact) return;
    const wide = window.matchMedia('(min-width: 768px)');
    const apply = () => setMonths(wide.matches ? 2 : 1);
    apply();
    wide.addEventListener('change', apply);
    return () => wide.removeEventListener('change', apply);
  }, [compact]);
  // The months shown, from the check-in's: a stay chosen elsewhere (the address as the page starts, a
  // nearest stay offered) is brought into view; a check-in picked among the months shown moves nothing.
  const [month, setMonth] = useState(() => firstOfMonth(checkin ?? today));
  useLayoutEffect(() => {
    if (!checkin) return;
    setMonth((shown) => {
      const apart = monthsApart(toDay(shown), checkin);
      return apart >= 0 && apart < months ? shown : firstOfMonth(checkin);
    });
  }, [checkin, months]);
  const minStay = checkin ? minimumStay(rates, checkin, priced) : null;
  const rules = useMemo(() => calendarOf(booked, today), [booked, today]);
  const choosingCheckout = Boolean(checkin && !checkout);
  const display = useDisplayMoney();
  // The price calendar: each free day's nightly price for the party and its minimum stay, once a check-in
  // is picked (lib/site/browser/price-calendar.ts: the quote's rules), as Vrbo shows it.
  const prices = useMemo(() => {
    if (!checkin || data.missing.includes('rates') || !data.currency) return null;
    const days: string[] = [];
    for (let day = today; day <= addDays(today, CALENDAR_DAYS); day = addDays(day, 1))
      if (!rules.bookedNight(day)) days.push(day);
    return dayPrices(rates, data.currency, priced, days, display);
  }, [checkin, data.missing, data.currency, rates, priced, display, rules, today]);
  // Where a figure does not fit (one month on a phone, the booking sheet): a low / mid / high mark.
  const marks = compact || months === 1;
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
      const m = minimumStay(rates, day, priced);
      setNote(
        `Check-in ${showDay(day)}. Now choose check-out${m && m > 1 ? ` (at least ${m} nights)` : ''}.`,
      );
    }
  };

  const start = fromDay(today)!;
  const bookedNight = rules.bookedNight;
  const inStay = (day: string) =>
    Boolean(checkin && (day === checkin || (checkout && day > checkin && day <= checkout)));
  return (
    <>
      {data.missing.includes('availability') && (
        <p className="mt-2 rounded-lg bg-sand-100 px-3 py-2 text-sm text-ink-900">
          Booked dates can’t be shown right now: choose the dates you would like and an agent will confirm
          them.
        </p>
      )}
      <p className="mt-1 text-sm text-ink-700">
        {checkin && checkout
          ? `${showDay(checkin)} – ${showDay(checkout)}`
          : checkin
            ? `Check-in ${showDay(checkin)}: now choose check-out${minStay && minStay > 1 ? ` (at least ${minStay} nights)` : ''}.`
            : 'Choose your check-in day, then your check-out day.'}
      </p>
      <Prices.Provider value={prices && { days: prices, marks }}>
        <DayPicker
          mode="single"
          numberOfMonths={months}
          startMonth={start}
          endMonth={fromDay(addDays(today, CALENDAR_DAYS))}
          month={month}
          onMonthChange={setMonth}
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
              const price = prices?.get(day);
              if (price && !m.disabled && !m.booked) {
                if (price.nightly !== null) parts.push(`${money(price.nightly, price.currency)} a night`);
                if (price.minStay !== null && price.minStay > 1)
                  parts.push(`minimum stay ${price.minStay} nights`);
              }
              if (m.today) parts.push('today');
              return parts.join(', ');
            },
          }}
          className={prices ? 'mt-3 with-prices' : 'mt-3'}
          components={{ DayButton: PricedDayButton }}
        />
      </Prices.Provider>
      {prices && (
        <p className="mt-1 text-xs text-ink-700" data-testid="price-calendar-note">
          {marks ? 'Low, mid and high: each free day’s nightly price' : 'Each free day’s nightly price'} for{' '}
          {priced === 1 ? '1 bedroom' : `${priced} bedrooms`}
          {marks
            ? ''
            : `, in ${[...prices.values()].find((p) => p.nightly !== null)?.currency ?? data.currency}`}
          ; “min 3”: the shortest stay from that day.
        </p>
      )}
      {legend}
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
    </>
  );
}

/**
 * A day of the calendar (react-day-picker's own button, focus handling kept) with, once a check-in is
 * picked, its nightly price (or a low / mid / high mark) and its minimum stay beneath the date. Said to a
 * screen reader by the day's label (labelDayButton), so the figures here are hidden from it.
 */
function PricedDayButton({ day, modifiers, children, ...props }: DayButtonProps) {
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (modifiers.focused) ref.current?.focus();
  }, [modifiers.focused]);
  const prices = useContext(Prices);
  const price =
    prices && !modifiers.disabled && !modifiers.booked && !modifiers.outside
      ? prices.days.get(toDay(day.date))
      : undefined;
  if (!price)
    return (
      <button ref={ref} {...props}>
        {children}
      </button>
    );
  // The day's name said as text rather than as a label, so the figures seen (hidden from a screen reader,
  // which hears them in that name) do not contradict a label they are not part of.
  const { 'aria-label': label, ...rest } = props;
  return (
    <button ref={ref} {...rest}>
      <span className="sr-only">{label}</span>
      <span aria-hidden="true">{children}</span>
      <span aria-hidden="true" className="day-figures">
        {price.nightly !== null &&
          (prices?.marks ? (
            price.band && <span className={`day-band day-band-${price.band}`}>{price.band}</span>
          ) : (
            <span className="day-price">{shortPrice(price.nightly, price.currency)}</span>
          ))}
        {price.minStay !== null && price.minStay > 1 && <span className="day-min">min {price.minStay}</span>}
      </span>
    </button>
  );
}
