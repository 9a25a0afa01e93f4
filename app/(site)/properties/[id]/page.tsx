import type { Metadata } from 'next';
import Link from 'next/link';
import { FromProposal } from '@/components/advisors/from-proposal';
import { SaveButtonLater } from '@/components/advisors/save-button-later';
import { Booking, BookingCard, StayCalendar } from '@/components/property/booking';
import { CalendarLegend } from '@/components/property/calendar-legend';
import {
  About,
  Amenities,
  Highlights,
  Location,
  Policies,
  RatesTable,
  RatesUnavailable,
  Reviews,
  Rooms,
} from '@/components/property/details';
import { DisplayMoneyProvider } from '@/components/property/display-money';
import { Gallery } from '@/components/property/gallery';
import { KeyFacts } from '@/components/property/key-facts';
import { PriceBreakdown } from '@/components/property/price';
import { StayPending } from '@/components/property/stay-pending';
import { StayRefusal } from '@/components/property/stay-refusal';
import { pageChoice } from '@/lib/site/advisors/choice';
import { withCurrency } from '@/lib/site/browser/currency-url';
import { getSiteDb } from '@/lib/site/db/client';
import { propertyAreas, propertyOrNotFound, quoteForPage, stayFromQuery } from '@/lib/site/property-page';
import { pageDisplayMoney } from '@/lib/site/replica';

type Props = {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const p = await propertyOrNotFound((await params).id);
  return {
    title: `${p.name}, ${p.location.name}`,
    description: `${p.type} in ${p.location.path.join(', ')}: ${p.bedrooms} bedrooms, sleeps ${p.sleeps}. Live prices and availability.`,
    alternates: { canonical: `/properties/${p.id}` },
  };
}

// Laid out like the best listing pages: the photos, the name and facts, then the rental's story in the
// main column with the booking card kept in view beside it (on a phone, a bar at the bottom instead).
export default async function PropertyPage({ params, searchParams }: Props) {
  const p = await propertyOrNotFound((await params).id);
  const { rates, photos, booking, stale } = await propertyAreas(p);
  const query = await searchParams;
  const { stay, reference } = stayFromQuery(query);
  const quote = await quoteForPage(p, stay, booking);
  const choice = await pageChoice(await getSiteDb(), p.id, query.proposal, query.option);
  // The traveller's display currency (kept in the URL from the results): "about" figures beside each price.
  const display = pageDisplayMoney(query.currency, [
    booking.currency,
    ...(rates ? [rates.currency.code] : []),
  ]);
  // Kept on the page's links when the URL chose it.
  const kept = query.currency === display.currency ? display.currency : null;
  return (
    <DisplayMoneyProvider value={display}>
      <StayPending />
      <Booking
        data={booking}
        initial={stay}
        reference={choice?.reference ?? reference}
        advisor={choice ?? undefined}
        openInquiry={choice !== null}
        price={
          quote && {
            quote,
            drawn: (
              <PriceBreakdown
                quote={quote}
                fees={booking.fees}
                taxes={booking.taxes}
                headline={false}
                rates={booking.rates}
              />
            ),
          }
        }
      >
        <article className="flex flex-col gap-6 pb-28 lg:pb-0">
          <nav aria-label="Breadcrumb">
            <ol className="flex flex-wrap gap-1 text-sm text-ink-700">
              {p.location.path.map((name, i) => (
                <li key={name} className={i > 0 ? "before:mx-1 before:content-['›']" : ''}>
                  {i === p.location.path.length - 1 ? (
                    <Link className="underline" href={withCurrency(`/destinations/${p.location.id}`, kept)}>
                      {name}
                    </Link>
                  ) : (
                    name
                  )}
                </li>
              ))}
            </ol>
          </nav>
          {stale && (
            <p role="status" className="rounded-lg bg-sand-100 px-3 py-2 text-sm text-ink-700">
              The catalog is busy right now: dates and prices below may be a few minutes out of date. The
              price of your stay is checked again when you choose it.
            </p>
          )}
          {choice && <FromProposal choice={choice} />}
          <Gallery name={p.name} photos={photos} />
          <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_24rem]">
            <div className="flex min-w-0 flex-col gap-6">
              <header>
                <SaveButtonLater propertyId={p.id} name={p.name} className="float-right ml-3" />
                <h1 className="text-3xl font-semibold tracking-tight text-ink-900">{p.name}</h1>
                <KeyFacts p={p} withPlace className="mt-1 text-ink-700" />
                {/* On a phone the booking card is a bar: a link's stay that cannot be had is said here. */}
                <StayRefusal className="mt-3 lg:hidden" />
              </header>
              <About p={p} />
              <Highlights p={p} />
              <Rooms p={p} />
              <Amenities p={p} />
              <div className="border-t border-sand-200 pt-6">
                <StayCalendar legend={<CalendarLegend />} />
              </div>
              <Reviews p={p} />
              <Policies p={p} />
              {rates ? <RatesTable rates={rates} from={rates.from} /> : <RatesUnavailable />}
              <Location p={p} />
            </div>
            <aside aria-label="Booking" className="hidden lg:block">
              <div className="sticky top-4">
                <BookingCard />
              </div>
            </aside>
          </div>
        </article>
      </Booking>
    </DisplayMoneyProvider>
  );
}
