// What `npm test` (scripts/test.mjs) reads from a step's output: the tests it counted, and the lines that
// say why it failed.
import { stripVTControlCharacters } from 'node:util';

const strip = (text) => stripVTControlCharacters(text);

/** Tests counted in a step's output (Vitest's and Playwright's summaries), for the closing line. */
export function counts(text) {
  const plain = strip(text);
  const vitest = plain.match(/^\s*Tests\s+(.*)$/m);
  const playwright = /^\s*\d+ passed \(/m.test(plain);
  const pick = (line, word) => Number(line.match(new RegExp(`(\\d+) ${word}`))?.[1] ?? 0);
  if (vitest) {
    const line = vitest[1];
    return { passed: pick(line, 'passed'), failed: pick(line, 'failed'), skipped: pick(line, 'skipped') };
  }
  if (playwright) {
    const lines = plain.split('\n').map((l) => l.trim());
    const find = (word) =>
      lines.reduce((n, l) => n + Number(l.match(new RegExp(`^(\\d+) ${word}\\b`))?.[1] ?? 0), 0);
    return { passed: find('passed'), failed: find('failed'), skipped: find('skipped') };
  }
  return null;
}

/**
 * The lines that say why a step failed, 16 at most, each cut to 240 characters: printed again at the very
 * end, where a reader of only the log's tail (a CI page) still sees them. Where the runner wrote its
 * report of failures (Vitest's "Failed Tests", Playwright's numbered failures), only that report is read:
 * each failed test's name, then its error, the expectation, and the line of the test that failed. Otherwise
 * (a compiler, a linter, a crash) the lines that name an error.
 */
export function whyFailed(text) {
  const lines = strip(text)
    .split('\n')
    .map((l) => l.trim().slice(0, 240))
    .filter(Boolean);
  const report = lines.findIndex((l) => /^⎯+ Failed Tests \d+ ⎯+$/.test(l) || /^\d+\) \S/.test(l));
  const name = /^(FAIL\s|×\s|✘\s|\d+\) \S)/; // Vitest's failed test, a linter's error, Playwright's
  const why = [
    /^\w*Error\b(?! Context)/, // Error: …, AssertionError: …, TypeError: … (not Playwright's file name)
    /^Test timeout of /,
    /^(Locator|Expected|Received):/,
    /^> \d+ \|/, // the line of the test where it failed
    /: error TS\d+:/, // the compiler
  ];
  let seen = new Set(); // a test's lines, once each
  const out = [];
  for (const line of report >= 0 ? lines.slice(report) : lines) {
    const named = name.test(line);
    if (named) seen = new Set();
    if (seen.has(line) || !(named || why.some((m) => m.test(line)))) continue;
    seen.add(line);
    out.push(line);
    if (out.length === 16) break;
  }
  return out;
}
