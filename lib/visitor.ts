import 'server-only';
import type { Settings } from './settings';

/*
 * Who is asking, for per-visitor limits in both roles. The server (scripts/serve.mjs) writes the socket's
 * own address into PEER_HEADER on every request, replacing anything a client sent under that name, so it
 * cannot be forged. X-Forwarded-For is believed only as far as TRUSTED_PROXY_COUNT proxies in front of us
 * appended to it: the visitor is the N-th address from the right of [...forwarded-for, peer]. With no
 * trusted proxy that is the peer itself, whatever the client put in its headers.
 */

export const PEER_HEADER = 'x-rental-peer';
/** Set by the server on a router prefetch (a page's shell, no upstream call), which Next.js hides from the proxy. */
export const PREFETCH_HEADER = 'x-rental-prefetch';
/** Set by the server on a GET /api/ready it has counted against the prober (lib/site/probe-gate.ts). */
export const PROBE_COUNTED_HEADER = 'x-rental-probe-counted';
/**
 * Set by the server on a page it counted against the visitor's page views (lib/site/page-cache.ts): the
 * seconds the visitor must wait, 0 when counted and allowed.
 */
export const PAGE_COUNTED_HEADER = 'x-rental-page-counted';

export function visitorOf(request: Request, s: Pick<Settings, 'TRUSTED_PROXY_COUNT'>): string {
  return visitorFrom(request.headers.get(PEER_HEADER), request.headers.get('x-forwarded-for'), s);
}

/** The same, from the socket's address and X-Forwarded-For as received (the request context keeps both). */
export function visitorFrom(
  peerHeader: string | null | undefined,
  forwardedFor: string | null | undefined,
  s: Pick<Settings, 'TRUSTED_PROXY_COUNT'>,
): string {
  const peer = peerHeader?.trim();
  const forwarded = (forwardedFor ?? '')
    .split(',')
    .map((h) => h.trim())
    .filter(Boolean);
  // Without our server in front (route handlers called in-process by tests), the framework's own
  // X-Forwarded-For stands in for the socket.
  const hops = peer ? [...forwarded, peer] : forwarded;
  const index = hops.length - 1 - s.TRUSTED_PROXY_COUNT;
  return hops[Math.max(0, index)] ?? 'unknown';
}
