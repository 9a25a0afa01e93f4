'use client';

import { lazy, Suspense, useContext, useEffect, useId, useRef } from 'react';
import { cancellationTerms } from '@/lib/site/browser/cancellation';
import { bedroomsOf } from '@/lib/site/browser/party';
import { RATES_NOT_PUBLISHED, wholeTotal } from '@/lib/site/browser/price-words';
import { hasDates } from '@/lib/site/browser/stay-link';
import { BookingUi, PartyFields, PricesUnavailable, QuoteArea, type Step } from './booking-parts';
import { CalendarLegend } from './calendar-legend';
import { CancellationTerms } from './cancellation-terms';
import { AboutMoney } from './display-money';
import { money, stayLine } from './format';
import { StayCalendar } from './stay-calendar';
import { useStay } from './stay-context';
import { StayRefusal } from './stay-refusal';

/*
 * The booking widget's dialog and inquiry step (booking.tsx), loaded the first time the traveller opens
 * one: until then the site's property page needs neither. An embed shows the inquiry in its page instead
 * (InlineInquiry) and imports this file directly.
 */

// The form (with the contract's schema) is most of the booking's script: it loads with the inquiry step
// (booking.tsx asks for it as the step opens, alongside this file).
const InquiryForm = lazy(() =>
  import('@/components/inquiry/inquiry-form').then((m) => ({ default: m.InquiryForm })),
);

/**
 * A modal dialog (the platform's own: focus kept inside, Escape closes), shown as a sheet from the bottom
 * on a phone and centred on a desktop. Focus returns to what opened it.
 */
export default function BookingDialog({
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
  const { stay, data, refusal } = useStay();
  const titleId = useId();
  const blocked = !hasDates(stay) || refusal !== null;

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
              <StayRefusal className="mb-3" />
              <StayCalendar compact id="sheet-calendar" legend={<CalendarLegend />} />
              <PartyFields />
              <QuoteArea />
              {data.missing.length > 0 && (
                <div className="mt-4">
                  <PricesUnavailable />
                </div>
              )}
              <button
                type="button"
                disabled={blocked}
                onClick={() => onStep('inquiry')}
                className="mt-4 w-full rounded-full bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-900 disabled:opacity-50"
              >
                {hasDates(stay) ? 'Send an inquiry' : 'Choose dates to continue'}
              </button>
              {hasDates(stay) && refusal && (
                <p className="mt-2 text-center text-xs text-ink-700">
                  {refusal.kind === 'over-capacity'
                    ? 'Choose fewer guests to send an inquiry.'
                    : 'Choose one of the nearest stays, or other dates, to send an inquiry.'}
                </p>
              )}
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
export function InquiryStep({ onChangeStay }: { onChangeStay: () => void }) {
  const { stay, reference, advisor, data, quote, rented, refusal } = useStay();
  const { onSent } = useContext(BookingUi);
  // A stay the rules refuse is not offered to be sent: why, the nearest stays, and a way to change it.
  if (hasDates(stay) && refusal)
    return (
      <div className="mt-3">
        <StayRefusal />
        <button
          type="button"
          className="mt-2 text-sm font-medium text-brand-700 underline"
          onClick={onChangeStay}
        >
          Change the dates or guests
        </button>
      </div>
    );
  const total = quote.data ? wholeTotal(quote.data) : null;
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
          <p>
            <span data-testid="inquiry-stay">{stayLine(stay)}</span> ·{' '}
            <span data-testid="inquiry-bedrooms">{bedroomsOf(rented, data.maxBedrooms)}</span>
          </p>
          {quote.data && total !== null ? (
            <p className="font-semibold text-ink-900">
              {money(total, quote.data.currency.code)} total{' '}
              <AboutMoney
                amount={total}
                currency={quote.data.currency.code}
                className="font-normal text-ink-700"
              />
            </p>
          ) : (
            quote.data?.accuracy === 'incomplete' &&
            !quote.data.price_on_request && (
              <p className="font-semibold text-ink-900">{RATES_NOT_PUBLISHED}</p>
            )
          )}
          {quote.data && !data.missing.includes('rates') && (
            <CancellationTerms
              className="mt-2"
              terms={cancellationTerms(data.rates, {
                checkin: quote.data.stay.checkin,
                checkout: quote.data.stay.checkout,
                bedrooms: quote.data.stay.bedrooms,
              })}
            />
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
            // The bedrooms the price is for (the API's stay.bedrooms, "for properties that rent a subset").
            stay={{ ...stay, bedrooms: rented }}
            reference={reference}
            advisor={advisor}
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
  const ui = useContext(BookingUi);
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
