'use client';

import { useQuery } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import type { Quote } from '@/lib/contract';
import { daysBetween } from '@/lib/dates';
import { toDay } from '@/lib/site/browser';
import { ApiError, apiGet } from '@/lib/site/browser/api-client';
import type { BookingData } from '@/lib/site/browser/booking';
import { type Stay, withStay } from '@/lib/site/browser/stay';
import { bedroomsPriced, type Calendar, calendarOf, minimumStay } from '@/lib/site/browser/stay-rules';

/*
 * The one stay of a property page. The calendar, the party, the price, the phone's bar and the inquiry all
 * read and change this, never a copy: the issue this fixes was a page holding two stays that disagreed.
 * It starts from the URL (a traveller coming from results sees their stay at once) and every change is
 * written back with replaceState, so a reload or a shared link keeps it (other parameters kept).
 */

interface StayContextValue {
  data: BookingData;
  stay: Stay;
  reference?: string;
  change: (next: Partial<Stay>) => void;
  rules: Calendar;
  today: string;
  /** Bedrooms the quote prices for this party (what the minimum stay depends on). */
  priced: number;
  minStay: number | null;
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
}

const StayContext = createContext<StayContextValue | null>(null);

export function useStay(): StayContextValue {
  const value = useContext(StayContext);
  if (!value) throw new Error('useStay outside a StayProvider');
  return value;
}

const keyOf = (s: Stay) =>
  s.checkin && s.checkout ? `${s.checkin}|${s.checkout}|${s.adults}|${s.children}|${s.bedrooms ?? ''}` : '';

export function StayProvider({
  data,
  initial,
  reference,
  onQuote,
  children,
}: {
  data: BookingData;
  initial: Stay;
  reference?: string;
  /** Told of every quote shown (embeds pass it to the partner's page). */
  onQuote?: (quote: Quote) => void;
  children: ReactNode;
}) {
  const today = toDay(new Date());
  const rules = useMemo(() => calendarOf(data.booked, today), [data.booked, today]);
  // A stay from the URL that the calendar would refuse is dropped rather than priced.
  const [stay, setStay] = useState<Stay>(() => {
    const checkin = initial.checkin && !rules.whyNoCheckin(initial.checkin) ? initial.checkin : undefined;
    const checkout =
      checkin && initial.checkout && !rules.whyNoCheckout(checkin, initial.checkout)
        ? initial.checkout
        : undefined;
    return { ...initial, checkin, checkout: checkin ? checkout : undefined };
  });

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
  const minStay = stay.checkin ? minimumStay(data.rates, stay.checkin, priced) : null;
  const nights = stay.checkin && stay.checkout ? daysBetween(stay.checkin, stay.checkout) : null;
  const tooMany = stay.adults + stay.children > data.sleeps;

  // The quote follows the stay a moment after the last change; an older request is cancelled.
  const stayKey = tooMany ? '' : keyOf(stay);
  const [settled, setSettled] = useState(stayKey);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(stayKey), 250);
    return () => clearTimeout(timer);
  }, [stayKey]);
  const q = useQuery<Quote, ApiError>({
    queryKey: ['quote', data.propertyId, settled],
    enabled: settled !== '',
    retry: false,
    queryFn: ({ signal }) => {
      const [checkin, checkout, adults, children, bedrooms] = settled.split('|');
      return apiGet<Quote>(
        `/api/properties/${data.propertyId}/quote`,
        { checkin, checkout, adults, children, bedrooms },
        signal,
      );
    },
  });
  useEffect(() => {
    if (q.data) onQuote?.(q.data);
  }, [q.data, onQuote]);

  const current = settled === stayKey && stayKey !== '';
  const value: StayContextValue = {
    data,
    stay,
    reference,
    change,
    rules,
    today,
    priced,
    minStay,
    nights,
    quote: {
      data: current && !q.isError ? q.data : undefined,
      error: current && q.error instanceof ApiError ? q.error : undefined,
      loading: stayKey !== '' && (!current || q.isFetching),
      current,
    },
    tooMany,
  };
  return <StayContext.Provider value={value}>{children}</StayContext.Provider>;
}
