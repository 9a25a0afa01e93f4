import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import * as inquiries from '@/app/api/inquiries/route';
import * as duplicateRoute from '@/app/api/proposals/edit/duplicate/route';
import * as editRoute from '@/app/api/proposals/edit/route';
import * as proposalsRoute from '@/app/api/proposals/route';
import * as itemRoute from '@/app/api/shortlist/items/[item]/route';
import * as itemsRoute from '@/app/api/shortlist/items/route';
import * as shortlistRoute from '@/app/api/shortlist/route';
import * as shortlistsRoute from '@/app/api/shortlists/route';
import { addBookedRange, editRates } from '@/lib/catalog-api/writers';
import { catalog, catalogClient } from '@/lib/catalog-client';
import { addDays, today } from '@/lib/dates';
import { runInRequest } from '@/lib/request-context';
import { proposalByShareToken, recordView } from '@/lib/site/advisors/proposals';
import { clientView } from '@/lib/site/advisors/view';
import { openSiteDatabase } from '@/lib/site/db/client';
import { leads, proposals } from '@/lib/site/db/schema';
import { replicaChanged, replicaIndex } from '@/lib/site/replica/in-memory';
import { runReplicaWork } from '@/lib/site/replica/load';
import { runCatalogSync } from '@/lib/site/sync';
import { serveService } from './http';
import { api, setupService } from './service';
import { call, configure, setupSite } from './site';

/*
 * Advisors' shortlists and proposals through the site's real routes, on the site's real database (PGlite,
 * then Postgres in `npm test`), against the built-in catalog over HTTP: validation, tokens, expiry, limits,
 * the client's view re-quoted (upstream calls counted), the choice through POST /api/inquiries, and two
 * instances' connections on one Postgres.
 */

const service = setupService({ properties: 120, seed: 27 });
let upstream: Awaited<ReturnType<typeof serveService>>;
beforeAll(async () => {
  upstream = await serveService();
});
const site = setupSite({
  upstream: () => upstream.url,
  env: {
    UPSTREAM_TIMEOUT_MS: '15000',
    // A visitor's share (and a proposal's) is 100 reads a minute here; one test narrows it.
    UPSTREAM_BUDGET_PER_MINUTE: '10000',
    UPSTREAM_BUDGET_PER_HOUR: '10000000',
    UPSTREAM_VISITOR_SHARE: '0.01',
    SVC_RATE_LIMIT_PER_MINUTE: '10000000',
    SVC_RATE_LIMIT_PER_HOUR: '10000000',
    SITE_PROPOSALS_PER_VISITOR_PER_HOUR: '1000',
    SITE_RATE_LIMIT_PER_MINUTE: '100000',
    SITE_INQUIRIES_PER_VISITOR_PER_HOUR: '1000',
  },
});

const advisor = {
  name: 'Ada Advisor',
  agency: 'Far & Near Travel',
  email: 'ada@farnear.example',
  phone: '+44 20 7946 0000',
};
// A week about four months ahead, from the 20th: inside one rate season whatever today is (the demo's
// seasons turn on the 1st, 8th, 15th, 16th and 19th), so a rate edit moves its price.
const CHECKIN = `${addDays(today(), 120).slice(0, 8)}20`;
const CHECKOUT = addDays(CHECKIN, 7);

/** Rentals free for the week, whose quote the catalog gives (not on request). */
const rentals: number[] = [];
beforeAll(async () => {
  const free = await api(`/properties?checkin=${CHECKIN}&checkout=${CHECKOUT}&guests=2&per_page=60`);
  for (const p of free.body.properties as { id: number }[]) {
    const q = await api(`/properties/${p.id}/quote?checkin=${CHECKIN}&checkout=${CHECKOUT}&adults=2`);
    if (q.status === 200 && !q.body.price_on_request) rentals.push(p.id);
    if (rentals.length === 10) break;
  }
  expect(rentals.length).toBe(10);
  // The replica, as a server holds it: what the view's availability and nearest stays come from.
  await runReplicaWork({ db: site.db, client: catalogClient(), holder: 'test', sleep: async () => {} });
  await replicaIndex(site.db);
}, 120_000);

const option = (id: number, over: Record<string, unknown> = {}) => ({
  property_id: id,
  stay: { checkin: CHECKIN, checkout: CHECKOUT, adults: 2, children: 0 },
  note: 'Closest to the beach.',
  ...over,
});

