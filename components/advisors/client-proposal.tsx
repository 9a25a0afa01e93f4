import { today } from '@/lib/dates';
import type { ClientView } from '@/lib/site/advisors/view';
import { showDay } from '@/lib/site/browser';
import type { AdvisorProfile } from '@/lib/site/browser/advisors';
import { OptionColumn } from './option-column';
import { PrintButton } from './print-button';
import { ProposalMap } from './proposal-map-loader';
import './proposal.css';

/** The advisor as the client reaches them: name, agency, email and phone, as links. */
function AdvisorCard({ advisor }: { advisor: AdvisorProfile }) {
  return (
    <address className="rounded-2xl bg-white p-4 text-sm not-italic ring-1 ring-sand-200">
      <p className="font-semibold text-ink-900">{advisor.name}</p>
      {advisor.agency && <p className="text-ink-700">{advisor.agency}</p>}
      <p className="mt-1">
        <a className="text-brand-700 underline" href={`mailto:${advisor.email}`}>
          {advisor.email}
        </a>
      </p>
      {advisor.phone && (
        <p>
          <a className="text-brand-700 underline" href={`tel:${advisor.phone.replace(/[^+\d]/g, '')}`}>
            {advisor.phone}
          </a>
        </p>
      )}
    </address>
  );
}

/**
 * The client's view of a proposal (`/proposals/{token}` and its embed): the advisor's note and details, the
 * options side by side on a desktop and a row to swipe on a phone, their map, and a print style sheet. Every
 * text an advisor typed is rendered as text (React escapes it), never as HTML.
 */
export function ClientProposal({
  view,
  token,
  embedded = false,
}: {
  view: ClientView;
  token: string;
  embedded?: boolean;
}) {
  const { row } = view;
  if (view.kind === 'ended')
    return (
      <div className="proposal-doc mx-auto flex max-w-2xl flex-col gap-4">
        <h1 className="text-3xl font-semibold tracking-tight text-ink-900">This proposal has ended</h1>
        <p className="text-ink-700">
          “{row.title}” could be opened until {row.expiresOn ? showDay(row.expiresOn) : 'its last day'}.
          Prices and dates change: ask {row.advisor.name} for an up-to-date proposal.
        </p>
        <AdvisorCard advisor={row.advisor} />
      </div>
    );
  const options = view.options;
  return (
    <div className="proposal-doc flex flex-col gap-6">
      <header className="flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
        <div className="max-w-3xl">
          <p className="text-sm font-medium text-brand-700">A proposal for {row.clientName}</p>
          <h1 className="text-3xl font-semibold tracking-tight text-ink-900">{row.title}</h1>
          {row.note && <p className="mt-3 whitespace-pre-line text-ink-900">{row.note}</p>}
          <p className="mt-3 text-sm text-ink-700">
            {options.length === 1 ? 'One rental' : `${options.length} rentals`}, each priced again just now
            for its own dates. Choose one to send its inquiry to a reservations agent: nothing is booked or
            charged.
          </p>
        </div>
        <div className="flex shrink-0 flex-col gap-2 lg:w-72">
          <AdvisorCard advisor={row.advisor} />
          {!embedded && <PrintButton />}
        </div>
      </header>
      <section aria-labelledby="options-title">
        <h2 id="options-title" className="sr-only">
          The options
        </h2>
        <p className="mb-2 text-sm text-ink-700 lg:hidden print:hidden" aria-hidden="true">
          Swipe to see every option →
        </p>
        <ul
          className="proposal-options -mx-4 flex snap-x snap-mandatory gap-4 overflow-x-auto px-4 pb-3 lg:mx-0 lg:grid lg:grid-cols-3 lg:overflow-visible lg:px-0 xl:grid-cols-4"
          aria-label={`${options.length} options`}
        >
          {options.map((o, i) => (
            <li key={o.option.id} className="relative w-[85%] shrink-0 snap-center sm:w-[60%] lg:w-auto">
              <OptionColumn view={o} n={i + 1} token={token} newTab={embedded} />
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="map-title" className="print:hidden">
        <h2 id="map-title" className="mb-2 text-xl font-semibold text-ink-900">
          Where they are
        </h2>
        <ProposalMap
          options={options.map((o, i) => ({
            n: i + 1,
            name: o.option.property?.name ?? `Rental ${o.option.propertyId}`,
            latitude: o.option.property?.latitude ?? null,
            longitude: o.option.property?.longitude ?? null,
          }))}
        />
      </section>
      <p className="text-xs text-ink-700">
        Reference {row.reference} · prices as of {showDay(today())}
      </p>
    </div>
  );
}
