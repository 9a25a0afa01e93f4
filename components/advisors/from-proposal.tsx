import type { PageChoice } from '@/lib/site/advisors/choice';

/** Said at the top of a rental's page opened by "Choose this option": whose proposal, and the way back to it. */
export function FromProposal({ choice }: { choice: PageChoice }) {
  return (
    <p
      role="note"
      className="rounded-lg bg-sand-100 px-3 py-2 text-sm text-ink-900"
      data-testid="from-proposal"
    >
      From {choice.advisor}’s proposal “{choice.title}”: the stay is filled in; send the inquiry to choose
      this rental.{' '}
      <a className="font-medium text-brand-700 underline" href={`/proposals/${choice.proposal.token}`}>
        Back to the proposal
      </a>
    </p>
  );
}
