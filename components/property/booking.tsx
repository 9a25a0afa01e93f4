'use client';

import { lazy, type ReactNode, Suspense, useCallback, useContext, useEffect, useState } from 'react';
import type { Quote } from '@/lib/contract';
import { plural, showRange } from '@/lib/site/browser';
import type { AdvisorNote } from '@/lib/site/browser/advisors';
import type { SentLead } from '@/lib/site/browser/inquiry-send';
import { bedroomsOf } from '@/lib/site/browser/party';
import { RATES_NOT_PUBLISHED, wholeTotal } from '@/lib/site/browser/price-words';
import { hasDates, type Stay } from '@/lib/site/browser/stay-link';
import {
  BookingUi,
  type DrawnPrice,
  loadPrice,
  PartyFields,
  PricesUnavailable,
  QuoteArea,
  type Step,
} from './booking-parts';
import { AboutMoney, AboutNote } from './display-money';
import { money, party, roughMoney, shortDay } from './format';
import { preloadCalendar } from './stay-calendar';
import { type BookingData, StayProvider, useStay } from './stay-context';
import { StayRefusal } from './stay-refusal';

export { StayCalendar } from './stay-calendar';
export type { BookingData } from './stay-context';

// What only an opened dialog, a chosen stay or an inquiry needs loads then, not with the page: the dialog
// and the inquiry step (booking-dialog.tsx), the inquiry form, the price line by line.
const loadDialog = () => import('./booking-dialog');
const loadForm = () => import('@/components/inquiry/inquiry-form');
const BookingDialog = lazy(loadDialog);

/** Asks for what a step shows as it opens, all at once rather than one after another. */
function prepare(step: Step) {
  loadDialog();
  if (step === 'booking') {
    preloadCalendar();
    loadPrice();
  } else loadForm();
}

/*
 * The booking widget: one stay (stay-context.tsx) shown by the calendar in the page, the sticky card beside
 * it on a desktop, the bar at the bottom of a phone, and one dialog that is the phone's booking sheet and
 * the inquiry step on every screen. The inquiry shows the stay as a summary; it has no inputs of its own.
 */

export function Booking({
  data,
  initial,
  reference,
  advisor,
  openInquiry = false,
  price,
  onQuote,
  onSent,
  phoneBar = true,
  inline = false,
  children,
}: {
  data: BookingData;
  initial: Stay;
  reference?: string;
  /** The advisor's line for the inquiry (a proposal's option, lib/site/advisors/choice.ts). */
  advisor?: AdvisorNote;
  /** Open the inquiry at once (a client choosing a proposal's option). */
  openInquiry?: boolean;
  /** The server's quote for `initial`, and its breakdown drawn there (quoteForPage); none: asked here. */
  price?: DrawnPrice | null;
  onQuote?: (quote: Quote) => void;
  onSent?: (lead: SentLead) => void;
  /** The phone's bottom bar (an embed, sized to its content, shows its card inline instead). */
  phoneBar?: boolean;
  /**
   * The inquiry shows in the page (booking-dialog.tsx's InlineInquiry) instead of a dialog: in an embed, a frame as tall as its
   * content would centre a modal far below the host page's fold.
   */
  inline?: boolean;
  children: ReactNode;
}) {
  const [step, setStep] = useState<Step | null>(null);
  // The dialog is drawn from its first opening on (then kept, closed, as before).
  const [opened, setOpened] = useState(false);
  const open = useCallback((next: Step | null) => {
    if (next) {
      prepare(next);
      setOpened(true);
    }
    setStep(next);
  }, []);
  useEffect(() => {
    if (openInquiry && initial.checkin && initial.checkout) open('inquiry');
  }, [openInquiry, initial.checkin, initial.checkout, open]);
  const toCalendar = useCallback(() => {
    const heading = document.getElementById('calendar-title');
    heading?.scrollIntoView({ block: 'start', behavior: 'smooth' });
    heading?.focus({ preventScroll: true });
  }, []);
  return (
    <StayProvider
      data={data}
      initial={initial}
      initialQuote={price?.quote}
      reference={reference}
      advisor={advisor}
      onQuote={onQuote}
    >
      <BookingUi.Provider value={{ step, open, toCalendar, onSent, drawnPrice: price }}>
        {children}
        {phoneBar && <PhoneBar />}
        {!inline && opened && (
          <Suspense fallback={null}>
            <BookingDialog step={step} onStep={open} onClose={() => setStep(null)} toCalendar={toCalendar} />
          </Suspense>
        )}
      </BookingUi.Provider>
    </StayProvider>
  );
}

