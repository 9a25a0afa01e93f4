import 'server-only';
import { notFound } from 'next/navigation';
import { type Answer, UpstreamError } from '@/lib/catalog-client';
import type { Area, Quote, TolerantPropertyDetail } from '@/lib/contract';
import { addDays, today } from '@/lib/dates';
import { failureLog } from '@/lib/failure-log';
import { currentRequest } from '@/lib/request-context';
import { clipRanges } from '@/lib/rules';
import type { BookingData } from './browser/booking';
import { CALENDAR_DAYS } from './browser/calendar-rules';
import { readStay, type Stay } from './browser/stay';
import { refusalOf } from './browser/stay-refusal';
import { bedroomsRented, calendarRatesWindow } from './browser/stay-rules';
import { catalogReads } from './catalog-reads';

type Query = Record<string, string | string[] | undefined>;

/** A property's content (the site's not-found page when the catalog does not know it). */
export async function propertyOrNotFound(rawId: string): Promise<TolerantPropertyDetail> {
  const id = /^\d{1,9}$/.test(rawId) ? Number(rawId) : 0;
  if (id < 1) notFound();
  try {
    return (await catalogReads.property(id)).data;
  } catch (error) {
    if (error instanceof UpstreamError && error.status === 404) notFound();
    throw error;
  }
}

/** The calendar's window: the months it shows, from today (stay-calendar-body.tsx), and their last days. */
export const calendarWindow = (day: string) => ({ from: day, to: addDays(day, CALENDAR_DAYS + 31) });

/**
 * The other three areas a property page shows, read at once, shaped for the gallery and for the booking
 * widget (calendar, party, price and inquiry) that the site's page and the embed both render. One failed
 * read costs its own section only (docs/upstream-contract.md): no photos → the drawn placeholder; no rates
 * or no booked dates → the booking card says prices are unavailable and the inquiry stays open. Failures
 * that are not the upstream's (a bug) still fail the page.
 */
export async function propertyAreas(p: TolerantPropertyDetail) {
  const c = catalogReads;
  const day = today();
  const read = async <T>(area: Area, load: () => Promise<Answer<T>>) => {
    try {
      return await load();
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      // One line per kind, repeats summarised (lib/failure-log.ts): a spent budget fails every page alike.
      failureLog().note({
        level: 'warn',
        kind: `page /properties/:id without ${area} ${error.code}`,
        message: `property page without its ${area}: ${error.message}`,
        requestId: currentRequest()?.requestId,
        fields: { propertyId: p.id, upstream: { status: error.status, code: error.code } },
      });
      return null;
    }
  };
  const [images, rateSheet, availability] = await Promise.all([
    read('images', () => c.images(p.id)),
    // One read serves both: the calendar needs last year's periods (the minimum-stay fallback), the
    // rates table shows only the periods still to come, as the sheet from today would have.
    read('rates', () => c.rates(p.id, calendarRatesWindow(day))),
    read('availability', () => c.availability(p.id)),
  ]);
  // Served from the cache while the catalog is busy or down: the page says so, quietly.
  const stale = [images, rateSheet, availability].some((a) => a?.stale === true);
  const rates = rateSheet?.data;
  const missing: BookingData['missing'] = [
    ...(rates ? [] : (['rates'] as const)),
    ...(availability ? [] : (['availability'] as const)),
  ];
  const nightly = [
    ...(rates?.rates.filter((r) => r.end_date >= day).map((r) => r.nightly) ?? []),
    ...(rates?.default_rate ? [rates.default_rate.nightly] : []),
  ];
  const { from, to } = calendarWindow(day);
  const booking: BookingData = {
    propertyId: p.id,
    name: p.name,
    sleeps: p.sleeps,
    maxBedrooms: p.bedrooms,
    // As far as the calendar shows: an upstream may send a hold to 9999-12-31, whole.
    booked: clipRanges(availability?.data.booked ?? [], from, to),
    rates: { rates: rates?.rates ?? [], default_rate: rates?.default_rate ?? null },
    currency: rates?.currency.code ?? '',
    fees: rates?.fees ?? [],
    taxes: rates?.taxes ?? [],
    fromNightly: nightly.length > 0 ? Math.min(...nightly) : null,
    missing,
    priceOnRequest: rates?.price_on_request ?? false,
  };
  return {
    rates: rates ? { ...rates, from: day, rates: rates.rates.filter((r) => r.end_date >= day) } : null,
    photos: (images?.data.images ?? []).map((i) => ({ id: i.id, url: i.url, caption: i.caption })),
    stale,
    booking,
  };
}

/**
 * The stay a page's URL holds (lib/site/browser/stay.ts), and an advisor's `reference` to prefill. Dates the
 * rules refuse (booked, past, under the minimum stay, for a party too large) are kept as they came: the
 * booking widget says why and offers the nearest stays the rules allow (lib/site/browser/stay-refusal.ts).
 */
export function stayFromQuery(q: Query): { stay: Stay; reference?: string } {
  const reference = Array.isArray(q.reference) ? q.reference[0] : q.reference;
  return { stay: readStay(q), reference: reference || undefined };
}

/**
 * The price of the stay a page opens with, asked while the page is drawn: the traveller sees it at once,
 * and the browser neither asks again nor loads the client and the breakdown's script for it. Null when
 * there is no stay to price, the catalog refuses it or is slower than a second: the booking card then asks
 * for it itself, as it does for every later stay (and says why one is refused).
 */
export async function quoteForPage(
  p: TolerantPropertyDetail,
  stay: Stay,
  booking: BookingData,
): Promise<Quote | null> {
  const { checkin, checkout, adults, children } = stay;
  if (!checkin || !checkout || booking.missing.length) return null;
  // A stay the rules refuse is not asked for: the widget says why (stay-refusal.ts).
  if (refusalOf(stay, booking, today())) return null;
  // The bedrooms the price is for, as the booking widget asks and the inquiry sends (stay-rules.ts).
  const bedrooms = bedroomsRented(stay, booking.rates, booking.maxBedrooms);
  const asked = catalogReads
    .quote(p.id, { checkin, checkout, adults, children, bedrooms })
    .then((a): Quote | null => a.data)
    .catch(() => null);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), 1000);
  });
  return Promise.race([asked, late]).finally(() => clearTimeout(timer));
}
