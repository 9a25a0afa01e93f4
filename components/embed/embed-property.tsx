'use client';

import { useRouter } from 'next/navigation';
import { useCallback } from 'react';
import { Booking, BookingCard, type BookingData, StayCalendar } from '@/components/property/booking';
import { InlineInquiry } from '@/components/property/booking-dialog';
import { CalendarLegend } from '@/components/property/calendar-legend';
import type { Quote } from '@/lib/contract';
import type { Stay } from '@/lib/site/browser/stay-link';
import { useEmbedEvents } from './bridge';

/**
 * The property's booking widget inside a partner's page: the same one stay as the site's page (prefilled
 * from the frame's URL), reporting quotes and inquiries to the partner. The card sits inline, since the
 * frame grows to its content and a bar fixed to its bottom would float below the fold of the host page.
 */
export function EmbedBooking({
  data,
  initial,
  reference,
  hostQuery,
}: {
  data: BookingData;
  initial: Stay;
  reference?: string;
  hostQuery: string;
}) {
  const send = useEmbedEvents();
  const router = useRouter();
  const onQuote = useCallback(
    (q: Quote) =>
      send('quote', {
        property_id: q.property_id,
        checkin: q.stay.checkin,
        checkout: q.stay.checkout,
        currency: q.currency.code,
        total: q.price_on_request ? null : q.totals.total,
        total_payable: q.price_on_request ? null : q.totals.total_payable,
        price_on_request: q.price_on_request,
      }),
    [send],
  );
  return (
    <Booking
      data={data}
      initial={initial}
      reference={reference}
      phoneBar={false}
      inline
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
    >
      <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_22rem] md:items-start">
        <div className="rounded-2xl bg-white p-4 ring-1 ring-sand-200">
          <StayCalendar legend={<CalendarLegend />} />
        </div>
        <BookingCard />
      </div>
      <div className="mt-6">
        <InlineInquiry />
      </div>
    </Booking>
  );
}
