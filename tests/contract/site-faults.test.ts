import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import * as leadRoute from '@/app/api/inquiries/[lead]/route';
import * as inquiries from '@/app/api/inquiries/route';
import * as quoteRoute from '@/app/api/properties/[id]/quote/route';
import * as propertyRoute from '@/app/api/properties/[id]/route';
import * as search from '@/app/api/search/route';
import { catalog, catalogClient, resetCatalogClient, tags } from '@/lib/catalog-client';
import { addDays, today } from '@/lib/dates';
import { settings } from '@/lib/settings';
import { getSiteDb } from '@/lib/site/db/client';
import { leads } from '@/lib/site/db/schema';
import { createLead, deliveryPolicy, findLead, sendDueLeads } from '@/lib/site/leads';
import { logger } from '@/lib/site/logger';
import { serveService, switchableUpstream } from './http';
import { rows, setupService } from './service';
import { answered, call, setupSite } from './site';

/*
 * The site against an upstream that misbehaves on purpose (a proxy in front of the real service, on
 * 127.0.0.1): limits, errors, hangs, broken and unexpected answers, and a restart with inquiries pending.
 */

const service = setupService({ properties: 60, seed: 43 });
let real: Awaited<ReturnType<typeof serveService>>;
let upstream: Awaited<ReturnType<typeof switchableUpstream>>;
beforeAll(async () => {
  real = await serveService();
  upstream = await switchableUpstream(() => real.url);
});
const site = setupSite({
  upstream: () => upstream.url,
  env: { LEAD_RETRY_BASE_SECONDS: '1', LEAD_MAX_ATTEMPTS: '3', UPSTREAM_TIMEOUT_MS: '1500' },
  // On disk, so that a restart finds what was stored.
  dataDir: path.join(os.tmpdir(), `rental-site-faults-${process.pid}`, 'site'),
});

let live: number[] = [];
beforeAll(async () => {
  live = (
    await rows<{ id: number }>(service.db, sql`SELECT id FROM properties WHERE status = 'live' ORDER BY id`)
  ).map((r) => r.id);
});
// Each test starts with a fresh client (no cache, no paused budget) and a working upstream.
beforeEach(() => {
  resetCatalogClient();
  upstream.set({ kind: 'pass' });
  upstream.sent.length = 0;
});
afterEach(() => vi.restoreAllMocks());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const policy = () => deliveryPolicy(settings());
const sendDue = async () => sendDueLeads(await getSiteDb(), catalogClient(), policy());
const inquiry = () => ({
  property_id: live[0],
  stay: { checkin: addDays(today(), 70), checkout: addDays(today(), 77), guests: { adults: 2 } },
  contact: { first_name: 'Ana', last_name: 'Queued', email: 'ana@example.com' },
});
/** Inquiries that reached the real service (test mode stores nothing there, so count at the proxy). */
const delivered = () =>
  upstream.sent.filter((s) => s.method === 'POST' && s.passed).map((s) => JSON.parse(s.body));

