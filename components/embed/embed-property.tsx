'use client';

import { useRouter } from 'next/navigation';
import { useCallback } from 'react';
import type { Availability, Quote, RateSheet } from '@/lib/contract';
import type { Stay } from '../inquiry/inquiry-form';
import { Booking } from '../property/booking';
import { useEmbedEvents } from './bridge';

/** The property's calendar, quote and inquiry inside a partner's page, reporting quotes and inquiries to it. */
export function EmbedBooking(props: {
  propertyId: number;
  sleeps: number;
  maxBedrooms: number;
  booked: Availability['booked'];
  rates: Pick<RateSheet, 'rates' | 'default_rate'>;
  initial: Stay & { reference?: string };
  hostQuery: string;
}) {
  const send = useEmbedEvents();
  const router = useRouter();
  const { hostQuery, ...booking } = props;
  const onQuote = useCallback(
    (q: Quote) =>
      send('quote', {
        property_id: q.property_id,
        checkin: q.stay.checkin,
        checkout: q.stay.checkout,
        currency: q.currency.code,
        total_payable: q.price_on_request ? null : q.totals.total_payable,
        price_on_request: q.price_on_request,
      }),
    [send],
  );
  return (
    <Booking
      {...booking}
      onQuote={onQuote}
      onSent={(lead) => {
        send('inquiry-submitted', {
          inquiry_id: lead.inquiry_id,
          reference: lead.reference,
          status: lead.status,
          test: lead.test,
        });
        router.push(`/embed/inquiries/${lead.id}${hostQuery}`);
      }}
    />
  );
}
