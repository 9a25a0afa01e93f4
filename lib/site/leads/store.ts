import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { InquiryRequest } from '@/lib/contract';
import { today } from '@/lib/dates';
import type { SiteDb } from '@/lib/site/db/client';
import { type LeadShown, leads } from '@/lib/site/db/schema';
import type { DeliveryPolicy } from './policy';

/*
 * A lead's row (`site_leads`): its id, storing it before anything is sent, finding it, claiming the due
 * ones, recording each attempt's outcome, and what the browser may see of it. Senders claim a lead for a
 * while, so a process that dies mid-send leaves it to be picked up again, and several instances never send
 * one lead twice at the same time.
 */

export type Lead = typeof leads.$inferSelect;
export type { LeadStatus } from '@/lib/site/db/schema';

/**
 * A lead's id: `ld_` and 20 base64url characters, shown in the confirmation's URL and unguessable, since the
 * lead holds contact details. Pages and routes ask the database only for a string of this shape.
 */
const LEAD_ID = /^ld_[A-Za-z0-9_-]{20}$/;
export const isLeadId = (value: string): boolean => LEAD_ID.test(value);

/** A new lead's id: 15 random bytes. */
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

/**
 * Claims leads that are due, and reads them, in one statement: queued ones whose wait is over, and `sending`
 * ones whose sender stopped (a process that died mid-send). SKIP LOCKED lets several instances share the
 * queue. Oldest first.
 */
export async function claimDueLeads(db: SiteDb, policy: DeliveryPolicy, limit = 10): Promise<Lead[]> {
  const due = db
    .select({ id: leads.id })
    .from(leads)
    .where(
      or(
        and(eq(leads.status, 'queued'), lte(leads.nextAttemptAt, sql`now()`)),
        and(eq(leads.status, 'sending'), lt(leads.claimedUntil, sql`now()`)),
      ),
    )
    .orderBy(asc(leads.createdAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(leads)
    .set({
      status: 'sending',
      updatedAt: sql`now()`,
      claimedUntil: sql`now() + make_interval(secs => ${policy.claimSeconds})`,
    })
    .where(inArray(leads.id, due))
    .returning();
  return claimed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

/** Records what became of a claimed lead (the claim ends with it). */
export async function settleLead(
  db: SiteDb,
  id: string,
  values: PgUpdateSetSource<typeof leads>,
): Promise<Lead> {
  const [row] = await db
    .update(leads)
    .set({ ...values, claimedUntil: null, updatedAt: sql`now()` })
    .where(eq(leads.id, id))
    .returning();
  return row!;
}

/** Keeps what the traveller saw with the lead (lib/site/leads/shown.ts). */
export async function setShown(db: SiteDb, id: string, shown: LeadShown | null): Promise<Lead> {
  const [row] = await db.update(leads).set({ shown }).where(eq(leads.id, id)).returning();
  return row!;
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

/** What the browser may see of a lead (its confirmation page): no phone, no message, no internals. */
export function publicLead(lead: Lead) {
  const request = lead.request;
  const rejected = lead.status === 'rejected' ? lead.lastError : null;
  return {
    id: lead.id,
    reference: lead.reference,
    kind: lead.kind,
    // `sending` is an internal step; to the traveller it is still on its way.
    status: lead.status === 'sending' ? 'queued' : lead.status,
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
