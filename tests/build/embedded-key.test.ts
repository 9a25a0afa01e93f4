import { readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BenchServer, startBenchServer } from '../../scripts/bench/server';

/*
 * The embedded set-up as `npm start` runs it (no SVC_BASE_URL, no SVC_API_KEY): the site talks to this
 * very server with a key of its own, in the partner tier, not with the demo keys the README hands to
 * partners. So the replica's first load is bound by the machine, not by a partner's 600 a minute, and a
 * partner trying the README's `curl` meanwhile is not refused. Here the document's limit is lowered to 40
 * a minute: the load (over 300 calls) finishes anyway, and the demo key keeps its whole minute.
 */

const DATA_DIR = path.join(os.tmpdir(), `rental-embedded-key-${process.pid}`);
const DEMO_KEY = 'svc_test_demo_full_access';
let server: BenchServer;

beforeAll(async () => {
  server = await startBenchServer({
    DATA_DIR,
    DEMO_PROPERTIES: '150',
    CATALOG_ACTIVITY: '0',
    SVC_RATE_LIMIT_PER_MINUTE: '40',
    SVC_RATE_LIMIT_PER_HOUR: '100000',
  });
});
afterAll(async () => {
  await server?.stop();
});

async function replicaReady(deadlineMs: number): Promise<boolean> {
  while (Date.now() < deadlineMs) {
    const answer = await (await fetch(`${server.origin}/api/search?per_page=1`)).json();
    // Complete: the replica answers, and no load is under way (`loading` while it answers from a part).
    if (answer.source === 'replica' && !answer.loading) return true;
    await new Promise((r) => setTimeout(r, 500));
  }
  return false;
}

describe('the site on the embedded service', () => {
  it('loads its replica with its own key while the demo key keeps its limit for partners', async () => {
    expect(await replicaReady(Date.now() + 150_000)).toBe(true);
    // Over 300 upstream calls were made; the demo key was not the one counted.
    for (let i = 0; i < 30; i++) {
      const res = await fetch(`${server.origin}/v2/properties?per_page=1`, {
        headers: { 'X-SVC-API-TOKEN': DEMO_KEY },
      });
      expect(res.status).toBe(200);
    }
  }, 200_000);

  it('keeps its key in DATA_DIR, readable by its user only, and never hands it out', async () => {
    const file = path.join(DATA_DIR, 'site-key');
    const key = readFileSync(file, 'utf8').trim();
    expect(key).toMatch(/^svc_test_[A-Za-z0-9_-]{20,}$/);
    expect(key).not.toBe(DEMO_KEY);
    expect(statSync(file).mode & 0o077).toBe(0);
    const search = await (await fetch(`${server.origin}/api/search?per_page=1`)).json();
    const id = search.properties[0].id;
    for (const p of ['/', `/properties/${id}`, '/search', `/api/properties/${id}/rates`, '/api/locations']) {
      const res = await fetch(`${server.origin}${p}`);
      expect(res.status, p).toBe(200);
      expect(await res.text(), p).not.toContain(key);
      for (const [name, value] of res.headers) expect(value, `${p} ${name}`).not.toContain(key);
    }
  });
});
