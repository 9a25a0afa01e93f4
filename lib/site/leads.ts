import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { InquiryRequest } from '@/lib/contract';
import type { CatalogClient } from '../catalog-client/client';
import { UpstreamError } from '../catalog-client/errors';
import { today } from '../dates';
import { executeRows } from '../db/open';
import { processSingleton } from '../process-singleton';
import { Slots } from '../slots';
import type { SiteDb } from './db/client';
import { type LeadShown, leads } from './db/schema';
import { logger } from './logger';

/*
 * Inquiries are never lost: a lead is stored before anything is sent, then delivered upstream. A 429
 * leaves it queued until the upstream's Retry-After; a network error or a 5xx is retried with growing
 * waits up to LEAD_MAX_ATTEMPTS, then the lead is marked failed and logged loudly (it stays in the
 * table for the team). Senders claim a lead for a while, so a process that dies mid-send leaves it to be
 * picked up again, and several instances never send one lead twice at the same time.
 */

export type Lead = typeof leads.$inferSelect;
export type LeadStatus = 'sending' | 'queued' | 'sent' | 'rejected' | 'failed';

export interface DeliveryPolicy {
  maxAttempts: number;
  retryBaseSeconds: number;
  /** How long a sender holds a lead before another may take it (longer than one upstream call). */
  claimSeconds: number;
  /** Inquiries in flight upstream at once from this process. */
  sendConcurrency: number;
}

/** An id that can be shown in a confirmation URL: unguessable, since the lead holds contact details. */
const leadId = () => `ld_${randomBytes(15).toString('base64url')}`;

/** The site's own reference when the traveller or advisor gave none: `WEB-20261121-7K3QX9`. */
const ownReference = () =>
  `WEB-${today().replaceAll('-', '')}-${randomBytes(4).toString('hex').toUpperCase().slice(0, 6)}`;

/**
 * The lead an `Idempotency-Key` stands for: its id is derived from the key (a hash, so the key is never
 * stored and cannot be read back from the id), the same for every send of one inquiry. The key is the
 * browser's secret as much as a lead id is: whoever knows it could read the lead, as with the id.
 */
export const leadIdFor = (idempotencyKey: string): string =>
  `ld_${createHash('sha256').update(`site-lead:${idempotencyKey}`).digest('base64url').slice(0, 20)}`;

/**
 * Stores an accepted inquiry, claimed by the caller who is about to send it. With an `id` already taken
 * (the same inquiry sent again under its Idempotency-Key, or twice at once), nothing is stored and the
 * existing lead comes back with `created: false`.
 */
export async function createLead(
  db: SiteDb,
  request: InquiryRequest,
  requestId: string,
  policy: DeliveryPolicy,
  shown: LeadShown | null = null,
  id: string = leadId(),
): Promise<Lead & { created: boolean }> {
  const reference = request.reference ?? ownReference();
  const [lead] = await db
    .insert(leads)
    .values({
      id,
      kind: request.property_id ? 'property' : 'general',
      reference,
      request: { ...request, reference },
      status: 'sending',
      requestId,
      shown,
      claimedUntil: sql`now() + make_interval(secs => ${policy.claimSeconds})`,
    })
    .onConflictDoNothing({ target: leads.id })
    .returning();
  if (lead) return { ...lead, created: true };
  const existing = await findLead(db, id);
  if (!existing) throw new Error(`lead ${id} neither stored nor found`);
  return { ...existing, created: false };
}

export async function findLead(db: SiteDb, id: string): Promise<Lead | undefined> {
  const [lead] = await db.select().from(leads).where(eq(leads.id, id));
  return lead;
}

