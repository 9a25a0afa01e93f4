import type { Metadata } from 'next';
import { ClientProposal } from '@/components/advisors/client-proposal';
import { proposalPage, proposalTitle } from '@/lib/site/advisors/page';

type Props = { params: Promise<{ token: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const title = await proposalTitle((await params).token);
  return { title: title ? `${title} · a proposal` : 'Not found' };
}

// `/embed/proposals/{share token}`: the client's view in a partner's frame; the options open the full site.
export default async function EmbeddedProposal({ params }: Props) {
  const { token } = await params;
  const view = await proposalPage(token, false);
  return (
    <div className="p-3">
      <ClientProposal view={view} token={token} embedded />
    </div>
  );
}
