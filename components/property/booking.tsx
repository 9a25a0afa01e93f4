'use client';

import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import type { Quote } from '@/lib/contract';
import { plural } from '@/lib/site/browser';
import type { BookingData } from '@/lib/site/browser/booking';
import { showRange } from '@/lib/site/browser/search';
import { guestsOf, hasDates, type Stay } from '@/lib/site/browser/stay';
import type { SentLead } from '../inquiry/inquiry-form';
import { money, party, roughMoney, shortDay, stayLine } from './format';
import { PriceBreakdown } from './price';
import { StayCalendar } from './stay-calendar';
import { StayProvider, useStay } from './stay-context';

export type { BookingData } from '@/lib/site/browser/booking';
export { StayCalendar } from './stay-calendar';

// The form (with the contract's schema) is most of the page's script: it loads when the traveller asks
// for it, not before the photos and the calendar.
const InquiryForm = lazy(() => import('../inquiry/inquiry-form').then((m) => ({ default: m.InquiryForm })));

/*
 * The booking widget: one stay (stay-context.tsx) shown by the calendar in the page, the sticky card beside
 * it on a desktop, the bar at the bottom of a phone, and one dialog that is the phone's booking sheet and
 * the inquiry step on every screen. The inquiry shows the stay as a summary; it has no inputs of its own.
 */

type Step = 'booking' | 'inquiry';
interface Ui {
  step: Step | null;
  open: (step: Step | null) => void;
  /** Moves the traveller to the calendar (and, beside it, the party). */
  toCalendar: () => void;
  onSent?: (lead: SentLead) => void;
}
const UiContext = createContext<Ui>({ step: null, open: () => {}, toCalendar: () => {} });

export function Booking({
  data,
  initial,
  reference,
  onQuote,
  onSent,
  phoneBar = true,
  inline = false,
  children,
}: {
  data: BookingData;
  initial: Stay;
  reference?: string;
  onQuote?: (quote: Quote) => void;
  onSent?: (lead: SentLead) => void;
  /** The phone's bottom bar (an embed, sized to its content, shows its card inline instead). */
  phoneBar?: boolean;
  /**
   * The inquiry shows in the page (InlineInquiry) instead of a dialog: in an embed, a frame as tall as its
   * content would centre a modal far below the host page's fold.
   */
  inline?: boolean;
  children: ReactNode;
}) {
  const [step, setStep] = useState<Step | null>(null);
  const toCalendar = useCallback(() => {
    const heading = document.getElementById('calendar-title');
    heading?.scrollIntoView({ block: 'start', behavior: 'smooth' });
    heading?.focus({ preventScroll: true });
  }, []);
  return (
    <StayProvider data={data} initial={initial} reference={reference} onQuote={onQuote}>
      <UiContext.Provider value={{ step, open: setStep, toCalendar, onSent }}>
        {children}
        {phoneBar && <PhoneBar />}
        {!inline && (
          <BookingDialog step={step} onStep={setStep} onClose={() => setStep(null)} toCalendar={toCalendar} />
        )}
      </UiContext.Provider>
    </StayProvider>
  );
}

