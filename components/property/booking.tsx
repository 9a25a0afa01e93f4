'use client';

import { useQuery } from '@tanstack/react-query';
import { format } from 'date-fns';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { DayPicker, type Modifiers } from 'react-day-picker';
import 'react-day-picker/style.css';
import type { Availability, Quote, RateSheet } from '@/lib/contract';
import { addDays, daysBetween } from '@/lib/dates';
import { fromDay, showDay, toDay } from '@/lib/site/browser';
import { bedroomsPriced, calendarOf, minimumStay } from '@/lib/site/stay-rules';
import type { InquiryFormHandle, SentLead, Stay } from '../inquiry/inquiry-form';

// The form (with the contract's schema) is most of the page's script: it loads when it comes near the
// screen, or when the traveller asks for it, not before the photos and the calendar.
const InquiryForm = lazy(() => import('../inquiry/inquiry-form').then((m) => ({ default: m.InquiryForm })));

/*
 * The booked-date calendar, the live quote and the inquiry form of a property page, sharing one stay.
 */

type Rates = Pick<RateSheet, 'rates' | 'default_rate'>;

const input =
  'mt-1 w-full rounded-lg border border-sand-200 bg-white px-3 py-2 text-ink-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-500';

export function Booking({
  propertyId,
  sleeps,
  maxBedrooms,
  booked,
  rates,
  initial,
  onQuote,
  onSent,
}: {
  propertyId: number;
  sleeps: number;
  maxBedrooms: number;
  booked: Availability['booked'];
  rates: Rates;
  initial: Stay & { reference?: string };
  /** Told of every quote shown (embeds pass it to the partner's page). */
  onQuote?: (quote: Quote) => void;
  /** Told when the inquiry was accepted, instead of opening the site's confirmation page. */
  onSent?: (lead: SentLead) => void;
}) {
  const today = toDay(new Date());
  const rules = useMemo(() => calendarOf(booked, today), [booked, today]);
  const [checkin, setCheckin] = useState(
    initial.checkin && !rules.whyNoCheckin(initial.checkin) ? initial.checkin : undefined,
  );
  const [checkout, setCheckout] = useState(
    checkin && initial.checkout && !rules.whyNoCheckout(checkin, initial.checkout)
      ? initial.checkout
      : undefined,
  );
  const [adults, setAdults] = useState(initial.adults ?? 2);
  const [children, setChildren] = useState(initial.children ?? 0);
  const [bedrooms, setBedrooms] = useState<number | undefined>(initial.bedrooms);
  const [note, setNote] = useState('');
  const [months, setMonths] = useState(1);
  const form = useRef<InquiryFormHandle | null>(null);
  const formSpot = useRef<HTMLDivElement>(null);
  const pendingStay = useRef<Stay | null>(null);
  const [formWanted, setFormWanted] = useState(false);
  useEffect(() => {
    const spot = formSpot.current;
    if (!spot || formWanted) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setFormWanted(true);
      },
      { rootMargin: '200px' },
    );
    observer.observe(spot);
    return () => observer.disconnect();
  }, [formWanted]);
  const formRef = useCallback((handle: InquiryFormHandle | null) => {
    form.current = handle;
    if (handle && pendingStay.current) {
      handle.takeStay(pendingStay.current);
      pendingStay.current = null;
    }
  }, []);
  const askForInquiry = (stay: Stay) => {
    if (form.current) form.current.takeStay(stay);
    else {
      pendingStay.current = stay;
      setFormWanted(true);
    }
  };

  useEffect(() => {
    const wide = window.matchMedia('(min-width: 768px)');
    const apply = () => setMonths(wide.matches ? 2 : 1);
    apply();
    wide.addEventListener('change', apply);
    return () => wide.removeEventListener('change', apply);
  }, []);

  const priced = bedroomsPriced(bedrooms, adults, children, maxBedrooms);
  const minStay = checkin ? minimumStay(rates, checkin, priced) : null;

  const why = (day: string): string | null => {
    if (checkin && !checkout && day > checkin) {
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
      setNote(`${showDay(day)} cannot be chosen: ${reason}.`);
      return;
    }
    if (checkin && !checkout && day > checkin) {
      setCheckout(day);
      setNote(`Check-out ${showDay(day)}. ${daysBetween(checkin, day)} nights.`);
    } else {
      setCheckin(day);
      setCheckout(undefined);
      const m = minimumStay(rates, day, priced);
      setNote(
        `Check-in ${showDay(day)}. Now choose check-out${m && m > 1 ? ` (at least ${m} nights)` : ''}.`,
      );
    }
  };

  // The quote follows the stay, a moment after the last change; an older request is cancelled.
  const stayKey = checkin && checkout ? `${checkin}|${checkout}|${adults}|${children}|${bedrooms ?? ''}` : '';
  const [settled, setSettled] = useState(stayKey);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(stayKey), 300);
    return () => clearTimeout(timer);
  }, [stayKey]);
  const quote = useQuery<Quote, QuoteProblem>({
    queryKey: ['quote', propertyId, settled],
    enabled: settled !== '',
    retry: false,
    queryFn: async ({ signal }) => {
      const [ci, co, a, c, b] = settled.split('|');
      const q = new URLSearchParams({ checkin: ci!, checkout: co!, adults: a!, children: c! });
      if (b) q.set('bedrooms', b);
      const res = await fetch(`/api/properties/${propertyId}/quote?${q}`, { signal });
      const body = await res.json().catch(() => null);
      if (!res.ok)
        throw new QuoteProblem(
          body?.error?.message ?? 'The price could not be worked out.',
          body?.error?.fields,
        );
      return body as Quote;
    },
  });

  useEffect(() => {
    if (quote.data) onQuote?.(quote.data);
  }, [quote.data, onQuote]);

  const selected = checkin
    ? { from: fromDay(checkin)!, to: checkout ? fromDay(checkout) : undefined }
    : undefined;
  const start = fromDay(today)!;

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_22rem] lg:items-start">
      <section
        aria-labelledby="calendar-title"
        className="rounded-2xl bg-white p-4 ring-1 ring-sand-200 lg:col-start-1"
      >
        <h2 id="calendar-title" className="text-xl font-semibold text-ink-900">
          Availability
        </h2>
        <p className="mt-1 text-sm text-ink-700">
          Booked nights are struck through.{' '}
          {minStay ? `Minimum stay from the chosen check-in: ${minStay} nights.` : ''}
        </p>
        <DayPicker
          mode="single"
          numberOfMonths={months}
          startMonth={start}
          endMonth={fromDay(addDays(today, 730))}
          defaultMonth={selected?.from ?? start}
          selected={undefined}
          onDayClick={pick}
          modifiers={{
            booked: (d: Date) => rules.bookedNight(toDay(d)),
            unavailable: (d: Date) => why(toDay(d)) !== null,
            stay: (d: Date) => {
              const day = toDay(d);
              return Boolean(checkin && (day === checkin || (checkout && day > checkin && day <= checkout)));
            },
          }}
          modifiersClassNames={{
            booked: 'line-through',
            unavailable: 'bg-sand-100 text-ink-500',
            stay: 'bg-brand-100 font-semibold',
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
        <p role="status" className="min-h-6 text-sm text-ink-900">
          {note}
        </p>
        {checkin && (
          <button
            type="button"
            className="text-sm underline"
            onClick={() => {
              setCheckin(undefined);
              setCheckout(undefined);
              setNote('Dates cleared.');
            }}
          >
            Clear dates
          </button>
        )}
      </section>
      <aside
        aria-labelledby="quote-title"
        className="rounded-2xl bg-white p-4 ring-1 ring-sand-200 lg:sticky lg:top-4 lg:col-start-2 lg:row-span-2 lg:row-start-1"
      >
        <h2 id="quote-title" className="text-xl font-semibold text-ink-900">
          Price
        </h2>
        <p className="mt-1 text-sm text-ink-900">
          {checkin && checkout
            ? `${showDay(checkin)} – ${showDay(checkout)}`
            : checkin
              ? `From ${showDay(checkin)}: choose check-out`
              : 'Choose dates in the calendar'}
        </p>
        <div className="mt-3 grid grid-cols-3 gap-2">
          <div>
            <label htmlFor="q-adults" className="block text-sm font-medium text-ink-700">
              Adults
            </label>
            <input
              id="q-adults"
              type="number"
              min={1}
              max={50}
              value={adults}
              onChange={(e) => setAdults(Math.max(1, Number(e.target.value) || 1))}
              className={input}
            />
          </div>
          <div>
            <label htmlFor="q-children" className="block text-sm font-medium text-ink-700">
              Children
            </label>
            <input
              id="q-children"
              type="number"
              min={0}
              max={50}
              value={children}
              onChange={(e) => setChildren(Math.max(0, Number(e.target.value) || 0))}
              className={input}
            />
          </div>
          <div>
            <label htmlFor="q-bedrooms" className="block text-sm font-medium text-ink-700">
              Bedrooms
            </label>
            <input
              id="q-bedrooms"
              type="number"
              min={1}
              max={maxBedrooms}
              value={bedrooms ?? ''}
              placeholder={String(priced)}
              onChange={(e) => setBedrooms(e.target.value ? Number(e.target.value) : undefined)}
              className={input}
            />
          </div>
        </div>
        {adults + children > sleeps && (
          <p className="mt-2 text-sm text-red-800">This rental sleeps {sleeps}.</p>
        )}
        <div aria-live="polite" aria-busy={quote.isFetching} className="mt-4">
          {quote.isFetching && !quote.data && <p className="text-sm text-ink-700">Working out the price…</p>}
          {quote.isError && (
            <p className="rounded-lg bg-red-50 p-3 text-sm text-red-900">{quote.error.message}</p>
          )}
          {quote.data && !quote.isError && settled === stayKey && <QuoteDetails quote={quote.data} />}
        </div>
        <button
          type="button"
          disabled={!checkin || !checkout}
          onClick={() => askForInquiry({ checkin, checkout, adults, children, bedrooms })}
          className="mt-4 w-full rounded-full bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-900 disabled:opacity-50"
        >
          Send an inquiry
        </button>
      </aside>
      <div ref={formSpot} className="lg:col-start-1">
        {formWanted ? (
          <Suspense fallback={<FormPlaceholder />}>
            <InquiryForm
              onSent={onSent}
              ref={formRef}
              propertyId={propertyId}
              maxBedrooms={maxBedrooms}
              initial={{ ...initial, checkin, checkout }}
            />
          </Suspense>
        ) : (
          <FormPlaceholder />
        )}
      </div>
    </div>
  );
}