/** The desktop's sticky card (and an embed's inline one): dates, party, price, one call to action. */
export function BookingCard() {
  const { stay, quote, data, refusal } = useStay();
  const ui = useContext(BookingUi);
  // A stay the rules refuse cannot be sent: the button says so until another stay is chosen.
  const blocked = hasDates(stay) && refusal !== null;
  return (
    <section
      aria-labelledby="booking-title"
      data-stay-part
      className="rounded-2xl bg-white p-5 shadow-lg ring-1 ring-sand-200"
    >
      <h2 id="booking-title" className="sr-only">
        Your stay
      </h2>
      <Headline />
      <DatesSummary onChange={ui.toCalendar} />
      <StayRefusal className="mt-3" />
      <PartyFields />
      <QuoteArea headline={false} />
      <button
        type="button"
        disabled={blocked}
        aria-describedby="booking-cta-note"
        onClick={() => (hasDates(stay) ? ui.open('inquiry') : ui.toCalendar())}
        className="mt-4 w-full rounded-full bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-900 disabled:cursor-not-allowed disabled:bg-sand-200 disabled:text-ink-700"
      >
        {hasDates(stay) ? 'Send an inquiry' : 'Choose dates'}
      </button>
      <p id="booking-cta-note" className="mt-2 text-center text-xs text-ink-700">
        {blocked
          ? refusal.kind === 'over-capacity'
            ? 'Choose fewer guests to send an inquiry.'
            : 'Choose one of the nearest stays, or other dates, to send an inquiry.'
          : data.missing.length
            ? 'An agent replies with the price and availability.'
            : hasDates(stay)
              ? quote.data && wholeTotal(quote.data) === null
                ? 'An agent replies with the price and availability.'
                : 'You won’t be charged: an agent confirms availability and the price.'
              : data.fromNightly !== null
                ? 'Add your dates for the total price.'
                : 'Add your dates and an agent will quote.'}
      </p>
    </section>
  );
}

/** The card's headline: the stay's total once it is quoted, "From €250 a night" before dates. */
function Headline() {
  const { stay, data, quote, nights, tooMany, rented, refusal } = useStay();
  // A refused stay has no price: the card says why beneath (StayRefusal).
  if (refusal && hasDates(stay)) return null;
  if (data.missing.length) {
    return (
      <div className="mb-3">
        <PricesUnavailable />
      </div>
    );
  }
  if (hasDates(stay) && !tooMany) {
    const q = quote.data;
    const total = q ? wholeTotal(q) : null;
    return (
      <div className="mb-3 min-h-14 text-ink-900" aria-live="polite">
        {q && total !== null ? (
          <>
            <p>
              <span className="text-2xl font-semibold" data-testid="quote-total">
                {money(total, q.currency.code)}
              </span>{' '}
              <span className="text-sm">total</span>
              <AboutMoney amount={total} currency={q.currency.code} className="block text-ink-700" />
            </p>
            <p className="text-sm text-ink-700" data-testid="quote-for">
              for {plural(nights ?? 0, 'night')}, {party(stay.adults, stay.children, stay.infants)},{' '}
              {bedroomsOf(rented, data.maxBedrooms)} · taxes and fees included
            </p>
            <AboutNote currency={q.currency.code} className="mt-1 text-xs text-ink-700" />
          </>
        ) : q?.price_on_request ? (
          <p className="text-xl font-semibold">Price on request</p>
        ) : q ? (
          <p className="font-semibold" data-testid="quote-no-total">
            {RATES_NOT_PUBLISHED}
          </p>
        ) : quote.error ? (
          <p className="text-xl font-semibold">No price for these dates</p>
        ) : (
          <p className="text-sm text-ink-700">Working out the price…</p>
        )}
      </div>
    );
  }
  if (data.fromNightly === null) return null;
  return (
    <p className="mb-3 text-ink-900">
      <span className="text-sm">From </span>
      <span className="text-2xl font-semibold">{roughMoney(data.fromNightly, data.currency)}</span>
      <span className="text-sm"> a night</span>{' '}
      <AboutMoney amount={data.fromNightly} currency={data.currency} after=" a night" />
    </p>
  );
}