/** The desktop's sticky card (and an embed's inline one): dates, party, price, one call to action. */
export function BookingCard() {
  const { stay, quote, data } = useStay();
  const ui = useContext(UiContext);
  return (
    <section
      aria-labelledby="booking-title"
      className="rounded-2xl bg-white p-5 shadow-lg ring-1 ring-sand-200"
    >
      <h2 id="booking-title" className="sr-only">
        Your stay
      </h2>
      <Headline />
      <DatesSummary onChange={ui.toCalendar} />
      <PartyFields />
      <QuoteArea headline={false} />
      <button
        type="button"
        onClick={() => (hasDates(stay) ? ui.open('inquiry') : ui.toCalendar())}
        className="mt-4 w-full rounded-full bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-900"
      >
        {hasDates(stay) ? 'Send an inquiry' : 'Choose dates'}
      </button>
      <p className="mt-2 text-center text-xs text-ink-700">
        {hasDates(stay)
          ? quote.data?.price_on_request
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
  const { stay, data, quote, nights, tooMany } = useStay();
  if (hasDates(stay) && !tooMany) {
    const q = quote.data;
    return (
      <div className="mb-3 min-h-14 text-ink-900" aria-live="polite">
        {q && !q.price_on_request ? (
          <>
            <p>
              <span className="text-2xl font-semibold" data-testid="quote-total">
                {money(q.totals.total, q.currency.code)}
              </span>{' '}
              <span className="text-sm">total</span>
            </p>
            <p className="text-sm text-ink-700">
              for {plural(nights ?? 0, 'night')}, {party(stay.adults, stay.children)} · taxes and fees
              included
            </p>
          </>
        ) : q?.price_on_request ? (
          <p className="text-xl font-semibold">Price on request</p>
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
      <span className="text-sm"> a night</span>
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

/** Adults, children and bedrooms, each with − and + like the best listing sites; capped at what it sleeps. */
export function PartyFields() {
  const { stay, change, data, priced, tooMany } = useStay();
  const full = guestsOf(stay) >= data.sleeps;
  const id = useId();
  return (
    <fieldset className="mt-3 rounded-xl px-3 py-2 ring-1 ring-sand-200">
      <legend className="sr-only">Guests</legend>
      <Stepper
        label="Adults"
        hint="Age 13 or over"
        value={stay.adults}
        min={1}
        canAdd={!full}
        one="adult"
        onChange={(adults) => change({ adults })}
      />
      <Stepper
        label="Children"
        hint="Ages 2 to 12"
        value={stay.children}
        min={0}
        canAdd={!full}
        one="child"
        many="children"
        onChange={(children) => change({ children })}
      />
      <div className="flex items-center justify-between gap-3 py-2">
        <label htmlFor={`${id}-bedrooms`} className="text-sm">
          <span className="block font-medium text-ink-900">Bedrooms</span>
          <span className="block text-xs text-ink-700">Priced for {plural(priced, 'bedroom')}</span>
        </label>
        <select
          id={`${id}-bedrooms`}
          value={stay.bedrooms ?? ''}
          onChange={(e) => change({ bedrooms: e.target.value ? Number(e.target.value) : undefined })}
          className="rounded-lg border border-sand-200 bg-white px-2 py-1 text-sm text-ink-900 focus:outline-none focus:ring-2 focus:ring-brand-500"
        >
          <option value="">As needed</option>
          {Array.from({ length: data.maxBedrooms }, (_, i) => i + 1).map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </div>
      <p className={`text-xs ${tooMany ? 'font-medium text-red-800' : 'text-ink-700'}`}>
        {tooMany
          ? `This rental sleeps ${data.sleeps}; your party of ${guestsOf(stay)} is too large.`
          : `Sleeps up to ${data.sleeps}.`}
      </p>
    </fieldset>
  );
}

function Stepper({
  label,
  hint,
  value,
  min,
  canAdd,
  one,
  many = `${one}s`,
  onChange,
}: {
  label: string;
  hint: string;
  value: number;
  min: number;
  canAdd: boolean;
  one: string;
  many?: string;
  onChange: (n: number) => void;
}) {
  const id = useId();
  const round =
    'grid h-8 w-8 place-items-center rounded-full text-lg leading-none text-brand-700 ring-1 ring-brand-600 hover:bg-brand-50 disabled:text-ink-500 disabled:ring-sand-200 disabled:hover:bg-transparent';
  return (
    <fieldset className="flex items-center justify-between gap-3 py-2">
      <legend className="sr-only">{label}</legend>
      <span id={`${id}-label`} aria-hidden="true" className="text-sm">
        <span className="block font-medium text-ink-900">{label}</span>
        <span className="block text-xs text-ink-700">{hint}</span>
      </span>
      <span className="flex items-center gap-3">
        <button
          type="button"
          className={round}
          aria-label={`Fewer ${many}`}
          disabled={value <= min}
          onClick={() => onChange(value - 1)}
        >
          −
        </button>
        <output
          aria-live="polite"
          aria-label={`${label}: ${plural(value, one, many)}`}
          className="w-5 text-center"
        >
          {value}
        </output>
        <button
          type="button"
          className={round}
          aria-label={`More ${many}`}
          disabled={!canAdd || value >= 50}
          onClick={() => onChange(value + 1)}
        >
          +
        </button>
      </span>
    </fieldset>
  );
}

function QuoteArea({ headline = true }: { headline?: boolean }) {
  const { stay, quote, data, tooMany } = useStay();
  if (!hasDates(stay) || tooMany) return null;
  return (
    <div aria-live="polite" aria-busy={quote.loading} className="mt-4" data-testid="price">
      <h3 className="sr-only">Price</h3>
      {headline && quote.loading && !quote.data && (
        <p className="text-sm text-ink-700">Working out the price…</p>
      )}
      {quote.error && (
        <p className="rounded-lg bg-red-50 p-3 text-sm text-red-900">
          {Object.values(quote.error.fields).join(' ') || quote.error.message}
        </p>
      )}
      {quote.data && (
        <PriceBreakdown quote={quote.data} fees={data.fees} taxes={data.taxes} headline={headline} />
      )}
    </div>
  );
}

/** The phone's bar: the chosen stay's total (or "Add dates") and the call to action, always in reach. */
function PhoneBar() {
  const { stay, quote, data } = useStay();
  const ui = useContext(UiContext);
  const total =
    quote.data && !quote.data.price_on_request ? money(quote.data.totals.total, data.currency) : null;
  return (
    <div className="fixed inset-x-0 bottom-0 z-40 border-t border-sand-200 bg-white px-4 py-3 shadow-[0_-4px_16px_rgba(0,0,0,0.08)] lg:hidden">
      <div className="mx-auto flex max-w-3xl items-center justify-between gap-3">
        <button type="button" onClick={() => ui.open('booking')} className="min-w-0 text-left">
          {hasDates(stay) ? (
            <>
              <span className="block font-semibold text-ink-900">
                {total
                  ? `${total} total`
                  : quote.data?.price_on_request
                    ? 'Price on request'
                    : 'Working out the price…'}
              </span>
              <span className="block truncate text-sm text-ink-700 underline">
                {/* Short enough for a phone's bar: "10 – 17 Feb 2027 · 4 guests" (the sheet has the detail). */}
                {showRange(stay.checkin, stay.checkout, { weekdays: false })} ·{' '}
                {plural(guestsOf(stay), 'guest')}
              </span>
            </>
          ) : (
            <>
              <span className="block font-semibold text-ink-900 underline">Add dates</span>
              {data.fromNightly !== null && (
                <span className="block text-sm text-ink-700">
                  From {roughMoney(data.fromNightly, data.currency)} a night
                </span>
              )}
            </>
          )}
        </button>
        <button
          type="button"
          onClick={() => ui.open(hasDates(stay) ? 'inquiry' : 'booking')}
          className="shrink-0 rounded-full bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-900"
        >
          {hasDates(stay) ? 'Send an inquiry' : 'Check availability'}
        </button>
      </div>
    </div>
  );
}

/**
 * A modal dialog (the platform's own: focus kept inside, Escape closes), shown as a sheet from the bottom
 * on a phone and centred on a desktop. Focus returns to what opened it.
 */
function BookingDialog({
  step,
  onStep,
  onClose,
  toCalendar,
}: {
  step: Step | null;
  onStep: (s: Step) => void;
  onClose: () => void;
  toCalendar: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const skipRestore = useRef(false);
  const { stay } = useStay();
  const titleId = useId();

  // A click on the backdrop (the dialog itself, outside its content) closes, as on every listing site.
  // Tab wraps inside: a modal dialog keeps the page inert, but would let focus leave for the browser's own UI.
  useEffect(() => {
    const dialog = ref.current;
    const outside = (e: MouseEvent) => {
      if (e.target === dialog) dialog?.close();
    };
    const wrap = (e: KeyboardEvent) => {
      if (e.key !== 'Tab' || !dialog) return;
      const focusable = [
        ...dialog.querySelectorAll<HTMLElement>('button, input, select, textarea, a[href], [tabindex="0"]'),
      ].filter((el) => !el.hasAttribute('disabled') && el.tabIndex >= 0 && el.offsetParent !== null);
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) return;
      if (e.shiftKey && (document.activeElement === first || !dialog.contains(document.activeElement))) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first.focus();
      }
    };
    dialog?.addEventListener('click', outside);
    dialog?.addEventListener('keydown', wrap);
    return () => {
      dialog?.removeEventListener('click', outside);
      dialog?.removeEventListener('keydown', wrap);
    };
  }, []);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (step && !dialog.open) {
      opener.current = document.activeElement as HTMLElement | null;
      dialog.showModal();
      document.body.style.overflow = 'hidden';
    } else if (!step && dialog.open) dialog.close();
  }, [step]);

  // Each step starts at its top, with focus on its heading.
  useEffect(() => {
    if (!step) return;
    const dialog = ref.current;
    dialog?.scrollTo({ top: 0 });
    document.getElementById(titleId)?.focus();
  }, [step, titleId]);

  const closed = () => {
    document.body.style.overflow = '';
    onClose();
    if (!skipRestore.current) opener.current?.focus();
    skipRestore.current = false;
  };

  const changeStay = () => {
    if (window.matchMedia('(min-width: 1024px)').matches) {
      skipRestore.current = true;
      ref.current?.close();
      toCalendar();
    } else onStep('booking');
  };

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={closed}
      className="mx-0 mt-auto mb-0 max-h-[92dvh] w-full max-w-none overflow-y-auto rounded-t-2xl bg-white p-0 text-ink-900 backdrop:bg-black/50 lg:m-auto lg:max-h-[90vh] lg:max-w-xl lg:rounded-2xl"
    >
      {step && (
        <div className="p-5">
          <div className="flex items-start justify-between gap-3">
            <h2 id={titleId} tabIndex={-1} className="text-xl font-semibold focus:outline-none">
              {step === 'booking' ? 'Your stay' : 'Send an inquiry'}
            </h2>
            <button
              type="button"
              onClick={() => ref.current?.close()}
              className="rounded-full px-3 py-1 text-sm font-medium text-ink-700 ring-1 ring-sand-200 hover:bg-sand-100"
            >
              Close
            </button>
          </div>
          {step === 'booking' ? (
            <div className="mt-3">
              <StayCalendar compact id="sheet-calendar" />
              <PartyFields />
              <QuoteArea />
              <button
                type="button"
                disabled={!hasDates(stay)}
                onClick={() => onStep('inquiry')}
                className="mt-4 w-full rounded-full bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-900 disabled:opacity-50"
              >
                {hasDates(stay) ? 'Send an inquiry' : 'Choose dates to continue'}
              </button>
            </div>
          ) : (
            <InquiryStep onChangeStay={changeStay} />
          )}
        </div>
      )}
    </dialog>
  );
}

/** The inquiry: the stay as a summary with a way to change it, then the traveller's details. */
function InquiryStep({ onChangeStay }: { onChangeStay: () => void }) {
  const { stay, reference, data, quote } = useStay();
  const { onSent } = useContext(UiContext);
  if (!hasDates(stay))
    return (
      <p className="mt-3 text-sm">
        Choose your dates first.{' '}
        <button type="button" className="font-medium text-brand-700 underline" onClick={onChangeStay}>
          Choose dates
        </button>
      </p>
    );
  return (
    <div className="mt-3">
      <div className="flex items-start justify-between gap-3 rounded-xl bg-sand-50 p-3 ring-1 ring-sand-200">
        <div className="text-sm">
          <p className="font-medium text-ink-900">{data.name}</p>
          <p data-testid="inquiry-stay">{stayLine(stay)}</p>
          {quote.data && !quote.data.price_on_request && (
            <p className="font-semibold text-ink-900">
              {money(quote.data.totals.total, quote.data.currency.code)} total
            </p>
          )}
        </div>
        <button
          type="button"
          onClick={onChangeStay}
          className="shrink-0 text-sm font-medium text-brand-700 underline"
        >
          Change
        </button>
      </div>
      <div className="mt-4">
        <Suspense fallback={<p className="py-8 text-sm text-ink-700">Loading the form…</p>}>
          <InquiryForm
            propertyId={data.propertyId}
            stay={stay}
            reference={reference}
            onSent={onSent}
            onChangeStay={onChangeStay}
          />
        </Suspense>
      </div>
    </div>
  );
}

/** An embed's inquiry, in the page below the calendar and the card, once the traveller asks for it. */
export function InlineInquiry() {
  const ui = useContext(UiContext);
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (ui.step !== 'inquiry') return;
    ref.current?.scrollIntoView({ block: 'start' });
    document.getElementById('inline-inquiry-title')?.focus({ preventScroll: true });
  }, [ui.step]);
  if (ui.step !== 'inquiry') return null;
  return (
    <section
      ref={ref}
      aria-labelledby="inline-inquiry-title"
      className="rounded-2xl bg-white p-5 ring-1 ring-sand-200"
    >
      <h2
        id="inline-inquiry-title"
        tabIndex={-1}
        className="text-xl font-semibold text-ink-900 focus:outline-none"
      >
        Send an inquiry
      </h2>
      <InquiryStep onChangeStay={ui.toCalendar} />
    </section>
  );
}
