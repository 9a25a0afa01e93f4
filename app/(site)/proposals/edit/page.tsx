import type { Metadata } from 'next';
import { ProposalStatus } from '@/components/advisors/proposal-status';

export const metadata: Metadata = { title: 'Your proposal', robots: { index: false } };

// The edit secret is in the address's #fragment, which only the browser reads: the page is drawn there.
export default function ProposalEditPage() {
  return (
    <div className="mx-auto max-w-3xl">
      <ProposalStatus />
    </div>
  );
}
