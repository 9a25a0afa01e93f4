import type { Metadata } from 'next';
import { NewProposal } from '@/components/advisors/new-proposal';

export const metadata: Metadata = { title: 'A proposal for your client', robots: { index: false } };

export default function NewProposalPage() {
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-3xl font-semibold tracking-tight text-ink-900">A proposal for your client</h1>
      <p className="mt-2 mb-6 text-ink-700">
        Pick up to eight rentals from your shortlist, each with its own dates and party. When you send it,
        every option is priced; your client’s link shows the price again, live, each time it is opened.
      </p>
      <div className="rounded-2xl bg-white p-5 ring-1 ring-sand-200">
        <NewProposal />
      </div>
    </div>
  );
}
