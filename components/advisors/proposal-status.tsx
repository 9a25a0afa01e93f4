'use client';

import { useEffect, useState } from 'react';
import { toDay } from '@/lib/site/browser';
import { bearer, keepProposal } from '@/lib/site/browser/advisor-store';
import type { ProposalEditView } from '@/lib/site/browser/advisors';
import { ApiError, apiSend } from '@/lib/site/browser/api-client';
import { inputClass } from './form-field';
import { ProposalEditor } from './proposal-editor';
import { ProposalFacts } from './proposal-facts';
import { primary, secondary } from './saved-card';

/**
 * The advisor's edit link, `/proposals/edit#<secret>`: the secret stays after `#` (a browser never sends it
 * to a server, a log or a Referer) and goes to the API as a bearer token. A draft opens in the editor; a
 * sent proposal shows its state, the client's link, its last day and "duplicate with new dates".
 */
export function ProposalStatus() {
  const [secret, setSecret] = useState('');
  const [p, setP] = useState<ProposalEditView | null | 'missing'>(null);
  useEffect(() => {
    const key = window.location.hash.slice(1);
    setSecret(key);
    apiSend<{ proposal: ProposalEditView }>('GET', '/api/proposals/edit', undefined, bearer(key))
      .then(({ proposal }) => setP(proposal))
      .catch(() => setP('missing'));
  }, []);
  if (p === null) return <p className="py-10 text-ink-700">Loading the proposal…</p>;
  if (p === 'missing')
    return (
      <div className="rounded-2xl bg-white p-8 ring-1 ring-sand-200">
        <h1 className="text-2xl font-semibold text-ink-900">This proposal could not be found</h1>
        <p className="mt-2 text-ink-700">
          Check that the whole edit link was copied, including everything after “#”.
        </p>
      </div>
    );
  if (p.state === 'draft')
    return (
      <div className="flex flex-col gap-4">
        <h1 className="text-3xl font-semibold tracking-tight text-ink-900">Draft: {p.title}</h1>
        <p className="text-ink-700">Not sent yet: your client’s link opens once you send it.</p>
        <div className="rounded-2xl bg-white p-5 ring-1 ring-sand-200">
          <ProposalEditor
            secret={secret}
            start={{
              title: p.title,
              clientName: p.client_name,
              note: p.note ?? '',
              reference: p.reference,
              expiresOn: p.expires_on ?? '',
              advisor: p.advisor,
              options: p.options.map((o) => ({
                propertyId: o.propertyId,
                name: o.property?.name ?? `Rental ${o.propertyId}`,
                place: o.property?.place.join(', ') ?? '',
                included: true,
                stay: { ...o.stay, bedrooms: o.stay.bedrooms ?? undefined },
                note: o.note ?? '',
              })),
            }}
          />
        </div>
      </div>
    );
  return <SentProposal p={p} secret={secret} onChange={setP} />;
}

function SentProposal({
  p,
  secret,
  onChange,
}: {
  p: ProposalEditView;
  secret: string;
  onChange: (p: ProposalEditView) => void;
}) {
  const share = `${window.location.origin}/proposals/${p.share_token}`;
  const [copied, setCopied] = useState(false);
  const [lastDay, setLastDay] = useState(p.expires_on ?? '');
  const [newStart, setNewStart] = useState('');
  const [problem, setProblem] = useState('');
  const run = async (work: () => Promise<void>) => {
    setProblem('');
    try {
      await work();
    } catch (error) {
      const e = error instanceof ApiError ? error : null;
      setProblem(Object.values(e?.fields ?? {})[0] ?? e?.message ?? 'That did not work; please try again.');
    }
  };
  const saveLastDay = (value: string | null) =>
    run(async () => {
      const answer = await apiSend<{ proposal: ProposalEditView }>(
        'PATCH',
        '/api/proposals/edit',
        { expires_on: value },
        bearer(secret),
      );
      onChange(answer.proposal);
    });
  const duplicate = () =>
    run(async () => {
      const made = await apiSend<{ edit_secret: string }>(
        'POST',
        '/api/proposals/edit/duplicate',
        { checkin: newStart },
        bearer(secret),
      );
      keepProposal({
        secret: made.edit_secret,
        title: p.title,
        client: p.client_name,
        at: new Date().toISOString(),
      });
      window.location.assign(`/proposals/edit#${made.edit_secret}`);
      window.location.reload();
    });
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-3xl font-semibold tracking-tight text-ink-900">{p.title}</h1>
        <p className="mt-1 text-ink-700">
          For {p.client_name} · this page’s address is your only key to it: bookmark it.
        </p>
      </div>
      {problem && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-900">
          {problem}
        </p>
      )}
      <section aria-labelledby="share-title" className="rounded-2xl bg-white p-5 ring-1 ring-sand-200">
        <h2 id="share-title" className="font-semibold text-ink-900">
          Your client’s link
        </h2>
        <div className="mt-2 flex flex-wrap gap-2">
          <input
            readOnly
            aria-label="Your client’s link"
            className={`${inputClass} mt-0 min-w-0 flex-1`}
            value={share}
            data-testid="share-link"
          />
          <button
            type="button"
            className={primary}
            onClick={() => navigator.clipboard?.writeText(share).then(() => setCopied(true))}
          >
            Copy
          </button>
          <a
            className={secondary}
            href={`/proposals/${p.share_token}?preview=1`}
            target="_blank"
            rel="noopener"
          >
            Preview
          </a>
        </div>
        <p role="status" className="mt-1 text-xs text-ink-700">
          {copied ? 'Copied.' : 'A preview is not counted as a view.'}
        </p>
      </section>
      <section aria-labelledby="state-title" className="rounded-2xl bg-white p-5 ring-1 ring-sand-200">
        <h2 id="state-title" className="sr-only">
          Where it stands
        </h2>
        <ProposalFacts p={p} />
      </section>
      <section
        aria-labelledby="more-title"
        className="grid gap-4 rounded-2xl bg-white p-5 ring-1 ring-sand-200 sm:grid-cols-2"
      >
        <h2 id="more-title" className="sr-only">
          Change it
        </h2>
        <div>
          <label htmlFor="last-day" className="block text-sm font-medium text-ink-700">
            Last day your client can open it
          </label>
          <input
            id="last-day"
            type="date"
            min={toDay(new Date())}
            className={inputClass}
            value={lastDay}
            onChange={(e) => setLastDay(e.target.value)}
          />
          <div className="mt-2 flex gap-2">
            <button type="button" className={secondary} onClick={() => saveLastDay(lastDay || null)}>
              Save the last day
            </button>
            {p.expires_on && (
              <button type="button" className={secondary} onClick={() => saveLastDay(null)}>
                Keep it open
              </button>
            )}
          </div>
        </div>
        <div>
          <label htmlFor="new-start" className="block text-sm font-medium text-ink-700">
            Duplicate with the first stay starting on
          </label>
          <input
            id="new-start"
            type="date"
            min={toDay(new Date())}
            className={inputClass}
            value={newStart}
            onChange={(e) => setNewStart(e.target.value)}
          />
          <p className="mt-1 text-xs text-ink-700">
            Every option moves by the same number of days; you can change each before sending.
          </p>
          <button type="button" className={`${secondary} mt-2`} onClick={duplicate}>
            Duplicate as a new draft
          </button>
        </div>
      </section>
    </div>
  );
}
