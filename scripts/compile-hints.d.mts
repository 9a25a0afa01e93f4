// Types of scripts/compile-hints.mjs (plain JavaScript: start.mjs runs it without a compiler), for the tests.
export const COMPILE_HINT: string;
export function startChunks(nextDir: string): Set<string>;
