import { describe, expect, it } from 'vitest';
import { json, route, SERVER_GZIP } from '@/lib/site/http';

/*
 * The site's JSON answers (lib/site/http.ts `json`): a large answer for a client that takes gzip is marked
 * for the site's server to compress (scripts/serve.mjs; tests/build/production.test.ts checks what it sends),
 * and the framework's own compression leaves it; every answer carries the same JSON.
 */

const big = {
  properties: Array.from({ length: 40 }, (_, i) => ({
    id: i,
    name: `Rental ${i}`,
    price: { amount: i * 10.5 },
  })),
};
const answer = (data: unknown, acceptEncoding?: string) =>
  route(async (_request, ctx) => json(data, ctx, { maxAge: 60 }))(
    new Request('http://localhost/api/search', {
      headers: acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding },
    }),
    { params: Promise.resolve({}) },
  );

describe('a JSON answer', () => {
  it('is marked for the server to compress when large and the client takes gzip', async () => {
    const response = await answer(big, 'gzip, deflate, br, zstd');
    expect(response.headers.get('cache-control')).toBe(`private, max-age=60, ${SERVER_GZIP}`);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.json()).toEqual(big);
  });

  it('is not marked for a client that takes no gzip, or refuses it', async () => {
    for (const header of [undefined, 'identity', 'gzip;q=0, deflate', 'br']) {
      const response = await answer(big, header);
      expect(response.headers.get('cache-control'), String(header)).toBe('private, max-age=60');
      expect(await response.json()).toEqual(big);
    }
  });

  it('is not marked when small, whatever the client takes', async () => {
    const response = await answer({ ok: true }, 'gzip');
    expect(response.headers.get('cache-control')).toBe('private, max-age=60');
    expect(await response.json()).toEqual({ ok: true });
  });
});
