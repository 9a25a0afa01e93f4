import 'server-only';
import type { CatalogClient } from '@/lib/catalog-client';
import { fieldErrors, INQUIRY_LIMITS, type InquiryRequest, inquiryRequestSchema } from '@/lib/contract';
import { today } from '@/lib/dates';
import { readJsonObject } from '@/lib/json-body';
import type { Settings } from '@/lib/settings';
import type { ProposalChoice } from './advisors/choice';
import { count } from './browser';
import { BUDGET_CURRENCY_FIELD, isBudgetCurrency, messageWithBudget } from './browser/budget-currency';
import { HONEYPOT_FIELD, INQUIRY_KEY_PATTERN } from './browser/inquiry-send';
import type { SiteDb } from './db/client';
import { type Context, limitVisitor, originAllowed, SiteError, validationFailed } from './http';
import {
  createLead,
  deliverLead,
  deliveryPolicy,
  findLead,
  type Lead,
  leadIdFor,
  queueLead,
  sendSlots,
  shownFromCache,
  withShownFilledIn,
} from './leads';
import { logger } from './logger';

/*
 * POST /api/inquiries: what the site checks of an inquiry before it becomes a lead (the Origin, the
 * visitor's limit, the body, the honeypot, the contract's rules, the Idempotency-Key), and what the
 * traveller is told of it. The lead itself (stored, sent, queued) is lib/site/leads.
 */

/** How long a visitor's inquiry waits for a send slot before it is left to the queue (answered 202). */
const SLOT_WAIT_MS = 3000;

/** `replayed`: the same inquiry sent again under its Idempotency-Key; the lead it made the first time. */
export type Accepted = { lead: Lead; replayed?: boolean } | { discarded: true };

function idempotencyKeyOf(request: Request): string | undefined {
  const value = request.headers.get('idempotency-key');
  if (value === null) return undefined;
  if (!INQUIRY_KEY_PATTERN.test(value))
    throw new SiteError(
      'invalid_request',
      'The Idempotency-Key header must be 16 to 100 of A-Z a-z 0-9 . _ -.',
    );
  return value;
}

/** JSON with its keys in order: what was sent, whichever order a database gives it back in. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

/**
 * The lead a resent inquiry made the first time, as it stands now; a 409 if the key came with another
 * inquiry (a client reusing keys). A lead the upstream refused answers as it did the first time.
 */
function replay(lead: Lead, request: InquiryRequest): Accepted {
  const same = { ...request, reference: request.reference ?? lead.request.reference };
  if (canonical(same) !== canonical(lead.request))
    throw new SiteError(
      'conflict',
      'This inquiry was already sent with other details; reload the page to send a new one.',
    );
  return { lead: outcome(lead), replayed: true };
}

/** A lead as the traveller is told of it: a refused one is the refusal, with its fields. */
function outcome(lead: Lead): Lead {
  if (lead.status !== 'rejected') return lead;
  const problem = lead.lastError;
  if (problem?.code === 'validation_failed') throw validationFailed(problem.fields ?? {});
  throw new SiteError('invalid_request', problem?.message ?? 'The inquiry was not accepted.');
}

/**
 * A general request's budget with its currency said to the agent: the API document gives a budget only its
 * figures, so the currency goes in the message (lib/site/browser/budget-currency.ts). A budget with figures
 * needs a currency the catalog prices in.
 */
function withBudgetCurrency(request: InquiryRequest, currency: unknown): InquiryRequest {
  const figures = request.budget && (request.budget.min != null || request.budget.max != null);
  if (!figures || request.property_id != null) return request;
  if (!isBudgetCurrency(currency))
    throw validationFailed({ [BUDGET_CURRENCY_FIELD]: 'Choose the currency of your nightly budget' });
  const message = messageWithBudget(request.message, request.budget, currency);
  if ((message?.length ?? 0) > INQUIRY_LIMITS.message)
    throw validationFailed({
      message: `Message can be at most ${count(INQUIRY_LIMITS.message - (message!.length - (request.message?.length ?? 0)))} characters with a nightly budget`,
    });
  return { ...request, message };
}

/**
 * POST /api/inquiries, in order: the Origin, the visitor's inquiry limit, the body, the honeypot, the
 * contract's rules; then the lead is stored (with what the traveller saw, from the cache only) and only
 * then is anything asked of the upstream: the send, then what the confirmation lacked. Validation problems (the site's or the
 * upstream's) come back as a field map by dotted path; an upstream that is busy or down leaves the lead
 * queued, which the browser is told. With an `Idempotency-Key` (the inquiry form sends one per inquiry),
 * the same inquiry sent again (a traveller pressing Send after a lost answer) stores nothing new and
 * answers with the lead it made the first time.
 */
export async function acceptInquiry(
  request: Request,
  ctx: Context,
  deps: {
    db: SiteDb;
    client: CatalogClient;
    settings: Settings;
    /** An inquiry from a proposal (the body's `proposal`): the advisor's line and reference, then "chosen". */
    fromProposal?: (raw: unknown, request: InquiryRequest) => Promise<ProposalChoice>;
  },
): Promise<Accepted> {
  if (!originAllowed(request, deps.settings)) {
    throw new SiteError('forbidden', 'Inquiries are accepted from this site’s own pages only.');
  }
  await limitVisitor(ctx.visitor, 'inquiries');
  const body = await readJsonObject(
    request,
    (message, problem) =>
      new SiteError(problem === 'charset' ? 'unsupported_media_type' : 'invalid_request', message),
  );
  const { [HONEYPOT_FIELD]: honeypot, [BUDGET_CURRENCY_FIELD]: budgetCurrency, proposal, ...inquiry } = body;
  if (typeof honeypot === 'string' && honeypot.trim() !== '') {
    logger.info({ requestId: ctx.requestId, visitor: ctx.visitor }, 'inquiry dropped: honeypot filled');
    return { discarded: true };
  }
  const parsed = inquiryRequestSchema(today()).safeParse(inquiry);
  if (!parsed.success) {
    throw validationFailed(fieldErrors(parsed.error));
  }
  const choice =
    proposal !== undefined && deps.fromProposal ? await deps.fromProposal(proposal, parsed.data) : null;
  const inquiryRequest = withBudgetCurrency(choice ? choice.inquiry : parsed.data, budgetCurrency);
  const policy = deliveryPolicy(deps.settings);
  const key = idempotencyKeyOf(request);
  const earlier = key ? await findLead(deps.db, leadIdFor(key)) : undefined;
  if (earlier) return replay(earlier, inquiryRequest);
  // What the traveller saw, from the cache only: nothing is asked of the upstream before the lead is stored.
  const seen = await shownFromCache(inquiryRequest);
  const lead = await createLead(
    deps.db,
    inquiryRequest,
    ctx.requestId,
    policy,
    seen.shown,
    ...(key ? [leadIdFor(key)] : []),
  );
  // The same key twice at once: the second finds the first's lead.
  if (!lead.created) return replay(lead, inquiryRequest);
  const slots = sendSlots(policy);
  if (!(await slots.take(SLOT_WAIT_MS))) {
    const queued = await queueLead(deps.db, lead);
    await choice?.chosen(lead.id);
    return { lead: queued };
  }
  let sent: Lead;
  try {
    sent = await deliverLead(deps.db, deps.client, lead, policy);
  } finally {
    slots.release();
  }
  // The upstream has it and answered: what the cache lacked for the confirmation is worth one more look.
  if (sent.status === 'sent' && !seen.complete) sent = await withShownFilledIn(deps.db, sent);
  const answer = outcome(sent);
  await choice?.chosen(lead.id);
  return { lead: answer };
}
