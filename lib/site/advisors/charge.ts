import 'server-only';
import { currentRequest, runInRequest } from '@/lib/request-context';

/*
 * Whose share of the upstream budget a proposal's catalog reads come from
 * (docs/decisions.md#a-fair-share-of-the-upstream-budget): the proposal's own, as if it were a visitor.
 * The client opening it (and the advisor sending it) spend none of theirs: a view of eight options would
 * otherwise cost a client what eight property pages do, and a client who had just browsed could be refused
 * their own advisor's proposal. The proposal's share is what bounds it instead: at most one visitor's
 * reads a minute, and with the quote cache a view costs one call per option whose quote is not cached.
 * The reads stay reads: they never reach the reserve kept for the quote a traveller is looking at.
 */
export function asProposal<T>(proposalId: string, work: () => Promise<T>): Promise<T> {
  const context = currentRequest();
  return runInRequest(
    {
      requestId: context?.requestId ?? `proposal_${proposalId}`,
      method: context?.method ?? 'GET',
      path: context?.path ?? '/proposals',
      visitor: `proposal:${proposalId}`,
    },
    work,
  );
}
