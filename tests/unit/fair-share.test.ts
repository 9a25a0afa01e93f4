import { describe, expect, it } from 'vitest';
import { RequestBudget } from '@/lib/catalog-client/budget';
import { TaggedCache } from '@/lib/catalog-client/cache';
import { UpstreamError } from '@/lib/catalog-client/errors';
import { chargeOf, notePageView, OPEN_PAGES } from '@/lib/catalog-client/fair-share';
import { runInRequest, runOutsideRequests } from '@/lib/request-context';

/*
 * A fair share of the upstream budget (docs/decisions.md#a-fair-share-of-the-upstream-budget): upstream
 * calls are charged to the visitor who caused them, no visitor takes more than a bounded share of a
 * window, and the reserve kept for live work (a traveller's quote, an inquiry) is out of reach of reads.
 */

const fair = { reserve: 0.1, visitor: 0.1 };
const sendAll = (budget: RequestBudget, what: 'read' | 'live', visitor: string | null, n = 1000) => {
  let sent = 0;
  while (sent < n && budget.charge(what, visitor) === null) sent++;
  return sent;
};

describe('the budget’s shares', () => {
  it('stops one visitor at their share of the minute, and no one else', () => {
    let now = 0;
    const budget = new RequestBudget(100, 100_000, () => now, 0.75, fair);
    expect(sendAll(budget, 'read', '127.0.0.2')).toBe(10);
    const refusal = budget.charge('read', '127.0.0.2');
    expect(refusal).toMatchObject({ scope: 'visitor' });
    expect(refusal!.waitMs).toBe(60_000);
    expect(sendAll(budget, 'read', '127.0.0.3')).toBe(10);
    // Their own live work (the quote of their page) has an allowance of its own: half their share.
    expect(sendAll(budget, 'live', '127.0.0.2')).toBe(5);
    now = 60_001;
    expect(budget.charge('read', '127.0.0.2')).toBeNull();
  });

  it('bounds a visitor over the hour too', () => {
    let now = 0;
    const budget = new RequestBudget(1000, 200, () => now, 0.75, fair);
    let sent = 0;
    for (let minute = 0; minute < 60; minute++, now += 60_000) sent += sendAll(budget, 'read', 'v');
    expect(sent).toBe(20); // 10 % of 200 an hour, however the minutes go
  });

  it('keeps the reserve for live work, out of reach of many visitors reading at once', () => {
    const budget = new RequestBudget(100, 100_000, () => 0, 0.75, fair);
    let reads = 0;
    for (let v = 0; v < 20; v++) reads += sendAll(budget, 'read', `10.0.0.${v}`);
    expect(reads).toBe(90);
    expect(budget.charge('read', '10.0.1.1')).toMatchObject({ scope: 'site' });
    expect(budget.charge('read', null)).toMatchObject({ scope: 'site' });
    // A traveller's quote for the page they are on still goes through, up to the whole budget.
    expect(sendAll(budget, 'live', '127.0.0.3')).toBe(5);
    expect(sendAll(budget, 'live', '127.0.0.4')).toBe(5);
    expect(budget.charge('live', '127.0.0.5')).toMatchObject({ scope: 'site' });
  });

  it('is one site-wide pool when no shares are given (the background still keeps to its own)', () => {
    const budget = new RequestBudget(100, 100_000, () => 0, 0.75);
    expect(sendAll(budget, 'read', '127.0.0.2')).toBe(100);
  });
});

describe('who pays', () => {
  const inRequest = <T>(path: string, visitor: string, work: () => T) =>
    runInRequest({ requestId: 'r', method: 'GET', path, visitor }, work);

  it('charges the visitor of the request, and nobody outside one', () => {
    expect(inRequest('/api/search', '127.0.0.9', () => chargeOf('GET', '/properties?page=1'))).toEqual({
      visitor: '127.0.0.9',
      live: false,
    });
    expect(inRequest('/api/inquiries', '127.0.0.9', () => chargeOf('POST', '/inquiries'))).toEqual({
      visitor: '127.0.0.9',
      live: true,
    });
    expect(inRequest('/api/x', '127.0.0.9', () => runOutsideRequests(() => chargeOf('GET', '/x')))).toEqual({
      visitor: null,
      live: false,
    });
  });

  it('counts as live only the quote the booking card asks for a page the visitor has open', () => {
    const quote = (id: number) => `/properties/${id}/quote?checkin=2027-01-01&checkout=2027-01-08`;
    notePageView('127.0.0.8', '/properties/42');
    // The quote a page asks while it is drawn is a read: pages opened with stays cannot reach the reserve.
    expect(inRequest('/properties/42', '127.0.0.8', () => chargeOf('GET', quote(42))).live).toBe(false);
    expect(inRequest('/api/properties/42/quote', '127.0.0.8', () => chargeOf('GET', quote(42))).live).toBe(
      true,
    );
    const asked = (id: number) =>
      inRequest(`/api/properties/${id}/quote`, '127.0.0.8', () => chargeOf('GET', quote(id))).live;
    expect(asked(77)).toBe(false);
    notePageView('127.0.0.8', '/properties/77');
    expect(asked(77)).toBe(true);
    // Another visitor opening it does not make it live for this one; only the last few pages count.
    notePageView('127.0.0.7', '/properties/78');
    expect(asked(78)).toBe(false);
    for (let id = 1; id <= OPEN_PAGES; id++) notePageView('127.0.0.8', `/embed/properties/${id}`);
    expect(asked(77)).toBe(false);
    expect(asked(OPEN_PAGES)).toBe(true);
  });
});

describe('a read joined to another visitor’s refused call', () => {
  it('asks again for itself rather than share a refusal of someone else’s share', async () => {
    const cache = new TaggedCache({ maxBytes: 1_000_000 });
    const theirs = new UpstreamError(429, 'visitor_budget_exhausted', 'x', undefined, null, 30);
    const options = {
      tags: ['t'],
      ttlMs: 1000,
      onlyTheirs: (e: unknown) => e instanceof UpstreamError && e.code === 'visitor_budget_exhausted',
    };
    let release: (v: unknown) => void = () => {};
    const first = cache.get('k', options, () => new Promise((_, reject) => (release = () => reject(theirs))));
    const second = cache.get('k', options, async () => 'mine');
    release(null);
    await expect(first).rejects.toBe(theirs);
    await expect(second).resolves.toBe('mine');
  });
});
