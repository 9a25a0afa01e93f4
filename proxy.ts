import { type NextRequest, NextResponse } from 'next/server';
import { settings } from './lib/settings';
import { pageViewWait, visitorOf, waitInWords } from './lib/site/http';
import { PREFETCH_HEADER } from './lib/visitor';

/**
 * Every page, per request (so settings are read when the server starts, not baked in at build):
 * - the visitor's page-view limit (SITE_PAGE_VIEWS_PER_MINUTE), so anonymous traffic cannot spend the
 *   upstream budget every visitor shares; prefetches of a page's shell call no upstream and are not counted;
 * - the content security policy: scripts, styles and frames from this site only, photos from this site or
 *   the catalog's CDN; `/embed/*` may be framed by this site and the partner origins listed, no other page
 *   may be framed at all.
 */
export async function proxy(request: NextRequest) {
  const s = settings();
  if (!request.headers.has(PREFETCH_HEADER)) {
    const wait = await pageViewWait(visitorOf(request, s));
    if (wait > 0) return tooManyPages(wait);
  }
  const embed = request.nextUrl.pathname.startsWith('/embed/');
  const ancestors = embed ? ["'self'", ...s.EMBED_ALLOWED_ORIGINS].join(' ') : "'none'";
  const response = NextResponse.next();
  response.headers.set('Content-Security-Policy', policy(s, ancestors));
  if (!embed) response.headers.set('X-Frame-Options', 'DENY');
  return response;
}

/**
 * Next.js writes its page data as inline scripts, so scripts allow 'unsafe-inline' from this origin only
 * (nonces would make every page dynamic); the sanitiser already keeps the API's HTML free of scripts.
 */
function policy(s: ReturnType<typeof settings>, ancestors: string): string {
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

function tooManyPages(seconds: number): NextResponse {
  const wait = waitInWords(seconds);
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Too many pages at once</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 4rem auto; padding: 0 1rem">
<main><h1>Too many pages at once</h1><p>You have opened a lot of pages in a short time. Please wait ${wait} and
try again.</p></main></body></html>`;
  return new NextResponse(html, {
    status: 429,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Retry-After': String(seconds),
      'Cache-Control': 'no-store',
    },
  });
}

export const config = {
  // Pages only: not the partner API, the photos, the maps' data and worker, the loader script or Next.js's own files.
  matcher: [
    '/((?!api/|v2/|v2$|cdn/|maps/|_next/|embed\\.js|favicon\\.ico|icon\\.svg|robots\\.txt|sitemap\\.xml).*)',
  ],
};
