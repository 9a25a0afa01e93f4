// Types of scripts/test-output.mjs (plain JavaScript: npm test runs it without a compiler), for the tests.
export function counts(text: string): { passed: number; failed: number; skipped: number } | null;
export function whyFailed(text: string): string[];
