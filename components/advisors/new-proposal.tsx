'use client';

import Link from 'next/link';
import { useEffect, useState } from 'react';
import { type EditorStart, ProposalEditor } from './proposal-editor';
import { primary, stayOf } from './saved-card';
import { loadShortlist, useShortlist } from './shortlist-client';

/** A new proposal from this browser's shortlist: its rentals with the stays they were saved with. */
export function NewProposal() {
  const token = useShortlist()?.token;
  const [start, setStart] = useState<EditorStart | null>(null);
  useEffect(() => {
    loadShortlist(token)
      .catch(() => [])
      .then((entries) =>
        setStart({
          title: '',
          clientName: '',
          note: '',
          reference: '',
          expiresOn: '',
          options: entries.map((e, i) => ({
            propertyId: e.property_id,
            name: e.property?.name ?? `Rental ${e.property_id}`,
            place: e.property?.location.path.slice(-2).join(', ') ?? '',
            included: i < 8 && e.property !== null,
            stay: stayOf(e.stay),
            note: '',
          })),
        }),
      );
  }, [token]);
  if (!start) return <p className="py-10 text-ink-700">Loading your shortlist…</p>;
  if (start.options.length === 0)
    return (
      <div className="rounded-2xl bg-white p-8 text-center ring-1 ring-sand-200">
        <p className="text-lg font-medium text-ink-900">Save a few rentals first</p>
        <p className="mt-1 text-ink-700">
          A proposal is made from your shortlist: press “Save” on the rentals your client might like.
        </p>
        <Link href="/search" className={`${primary} mt-4 inline-block`}>
          Find rentals
        </Link>
      </div>
    );
  return <ProposalEditor start={start} />;
}
