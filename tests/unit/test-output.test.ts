import { describe, expect, it } from 'vitest';
import { counts, whyFailed } from '../../scripts/test-output.mjs';

// What `npm test` says at the very end of a failed run: CI shows a reader only the log's tail, and a red
// lane that says only "1 failed" cannot be mended without running it again.

const vitestFailure = `
 \u001b[31m❯\u001b[39m tests/foreign/foreign.test.ts (3 tests | 1 failed) 648032ms
   \u001b[31m×\u001b[39m the site against a vendor … > serves every page and route 601233ms
     ✓ drops only the section whose read failed 2ms
⎯⎯⎯⎯⎯⎯⎯ Failed Tests 1 ⎯⎯⎯⎯⎯⎯⎯

 FAIL  |foreign| tests/foreign/foreign.test.ts > the site against a vendor > serves every page and route
AssertionError: 503 /properties/17?checkin=2027-01-26: expected 1 to be +0 // Object.is equality
 ❯ tests/foreign/foreign.test.ts:45:50

 Test Files  1 failed (1)
      Tests  1 failed | 2 passed (3)
`;

const playwrightFailure = `
  ✘  41 [chromium] › tests/e2e/property.spec.ts:88:3 › an inquiry, whole (48.8s)
  1) [chromium] › tests/e2e/property.spec.ts:88:3 › an inquiry, whole ─────────

    Test timeout of 45000ms exceeded.

  1 failed
    [chromium] › tests/e2e/property.spec.ts:88:3 › an inquiry, whole
  131 passed (17.9m)
`;

describe('a failed step, read from its output', () => {
  it('names the failed test and its assertion, colours removed', () => {
    expect(whyFailed(vitestFailure)).toEqual([
      '× the site against a vendor … > serves every page and route 601233ms',
      'FAIL  |foreign| tests/foreign/foreign.test.ts > the site against a vendor > serves every page and route',
      'AssertionError: 503 /properties/17?checkin=2027-01-26: expected 1 to be +0 // Object.is equality',
    ]);
  });

  it('names a Playwright test that ran out of time, once', () => {
    expect(whyFailed(playwrightFailure)).toEqual([
      '✘  41 [chromium] › tests/e2e/property.spec.ts:88:3 › an inquiry, whole (48.8s)',
      '1) [chromium] › tests/e2e/property.spec.ts:88:3 › an inquiry, whole ─────────',
      'Test timeout of 45000ms exceeded.',
    ]);
  });

  it('says at most a dozen lines, each cut to 240 characters', () => {
    const long = Array.from({ length: 30 }, (_, i) => `Error: failure ${i} ${'x'.repeat(400)}`).join('\n');
    const lines = whyFailed(long);
    expect(lines).toHaveLength(12);
    expect(lines.every((l) => l.length <= 240)).toBe(true);
  });

  it('says nothing for a passing step', () => {
    expect(whyFailed(' ✓ tests/unit/a.test.ts (3 tests) 12ms\n Tests  3 passed (3)\n')).toEqual([]);
  });

  it('counts the tests of either runner', () => {
    expect(counts(vitestFailure)).toEqual({ passed: 2, failed: 1, skipped: 0 });
    expect(counts(playwrightFailure)).toEqual({ passed: 131, failed: 1, skipped: 0 });
  });
});
