import Link from 'next/link';
import { showDay } from '@/lib/site/browser';
import { type Lead, publicLead } from '@/lib/site/leads';

/** What a traveller sees after sending an inquiry: the number, the stay, the agent; test mode and queues said plainly. */
export function Confirmation({ row, propertyHref }: { row: Lead; propertyHref?: string }) {
  const lead = publicLead(row);
  const agent = row.agent as {
    first_name: string;
    last_name: string;
    email: string;
    phone: string;
    extension: string;
  } | null;
  return (
    <div className="mx-auto max-w-2xl">
      <h1 className="text-3xl font-semibold tracking-tight text-ink-900">
        {lead.status === 'sent'
          ? 'Thank you, your inquiry is with an agent'
          : lead.status === 'queued'
            ? 'Thank you, your inquiry is on its way'
            : 'Thank you, we have your inquiry'}
      </h1>
      {lead.test && (
        <p role="note" className="mt-4 rounded-lg bg-amber-100 p-3 text-amber-950">
          Test mode: this inquiry was checked but not sent to an agent, and nothing was booked.
        </p>
      )}
      {lead.status === 'queued' && (
        <p className="mt-4 rounded-lg bg-sand-100 p-3">
          Our catalog is busy right now. Your inquiry is saved and will be sent to an agent automatically
          within a few minutes; there is nothing more to do.
        </p>
      )}
      {lead.status === 'failed' && (
        <p className="mt-4 rounded-lg bg-sand-100 p-3">
          We could not pass your inquiry to an agent automatically. It is saved, and our team will forward it
          and be in touch at {lead.contact.email}.
        </p>
      )}
      <dl className="mt-6 grid grid-cols-[10rem_1fr] gap-y-2 rounded-2xl bg-white p-5 ring-1 ring-sand-200">
        {lead.inquiry_id !== null && (
          <>
            <dt className="text-ink-700">Inquiry number</dt>
            <dd className="font-semibold text-ink-900">{lead.inquiry_id}</dd>
          </>
        )}
        <dt className="text-ink-700">Reference</dt>
        <dd className="text-ink-900">{lead.reference}</dd>
        <dt className="text-ink-700">Stay</dt>
        <dd className="text-ink-900">
          {showDay(lead.stay.checkin)} – {showDay(lead.stay.checkout)}, {lead.stay.guests.adults} adults
          {lead.stay.guests.children ? `, ${lead.stay.guests.children} children` : ''}
        </dd>
        {lead.property_id && (
          <>
            <dt className="text-ink-700">Rental</dt>
            <dd>
              <Link
                className="text-brand-700 underline"
                href={propertyHref ?? `/properties/${lead.property_id}`}
              >
                View the rental
              </Link>
            </dd>
          </>
        )}
        {agent && (
          <>
            <dt className="text-ink-700">Your agent</dt>
            <dd className="text-ink-900">
              {agent.first_name} {agent.last_name}
              <br />
              <a className="underline" href={`mailto:${agent.email}`}>
                {agent.email}
              </a>
              <br />
              {agent.phone}
              {agent.extension ? `, extension ${agent.extension}` : ''}
            </dd>
          </>
        )}
      </dl>
      <p className="mt-6 text-ink-700">A confirmation goes to {lead.contact.email}.</p>
    </div>
  );
}
