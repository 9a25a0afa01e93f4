import 'server-only';
import { setProcessSingleton } from '@/lib/process-singleton';
import { settings } from '@/lib/settings';
import { visitorFrom } from '@/lib/visitor';
import { readyProbeWait } from './http';

/*
 * The count of GET /api/ready, for scripts/serve.mjs to apply before the request reaches Next.js: the same
 * limiter the route would use (its own count per prober, SITE_RATE_LIMIT_PER_MINUTE a minute), the same
 * visitor (lib/visitor.ts), only cheaper to refuse. The server marks a counted probe
 * (PROBE_COUNTED_HEADER of lib/visitor.ts, which it removes from what clients send), and the route does not
 * count it again.
 */

/** Made at start-up (instrumentation.ts): the server finds it under `rental.site.probe-gate`. */
export function installProbeGate(): void {
  setProcessSingleton(
    'site.probe-gate',
    (peer: string | undefined, forwardedFor: string | undefined): Promise<number> =>
      readyProbeWait(visitorFrom(peer, forwardedFor, settings())),
  );
}
