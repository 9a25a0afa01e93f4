import { describe, expect, it } from 'vitest';
import { counts, whyFailed } from '../../scripts/test-output.mjs';

// What `npm test` says at the very end of a failed run: CI shows a reader only the log's tail, and a red
// lane that says only "1 failed" cannot be mended without running it again. The samples are as the runners
// print them here (Playwright with no projects, Vitest with its colours).

const vitestFailure = `
stderr | tests/foreign/foreign.test.ts
Error: connect ECONNREFUSED 127.0.0.1:4100 (a server's log while the test ran)
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
  ✓  45 tests/e2e/map.spec.ts:120:3 › on a desktop (1366 px) › markers (12.0s)
  ✘  54 tests/e2e/map.spec.ts:211:3 › on a desktop (1366 px) › “Search this area” narrows the results (47.1s)
  ✘  93 tests/e2e/stay-info.spec.ts:33:5 › at 1366 px › the stay’s cancellation terms (46.4s)


  1) tests/e2e/map.spec.ts:211:3 › on a desktop (1366 px) › “Search this area” narrows the results 

    Test timeout of 45000ms exceeded.

    Error: expect(locator).toHaveAttribute(expected) failed

    Locator: getByTestId('results-map')
    Expected: "true"
    Error: element(s) not found

    Call log:
      - Expect "toHaveAttribute" getByTestId('results-map') with timeout 30000ms
      - Test timeout of 45000ms exceeded.

      248 |     await page.reload();
    > 249 |     await expect(map).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
          |                       ^
        at /tmp/ci1/tests/e2e/map.spec.ts:249:23

  2) tests/e2e/stay-info.spec.ts:33:5 › at 1366 px › the stay’s cancellation terms 

    Test timeout of 45000ms exceeded.

    Error Context: test-results/stay-info-at-1366-px/error-context.md

    Error: page.evaluate: Test timeout of 45000ms exceeded.
    [cause]: Error: page.evaluate: Test timeout of 45000ms exceeded.

  2 failed
    tests/e2e/map.spec.ts:211:3 › on a desktop (1366 px) › “Search this area” narrows the results
    tests/e2e/stay-info.spec.ts:33:5 › at 1366 px › the stay’s cancellation terms
  130 passed (25.0m)
`;

describe('a failed step, read from its output', () => {
  it('names the failed test and its assertion from Vitest’s report, not a server’s log before it', () => {
    expect(whyFailed(vitestFailure)).toEqual([
      'FAIL  |foreign| tests/foreign/foreign.test.ts > the site against a vendor > serves every page and route',
      'AssertionError: 503 /properties/17?checkin=2027-01-26: expected 1 to be +0 // Object.is equality',
    ]);
  });

  it('names each failed Playwright test, then its error, expectation and line, once', () => {
    expect(whyFailed(playwrightFailure)).toEqual([
      '1) tests/e2e/map.spec.ts:211:3 › on a desktop (1366 px) › “Search this area” narrows the results',
      'Test timeout of 45000ms exceeded.',
      'Error: expect(locator).toHaveAttribute(expected) failed',
      "Locator: getByTestId('results-map')",
      'Expected: "true"',
      'Error: element(s) not found',
      "> 249 |     await expect(map).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });",
      '2) tests/e2e/stay-info.spec.ts:33:5 › at 1366 px › the stay’s cancellation terms',
      'Test timeout of 45000ms exceeded.',
      'Error: page.evaluate: Test timeout of 45000ms exceeded.',
    ]);
  });

  it('names the compiler’s errors when there is no test report', () => {
    const tsc = 'app/page.tsx(12,5): error TS2322: Type string is not assignable to type number.\n';
    expect(whyFailed(tsc)).toEqual([
      'app/page.tsx(12,5): error TS2322: Type string is not assignable to type number.',
    ]);
  });

  it('says at most 16 lines, each cut to 240 characters', () => {
    const long = Array.from({ length: 30 }, (_, i) => `Error: failure ${i} ${'x'.repeat(400)}`).join('\n');
    const lines = whyFailed(long);
    expect(lines).toHaveLength(16);
    expect(lines.every((l) => l.length <= 240)).toBe(true);
  });

  it('says nothing for a passing step', () => {
    expect(whyFailed(' ✓ tests/unit/a.test.ts (3 tests) 12ms\n Tests  3 passed (3)\n')).toEqual([]);
  });

  it('counts the tests of either runner', () => {
    expect(counts(vitestFailure)).toEqual({ passed: 2, failed: 1, skipped: 0 });
    expect(counts(playwrightFailure)).toEqual({ passed: 130, failed: 2, skipped: 0 });
  });
});
