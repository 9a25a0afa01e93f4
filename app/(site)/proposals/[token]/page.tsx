import type { Metadata } from 'next';
import { ClientProposal } from '@/components/advisors/client-proposal';
import { proposalPage, proposalTitle } from '@/lib/site/advisors/page';

type Props = {
  params: Promise<{ token: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const title = await proposalTitle((await params).token);
  // Never indexed, never sent on as a Referer beyond the origin (the server's Referrer-Policy).
  return { title: title ? `${title} · a proposal` : 'Not found', robots: { index: false, follow: false } };
}

// `/proposals/{share token}`: the client's view, every option quoted again on every view.
export default async function ProposalPage({ params, searchParams }: Props) {
  const { token } = await params;
  const view = await proposalPage(token, (await searchParams).preview === '1');
  return <ClientProposal view={view} token={token} />;
}
