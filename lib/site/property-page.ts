import 'server-only';
import { notFound } from 'next/navigation';
import type { BookingData } from '@/components/property/stay-context';
import { catalog, UpstreamError } from '@/lib/catalog-client';
import type { Availability, PropertyDetail, PropertyImages, RateSheet } from '@/lib/contract';
import { today } from '@/lib/dates';
import { readStay, type Stay } from './stay';

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
 * widget (calendar, party, price and inquiry) that the site's page and the embed both render.
 */
export async function propertyAreas(p: PropertyDetail) {
  const c = catalog();
  const [images, rates, availability] = await Promise.all([
    c.images(p.id).then((a) => a.data as PropertyImages),
    c.rates(p.id).then((a) => a.data as RateSheet),
    c.availability(p.id).then((a) => a.data as Availability),
  ]);
  const day = today();
  const nightly = [
    ...rates.rates.filter((r) => r.end_date >= day).map((r) => r.nightly),
    ...(rates.default_rate ? [rates.default_rate.nightly] : []),
  ];
  const booking: BookingData = {
    propertyId: p.id,
    name: p.name,
    sleeps: p.sleeps,
    maxBedrooms: p.bedrooms,
    booked: availability.booked,
    rates: { rates: rates.rates, default_rate: rates.default_rate },
    currency: rates.currency.code,
    fees: rates.fees,
    taxes: rates.taxes,
    fromNightly: nightly.length > 0 ? Math.min(...nightly) : null,
  };
  return {
    rates,
    photos: images.images.map((i) => ({ id: i.id, url: i.url, caption: i.caption })),
    booking,
  };
}

/** The stay a page's URL holds (lib/site/stay.ts), and an advisor's `reference` to prefill. */
export function stayFromQuery(q: Query): { stay: Stay; reference?: string } {
  const reference = Array.isArray(q.reference) ? q.reference[0] : q.reference;
  return { stay: readStay(q), reference: reference || undefined };
}