function FormPlaceholder() {
  return (
    <div className="rounded-2xl bg-white p-5 ring-1 ring-sand-200">
      <h2 className="text-xl font-semibold text-ink-900">Send an inquiry</h2>
      <div aria-hidden="true" className="mt-4 h-[38rem] animate-pulse rounded-lg bg-sand-50" />
    </div>
  );
}

class QuoteProblem extends Error {
  constructor(
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(fields ? Object.values(fields).join(' ') : message);
  }
}

const ACCURACY: Record<string, string> = {
  estimated: 'Estimated: some nights use last year’s rates; an agent will confirm the price.',
  incomplete: 'Incomplete: some nights have no published rate yet; an agent will confirm the price.',
};

function QuoteDetails({ quote }: { quote: Quote }) {
  if (quote.price_on_request) {
    return (
      <p className="rounded-lg bg-sand-100 p-3 text-sm">
        Price on request: an agent will send you the price for these dates.
      </p>
    );
  }
  const money = new Intl.NumberFormat('en', { style: 'currency', currency: quote.currency.code });
  const t = quote.totals;
  const row = (label: string, value: number, strong = false) => (
    <div className={`flex justify-between ${strong ? 'font-semibold text-ink-900' : ''}`}>
      <dt>{label}</dt>
      <dd>{money.format(value)}</dd>
    </div>
  );
  return (
    <div>
      <p className="text-sm text-ink-700">
        {quote.stay.nights} nights
        {quote.average_nightly_rate !== null && (
          <> · about {money.format(quote.average_nightly_rate)} a night</>
        )}
      </p>
      <dl className="mt-2 space-y-1 text-sm text-ink-700">
        {row('Rent', t.rate)}
        {t.discounts > 0 && row('Discounts', -t.discounts)}
        {row('Fees', t.fees)}
        {row(`Taxes${quote.tax_rate !== null ? ` (${quote.tax_rate}%)` : ''}`, t.taxes)}
        {row('Total', t.total, true)}
        {t.refundable_deposits > 0 && row('Refundable deposits', t.refundable_deposits)}
        {row('Total payable', t.total_payable, true)}
      </dl>
      {quote.accuracy && ACCURACY[quote.accuracy] && (
        <p className="mt-2 text-sm text-amber-900">{ACCURACY[quote.accuracy]}</p>
      )}
    </div>
  );
}
