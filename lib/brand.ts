/*
 * A class recognised by a mark rather than by identity. Next.js bundles a module into several server chunks,
 * so one error class may exist more than once in a process, and `instanceof` against one copy misses an
 * instance another copy made. The mark is a global symbol, `Symbol.for('rental.<Name>')`, the same in every
 * copy. Nothing is stored (this is not a process singleton, lib/process-singleton.ts): it only recognises.
 *
 *   const BRAND = brand('UpstreamError');
 *   class UpstreamError extends Error {
 *     static override [Symbol.hasInstance](value: unknown) { return BRAND.has(value); }
 *     constructor(…) { super(…); BRAND.mark(this); }
 *   }
 */
export function brand(name: string) {
  const symbol = Symbol.for(`rental.${name}`);
  return {
    /** Marks an instance: call it in the class's constructor. */
    mark(value: object): void {
      Object.defineProperty(value, symbol, { value: true });
    },
    /** Whether a value carries the mark: the class's `static [Symbol.hasInstance]`. */
    has(value: unknown): boolean {
      return (
        typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[symbol] === true
      );
    },
  };
}
