import 'server-only';
import { INQUIRY_LIMITS, type InquiryRequest } from '@/lib/contract';
import { advisorLine, messageWithAdvisor } from '@/lib/site/browser/advisors';
import type { SiteDb } from '@/lib/site/db/client';
import { SiteError, validationFailed } from '@/lib/site/http';
import { expired, markChosen, proposalByShareToken } from './proposals';
import { isTokenShaped } from './tokens';

/*
 * An inquiry sent from a proposal ("Choose this option"): the browser names the proposal by its share token
 * and the option by its id (nothing personal travels in a URL or a body but the traveller's own details);
 * the site puts the advisor's line (name, agency, email, phone, the proposal's title and reference) first
 * in the message, as the spec asks (the contact stays the traveller), and the proposal's reference in the
 * inquiry's `reference`. Once the site has the lead, the proposal is chosen: that option, that lead.
 */

export interface ProposalChoice {
  inquiry: InquiryRequest;
  /** Marks the proposal chosen once the lead is kept (and not refused). */
  chosen: (leadId: string) => Promise<void>;
}

/** The inquiry as it is sent for a proposal's option, or a refusal on the field that is wrong. */
export async function fromProposal(
  db: SiteDb,
  raw: unknown,
  inquiry: InquiryRequest,
): Promise<ProposalChoice> {
  const choice = (raw ?? {}) as { token?: unknown; option?: unknown };
  const row = isTokenShaped(choice.token) ? await proposalByShareToken(db, choice.token) : null;
  const option = row?.options.find((o) => o.id === choice.option);
  if (!row || !option)
    throw new SiteError(
      'invalid_request',
      'That proposal could not be found; send the inquiry from its link again.',
    );
  if (expired(row))
    throw new SiteError('invalid_request', 'This proposal has ended; please ask your advisor for a new one.');
  if (inquiry.property_id !== option.propertyId)
    throw new SiteError('invalid_request', 'That option of the proposal is for another rental.');
  const line = advisorLine(row.advisor, { title: row.title, reference: row.reference });
  const message = messageWithAdvisor(line, inquiry.message);
  if (message.length > INQUIRY_LIMITS.message)
    throw validationFailed({
      message: `must be at most ${INQUIRY_LIMITS.message - line.length - 2} characters`,
    });
  return {
    inquiry: { ...inquiry, message, reference: row.reference },
    chosen: (leadId) => markChosen(db, row.id, option.id, leadId),
  };
}

/** What the property page needs to open a proposal's option: the advisor's line, the choice, its reference. */
export interface PageChoice {
  line: string;
  title: string;
  advisor: string;
  reference: string;
  proposal: { token: string; option: string };
}

/**
 * The proposal and option a property page's address names (`?proposal={share token}&option={id}`), when
 * both are real, the proposal is open and the option is this rental; otherwise nothing (the page is then
 * the ordinary page: a stale or altered link costs the traveller nothing).
 */
export async function pageChoice(
  db: SiteDb,
  propertyId: number,
  token: unknown,
  optionId: unknown,
): Promise<PageChoice | null> {
  const row = isTokenShaped(token) ? await proposalByShareToken(db, token) : null;
  const option = row?.options.find((o) => o.id === optionId);
  if (!row || !option || expired(row) || option.propertyId !== propertyId) return null;
  return {
    line: advisorLine(row.advisor, { title: row.title, reference: row.reference }),
    title: row.title,
    advisor: row.advisor.name,
    reference: row.reference,
    proposal: { token: row.shareToken, option: option.id },
  };
}
