import 'server-only';
import { fieldErrors, type InquiryRequest, inquiryRequestSchema } from '@/lib/contract';
import type { CatalogClient } from '../catalog-client/client';
import { today } from '../dates';
import { readJsonObject } from '../json-body';
import type { Settings } from '../settings';
import { HONEYPOT_FIELD } from './browser/api-client';
import type { SiteDb } from './db/client';
import type { LeadShown } from './db/schema';
import { type Context, limitVisitor, originAllowed, SiteError } from './http';
import { createLead, type DeliveryPolicy, deliverLead, type Lead, queueLead, sendSlots } from './leads';
import { logger } from './logger';

export function deliveryPolicy(s: Settings): DeliveryPolicy {
  return {
    maxAttempts: s.LEAD_MAX_ATTEMPTS,
    retryBaseSeconds: s.LEAD_RETRY_BASE_SECONDS,
    claimSeconds: Math.ceil(s.UPSTREAM_POST_TIMEOUT_MS / 1000) * 2 + 10,
    sendConcurrency: s.LEAD_SEND_CONCURRENCY,
  };
}

/** How long a visitor's inquiry waits for a send slot before it is left to the queue (answered 202). */
const SLOT_WAIT_MS = 3000;

export type Accepted = { lead: Lead } | { discarded: true };

/**
 * POST /api/inquiries, in order: the Origin, the visitor's inquiry limit, the body, the honeypot, the
 * contract's rules; then the lead is stored and only then sent. Validation problems (the site's or the
 * upstream's) come back as a field map by dotted path; an upstream that is busy or down leaves the lead
 * queued, which the browser is told.
 */
export async function acceptInquiry(
  request: Request,
  ctx: Context,
  deps: {
    db: SiteDb;
    client: CatalogClient;
    settings: Settings;
    /** What the traveller saw (rental, quoted total), kept for the confirmation; never blocks the inquiry. */
    describe?: (request: InquiryRequest) => Promise<LeadShown | null>;
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
  const { [HONEYPOT_FIELD]: honeypot, ...inquiry } = body;
  if (typeof honeypot === 'string' && honeypot.trim() !== '') {
    logger.info({ requestId: ctx.requestId, visitor: ctx.visitor }, 'inquiry dropped: honeypot filled');
    return { discarded: true };
  }
  const parsed = inquiryRequestSchema(today()).safeParse(inquiry);
  if (!parsed.success) {
    throw new SiteError('validation_failed', 'Some details need correcting.', fieldErrors(parsed.error));
  }
  const policy = deliveryPolicy(deps.settings);
  const shown = deps.describe ? await deps.describe(parsed.data).catch(() => null) : null;
  const lead = await createLead(deps.db, parsed.data, ctx.requestId, policy, shown);
  const slots = sendSlots(policy);
  if (!(await slots.take(SLOT_WAIT_MS))) return { lead: await queueLead(deps.db, lead) };
  let outcome: Lead;
  try {
    outcome = await deliverLead(deps.db, deps.client, lead, policy);
  } finally {
    slots.release();
  }
  if (outcome.status === 'rejected') {
    const problem = outcome.lastError;
    if (problem?.code === 'validation_failed') {
      throw new SiteError('validation_failed', 'Some details need correcting.', problem.fields ?? {});
    }
    throw new SiteError('invalid_request', problem?.message ?? 'The inquiry was not accepted.');
  }
  return { lead: outcome };
}
