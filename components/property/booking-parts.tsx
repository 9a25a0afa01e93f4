'use client';

import { createContext, lazy, type ReactNode, Suspense, useContext, useEffect, useId } from 'react';
import type { Quote } from '@/lib/contract';
// The limits alone: the contract's index brings zod and every schema into the page's first script.
import { INFANTS_MAX, PARTY_MAX } from '@/lib/contract/limits';
import { plural } from '@/lib/site/browser';
import type { SentLead } from '@/lib/site/browser/inquiry-send';
import { bedroomsFor, PARTY_ROWS } from '@/lib/site/browser/party';
import { guestsOf, hasDates } from '@/lib/site/browser/stay-link';
import { useStay } from './stay-context';

/*
 * What the booking card (booking.tsx) and its dialog (booking-dialog.tsx, loaded when first opened) both
 * show: the widget's state of the page, the party's steppers and the price. Apart from both, so the dialog
 * needs nothing from the file that loads it.
 */

// The price line by line loads when a price the server did not draw is first asked for.
export const loadPrice = () => import('./price');
const PriceBreakdown = lazy(() => loadPrice().then((m) => ({ default: m.PriceBreakdown })));

export type Step = 'booking' | 'inquiry';
/** The price the server drew for the stay the page opened with (the card shows it while that stay stands). */
export interface DrawnPrice {
  quote: Quote;
  drawn: ReactNode;
}

interface Ui {
  step: Step | null;
  drawnPrice?: DrawnPrice | null;
  open: (step: Step | null) => void;
  /** Moves the traveller to the calendar (and, beside it, the party). */
  toCalendar: () => void;
  onSent?: (lead: SentLead) => void;
}
export const BookingUi = createContext<Ui>({ step: null, open: () => {}, toCalendar: () => {} });

export function PartyFields() {
  const { stay, change, data, rented, tooMany } = useStay();
  const full = guestsOf(stay) >= data.sleeps;
  const id = useId();
  return (
    <fieldset className="mt-3 rounded-xl px-3 py-2 ring-1 ring-sand-200">
      <legend className="sr-only">Guests</legend>
      <Stepper
        row={adultsRow}
        value={stay.adults}
        min={1}
        canAdd={!full}
        onChange={(adults) => change({ adults })}
      />
      <Stepper
        row={childrenRow}
        value={stay.children}
        min={0}
        canAdd={!full}
        onChange={(children) => change({ children })}
      />
      {/* Infants are not guests to the API: they take no bed and add no fee; the agent is told of them. */}
      <Stepper
        row={infantsRow}
        value={stay.infants ?? 0}
        min={0}
        canAdd={(stay.infants ?? 0) < INFANTS_MAX}
        onChange={(infants) => change({ infants })}
      />
      <div className="flex items-center justify-between gap-3 py-2">
        <label htmlFor={`${id}-bedrooms`} className="text-sm">
          <span className="block font-medium text-ink-900">Bedrooms</span>
          <span className="block text-xs text-ink-700">Priced {bedroomsFor(rented, data.maxBedrooms)}</span>
        </label>
        <select
          id={`${id}-bedrooms`}
          value={stay.bedrooms ?? ''}
          onChange={(e) => change({ bedrooms: e.target.value ? Number(e.target.value) : undefined })}
          className="rounded-lg border border-sand-200 bg-white px-2 py-1 text-sm text-ink-900 focus:outline-none focus:ring-2 focus:ring-brand-500"
        >
          <option value="">As needed</option>
          {/* As many as a quote may price: a record's bedrooms (an upstream's number) never sizes the list. */}
          {Array.from({ length: Math.min(data.maxBedrooms, PARTY_MAX.rooms) }, (_, i) => i + 1).map((n) => (
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

const [adultsRow, childrenRow, infantsRow] = PARTY_ROWS;

function Stepper({
  row,
  value,
  min,
  canAdd,
  onChange,
}: {
  row: (typeof PARTY_ROWS)[number];
  value: number;
  min: number;
  canAdd: boolean;
  onChange: (n: number) => void;
}) {
  const { label, ages: hint, one, many } = row;
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

/** What the card says when the catalog could not give the rates or booked dates: no price, ask an agent. */
export function PricesUnavailable() {
  return (
    <p className="rounded-lg bg-sand-100 p-3 text-sm text-ink-900" data-testid="prices-unavailable">
      Prices are unavailable right now — ask an agent. Send an inquiry and they will reply with the price for
      your dates.
    </p>
  );
}

export function QuoteArea({ headline = true }: { headline?: boolean }) {
  const { stay, quote, data, tooMany, refusal } = useStay();
  const { drawnPrice } = useContext(BookingUi);
  const shown = hasDates(stay) && !tooMany && !refusal && data.missing.length === 0;
  const drawn = !headline && drawnPrice && quote.data === drawnPrice.quote ? drawnPrice.drawn : null;
  // The breakdown's script comes while a price the server did not draw is being asked for.
  const needed = shown && !drawn;
  useEffect(() => {
    if (needed) loadPrice();
  }, [needed]);
  if (!shown) return null;
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
      {drawn ??
        (quote.data && (
          <Suspense fallback={null}>
            <PriceBreakdown
              quote={quote.data}
              fees={data.fees}
              taxes={data.taxes}
              headline={headline}
              bedrooms={data.maxBedrooms}
              rates={data.rates}
            />
          </Suspense>
        ))}
    </div>
  );
}
