import type { Logger } from 'pino';
import { describe, expect, it } from 'vitest';
import { UpstreamError } from '@/lib/catalog-client/errors';
import { FailureLog } from '@/lib/failure-log';
import { verdictOf } from '@/lib/site/failures';
import { refusalPage } from '@/lib/site/refusal-page';

/* Refusals as answers, and failures as a few log lines however many there are. */

function collecting() {
  const lines: { level: string; fields: Record<string, unknown>; message: string }[] = [];
  const write = (level: string) => (fields: Record<string, unknown>, message: string) =>
    void lines.push({ level, fields, message });
  return { lines, logger: { warn: write('warn'), error: write('error') } as unknown as Logger };
}

describe('the failure log', () => {
  it('logs the first failure of a kind whole, counts the rest, and says how many at the minute’s end', () => {
    let now = 0;
    const { lines, logger } = collecting();
    const log = new FailureLog(logger, () => now, 60_000);
    for (let i = 0; i < 1000; i++)
      log.note({
        level: 'warn',
        kind: 'page /properties/[id] budget_exhausted',
        message: 'budget',
        requestId: `r${i}`,
      });
    log.note({
      level: 'error',
      kind: 'page /search Error',
      message: 'bug',
      requestId: 'x',
      fields: { a: 1 },
    });
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ level: 'warn', fields: { requestId: 'r0' }, message: 'budget' });
    expect(lines[1]).toMatchObject({ level: 'error', fields: { a: 1, requestId: 'x' } });
    now = 61_000;
    log.flush();
    expect(lines).toHaveLength(3);
    expect(lines[2]!.fields).toMatchObject({ repeated: 999, requestIds: ['r1', 'r2', 'r3', 'r4', 'r5'] });
    // The kind starts again after its minute: the next one is logged whole.
    log.note({ level: 'warn', kind: 'page /properties/[id] budget_exhausted', message: 'budget' });
    expect(lines).toHaveLength(4);
  });

  it('keeps a bounded table of kinds, whatever names arrive', () => {
    const { lines, logger } = collecting();
    const log = new FailureLog(logger, () => 0, 60_000);
    for (let i = 0; i < 5000; i++) log.note({ level: 'warn', kind: `made-up ${i}`, message: 'm' });
    expect(lines.length).toBeLessThanOrEqual(501);
  });
});

describe('what a failed page answers', () => {
  const upstream = (status: number, code: string, retryAfter: number | null = null) =>
    new UpstreamError(status, code, 'm', undefined, null, retryAfter);

  it('is a 503 with Retry-After when the upstream or the budget refuses, a 429 for the visitor’s own share', () => {
    expect(verdictOf(upstream(503, 'budget_exhausted', 12))).toMatchObject({
      status: 503,
      retryAfter: 12,
      refusal: 'busy',
      unexpected: false,
    });
    expect(verdictOf(upstream(429, 'rate_limited', 30))).toMatchObject({ status: 503, retryAfter: 30 });
    expect(verdictOf(upstream(401, 'unauthorized'))).toMatchObject({
      status: 503,
      refusal: 'unavailable',
      level: 'error',
    });
    expect(verdictOf(upstream(504, 'timeout'))).toMatchObject({ status: 503, refusal: 'unavailable' });
    expect(verdictOf(upstream(429, 'visitor_budget_exhausted', 7))).toMatchObject({
      status: 429,
      retryAfter: 7,
    });
    expect(verdictOf(new TypeError('x is undefined'))).toMatchObject({ status: 500, unexpected: true });
  });

  it('is the site’s own page, saying how long to wait, with no way off the site', () => {
    const html = refusalPage({
      kind: 'busy',
      retryAfter: 12,
      again: '//evil.example/x',
      requestId: 'site_abc<script>',
    });
    expect(html).toContain('Our catalog is busy');
    expect(html).toContain('try again in 12 seconds');
    expect(html).toContain('href="/"');
    expect(html).not.toContain('evil.example');
    expect(html).not.toContain('<script>');
    expect(html).not.toMatch(/<script|<link rel="stylesheet"/);
    expect(Buffer.byteLength(html)).toBeLessThan(6000);
    expect(html).toContain('<header>');
  });

  it('in a partner’s frame, is the message alone, without the site’s header and footer', () => {
    const html = refusalPage({
      kind: 'unavailable',
      retryAfter: 60,
      again: '/embed/properties/7',
      requestId: 'r1',
    });
    const framed = refusalPage({
      kind: 'unavailable',
      retryAfter: 60,
      again: '/embed/properties/7',
      requestId: 'r1',
      embedded: true,
    });
    expect(framed).toContain('Our catalog is not answering');
    expect(framed).toContain('href="/embed/properties/7"');
    expect(framed).not.toMatch(/<header|<footer|Browse destinations/);
    expect(html).toMatch(/<header/);
  });
});
