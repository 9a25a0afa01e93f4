import { afterEach, describe, expect, it, vi } from 'vitest';
import { ServiceError } from '@/lib/catalog-api/http/errors';
import { ApiError, apiGet } from '@/lib/site/browser/api-client';
import { apiWordsIn } from '@/lib/site/browser/messages';
import {
  BROWSER_FAILURES,
  errorSentence,
  SITE_ERRORS,
  type SiteErrorCode,
} from '@/lib/site/browser/site-errors';
import { route, SiteError } from '@/lib/site/http';

/*
 * The site's one table of errors (lib/site/browser/site-errors.ts): every code has a status and a sentence,
 * and the server's /api pipeline and the browser's client read the same row: a route failing with a code
 * answers the table's status, and the browser's client, handed that very answer, makes an ApiError with the
 * same code, status and sentence.
 */

const codes = Object.keys(SITE_ERRORS) as SiteErrorCode[];

afterEach(() => vi.unstubAllGlobals());

/** What the server's pipeline answers for a route that fails with `code` and says nothing more precise. */
async function serverAnswer(code: SiteErrorCode): Promise<Response> {
  const handler = route(async () => {
    throw new SiteError(code, '');
  });
  return handler(
    new Request('http://localhost:3000/api/anything', { headers: { 'x-forwarded-for': '203.0.113.9' } }),
    { params: Promise.resolve({}) },
  );
}

describe('the site’s errors, one table', () => {
  it('gives every code an error status and a sentence for people', () => {
    expect(codes.length).toBeGreaterThanOrEqual(11);
    for (const code of codes) {
      const { status, sentence } = SITE_ERRORS[code];
      expect(Number.isInteger(status) && status >= 400 && status < 600, code).toBe(true);
      expect(sentence, code).toMatch(/^[A-Z].*\.$/);
      expect(apiWordsIn(sentence), code).toEqual([]);
    }
    for (const [code, sentence] of Object.entries(BROWSER_FAILURES)) {
      expect(sentence, code).toMatch(/^[A-Z].*\.$/);
      expect(errorSentence(code)).toBe(sentence);
    }
    // A code nobody wrote down reads as the site's own failure, never as the code.
    expect(errorSentence('teapot')).toBe(SITE_ERRORS.internal_error.sentence);
  });

  it('is what the server answers and what the browser reads, code by code', async () => {
    for (const code of codes) {
      const answer = await serverAnswer(code);
      expect(answer.status, code).toBe(SITE_ERRORS[code].status);
      // The browser's client, handed the server's own answer (the network is the only part left out).
      vi.stubGlobal('fetch', async () => answer);
      const error = await apiGet('/api/anything').catch((e: unknown) => e);
      expect(error, code).toBeInstanceOf(ApiError);
      expect(error, code).toMatchObject({
        code,
        status: SITE_ERRORS[code].status,
        message: SITE_ERRORS[code].sentence,
      });
    }
  });

  it('names each role’s error class apart', () => {
    const names = [ServiceError, SiteError, ApiError].map((c) => c.name);
    expect(new Set(names).size).toBe(3);
  });
});
