import { sql } from 'drizzle-orm';
import type { Logger } from 'drizzle-orm/logger';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as inquiries from '@/app/api/inquiries/route';
import * as imagesRoute from '@/app/api/properties/[id]/[area]/route';
import * as quoteRoute from '@/app/api/properties/[id]/quote/route';
import * as propertyRoute from '@/app/api/properties/[id]/route';
import { resetCatalogClient } from '@/lib/catalog-client';
import { inquiryRequestSchema } from '@/lib/contract';
import { addDays, today } from '@/lib/dates';
import { executeRows } from '@/lib/db/open';
import { settings } from '@/lib/settings';
import { calendarRatesWindow } from '@/lib/site/browser/stay-rules';
import { catalogReads } from '@/lib/site/catalog-reads';
import type { SiteDb } from '@/lib/site/db/client';
import * as schema from '@/lib/site/db/schema';
import { claimDueLeads, createLead, deliveryPolicy, isLeadId, leadIdFor, queueLead } from '@/lib/site/leads';
import { listen, serveService } from './http';
import { rows, setupService } from './service';
import { call, setupSite } from './site';

/*
 * Leads on a real database (PGlite, or Postgres in the suite's second run) against the real service over
 * HTTP: claiming the due leads reads them in the same statement (counted at the driver), and an inquiry is
 * stored before anything is asked of the upstream (counted at a proxy that looks for the lead's row as each
 * request arrives).
 */

const service = setupService({ properties: 40, seed: 71 });
let upstream: Awaited<ReturnType<typeof serveService>>;
/** Every request the proxy passed on, and whether the lead it was told to look for was stored by then. */
const seen: { method: string; path: string; stored: boolean }[] = [];
let lookFor = '';
let proxyUrl = '';
beforeAll(async () => {
  upstream = await serveService();
  const { url } = await listen(async (req, res) => {
    const [row] = lookFor
      ? await executeRows<{ n: number }>(
          site.db,
          sql`SELECT count(*)::int AS n FROM site_leads WHERE id = ${lookFor}`,
        )
      : [];
    seen.push({ method: req.method ?? '', path: req.url ?? '', stored: (row?.n ?? 0) > 0 });
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = Object.fromEntries(Object.entries(req.headers).filter(([k]) => k !== 'host')) as Record<
      string,
      string
    >;
    const answer = await fetch(`${upstream.url.replace(/\/v2$/, '')}${req.url}`, {
      method: req.method,
      headers,
      body: chunks.length ? Buffer.concat(chunks) : undefined,
    });
    const out = Object.fromEntries(answer.headers);
    delete out['content-length'];
    delete out['content-encoding'];
    res.writeHead(answer.status, out);
    res.end(await answer.text());
  });
  proxyUrl = `${url}/v2`;
});
const site = setupSite({ upstream: () => proxyUrl });
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

/** A live property with photos, and a stay the service takes an inquiry for (its minimum stay met). */
async function inquiryBody() {
  const [row] = await rows<{ id: number; start: string }>(
    service.db,
    sql`SELECT p.id, greatest(r.start_date, current_date + 30)::text AS start FROM properties p
        JOIN rate_periods r ON r.property_id = p.id AND r.rooms >= 1
        WHERE p.status = 'live' AND p.sleeps >= 2 AND NOT p.price_on_request
          AND EXISTS (SELECT 1 FROM images i WHERE i.property_id = p.id)
          AND r.end_date >= greatest(r.start_date, current_date + 30) + 10 ORDER BY p.id LIMIT 1`,
  );
  return {
    property_id: row!.id,
    stay: { checkin: row!.start, checkout: addDays(row!.start, 10), guests: { adults: 2, children: 0 } },
    contact: { first_name: 'Ann', last_name: 'Lee', email: 'ann.lee@example.com' },
  };
}

/** POST /api/inquiries as the form sends it, under an Idempotency-Key, so the lead's id is known before. */
async function send(body: Awaited<ReturnType<typeof inquiryBody>>, key: string) {
  lookFor = leadIdFor(key);
  seen.length = 0;
  const res = await call(inquiries.POST, '/api/inquiries', { body, headers: { 'Idempotency-Key': key } });
  return { res, requests: seen.splice(0) };
}

describe('an inquiry is stored before anything is asked of the upstream', () => {
  it('with nothing cached: no request before the row exists; the confirmation’s parts are read after the send', async () => {
    resetCatalogClient();
    const body = await inquiryBody();
    const { res, requests } = await send(body, 'lead-first-test-key-000001');
    expect(res.status).toBe(201);
    expect(res.body.lead.id).toBe(lookFor);
    expect(requests.length).toBeGreaterThan(1);
    expect(requests.filter((r) => !r.stored)).toEqual([]);
    // The inquiry went first; what the cache lacked for the confirmation was read only once it was taken.
    expect(requests[0]).toMatchObject({ method: 'POST', path: '/v2/inquiries' });
    expect(requests.slice(1).every((r) => r.method === 'GET')).toBe(true);
    expect(res.body.lead.shown.property).toMatchObject({
      name: expect.any(String),
      photo: expect.any(Object),
    });
    expect(res.body.lead.shown.quote.total).toBeGreaterThan(0);
  });

  it('with the page’s answers cached: the inquiry is the only request, and the confirmation shows them', async () => {
    resetCatalogClient();
    const body = await inquiryBody();
    const id = String(body.property_id);
    // The property page and its booking card, as a traveller's browser asks for them.
    await call(propertyRoute.GET, `/api/properties/${id}`, { params: { id } });
    await call(imagesRoute.GET, `/api/properties/${id}/images`, { params: { id, area: 'images' } });
    // The rate sheet the page reads on the server (its calendar's window): the price's cancellation terms.
    const rates = (await catalogReads.rates(body.property_id, calendarRatesWindow(today()))).data;
    const stay = `checkin=${body.stay.checkin}&checkout=${body.stay.checkout}&adults=2&children=0`;
    const quote = await call(quoteRoute.GET, `/api/properties/${id}/quote?${stay}`, { params: { id } });
    expect(quote.status).toBe(200);
    const { res, requests } = await send(body, 'lead-first-test-key-000002');
    expect(res.status).toBe(201);
    expect(requests).toEqual([{ method: 'POST', path: '/v2/inquiries', stored: true }]);
    expect(res.body.lead.shown).toMatchObject({
      property: {
        name: expect.any(String),
        photo: { url: expect.any(String) },
        bedrooms: expect.any(Number),
      },
      // The bedrooms the total was for, kept for the confirmation ("2 of 6 bedrooms").
      quote: {
        total: quote.body.totals.total,
        currency: quote.body.currency.code,
        bedrooms: quote.body.stay.bedrooms,
      },
    });
    // The terms the booking card showed beside the price, for the confirmation: the policy of the period
    // the stay's first night uses (the smallest tier that fits the bedrooms priced).
    const period = rates.rates
      .filter(
        (r) =>
          r.start_date <= body.stay.checkin &&
          body.stay.checkin <= r.end_date &&
          r.rooms >= quote.body.stay.bedrooms,
      )
      .sort((a, b) => a.rooms - b.rooms)[0]!;
    expect(res.body.lead.shown.cancellation[0]).toMatchObject({
      name: period.cancellation_policy.name,
      from: body.stay.checkin,
    });
    expect(res.body.lead.shown.cancellation.at(-1).to).toBe(body.stay.checkout);
  });
});
