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
 * The lines that say why a step failed (the failed tests' names and their errors), a dozen at most: printed
 * again at the very end, where a reader of only the log's tail (a CI page) still sees them.
 */
export function whyFailed(text) {
  const marks = [
    /^\s*(FAIL|×|✘)\s/, // Vitest's failed file or test, Playwright's failed test
    /^\s*\d+\) \[/, // Playwright's numbered failure
    /(AssertionError|Error:|Test timeout|expected .* to )/,
  ];
  const seen = new Set();
  const lines = [];
  for (const raw of strip(text).split('\n')) {
    const line = raw.trim().slice(0, 240);
    if (!line || seen.has(line) || !marks.some((m) => m.test(line))) continue;
    seen.add(line);
    lines.push(line);
    if (lines.length === 12) break;
  }
  return lines;
}
