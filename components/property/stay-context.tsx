'use client';

import {
  createContext,
  type ReactNode,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { Quote } from '@/lib/contract';
import { daysBetween } from '@/lib/dates';
import { toDay } from '@/lib/site/browser';
import type { AdvisorNote } from '@/lib/site/browser/advisors';
import type { ApiError } from '@/lib/site/browser/api-error';
import type { BookingData } from '@/lib/site/browser/booking';
import { type Stay, withStay } from '@/lib/site/browser/stay-link';
import { type Refusal, refusalOf } from '@/lib/site/browser/stay-refusal';
import { bedroomsPriced, bedroomsRented } from '@/lib/site/browser/stay-rules';
import { useApiGet } from '@/lib/site/browser/use-api-get';

/*
 * The one stay of a property page. The calendar, the party, the price, the phone's bar and the inquiry all
 * read and change this, never a copy: the issue this fixes was a page holding two stays that disagreed.
 * It starts from the URL (a traveller coming from results sees their stay at once) and every change is
 * written back with replaceState, so a reload or a shared link keeps it (other parameters kept).
 *
 * The server sends a property page without its stay (the rental's page, kept rendered once:
 * lib/site/page-cache.ts, shellOf), so the stay is read from the address here as the page starts (the
 * URL's reader loads then) and its price asked at once. Until then the page marks the stay pending (stay-pending.tsx)
 * and the parts that show it wait, invisible, rather than show a stay the traveller did not choose.
 */

export type { BookingData } from '@/lib/site/browser/booking';

interface StayContextValue {
  data: BookingData;
  stay: Stay;
  reference?: string;
  advisor?: AdvisorNote;
  change: (next: Partial<Stay>) => void;
  today: string;
  /** Bedrooms the quote prices for this party (what the minimum stay depends on). */
  priced: number;
  /** Bedrooms the price is for (the tier the nights use): quoted, sent with the inquiry, said beside the price. */
  rented: number;
  /** Nights, when both dates are chosen. */
  nights: number | null;
  quote: {
    data?: Quote;
    error?: ApiError;
    loading: boolean;
    /** The quote shown is for the stay as it is now (not one a moment old). */
    current: boolean;
  };
  tooMany: boolean;
  /** Why the stay (its dates, its party) cannot be had, and the nearest stays instead; null when it can. */
  refusal: Refusal | null;
}

const StayContext = createContext<StayContextValue | null>(null);

export function useStay(): StayContextValue {
  const value = useContext(StayContext);
  if (!value) throw new Error('useStay outside a StayProvider');
  return value;
}

// The site's client (and its wording of failures) loads with the first price the page asks for itself.
const loadClient = () => import('@/lib/site/browser/api-client');
const loadReader = () => import('@/lib/site/browser/stay-read');
/** The page's stay is shown: the marker StayPending set is removed. */
const unmark = () => document.documentElement.removeAttribute('data-stay-pending');

/** The quote a stay asks for: its bedrooms are those the price is for (bedroomsRented), as the inquiry sends. */
const keyOf = (s: Stay, rented: number) =>
  s.checkin && s.checkout ? `${s.checkin}|${s.checkout}|${s.adults}|${s.children}|${rented}` : '';

export function StayProvider({
  data,
  initial,
  initialQuote,
  reference,
  advisor,
  onQuote,
  children,
}: {
  data: BookingData;
  initial: Stay;
  /** The server's quote for `initial` (quoteForPage): shown for that stay, not asked again. */
  initialQuote?: Quote | null;
  reference?: string;
  advisor?: AdvisorNote;
  /** Told of every quote shown (embeds pass it to the partner's page). */
  onQuote?: (quote: Quote) => void;
  children: ReactNode;
}) {
  const today = toDay(new Date());
  // The URL's dates as they came, even those the rules refuse (said with the nearest stays: refusal).
  const [stay, setStay] = useState<Stay>(initial);
  // The address's stay, read once as the page starts (the server sent the page without it), is priced at
  // once, not after the pause that follows a traveller's change. Until it is read, what could change it
  // waits hidden (the card, the bar; the calendar goes live later still).
  const fromAddress = useRef(false);
  const [read, setRead] = useState(false);
  useLayoutEffect(() => {
    // The page marked a stay in its address as it was read (stay-pending.tsx); without one, nothing to read.
    const html = document.documentElement;
    if (!html.hasAttribute('data-stay-pending')) return;
    // The URL's reader comes with a stay to read (it would take the page's first script over its budget).
    // Until it has, the parts that show the stay stay hidden, now without the 3 s reveal meant for a page
    // whose scripts never run.
    html.setAttribute('data-stay-pending', 'reading');
    const search = window.location.search;
    let gone = false;
    // The stay and the end of the wait in one render (none when the reader failed twice: the page as sent).
    // In a transition: a part of the page still waiting for its script to hydrate (the Save button) is
    // hydrated first, not drawn again empty as the stay's context changes around it.
    const done = (asked?: Stay) => {
      if (gone) return;
      startTransition(() => {
        if (asked) {
          fromAddress.current = true;
          setStay(asked);
        }
        setRead(true);
      });
      // A price slower than this is waited for in sight ("working out the price").
      setTimeout(unmark, 3000);
    };
    loadReader()
      .catch(loadReader)
      .then(
        ({ readStay }) => done(readStay(new URLSearchParams(search))),
        () => done(),
      );
    return () => {
      gone = true;
    };
  }, []);
  const change = useCallback((next: Partial<Stay>) => {
    setStay((s) => {
      const merged = { ...s, ...next };
      if (!merged.checkin) merged.checkout = undefined;
      window.history.replaceState(
        window.history.state,
        '',
        withStay(window.location.pathname + window.location.search, merged),
      );
      return merged;
    });
  }, []);

  const priced = bedroomsPriced(stay.bedrooms, stay.adults, stay.children, data.maxBedrooms);
  const rented = bedroomsRented(stay, data.rates, data.maxBedrooms);
  const nights = stay.checkin && stay.checkout ? daysBetween(stay.checkin, stay.checkout) : null;
  const tooMany = stay.adults + stay.children > data.sleeps;
  const refusal = useMemo(() => refusalOf(stay, data, today), [stay, data, today]);

  // The quote follows the stay a moment after the last change; an older request is cancelled. Without
  // the rates or booked dates the page says prices are unavailable and asks for none.
  // Nor for a stay the rules refuse: the page says why and what can be had instead.
  const stayKey = tooMany || refusal || data.missing.length ? '' : keyOf(stay, rented);
  const [settled, setSettled] = useState(stayKey);
  useEffect(() => {
    if (fromAddress.current) {
      fromAddress.current = false;
      setSettled(stayKey);
      return;
    }
    const timer = setTimeout(() => setSettled(stayKey), 250);
    return () => clearTimeout(timer);
  }, [stayKey]);
  const fromServer =
    initialQuote &&
    settled !== '' &&
    settled === keyOf(initial, bedroomsRented(initial, data.rates, data.maxBedrooms))
      ? initialQuote
      : undefined;
  // A refused stay is final (no retry); a price stays fresh for a minute.
  const q = useApiGet<Quote>(
    settled && !fromServer ? `quote|${data.propertyId}|${settled}` : null,
    async (signal) => {
      const [checkin, checkout, adults, children, bedrooms] = settled.split('|');
      const { apiGet } = await loadClient();
      return apiGet<Quote>(
        `/api/properties/${data.propertyId}/quote`,
        { checkin, checkout, adults, children, bedrooms },
        signal,
      );
    },
    { freshMs: 60_000 },
  );
  const shown = fromServer ?? (q.error ? undefined : q.data);
  useEffect(() => {
    if (shown) onQuote?.(shown);
  }, [shown, onQuote]);

  const current = settled === stayKey && stayKey !== '';
  const pricing = stayKey !== '' && (!current || (!fromServer && q.loading));
  // Shown once the address's stay is drawn with its price (or why it has none), before that frame is
  // painted: the card and the bar go from waiting to priced, not through "working out the price".
  useLayoutEffect(() => {
    if (read && !pricing) unmark();
  }, [read, pricing]);
  const value: StayContextValue = {
    data,
    stay,
    reference,
    advisor,
    change,
    today,
    priced,
    rented,
    nights,
    quote: {
      data: current ? shown : undefined,
      error: current && !fromServer ? q.error : undefined,
      loading: pricing,
      current,
    },
    tooMany,
    refusal,
  };
  return <StayContext.Provider value={value}>{children}</StayContext.Provider>;
}
