import 'server-only';
import { brand } from '@/lib/brand';
import type { FieldErrors } from '@/lib/contract';

/**
 * A failed upstream call, in one shape the site can act on: the upstream's own error (status, code,
 * message, field map, request id), or what went wrong on the way (`timeout`, `unreachable`,
 * `bad_response`, `budget_exhausted`). Never carries the API key or request headers.
 */
const BRAND = brand('UpstreamError');

export class UpstreamError extends Error {
  override name = 'UpstreamError';

  /**
   * `instanceof` by brand, not by class identity (lib/brand.ts): Next.js bundles this module into several
   * server chunks, and the process-wide client may have been built from another chunk's copy of the class.
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return BRAND.has(value);
  }

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: FieldErrors | undefined,
    readonly requestId: string | null,
    /** Seconds to wait before trying again (429, or the client's own budget). */
    readonly retryAfter: number | null = null,
  ) {
    super(message);
    BRAND.mark(this);
  }

  /** Worth trying again later: limits, timeouts, the upstream being down. A 4xx answer is not. */
  get transient(): boolean {
    return (
      this.status === 429 || this.status >= 500 || this.code === 'timeout' || this.code === 'unreachable'
    );
  }
}
