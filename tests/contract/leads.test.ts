import { sql } from 'drizzle-orm';
import type { Logger } from 'drizzle-orm/logger';
import { beforeEach, describe, expect, it } from 'vitest';
import { inquiryRequestSchema } from '@/lib/contract';
import { addDays, today } from '@/lib/dates';
import { settings } from '@/lib/settings';
import type { SiteDb } from '@/lib/site/db/client';
import * as schema from '@/lib/site/db/schema';
import { claimDueLeads, createLead, deliveryPolicy, isLeadId, queueLead } from '@/lib/site/leads';
import { setupSite } from './site';

/*
 * The lead store on a real database (PGlite, or Postgres in the suite's second run): claiming the due leads
 * reads them in the same statement, counted at the driver.
 */

const site = setupSite({ upstream: () => 'http://127.0.0.1:9/v2' });
const policy = () => deliveryPolicy(settings());

/** The site's database again, through a driver that writes down every statement it is given. */
async function countingDb(): Promise<{ db: SiteDb; statements: string[] }> {
  const statements: string[] = [];
  const logger: Logger = { logQuery: (query) => void statements.push(query) };
  const client = (site.db as unknown as { $client: unknown }).$client;
  const db = site.target.startsWith('postgres')
    ? (await import('drizzle-orm/node-postgres')).drizzle(client as never, { schema, logger })
    : (await import('drizzle-orm/pglite')).drizzle(client as never, { schema, logger });
  return { db: db as unknown as SiteDb, statements };
}

/** An inquiry as POST /api/inquiries stores it: parsed by the contract's schema. */
const inquiry = (n: number) =>
  inquiryRequestSchema(today()).parse({
    property_id: 100 + n,
    stay: { checkin: addDays(today(), 40), checkout: addDays(today(), 47), guests: { adults: 2 } },
    contact: { first_name: 'Ana', last_name: `Lead ${n}`, email: `ana${n}@example.com` },
  });

beforeEach(async () => {
  await site.db.execute(sql`DELETE FROM site_leads`);
});

describe('claiming due leads', () => {
  it('claims and reads every due lead in one statement, oldest first, and none twice', async () => {
    const p = policy();
    // Three queued and due, one waiting for later, one whose sender died mid-send, one being sent now.
    const due = [];
    for (const n of [1, 2, 3])
      due.push(await queueLead(site.db, await createLead(site.db, inquiry(n), `r${n}`, p)));
    const waiting = await queueLead(site.db, await createLead(site.db, inquiry(4), 'r4', p));
    await site.db.execute(
      sql`UPDATE site_leads SET next_attempt_at = now() + interval '1 hour' WHERE id = ${waiting.id}`,
    );
    const abandoned = await createLead(site.db, inquiry(5), 'r5', p);
    await site.db.execute(
      sql`UPDATE site_leads SET claimed_until = now() - interval '1 second' WHERE id = ${abandoned.id}`,
    );
    await createLead(site.db, inquiry(6), 'r6', p);

    const { db, statements } = await countingDb();
    const claimed = await claimDueLeads(db, p);
    expect(statements).toHaveLength(1);
    expect(claimed.map((l) => l.id)).toEqual([...due.map((l) => l.id), abandoned.id]);
    // Whole rows, as a sender needs them: what to send, under which request id, claimed for a while.
    for (const lead of claimed) {
      expect(lead).toMatchObject({
        status: 'sending',
        request: expect.objectContaining({ stay: expect.any(Object) }),
      });
      expect(lead.requestId).toMatch(/^r\d$/);
      // A new lead's own id is one the confirmation page will look up.
      expect(isLeadId(lead.id)).toBe(true);
      expect(lead.claimedUntil!.getTime()).toBeGreaterThan(Date.now());
    }
    // Held by this sender now: a second claim finds nothing, in one statement again.
    expect(await claimDueLeads(db, p)).toEqual([]);
    expect(statements).toHaveLength(2);
  });
});
