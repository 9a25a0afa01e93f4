'use client';

import Link from 'next/link';
import { useCallback, useEffect, useState } from 'react';
import { isShareableToken } from '@/lib/site/browser/advisor-store';
import { ApiError } from '@/lib/site/browser/api-client';
import type { Stay } from '@/lib/site/browser/stay-link';
import { CompareTable } from './compare-table';
import { primary, SavedCard, secondary } from './saved-card';
import { loadShortlist, redateRental, removeRental, type SavedEntry, useShortlist } from './shortlist-client';

/**
 * The shortlist: every rental saved in this browser with its stay and live price, to re-date, remove or
 * compare side by side, and the way on to a proposal. `#<token>` in the address opens a shortlist saved in
 * another browser (the link the page offers to copy), which this browser then keeps.
 */
export function ShortlistPage() {
  const shortlist = useShortlist();
  const [entries, setEntries] = useState<SavedEntry[] | null>(null);
  const [problem, setProblem] = useState('');
  const [compare, setCompare] = useState(false);
  const token = shortlist?.token;

  const act = useCallback(async (work: () => Promise<SavedEntry[]>) => {
    setProblem('');
    try {
      setEntries(await work());
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : 'That did not work; please try again.');
    }
  }, []);

  useEffect(() => {
    const fromLink = window.location.hash.slice(1);
    if (isShareableToken(fromLink)) {
      window.history.replaceState(null, '', window.location.pathname);
      act(() => loadShortlist(fromLink));
    } else if (token) act(() => loadShortlist(token));
    else setEntries([]);
  }, [token, act]);

  if (entries === null) return <p className="py-10 text-ink-700">Loading your shortlist…</p>;
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-semibold tracking-tight text-ink-900">Your shortlist</h1>
          <p className="mt-1 text-ink-700">
            Rentals you saved, priced for the stay you saved them with. Kept in this browser: no account
            needed.
          </p>
        </div>
        {entries.length > 0 && (
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className={secondary}
              aria-pressed={compare}
              onClick={() => setCompare((c) => !c)}
            >
              {compare ? 'Show as a list' : 'Compare side by side'}
            </button>
            <Link href="/proposals/new" className={primary}>
              Make a proposal for a client
            </Link>
          </div>
        )}
      </div>
      {problem && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-900">
          {problem}
        </p>
      )}
      {entries.length === 0 ? (
        <div className="rounded-2xl bg-white p-8 text-center ring-1 ring-sand-200">
          <p className="text-lg font-medium text-ink-900">Nothing saved yet</p>
          <p className="mt-1 text-ink-700">Press “Save” on any rental to keep it here with its dates.</p>
          <Link href="/search" className={`${primary} mt-4 inline-block`}>
            Find rentals
          </Link>
        </div>
      ) : compare ? (
        <CompareTable entries={entries} />
      ) : (
        <ul className="flex flex-col gap-4">
          {entries.map((e) => (
            <li key={e.id}>
              <SavedCard
                entry={e}
                onRemove={() => act(() => removeRental(e.id))}
                onRedate={(stay: Stay) => act(() => redateRental(e.id, stay))}
              />
            </li>
          ))}
        </ul>
      )}
      {token && entries.length > 0 && <ShareShortlist token={token} />}
    </div>
  );
}

/** The shortlist's own link, to open it in another browser (its token is after `#`: never sent to a server). */
function ShareShortlist({ token }: { token: string }) {
  const [copied, setCopied] = useState(false);
  const link = `${window.location.origin}/shortlist#${token}`;
  return (
    <p className="text-sm text-ink-700">
      On another device?{' '}
      <button
        type="button"
        className="font-medium text-brand-700 underline"
        onClick={() => navigator.clipboard?.writeText(link).then(() => setCopied(true))}
      >
        Copy this shortlist’s private link
      </button>
      <span role="status">{copied ? ' — copied. Anyone with it can change this shortlist.' : ''}</span>
    </p>
  );
}
