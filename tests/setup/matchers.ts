import { expect } from 'vitest';

/*
 * Ordering matchers for what `toBeGreaterThan` does not take: `YYYY-MM-DD` days and ISO instants compare
 * as strings. A failure prints both sides (`expected '2026-05-01' to be at or after '2026-06-01'`), where
 * `expect(a >= b).toBe(true)` said only "expected false to be true".
 */

type Order = (a: string, b: string) => boolean;

function ordering(name: string, words: string, holds: Order) {
  return function (this: { isNot: boolean }, received: unknown, bound: string) {
    const pass = typeof received === 'string' && holds(received, bound);
    return {
      pass,
      message: () =>
        `expected ${JSON.stringify(received)} ${this.isNot ? 'not ' : ''}to be ${words} ${JSON.stringify(bound)}`,
      actual: received,
      expected: `${words} ${bound}`,
      name,
    };
  };
}

expect.extend({
  toBeAfter: ordering('toBeAfter', 'after', (a, b) => a > b),
  toBeAtOrAfter: ordering('toBeAtOrAfter', 'at or after', (a, b) => a >= b),
  toBeBefore: ordering('toBeBefore', 'before', (a, b) => a < b),
  toBeAtOrBefore: ordering('toBeAtOrBefore', 'at or before', (a, b) => a <= b),
});

interface OrderMatchers<R = unknown> {
  /** A day or an instant (ISO string) strictly after `bound`. */
  toBeAfter: (bound: string) => R;
  toBeAtOrAfter: (bound: string) => R;
  toBeBefore: (bound: string) => R;
  toBeAtOrBefore: (bound: string) => R;
}

declare module 'vitest' {
  // Declaration merging repeats vitest's own type parameters.
  interface Matchers<R extends void | Promise<void> = void | Promise<void>, T = unknown>
    extends OrderMatchers<R> {}
}
