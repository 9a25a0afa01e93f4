import { type NextRequest, NextResponse } from 'next/server';
import { settings } from './lib/settings';

/**
 * Framing rules, per request (so EMBED_ALLOWED_ORIGINS is read when the server starts, not at build):
 * `/embed/*` may be framed by this site and the partner origins listed; no other page may be framed at all.
 */
export function proxy(request: NextRequest) {
  const response = NextResponse.next();
  if (request.nextUrl.pathname.startsWith('/embed/')) {
    const allowed = ["'self'", ...settings().EMBED_ALLOWED_ORIGINS].join(' ');
    response.headers.set('Content-Security-Policy', `frame-ancestors ${allowed}`);
  } else {
    response.headers.set('Content-Security-Policy', "frame-ancestors 'none'");
    response.headers.set('X-Frame-Options', 'DENY');
  }
  return response;
}

export const config = {
  // Pages only: not the partner API, the photos, the loader script or Next.js's own files.
  matcher: [
    '/((?!api/|v2/|v2$|cdn/|_next/|embed\\.js|favicon\\.ico|icon\\.svg|robots\\.txt|sitemap\\.xml).*)',
  ],
};