const proposal = (over: Record<string, unknown> = {}) => ({
  title: 'Summer in the south',
  client_name: 'Chris Client',
  note: '<b>Three</b> favourites for your family.',
  advisor,
  options: rentals.slice(0, 3).map((id) => option(id)),
  ...over,
});

const create = (body: unknown, visitor = '203.0.113.20') =>
  call(proposalsRoute.POST, '/api/proposals', { body, visitor });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const edit = (secret: string) => call(editRoute.GET, '/api/proposals/edit', { headers: bearer(secret) });
const patch = (secret: string, body: unknown) =>
  call(editRoute.PATCH, '/api/proposals/edit', { method: 'PATCH', body, headers: bearer(secret) });

async function viewOf(shareToken: string) {
  const row = await proposalByShareToken(site.db, shareToken);
  if (!row) return null;
  return clientView(site.db, row);
}

/** One run of the change-feed sync, then the replica's worker fetching what it found moved (as a server does). */
const sync = async () => {
  const cache = catalog().cache;
  await runCatalogSync({
    db: site.db,
    client: catalogClient(),
    expire: (list) => {
      for (const tag of list) cache.expireTag(tag);
    },
    clear: () => cache.clear(),
  });
  await runReplicaWork({
    db: site.db,
    client: catalogClient(),
    holder: 'test',
    sleep: async () => {},
    changed: replicaChanged,
  });
};

describe('POST /api/proposals', () => {
  it('refuses every bad field at once, by its dotted path', async () => {
    const res = await create({
      title: '',
      client_name: 'x'.repeat(101),
      advisor: { name: 'A', email: 'not-an-email' },
      expires_on: '2001-01-01',
      options: [
        option(rentals[0]!, { stay: { checkin: addDays(today(), -1), checkout: addDays(today(), 3) } }),
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.fields).toMatchObject({
      title: 'is required',
      client_name: 'must be at most 100 characters',
      'advisor.email': 'must be a valid email address',
      expires_on: 'must be today or later',
      'options.0.stay.checkin': 'must be today or later',
    });
    const many = await create(
      proposal({
        options: rentals
          .slice(0, 9)
          .concat(rentals[0]!)
          .map((id) => option(id)),
      }),
    );
    expect(many.body.error.fields).toEqual({ options: 'must hold at most 8 options' });
    const none = await create(proposal({ options: [] }));
    expect(none.body.error.fields).toEqual({ options: 'must hold at least 1 option' });
    const control = await create(proposal({ title: 'Summer\u0007' }));
    expect(control.body.error.fields).toEqual({
      title: 'must not contain control characters or broken text',
    });
  });

  it('refuses a rental the catalog does not know on its option', async () => {
    const res = await create(proposal({ options: [option(rentals[0]!), option(999_999)] }));
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ 'options.1.property_id': 'not found' });
  });

  it('is refused from another origin, or with none', async () => {
    const other = await create(proposal(), '203.0.113.21').then(() =>
      call(proposalsRoute.POST, '/api/proposals', {
        body: proposal(),
        headers: { origin: 'https://evil.example' },
      }),
    );
    expect(other.status).toBe(403);
    const none = await call(proposalsRoute.POST, '/api/proposals', { body: proposal(), noOrigin: true });
    expect(none.status).toBe(403);
  });

  it('makes a draft with two unguessable links, stores the edit secret as its hash only', async () => {
    const res = await create(proposal());
    expect(res.status).toBe(201);
    const { edit_secret: secret, share_token: share } = res.body;
    expect(secret).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(share).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(secret).not.toBe(share);
    expect(res.body.proposal.state).toBe('draft');
    expect(res.body.proposal.reference).toMatch(/^P-[A-Z2-9]{6}$/);
    expect(JSON.stringify(res.body.proposal)).not.toContain(secret);
    const stored = await site.db.execute(sql`SELECT * FROM site_proposals`);
    expect(JSON.stringify(stored)).not.toContain(secret);
    // A draft's share link opens nothing yet.
    expect(await viewOf(share)).toBeNull();
    // The advisor's note is kept as the text typed (rendered as text, never HTML).
    expect((await edit(secret)).body.proposal.note).toBe('<b>Three</b> favourites for your family.');
  });

  it('answers an unknown, malformed or missing edit secret alike: 404', async () => {
    for (const headers of [bearer('A'.repeat(32)), bearer('short'), {}]) {
      const res = await call(editRoute.GET, '/api/proposals/edit', { headers });
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
    expect(await viewOf('A'.repeat(32))).toBeNull();
    expect(await viewOf('../../etc')).toBeNull();
  });

  it('refuses to send a stay booked already, on that option’s dates; a draft may hold it', async () => {
    const id = rentals[9]!;
    const booked = { checkin: addDays(CHECKIN, 200), checkout: addDays(CHECKIN, 205) };
    await addBookedRange(
      service.db,
      id,
      { ...booked, status: 'confirmed' },
      new Date(Date.now() + 500).toISOString(),
    );
    await sync();
    const options = [
      option(rentals[0]!),
      option(id, { stay: { checkin: addDays(CHECKIN, 201), checkout: addDays(CHECKIN, 208), adults: 2 } }),
    ];
    const refused = await create(proposal({ options, send: true }));
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual({ 'options.1.stay.checkin': 'is booked on these dates' });
    const draft = await create(proposal({ options }));
    expect(draft.status).toBe(201);
    const sent = await patch(draft.body.edit_secret, { ...proposal({ options }), send: true });
    expect(sent.status).toBe(400);
    expect(sent.body.error.fields).toEqual({ 'options.1.stay.checkin': 'is booked on these dates' });
  });

  it('is limited per visitor', async () => {
    configure({ SITE_PROPOSALS_PER_VISITOR_PER_HOUR: '2' });
    try {
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await create(proposal(), '198.51.100.77')).status);
      expect(statuses).toEqual([201, 201, 429]);
      const refused = await create(proposal(), '198.51.100.77');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await create(proposal(), '198.51.100.78')).status).toBe(201);
    } finally {
      configure({ SITE_PROPOSALS_PER_VISITOR_PER_HOUR: '1000' });
    }
  });
});

