import 'server-only';
import { notFound } from 'next/navigation';
import type { Stay } from '@/components/inquiry/inquiry-form';
import { catalog, UpstreamError } from '@/lib/catalog-client';
import type { Availability, PropertyDetail, PropertyImages, RateSheet } from '@/lib/contract';
import { today } from '@/lib/dates';
import { calendarRatesWindow } from './stay-rules';

type Query = Record<string, string | string[] | undefined>;

/** A property's content (the site's not-found page when the catalog does not know it). */
export async function propertyOrNotFound(rawId: string): Promise<PropertyDetail> {
  const id = /^\d{1,9}$/.test(rawId) ? Number(rawId) : 0;
  if (id < 1) notFound();
  try {
    return (await catalog().property(id)).data as PropertyDetail;
  } catch (error) {
    if (error instanceof UpstreamError && error.status === 404) notFound();
    throw error;
  }
}

/**
 * The other three areas a property page shows, read at once, shaped for the gallery and for the booking
 * (calendar, quote and form) that the site's page and the embed both render.
 */
export async function propertyAreas(p: PropertyDetail) {
  const c = catalog();
  const day = today();
  const [images, rates, availability] = await Promise.all([
    c.images(p.id).then((a) => a.data as PropertyImages),
    // One read serves both: the calendar needs last year's periods (the minimum-stay fallback), the
    // rates table shows only the periods still to come, as the sheet from today would have.
    c.rates(p.id, calendarRatesWindow(day)).then((a) => a.data as RateSheet),
    c.availability(p.id).then((a) => a.data as Availability),
  ]);
  return {
    rates: { ...rates, from: day, rates: rates.rates.filter((r) => r.end_date >= day) },
    photos: images.images.map((i) => ({ id: i.id, url: i.url, caption: i.caption })),
    booking: {
      propertyId: p.id,
      sleeps: p.sleeps,
      maxBedrooms: p.bedrooms,
      booked: availability.booked,
      rates: { rates: rates.rates, default_rate: rates.default_rate },
    },
  };
}

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
const count = (v: string | string[] | undefined) => {
  const n = Number(one(v));
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

/** A stay prefilled from the URL (`checkin`, `checkout`, `adults` or `guests`, `children`, `bedrooms`, `reference`). */
export function stayFromQuery(q: Query): Stay & { reference?: string } {
  return {
    checkin: one(q.checkin),
    checkout: one(q.checkout),
    adults: count(q.adults) ?? count(q.guests),
    children: count(q.children),
    bedrooms: count(q.bedrooms),
    reference: one(q.reference),
  };
}