describe('reads when the upstream misbehaves', () => {
  it('answers 503 with the upstream’s Retry-After when it is over its limit, and then holds back', async () => {
    upstream.set({ kind: 'status', status: 429, retryAfter: 30 });
    const res = await call(search.GET, '/api/search?per_page=3');
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('30');
    expect(res.body.error).toMatchObject({ code: 'unavailable', message: expect.stringMatching(/busy/) });
    // While the wait lasts, nothing more is sent upstream, whatever the visitors ask.
    const again = await call(propertyRoute.GET, `/api/properties/${live[0]}`, {
      params: { id: String(live[0]) },
    });
    expect(again.status).toBe(503);
    expect(upstream.sent).toHaveLength(1);
  });

  it('retries a read once after a short Retry-After and answers', async () => {
    upstream.set({ kind: 'status', status: 429, retryAfter: 1 });
    setTimeout(() => upstream.set({ kind: 'pass' }), 300);
    const started = Date.now();
    const res = await call(search.GET, '/api/search?per_page=3');
    expect(res.status).toBe(200);
    expect(upstream.sent).toHaveLength(2);
    expect(upstream.sent[1]!.at - upstream.sent[0]!.at).toBeGreaterThanOrEqual(950);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('answers 502 for a 500, without the upstream’s words, and does not retry', async () => {
    upstream.set({ kind: 'status', status: 500 });
    const res = await call(search.GET, '/api/search?per_page=3');
    expect(res.status).toBe(502);
    expect(res.body.error.code).toBe('upstream_error');
    expect(res.text).not.toContain('upstream secret detail');
    expect(res.text).not.toContain('req_upstream');
    expect(upstream.sent).toHaveLength(1);
  });

  it('never retries a 4xx', async () => {
    upstream.set({ kind: 'status', status: 403 });
    expect((await call(search.GET, '/api/search?per_page=3')).status).toBe(502);
    expect(upstream.sent).toHaveLength(1);
  });

  it('gives up on a hanging upstream at the timeout', async () => {
    upstream.set({ kind: 'hang' });
    const started = Date.now();
    const res = await call(search.GET, '/api/search?per_page=3');
    expect(res.status).toBe(502);
    expect(Date.now() - started).toBeLessThan(3500);
  });

  it('answers 502 for malformed JSON', async () => {
    upstream.set({ kind: 'malformed' });
    const res = await call(search.GET, '/api/search?per_page=3');
    expect(res.status).toBe(502);
    expect(res.body.error.code).toBe('upstream_error');
  });

  it('keeps working when the upstream adds fields and enum values', async () => {
    upstream.set({
      kind: 'rewrite',
      edit: (body) => {
        body.properties[0].type = 'yurt';
        body.properties[0].carbon_label = 'A+';
        body.facets = { type: [] };
        return body;
      },
    });
    const res = await call(search.GET, '/api/search?per_page=3');
    expect(res.status).toBe(200);
    expect(res.body.properties[0].type).toBe('yurt');
    expect(res.body.properties[0]).not.toHaveProperty('carbon_label');
  });

  it('serves a property it has seen while the upstream is down, but never a stale quote', async () => {
    const id = live[3]!;
    const first = await call(propertyRoute.GET, `/api/properties/${id}`, { params: { id: String(id) } });
    const stay = `checkin=${addDays(today(), 90)}&checkout=${addDays(today(), 97)}`;
    const quote = await call(quoteRoute.GET, `/api/properties/${id}/quote?${stay}`, {
      params: { id: String(id) },
    });
    expect(quote.status).toBe(200);
    catalog().cache.expireTag(tags.area(id, 'content'));
    catalog().cache.expireTag(tags.area(id, 'rates'));
    upstream.set({ kind: 'status', status: 500 });
    const stale = await call(propertyRoute.GET, `/api/properties/${id}`, { params: { id: String(id) } });
    expect(stale.status).toBe(200);
    expect(stale.body).toEqual(first.body);
    const noQuote = await call(quoteRoute.GET, `/api/properties/${id}/quote?${stay}`, {
      params: { id: String(id) },
    });
    expect(noQuote.status).toBe(502);
  });
});

describe('inquiries when the upstream misbehaves', () => {
  it('queues an inquiry the upstream refused for its limit, and sends it once Retry-After has passed', async () => {
    upstream.set({ kind: 'status', status: 429, retryAfter: 2 });
    const res = await call(inquiries.POST, '/api/inquiries', { body: inquiry() });
    expect(res.status).toBe(202);
    expect(res.body.lead).toMatchObject({ status: 'queued', inquiry_id: null });
    upstream.set({ kind: 'pass' });
    // Not before the upstream said.
    expect(await sendDue()).toEqual([]);
    await sleep(2100);
    const [sent] = await sendDue();
    // The 429 was not a failed attempt: the one that counts is the one that went through.
    expect(sent).toMatchObject({ id: res.body.lead.id, status: 'sent', attempts: 1 });
    // The refused POST reached the upstream, or the client held it back itself: the lookups of what the
    // traveller saw had just been told to wait, and one limit covers every call of a key. Either way one
    // inquiry went through, and only after the wait.
    const posts = upstream.sent.filter((s) => s.method === 'POST');
    expect(posts.filter((p) => p.passed)).toHaveLength(1);
    expect(posts.length).toBeLessThanOrEqual(2);
    expect(delivered()).toHaveLength(1);
    const back = await call(leadRoute.GET, `/api/inquiries/${res.body.lead.id}`, {
      params: { lead: res.body.lead.id },
    });
    expect(back.body.lead).toMatchObject({ status: 'sent', inquiry_id: expect.any(Number) });
  });

  it('retries a 500 with growing waits, then marks the lead failed and says so loudly', async () => {
    const loud = vi.spyOn(logger, 'error');
    upstream.set({ kind: 'status', status: 500 });
    const res = await call(inquiries.POST, '/api/inquiries', { body: inquiry() });
    expect(res.status).toBe(202);
    expect(res.body.lead.status).toBe('queued');
    const id = res.body.lead.id;
    for (let i = 0; i < 40; i++) {
      await sendDue();
      if ((await findLead(site.db, id))?.status === 'failed') break;
      await sleep(200);
    }
    const lead = await findLead(site.db, id);
    expect(lead).toMatchObject({ status: 'failed', attempts: 3 });
    const posts = upstream.sent.filter((s) => s.method === 'POST');
    expect(posts).toHaveLength(3);
    // About 1 s, then about 2 s (base 1 s, doubling, ±10 %): never hammered.
    expect(posts[1]!.at - posts[0]!.at).toBeGreaterThanOrEqual(850);
    expect(posts[2]!.at - posts[1]!.at).toBeGreaterThanOrEqual(1750);
    expect(loud).toHaveBeenCalledWith(
      expect.objectContaining({ attempts: 3 }),
      expect.stringMatching(/LEAD NOT DELIVERED/),
    );
    // The traveller's confirmation still finds it (the team follows up).
    const back = await call(leadRoute.GET, `/api/inquiries/${id}`, { params: { lead: id } });
    expect(back.body.lead.status).toBe('failed');
  }, 20_000);

  it('loses no inquiry across a restart while the upstream is down', async () => {
    upstream.set({ kind: 'down' });
    const res = await call(inquiries.POST, '/api/inquiries', {
      body: { ...inquiry(), reference: 'RESTART-1' },
    });
    expect(res.status).toBe(202);
    const id = res.body.lead.id;

    // The process stops: database closed, client and its memory gone. Then it starts again.
    await site.stop();
    await site.start();
    upstream.set({ kind: 'pass' });
    for (let i = 0; i < 30 && (await findLead(site.db, id))?.status !== 'sent'; i++) {
      await sendDue();
      await sleep(200);
    }
    expect(await findLead(site.db, id)).toMatchObject({ status: 'sent', reference: 'RESTART-1' });
    // Exactly once, with what the traveller wrote.
    expect(delivered()).toEqual([
      expect.objectContaining({ reference: 'RESTART-1', contact: inquiry().contact }),
    ]);
  }, 20_000);

  it('picks up a lead whose sender died mid-send, once its claim runs out', async () => {
    const parsed = {
      ...inquiry(),
      stay: { ...inquiry().stay, guests: { adults: 2, children: 0 } },
      reference: 'CRASH-1',
    };
    // Stored and claimed by a sender that then died before finishing.
    const lead = await createLead(site.db, parsed as any, 'req-crashed-1', policy());
    await site.stop();
    await site.start();
    expect(await sendDue()).toEqual([]); // still claimed
    await site.db
      .update(leads)
      .set({ claimedUntil: sql`now() - interval '1 second'` })
      .where(sql`id = ${lead.id}`);
    const [sent] = await sendDue();
    expect(sent).toMatchObject({ id: lead.id, status: 'sent' });
    expect(delivered()).toEqual([expect.objectContaining({ reference: 'CRASH-1' })]);
  });
});

describe('the API key under failure', () => {
  it('appears in nothing the site answered in this file', () => {
    expect(answered.length).toBeGreaterThan(10);
    for (const res of answered) {
      expect(res.text).not.toContain(settings().SVC_API_KEY);
      for (const [, value] of res.headers) expect(value).not.toContain(settings().SVC_API_KEY);
    }
  });
});
