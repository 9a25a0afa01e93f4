'use client';

import { createContext, type ReactNode, useContext } from 'react';
import { showDay } from '@/lib/site/browser';
import { convert, type DisplayMoney } from '@/lib/site/browser/money-convert';
import { roughMoney } from './format';

/*
 * The traveller's display currency on a page whose prices are in the rental's own (a property page, the
 * inquiry, its confirmation): "about US$2,450" beside each figure, converted once, by the conversion search
 * uses (lib/site/browser/money-convert.ts), at the rates the server gave the page.
 */

const DisplayMoneyContext = createContext<DisplayMoney | null>(null);

export function DisplayMoneyProvider({
  value,
  children,
}: {
  value: DisplayMoney | null;
  children: ReactNode;
}) {
  return <DisplayMoneyContext.Provider value={value}>{children}</DisplayMoneyContext.Provider>;
}

/** The page's display currency and its rates (null when the page has none). */
export const useDisplayMoney = () => useContext(DisplayMoneyContext);

/** `amount` of `currency` in the display currency, rounded as cards round it; null when it is the same. */
export function useAbout(amount: number | null | undefined, currency: string): string | null {
  const display = useContext(DisplayMoneyContext);
  if (!display || amount === null || amount === undefined || display.currency === currency) return null;
  const converted = convert(amount, currency, display.currency, display);
  return converted === null ? null : `about ${roughMoney(converted, display.currency)}`;
}

/** "about US$2,450" beside a figure in the rental's own currency; nothing when the currencies are the same. */
export function AboutMoney({
  amount,
  currency,
  className = 'text-sm text-ink-700',
  after = '',
}: {
  amount: number | null | undefined;
  currency: string;
  className?: string;
  after?: string;
}) {
  const about = useAbout(amount, currency);
  if (!about) return null;
  return (
    <span className={className} data-testid="about-money">
      {about}
      {after}
    </span>
  );
}

/** Once on a page with "about" figures: what they are, and what is paid. */
export function AboutNote({
  currency,
  className = 'text-xs text-ink-700',
}: {
  currency: string;
  className?: string;
}) {
  const display = useContext(DisplayMoneyContext);
  if (!display || display.currency === currency || display.rates[currency] === undefined) return null;
  return (
    <p className={className} data-testid="about-note">
      “About” figures are in {display.currency} at reference rates of {showDay(display.date)}; the rental is
      priced and paid in {currency}.
    </p>
  );
}
