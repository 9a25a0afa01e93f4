import Image from 'next/image';
import Link from 'next/link';
import { CancellationTerms } from '@/components/property/cancellation-terms';
import { AboutMoney } from '@/components/property/display-money';
import { money, party, stayDates } from '@/components/property/format';
import { daysBetween } from '@/lib/dates';
import { plural } from '@/lib/site/browser';
import { withCurrency } from '@/lib/site/browser/currency-url';
import { bedroomsOf } from '@/lib/site/browser/party';
import { withStay } from '@/lib/site/browser/stay';
import { type Lead, publicLead } from '@/lib/site/leads';

/** "from US$200 up to US$450" (the figures alone for a lead that named no currency). */
function budgetWords(budget: { min: number | null; max: number | null; currency: string | null }): string {
  const figure = (n: number) => (budget.currency ? money(n, budget.currency) : String(n));
  return [
    budget.min !== null && `from ${figure(budget.min)}`,
    budget.max !== null && `up to ${figure(budget.max)}`,
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * What a traveller keeps after sending an inquiry: the rental (name and photo), the stay in words, the party,
 * the total they were quoted, the agent and what happens next. Test mode is said once, plainly.
 */
export function Confirmation({
  row,
  rentalPath,
  currency,
}: {
  row: Lead;
  rentalPath?: (id: number) => string;
  /** The display currency chosen (kept on the link back to the rental). */
  currency?: string | null;
}) {
  const lead = publicLead(row);
  const agent = row.agent as {
    first_name: string;
    last_name: string;
    email: string;
    phone: string;
    extension: string;
  } | null;
  const { checkin, checkout, guests, bedrooms } = lead.stay;
  const nights = daysBetween(checkin, checkout);
  const rental = lead.shown?.property ?? null;
  const quote = lead.shown?.quote ?? null;
  const back =
    lead.property_id !== null
      ? withStay(withCurrency((rentalPath ?? ((id) => `/properties/${id}`))(lead.property_id), currency), {
          checkin,
          checkout,
          adults: guests.adults,
          children: guests.children,
          bedrooms: bedrooms ?? undefined,
        })
      : null;
  const title = lead.test
    ? 'Your test inquiry was accepted'
    : lead.status === 'sent'
      ? `Thank you, your inquiry is with ${agent ? agent.first_name : 'an agent'}`
      : lead.status === 'queued'
        ? 'Thank you, your inquiry is on its way'
        : 'Thank you, we have your inquiry';
  return (
    <div className="mx-auto max-w-2xl">
      <h1 className="text-3xl font-semibold tracking-tight text-ink-900">{title}</h1>
      {lead.test ? (
        <p role="note" className="mt-4 rounded-lg bg-amber-100 p-3 text-amber-950">
          Test mode: the catalog checked this inquiry and chose an agent, but nothing was sent to a real
          agency, no email goes out and nothing was booked.
        </p>
      ) : lead.status === 'queued' ? (
        <p className="mt-4 rounded-lg bg-sand-100 p-3">
          Our catalog is busy right now. Your inquiry is saved and will be sent to an agent automatically
          within a few minutes; there is nothing more to do.
        </p>
      ) : lead.status === 'failed' ? (
        <p className="mt-4 rounded-lg bg-sand-100 p-3">
          We could not pass your inquiry to an agent automatically. It is saved, and our team will forward it
          and be in touch at {lead.contact.email}.
        </p>
      ) : null}

      <section
        aria-label="Your inquiry"
        className="mt-6 overflow-hidden rounded-2xl bg-white ring-1 ring-sand-200"
      >
        {rental?.photo && (
          <div className="relative aspect-[16/7] bg-sand-100">
            <Image
              src={rental.photo.url}
              alt={rental.photo.caption || rental.name}
              fill
              priority
              sizes="(min-width: 672px) 672px, 100vw"
              className="object-cover"
            />
          </div>
        )}
        <div className="p-5">
          {rental && <h2 className="text-xl font-semibold text-ink-900">{rental.name}</h2>}
          {!rental && (lead.shown?.destination || lead.destination?.name) && (
            <h2 className="text-xl font-semibold text-ink-900">
              {lead.shown?.destination?.path.join(', ') ?? lead.destination?.name}
            </h2>
          )}
          <dl className="mt-3 grid grid-cols-1 gap-y-1 sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-y-2 [&>dd]:mb-2 [&>dd]:break-words sm:[&>dd]:mb-0 [&>dt]:text-sm sm:[&>dt]:text-base">
            <dt className="text-ink-700">Dates</dt>
            <dd className="text-ink-900">
              {stayDates(checkin, checkout)} · {plural(nights, 'night')}
            </dd>
            <dt className="text-ink-700">Guests</dt>
            <dd className="text-ink-900">{party(guests.adults, guests.children, lead.shown?.infants)}</dd>
            <BedroomsRow rented={bedrooms ?? quote?.bedrooms ?? null} of={rental?.bedrooms} />
            {quote && (
              <>
                <dt className="text-ink-700">Quoted total</dt>
                <dd className="text-ink-900">
                  {quote.price_on_request ? (
                    'Price on request: your agent will send the price'
                  ) : (
                    <>
                      <span className="text-lg font-semibold">{money(quote.total, quote.currency)}</span>{' '}
                      <AboutMoney amount={quote.total} currency={quote.currency} />
                      <span className="block text-sm text-ink-700">
                        Taxes and fees included
                        {quote.refundable_deposits > 0 &&
                          `; plus a ${money(quote.refundable_deposits, quote.currency)} deposit, returned after your stay`}
                        .
                        {quote.accuracy &&
                          quote.accuracy !== 'exact' &&
                          ' An estimate; your agent will confirm it.'}
                      </span>
                    </>
                  )}
                </dd>
              </>
            )}
            {lead.shown?.cancellation && lead.shown.cancellation.length > 0 && (
              <>
                <dt className="text-ink-700">Cancellation</dt>
                <dd>
                  <CancellationTerms
                    terms={lead.shown.cancellation}
                    titled={false}
                    className="sm:text-base"
                  />
                </dd>
              </>
            )}
            {lead.budget && (lead.budget.min !== null || lead.budget.max !== null) && (
              <>
                <dt className="text-ink-700">Nightly budget</dt>
                <dd className="text-ink-900">{budgetWords(lead.budget)}</dd>
              </>
            )}
            {lead.inquiry_id !== null && (
              <>
                <dt className="text-ink-700">Inquiry number</dt>
                <dd className="font-semibold text-ink-900">{lead.inquiry_id}</dd>
              </>
            )}
            <dt className="text-ink-700">Reference</dt>
            <dd className="text-ink-900">{lead.reference}</dd>
            {agent && (
              <>
                <dt className="text-ink-700">Your agent</dt>
                <dd className="text-ink-900">
                  {agent.first_name} {agent.last_name}
                  <br />
                  <a className="text-brand-700 underline" href={`mailto:${agent.email}`}>
                    {agent.email}
                  </a>
                  <br />
                  {agent.phone}
                  {agent.extension ? `, extension ${agent.extension}` : ''}
                </dd>
              </>
            )}
          </dl>
        </div>
      </section>

      {!lead.test && (lead.status === 'sent' || lead.status === 'queued') && (
        <section aria-labelledby="next-title" className="mt-6">
          <h2 id="next-title" className="text-lg font-semibold text-ink-900">
            What happens next
          </h2>
          <ol className="mt-2 list-decimal space-y-1 pl-5 text-ink-700">
            <li>
              {agent ? `${agent.first_name} checks` : 'Your agent checks'} the dates with the owner and
              replies to {lead.contact.email}, usually within one working day.
            </li>
            <li>The reply confirms availability and the final price, and how to pay.</li>
            <li>Nothing is booked or charged until you agree.</li>
          </ol>
        </section>
      )}

      {back && (
        <p className="mt-6">
          <Link className="font-medium text-brand-700 underline" href={back}>
            Back to the rental
          </Link>
        </p>
      )}
    </div>
  );
}

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The bedrooms the stay (and its quoted total) is for: "2 of 6 bedrooms", as the booking card said it. */
function BedroomsRow({ rented, of }: { rented: number | null; of: number | undefined }) {
  if (rented === null) return null;
  return (
    <>
      <dt className="text-ink-700">Bedrooms</dt>
      <dd className="text-ink-900" data-testid="confirmation-bedrooms">
        {capitalised(of ? bedroomsOf(rented, of) : plural(rented, 'bedroom'))}
      </dd>
    </>
  );
}
