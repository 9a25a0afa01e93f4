import { money, shortDay, stayLine } from '@/components/property/format';
import { plural } from '@/lib/site/browser';
import type { ProposalEditView } from '@/lib/site/browser/advisors';

const when = (iso: string | null) =>
  iso
    ? new Date(iso).toLocaleString('en-GB', {
        weekday: 'short',
        day: 'numeric',
        month: 'short',
        hour: '2-digit',
        minute: '2-digit',
      })
    : '';

const STATE_WORDS: Record<ProposalEditView['state'], string> = {
  draft: 'Draft',
  sent: 'Sent, not opened yet',
  viewed: 'Viewed',
  chosen: 'Chosen',
  expired: 'Ended',
};

/** Where a proposal stands: sent, viewed (first, last, how often), chosen (which option), its last day. */
export function ProposalFacts({ p }: { p: ProposalEditView }) {
  const chosen = p.chosen ? p.options.findIndex((o) => o.id === p.chosen?.option) : -1;
  return (
    <div>
      <p
        className="inline-block rounded-full bg-brand-700 px-3 py-1 text-sm font-semibold text-white"
        data-testid="proposal-state"
      >
        {STATE_WORDS[p.state]}
      </p>
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
        <dt className="font-medium text-ink-700">Sent</dt>
        <dd className="text-ink-900">{p.sent_at ? when(p.sent_at) : 'Not yet'}</dd>
        <dt className="font-medium text-ink-700">Viewed</dt>
        <dd className="text-ink-900" data-testid="proposal-views">
          {p.views > 0
            ? `${plural(p.views, 'time')} · first ${when(p.first_viewed_at)} · last ${when(p.last_viewed_at)}`
            : 'Not yet'}
        </dd>
        <dt className="font-medium text-ink-700">Chosen</dt>
        <dd className="text-ink-900" data-testid="proposal-chosen">
          {chosen >= 0
            ? `Option ${chosen + 1}, ${p.options[chosen]?.property?.name ?? ''} · ${when(p.chosen?.at ?? null)}`
            : 'Not yet'}
        </dd>
        <dt className="font-medium text-ink-700">Last day</dt>
        <dd className="text-ink-900">
          {p.expires_on
            ? `${shortDay(p.expires_on, true)}${p.expired ? ' (ended)' : ''}`
            : 'None: it stays open'}
        </dd>
        <dt className="font-medium text-ink-700">Reference</dt>
        <dd className="text-ink-900">{p.reference}</dd>
      </dl>
      <ol className="mt-5 flex flex-col gap-2">
        {p.options.map((o, i) => (
          <li key={o.id} className="rounded-xl bg-sand-50 p-3 text-sm ring-1 ring-sand-200">
            <p className="font-medium text-ink-900">
              Option {i + 1}: {o.property?.name ?? `Rental ${o.propertyId}`}
              {o.id === p.chosen?.option && <span className="ml-2 text-brand-700">✓ chosen</span>}
            </p>
            <p className="text-ink-700">{stayLine(o.stay)}</p>
            <p className="text-ink-900">
              {o.sent
                ? o.sent.priceOnRequest
                  ? 'Price on request when sent'
                  : `${money(o.sent.total, o.sent.currency)} when sent`
                : (o.sentProblem ?? 'Priced when sent')}
            </p>
          </li>
        ))}
      </ol>
    </div>
  );
}