function DatesSummary({ onChange }: { onChange: () => void }) {
  const { stay, nights } = useStay();
  const box = 'flex-1 px-3 py-2 text-left';
  return (
    <button
      type="button"
      onClick={onChange}
      className="flex w-full divide-x divide-sand-200 rounded-xl border border-sand-200 hover:border-brand-600"
    >
      {(
        [
          ['Check-in', stay.checkin],
          ['Check-out', stay.checkout],
        ] as const
      ).map(([label, day]) => (
        <span key={label} className={box}>
          <span className="block text-[0.7rem] font-semibold uppercase tracking-wide text-ink-700">
            {label}
          </span>
          <span className="block text-sm text-ink-900">{day ? shortDay(day, true) : 'Add date'}</span>
        </span>
      ))}
      <span className="sr-only">
        {nights !== null
          ? `, ${plural(nights, 'night')}. Change the dates`
          : '. Choose dates in the calendar'}
      </span>
    </button>
  );
}

/** The phone bar's headline for a stay: why it cannot be had, its whole total, or why there is none. */
function PhoneBarPrice({ blocked, whole }: { blocked: boolean; whole: number | null }) {
  const { quote, data, refusal } = useStay();
  if (blocked) return refusal?.kind === 'over-capacity' ? 'Too many guests' : 'Not available';
  if (quote.data && whole !== null)
    return (
      <>
        {money(whole, quote.data.currency.code)} total{' '}
        <AboutMoney
          amount={whole}
          currency={quote.data.currency.code}
          className="text-sm font-normal text-ink-700"
        />
      </>
    );
  if (data.missing.length) return 'Ask for the price';
  return quote.data?.price_on_request ? 'Price on request' : 'Working out the price…';
}

/** The phone's bar: the chosen stay's total (or "Add dates") and the call to action, always in reach. */
function PhoneBar() {
  const { stay, quote, data, refusal } = useStay();
  const ui = useContext(BookingUi);
  const blocked = hasDates(stay) && refusal !== null;
  const whole = quote.data ? wholeTotal(quote.data) : null;
  // Nights not yet priced: the words take the bar's whole width (beside the button they ran to four lines).
  const unpriced = Boolean(
    !blocked && quote.data && !quote.data.price_on_request && whole === null && !data.missing.length,
  );
  return (
    <div
      data-stay-part
      className="fixed inset-x-0 bottom-0 z-40 border-t border-sand-200 bg-white px-4 py-3 shadow-[0_-4px_16px_rgba(0,0,0,0.08)] lg:hidden"
    >
      {hasDates(stay) && unpriced && (
        <p className="mx-auto mb-2 max-w-3xl text-sm font-semibold text-ink-900" data-testid="phone-no-total">
          {RATES_NOT_PUBLISHED}
        </p>
      )}
      <div className="mx-auto flex max-w-3xl items-center justify-between gap-3">
        <button type="button" onClick={() => ui.open('booking')} className="min-w-0 text-left">
          {hasDates(stay) ? (
            <>
              {!unpriced && (
                <span
                  id={blocked ? 'phone-bar-note' : undefined}
                  className="block font-semibold text-ink-900"
                >
                  <PhoneBarPrice blocked={blocked} whole={whole} />
                </span>
              )}
              <span className="block truncate text-sm text-ink-700 underline">
                {/* The dates alone, as the best listing sites' bars: with the party beside them a stay across
                    two months no longer fit beside the button on a 390 px phone (the sheet has the party). */}
                {showRange(stay.checkin, stay.checkout, { weekdays: false })}
              </span>
            </>
          ) : (
            <>
              <span className="block font-semibold text-ink-900 underline">Add dates</span>
              {data.fromNightly !== null && (
                <span className="block text-sm text-ink-700">
                  From {roughMoney(data.fromNightly, data.currency)} a night{' '}
                  <AboutMoney amount={data.fromNightly} currency={data.currency} className="" />
                </span>
              )}
            </>
          )}
        </button>
        <button
          type="button"
          disabled={blocked}
          aria-describedby={blocked ? 'phone-bar-note' : undefined}
          onClick={() => ui.open(hasDates(stay) ? 'inquiry' : 'booking')}
          className="shrink-0 rounded-full bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-900 disabled:cursor-not-allowed disabled:bg-sand-200 disabled:text-ink-700"
        >
          {hasDates(stay) ? 'Send an inquiry' : 'Check availability'}
        </button>
      </div>
    </div>
  );
}