describe('sending, viewing, re-quoting', () => {
  let secret = '';
  let share = '';
  beforeAll(async () => {
    const res = await create(
      proposal({ options: rentals.slice(0, 8).map((id) => option(id)), reference: 'ADA-0427' }),
    );
    secret = res.body.edit_secret;
    share = res.body.share_token;
  });

  it('quotes every option when sent, as the catalog quotes it, and fixes the options from then on', async () => {
    const sent = await patch(secret, {
      ...proposal({ options: rentals.slice(0, 8).map((id) => option(id)), reference: 'ADA-0427' }),
      send: true,
    });
    expect(sent.status).toBe(200);
    expect(sent.body.proposal.state).toBe('sent');
    for (const o of sent.body.proposal.options) {
      const q = await api(
        `/properties/${o.propertyId}/quote?checkin=${CHECKIN}&checkout=${CHECKOUT}&adults=2`,
      );
      expect(o.sent.total).toBe(q.body.totals.total);
      expect(o.sent.nights).toBe(7);
      expect(o.property.name).toEqual(expect.any(String));
    }
    const again = await patch(secret, proposal());
    expect(again.status).toBe(409);
  });

  it('re-quotes every option per view, one upstream call per option whose quote is not cached', async () => {
    catalog().cache.clear();
    upstream.take();
    const first = await viewOf(share);
    expect(first?.kind).toBe('open');
    const calls = upstream.take();
    expect(calls).toHaveLength(8);
    expect(calls.every((c) => /^GET \/v2\/properties\/\d+\/quote\?/.test(c))).toBe(true);
    if (first?.kind !== 'open') return;
    for (const o of first.options) expect(o.today).toMatchObject({ kind: 'priced', moved: false });
    // Within the quote cache's life: nothing upstream at all.
    await viewOf(share);
    expect(upstream.take()).toEqual([]);
  });

  it('spends none of the viewer’s own share: a client who has used theirs still sees every price', async () => {
    // 10 reads a minute for a visitor (and for a proposal): a fresh client and budget with these settings.
    configure({ UPSTREAM_VISITOR_SHARE: '0.001' });
    onTestFinished(() => configure({ UPSTREAM_VISITOR_SHARE: '0.01' }));
    const viewer = '192.0.2.99';
    const asViewer = <T>(work: () => Promise<T>) =>
      runInRequest(
        { requestId: 'test_viewer_0001', method: 'GET', path: '/proposals/x', visitor: viewer },
        work,
      );
    // The viewer spends their 10 reads a minute on quotes of their own.
    await asViewer(async () => {
      for (let i = 0; i < 10; i++)
        await catalog().quote(rentals[9]!, {
          checkin: addDays(CHECKIN, i),
          checkout: addDays(CHECKOUT, i),
          adults: 2,
        });
      await expect(
        catalog().quote(rentals[9]!, {
          checkin: addDays(CHECKIN, 20),
          checkout: addDays(CHECKOUT, 20),
          adults: 2,
        }),
      ).rejects.toMatchObject({ code: 'visitor_budget_exhausted' });
    });
    const view = await asViewer(() => viewOf(share));
    if (view?.kind !== 'open') throw new Error('not open');
    expect(view.options.map((o) => o.today.kind)).toEqual(Array(8).fill('priced'));
  });

  it('shows both figures after a rate edit in the catalog, once the change feed has told the site', async () => {
    await sync(); // the baseline
    // An option whose stay a published rate period prices (not last year's standing in, which an edit of
    // this year's rates leaves as it was).
    const quoteOf = async (id: number) =>
      (await api(`/properties/${id}/quote?checkin=${CHECKIN}&checkout=${CHECKOUT}&adults=2`)).body.totals
        .total;
    let id = 0;
    for (const candidate of rentals.slice(0, 8)) {
      const { body } = await api(`/properties/${candidate}/rates?from=${CHECKIN}&to=${CHECKOUT}`);
      const periods = body.rates as { start_date: string; end_date: string }[];
      if (periods.some((p) => p.start_date <= CHECKIN && p.end_date >= CHECKOUT)) {
        id = candidate;
        break;
      }
    }
    expect(id).toBeGreaterThan(0);
    const before = await quoteOf(id);
    await editRates(service.db, id, 1.1, new Date(Date.now() + 1000).toISOString());
    await sync();
    expect(await quoteOf(id)).toBeGreaterThan(before);
    const view = await viewOf(share);
    if (view?.kind !== 'open') throw new Error('not open');
    const moved = view.options.find((o) => o.option.propertyId === id)!;
    expect(moved.today.kind).toBe('priced');
    if (moved.today.kind !== 'priced') return;
    expect(moved.today.moved).toBe(true);
    expect(moved.today.price.total).toBeGreaterThan(moved.option.sent!.total);
    const q = await api(`/properties/${id}/quote?checkin=${CHECKIN}&checkout=${CHECKOUT}&adults=2`);
    expect(moved.today.price.total).toBe(q.body.totals.total);
    expect(view.options.filter((o) => o.today.kind === 'priced' && o.today.moved)).toHaveLength(1);
  });

  it('says why a stay booked since is no longer possible, and offers the nearest stays the rules allow', async () => {
    const id = rentals[2]!;
    await addBookedRange(
      service.db,
      id,
      { checkin: addDays(CHECKIN, 2), checkout: addDays(CHECKIN, 4), status: 'confirmed' },
      new Date(Date.now() + 2000).toISOString(),
    );
    await sync();
    upstream.take();
    const view = await viewOf(share);
    if (view?.kind !== 'open') throw new Error('not open');
    const gone = view.options.find((o) => o.option.propertyId === id)!;
    expect(gone.today.kind).toBe('unavailable');
    if (gone.today.kind !== 'unavailable') return;
    expect(gone.today.reason).toMatch(/booked/);
    expect(gone.today.nearest.length).toBeGreaterThan(0);
    // No quote was asked for the stay that cannot be had.
    expect(upstream.take().filter((c) => c.includes(`/properties/${id}/quote`))).toEqual([]);
    for (const s of gone.today.nearest) {
      expect(s.nights).toBeGreaterThanOrEqual(7);
      const q = await api(`/properties/${id}/quote?checkin=${s.checkin}&checkout=${s.checkout}&adults=2`);
      expect(q.status).toBe(200);
      const free = await api(`/properties?checkin=${s.checkin}&checkout=${s.checkout}&per_page=200`);
      expect(free.body.properties.map((p: { id: number }) => p.id)).toContain(id);
    }
  });

  it('counts views in the row, first and last, whichever connection records them', async () => {
    const row = (await proposalByShareToken(site.db, share))!;
    const before = row.views;
    await Promise.all(Array.from({ length: 20 }, () => recordView(site.db, row.id)));
    const after = (await edit(secret)).body.proposal;
    expect(after.views).toBe(before + 20);
    expect(after.state).toBe('viewed');
    expect(after.first_viewed_at <= after.last_viewed_at).toBe(true);
  });

  it('marks the proposal chosen when the client sends the inquiry of an option, the advisor in the message', async () => {
    const row = (await proposalByShareToken(site.db, share))!;
    const chosen = row.options[3]!;
    const body = {
      property_id: chosen.propertyId,
      stay: { checkin: CHECKIN, checkout: CHECKOUT, guests: { adults: 2, children: 0 } },
      contact: { first_name: 'Chris', last_name: 'Client', email: 'chris@example.com' },
      message: 'We would love this one.',
      reference: 'something the client typed',
      proposal: { token: share, option: chosen.id },
    };
    const wrong = await call(inquiries.POST, '/api/inquiries', {
      body: { ...body, proposal: { token: share, option: 'nope' } },
    });
    expect(wrong.status).toBe(400);
    const other = await call(inquiries.POST, '/api/inquiries', {
      body: { ...body, property_id: rentals[9], proposal: { token: share, option: chosen.id } },
    });
    expect(other.status).toBe(400);
    expect((await edit(secret)).body.proposal.chosen).toBeNull();
    const res = await call(inquiries.POST, '/api/inquiries', { body });
    expect([201, 202]).toContain(res.status);
    const [lead] = await site.db.select().from(leads).where(sql`id = ${res.body.lead.id}`);
    expect(lead!.request.reference).toBe('ADA-0427');
    expect(lead!.request.message).toBe(
      'Travel advisor: Ada Advisor, Far & Near Travel (ada@farnear.example, +44 20 7946 0000). Proposal “Summer in the south”, reference ADA-0427.\n\nWe would love this one.',
    );
    expect(lead!.request.contact.email).toBe('chris@example.com');
    const state = (await edit(secret)).body.proposal;
    expect(state.state).toBe('chosen');
    expect(state.chosen.option).toBe(chosen.id);
  });

  it('ends on the day after its last: the client sees it has ended, and can no longer choose', async () => {
    const past = await patch(secret, { expires_on: addDays(today(), -1) });
    expect(past.status).toBe(400);
    expect(past.body.error.fields).toEqual({ expires_on: 'must be today or later' });
    const todayEnds = await patch(secret, { expires_on: today() });
    expect(todayEnds.body.proposal.expired).toBe(false);
    expect((await viewOf(share))?.kind).toBe('open');
    await site.db
      .update(proposals)
      .set({ expiresOn: addDays(today(), -1) })
      .where(sql`share_token = ${share}`);
    expect((await viewOf(share))?.kind).toBe('ended');
    const row = (await proposalByShareToken(site.db, share))!;
    const res = await call(inquiries.POST, '/api/inquiries', {
      body: {
        property_id: row.options[0]!.propertyId,
        stay: { checkin: CHECKIN, checkout: CHECKOUT, guests: { adults: 2 } },
        contact: { first_name: 'Chris', last_name: 'Client', email: 'chris@example.com' },
        proposal: { token: share, option: row.options[0]!.id },
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/ended/);
  });

  it('duplicates with new dates: a new draft, every stay moved by the same days, the original untouched', async () => {
    const start = addDays(today(), 200);
    const res = await call(duplicateRoute.POST, '/api/proposals/edit/duplicate', {
      body: { checkin: start },
      headers: bearer(secret),
    });
    expect(res.status).toBe(201);
    expect(res.body.edit_secret).not.toBe(secret);
    expect(res.body.proposal.state).toBe('draft');
    expect(res.body.proposal.options.map((o: { stay: { checkin: string } }) => o.stay.checkin)).toEqual(
      Array(8).fill(start),
    );
    expect(res.body.proposal.options[0].stay.checkout).toBe(addDays(start, 7));
    const bad = await call(duplicateRoute.POST, '/api/proposals/edit/duplicate', {
      body: { checkin: 'soon' },
      headers: bearer(secret),
    });
    expect(bad.body.error.fields).toEqual({ checkin: 'must be a date' });
    expect((await edit(secret)).body.proposal.options[0].stay.checkin).toBe(CHECKIN);
  });
});

describe('shortlists', () => {
  it('keeps saved rentals under a token, re-dated and removed only with it', async () => {
    const made = await call(shortlistsRoute.POST, '/api/shortlists', {
      body: {
        property_id: rentals[0],
        stay: { checkin: CHECKIN, checkout: CHECKOUT, adults: 2, children: 0 },
      },
    });
    expect(made.status).toBe(201);
    const token = made.body.token as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const [item] = made.body.items;
    // Priced from the replica: the quote's own total, to the cent.
    const q = await api(`/properties/${rentals[0]}/quote?checkin=${CHECKIN}&checkout=${CHECKOUT}&adults=2`);
    expect(item.price).toMatchObject({ kind: 'stay', amount: q.body.totals.total });
    const add = await call(itemsRoute.POST, '/api/shortlist/items', {
      body: { property_id: rentals[1], stay: { adults: 3, children: 1 } },
      headers: bearer(token),
    });
    expect(add.body.items).toHaveLength(2);
    expect(add.body.items[1].price.kind).toBe('from');
    // Saved again: one entry, the new stay.
    const again = await call(itemsRoute.POST, '/api/shortlist/items', {
      body: { property_id: rentals[1], stay: { checkin: CHECKIN, checkout: addDays(CHECKIN, 3), adults: 2 } },
      headers: bearer(token),
    });
    expect(again.body.items).toHaveLength(2);
    expect(again.body.items[1].stay.checkout).toBe(addDays(CHECKIN, 3));
    const bad = await call(itemRoute.PATCH, '/api/shortlist/items/x', {
      method: 'PATCH',
      params: { item: item.id },
      body: { stay: { checkin: CHECKIN, checkout: CHECKIN } },
      headers: bearer(token),
    });
    expect(bad.body.error.fields).toEqual({ 'stay.checkout': 'must be after checkin' });
    const redated = await call(itemRoute.PATCH, '/api/shortlist/items/x', {
      method: 'PATCH',
      params: { item: item.id },
      body: { stay: { checkin: addDays(CHECKIN, 7), checkout: addDays(CHECKOUT, 7), adults: 2 } },
      headers: bearer(token),
    });
    expect(redated.body.items[0].stay.checkin).toBe(addDays(CHECKIN, 7));
    // Another token sees nothing of it, and cannot remove it.
    const other = (await call(shortlistsRoute.POST, '/api/shortlists', { body: {} })).body.token;
    const foreign = await call(itemRoute.DELETE, '/api/shortlist/items/x', {
      method: 'DELETE',
      params: { item: item.id },
      headers: { ...bearer(other), origin: 'http://localhost:3000' },
    });
    expect(foreign.status).toBe(404);
    expect((await call(shortlistRoute.GET, '/api/shortlist', { headers: bearer(other) })).body.items).toEqual(
      [],
    );
    expect(
      (await call(shortlistRoute.GET, '/api/shortlist', { headers: bearer('B'.repeat(32)) })).status,
    ).toBe(404);
    const removed = await call(itemRoute.DELETE, '/api/shortlist/items/x', {
      method: 'DELETE',
      params: { item: item.id },
      headers: { ...bearer(token), origin: 'http://localhost:3000' },
    });
    expect(removed.body.items.map((i: { property_id: number }) => i.property_id)).toEqual([rentals[1]]);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two instances on one Postgres', () => {
  it('counts views recorded by two instances at once, and each sees the other’s choice', async () => {
    // A visitor of its own: the per-visitor creation limit above is spent for the default one.
    // Rentals no earlier test books or chooses (rentals[2]'s dates are booked above).
    const options = [option(rentals[4]!), option(rentals[5]!)];
    const res = await create({ ...proposal({ options }), send: true }, '203.0.113.77');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const share = res.body.share_token;
    const other = await openSiteDatabase(site.target);
    try {
      const row = (await proposalByShareToken(other.db, share))!;
      expect(row.status).toBe('sent');
      await Promise.all(Array.from({ length: 30 }, (_, i) => recordView(i % 2 ? other.db : site.db, row.id)));
      expect((await edit(res.body.edit_secret)).body.proposal.views).toBe(30);
      const { markChosen } = await import('@/lib/site/advisors/proposals');
      await markChosen(other.db, row.id, row.options[1]!.id, 'ld_from_the_other_instance');
      expect((await edit(res.body.edit_secret)).body.proposal.chosen.option).toBe(row.options[1]!.id);
    } finally {
      await other.close();
    }
  });
});
