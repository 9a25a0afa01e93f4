import 'server-only';
import { type Settings, settings } from '@/lib/settings';

/*
 * The headers every page answer carries, whoever writes it (the proxy on its way to a page, the proxy's own
 * "too many pages", the server's page for a refused render): the content security policy and, except on
 * `/embed/*`, a refusal to be framed. docs/decisions.md#content-security-policy.
 */

export function pageHeaders(pathname: string, s: Settings = settings()): Record<string, string> {
  const embed = pathname.startsWith('/embed/');
  const ancestors = embed ? ["'self'", ...s.EMBED_ALLOWED_ORIGINS].join(' ') : "'none'";
  return {
    'Content-Security-Policy': policy(s, ancestors),
    ...(embed ? {} : { 'X-Frame-Options': 'DENY' }),
  };
}

/**
 * Next.js writes its page data as inline scripts, so scripts allow 'unsafe-inline' from this origin only
 * (nonces would make every page dynamic); the sanitiser already keeps the API's HTML free of scripts.
 */
function policy(s: Settings, ancestors: string): string {
  const upstream = new URL(s.SVC_BASE_URL ?? s.serviceBaseUrl).origin;
  // A tile provider's style names its tiles, glyphs and sprites on hosts of its own: with MAP_STYLE_URL the
  // maps may fetch from any HTTPS origin (and the style's own); the built-in style needs only this site.
  const maps = s.MAP_STYLE_URL ? ` ${new URL(s.MAP_STYLE_URL).origin} https:` : '';
  return [
    "default-src 'self'",
    "script-src 'self' 'unsafe-inline'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${upstream} https:`,
    "font-src 'self' data:",
    `connect-src 'self'${maps}`,
    "frame-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${ancestors}`,
  ].join('; ');
}