/** Waits before attempt n+1 after n failures: base × 2^(n−1), at most 10 minutes, with a little jitter. */
export function backoffSeconds(failures: number, baseSeconds: number, random = Math.random): number {
  const wait = Math.min(600, baseSeconds * 2 ** Math.max(0, failures - 1));
  return Math.ceil(wait * (0.9 + 0.2 * random()));
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
  const update = async (values: PgUpdateSetSource<typeof leads>) => {
    const [row] = await db
      .update(leads)
      .set({ ...values, claimedUntil: null, updatedAt: sql`now()` })
      .where(eq(leads.id, lead.id))
      .returning();
    return row!;
  };
  const later = (seconds: number) => sql`now() + make_interval(secs => ${seconds})`;
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
    return update({
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
    const error =
      caught instanceof UpstreamError
        ? caught
        : new UpstreamError(
            502,
            'unreachable',
            String((caught as Error)?.message ?? caught),
            undefined,
            null,
          );
    const lastError = {
      status: error.status,
      code: error.code,
      message: error.message,
      fields: error.fields,
    };
    if (error.code === 'unreadable_answer') {
      // The upstream said yes in words we cannot read: the inquiry exists; sending it again would duplicate it.
      log.warn({ lastError }, 'lead accepted upstream with an unreadable answer; not sending it again');
      return update({ status: 'sent', attempts, sentAt: sql`now()`, lastError });
    }
    if (error.status === 429 || error.code === 'budget_exhausted') {
      // Over the limit is not a failed attempt: wait as told, then send.
      const wait = Math.max(1, error.retryAfter ?? 5);
      log.info({ retryAfter: wait }, 'lead queued: the catalog is over its limit');
      return update({ status: 'queued', nextAttemptAt: later(wait), lastError });
    }
    if (error.status === 400) {
      log.info({ lastError }, 'lead refused by the catalog');
      return update({ status: 'rejected', attempts, lastError });
    }
    if (error.transient && attempts < policy.maxAttempts) {
      const wait = backoffSeconds(attempts, policy.retryBaseSeconds);
      log.warn({ lastError, attempts, retryIn: wait }, 'lead not sent yet; will retry');
      return update({ status: 'queued', attempts, nextAttemptAt: later(wait), lastError });
    }
    // Out of attempts, or refused for a reason no retry fixes (the site's key, a missing property):
    // kept, and said loudly, for someone to act on.
    log.error({ lastError, attempts }, 'LEAD NOT DELIVERED: kept in site_leads as failed; needs attention');
    return update({ status: 'failed', attempts, lastError });
  }
}

/**
 * Claims leads that are due: queued ones whose wait is over, and `sending` ones whose sender stopped
 * (a process that died mid-send). SKIP LOCKED lets several instances share the queue.
 */
export async function claimDueLeads(db: SiteDb, policy: DeliveryPolicy, limit = 10): Promise<Lead[]> {
  const claimed = await executeRows<{ id: string }>(
    db,
    sql`
    UPDATE site_leads SET status = 'sending', updated_at = now(),
      claimed_until = now() + make_interval(secs => ${policy.claimSeconds})
    WHERE id IN (
      SELECT id FROM site_leads
      WHERE (status = 'queued' AND next_attempt_at <= now())
         OR (status = 'sending' AND claimed_until < now())
      ORDER BY created_at
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id`,
  );
  const ids = claimed.map((r) => r.id);
  if (ids.length === 0) return [];
  const rows = await Promise.all(ids.map((id) => findLead(db, id)));
  return rows.filter((r): r is Lead => r !== undefined);
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

/** Hands a claimed lead to the worker: due now, claimed by no one. */
export async function queueLead(db: SiteDb, lead: Lead): Promise<Lead> {
  const [row] = await db
    .update(leads)
    .set({ status: 'queued', nextAttemptAt: sql`now()`, claimedUntil: null, updatedAt: sql`now()` })
    .where(eq(leads.id, lead.id))
    .returning();
  return row!;
}

/**
 * At most `sendConcurrency` inquiries in flight upstream from this process: a burst of visitors waits its
 * turn (or the lead queue) instead of piling onto the upstream until its answers come too late.
 */
export function sendSlots(policy: Pick<DeliveryPolicy, 'sendConcurrency'>): Slots {
  return processSingleton('site.send-slots', () => new Slots(policy.sendConcurrency), policy.sendConcurrency);
}

/** What the browser may see of a lead (its confirmation page): no phone, no message, no internals. */
export function publicLead(lead: Lead) {
  const request = lead.request;
  const rejected = lead.status === 'rejected' ? lead.lastError : null;
  return {
    id: lead.id,
    reference: lead.reference,
    kind: lead.kind,
    // `sending` is an internal step; to the traveller it is still on its way.
    status: (lead.status === 'sending' ? 'queued' : lead.status) as Exclude<LeadStatus, 'sending'>,
    created_at: lead.createdAt.toISOString(),
    property_id: request.property_id ?? null,
    destination: request.destination ?? null,
    stay: request.stay,
    // A budget left empty is stored as {} (its absent fields dropped): both ends said, as null when absent.
    budget: request.budget ? { min: request.budget.min ?? null, max: request.budget.max ?? null } : null,
    contact: { first_name: request.contact.first_name, email: request.contact.email },
    inquiry_id: lead.upstreamId,
    test: lead.test,
    agent: lead.agent,
    problem: rejected ? { message: rejected.message ?? '', fields: rejected.fields ?? null } : null,
    shown: lead.shown,
  };
}

export type PublicLead = ReturnType<typeof publicLead>;
