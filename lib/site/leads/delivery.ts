import 'server-only';
import { sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Logger } from 'pino';
import type { CatalogClient } from '@/lib/catalog-client';
import { UpstreamError } from '@/lib/catalog-client';
import type { SiteDb } from '@/lib/site/db/client';
import type { leads } from '@/lib/site/db/schema';
import { logger } from '@/lib/site/logger';
import { backoffSeconds, type DeliveryPolicy, sendSlots } from './policy';
import { claimDueLeads, type Lead, settleLead } from './store';

/*
 * A stored lead delivered upstream, and what became of it. A 429 leaves it queued until the upstream's
 * Retry-After; a network error or a 5xx is retried with growing waits up to LEAD_MAX_ATTEMPTS, then the
 * lead is marked failed and logged loudly (it stays in the table for the team).
 */

type Outcome = PgUpdateSetSource<typeof leads>;

const later = (seconds: number) => sql`now() + make_interval(secs => ${seconds})`;

/** Any failure of a send as the upstream error it amounts to (a thrown non-upstream error: unreachable). */
const asUpstreamError = (caught: unknown): UpstreamError =>
  caught instanceof UpstreamError
    ? caught
    : new UpstreamError(502, 'unreachable', String((caught as Error)?.message ?? caught), undefined, null);

/** What a failed attempt makes of the lead: sent after all, queued, rejected or failed. */
function afterFailure(error: UpstreamError, attempts: number, policy: DeliveryPolicy, log: Logger): Outcome {
  const lastError = { status: error.status, code: error.code, message: error.message, fields: error.fields };
  if (error.code === 'unreadable_answer') {
    // The upstream said yes in words we cannot read: the inquiry exists; sending it again would duplicate it.
    log.warn({ lastError }, 'lead accepted upstream with an unreadable answer; not sending it again');
    return { status: 'sent', attempts, sentAt: sql`now()`, lastError };
  }
  if (error.status === 429 || error.code === 'budget_exhausted') {
    // Over the limit is not a failed attempt: wait as told, then send.
    const wait = Math.max(1, error.retryAfter ?? 5);
    log.info({ retryAfter: wait }, 'lead queued: the catalog is over its limit');
    return { status: 'queued', nextAttemptAt: later(wait), lastError };
  }
  if (error.status === 400) {
    log.info({ lastError }, 'lead refused by the catalog');
    return { status: 'rejected', attempts, lastError };
  }
  if (error.transient && attempts < policy.maxAttempts) {
    const wait = backoffSeconds(attempts, policy.retryBaseSeconds);
    log.warn({ lastError, attempts, retryIn: wait }, 'lead not sent yet; will retry');
    return { status: 'queued', attempts, nextAttemptAt: later(wait), lastError };
  }
  // Out of attempts, or refused for a reason no retry fixes (the site's key, a missing property):
  // kept, and said loudly, for someone to act on.
  log.error({ lastError, attempts }, 'LEAD NOT DELIVERED: kept in site_leads as failed; needs attention');
  return { status: 'failed', attempts, lastError };
}

/**
 * Sends one claimed lead and records the outcome. Never throws for an upstream failure: the lead's new
 * status says what happened.
 */
export async function deliverLead(
  db: SiteDb,
  client: CatalogClient,
  lead: Lead,
  policy: DeliveryPolicy,
): Promise<Lead> {
  const attempts = lead.attempts + 1;
  const log = logger.child({ lead: lead.id, reference: lead.reference, requestId: lead.requestId });
  try {
    // The lead's id as the Idempotency-Key: however often this lead is sent (a timeout, a crash between the
    // upstream's yes and our record of it), an upstream that honours the key creates one inquiry.
    const answer = await client.submitInquiry(lead.request, {
      requestId: lead.requestId,
      idempotencyKey: lead.id,
    });
    log.info({ inquiry: answer.data.id, test: answer.data.test }, 'lead sent upstream');
    return settleLead(db, lead.id, {
      status: 'sent',
      attempts,
      upstreamId: answer.data.id,
      agent: answer.data.agent,
      test: answer.data.test,
      sentAt: sql`now()`,
      lastError: null,
      nextAttemptAt: null,
    });
  } catch (caught) {
    return settleLead(db, lead.id, afterFailure(asUpstreamError(caught), attempts, policy, log));
  }
}

/** One pass of the worker: sends every due lead, one after another (they share the upstream budget). */
export async function sendDueLeads(
  db: SiteDb,
  client: CatalogClient,
  policy: DeliveryPolicy,
): Promise<Lead[]> {
  const done: Lead[] = [];
  for (;;) {
    const batch = await claimDueLeads(db, policy);
    if (batch.length === 0) return done;
    for (const lead of batch)
      done.push(await sendSlots(policy).run(() => deliverLead(db, client, lead, policy)));
  }
}
