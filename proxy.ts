import { type NextRequest, NextResponse } from 'next/server';
import { settings } from './lib/settings';
import { pageViewWait, requestIdOf, visitorOf } from './lib/site/http';
import { pageHeaders } from './lib/site/page-headers';
import { refusalPage } from './lib/site/refusal-page';
import { PAGE_COUNTED_HEADER, PREFETCH_HEADER } from './lib/visitor';

/**
 * Every page, per request (so settings are read when the server starts, not baked in at build):
 * - the visitor's page-view limit (SITE_PAGE_VIEWS_PER_MINUTE), so anonymous traffic cannot spend the
 *   upstream budget every visitor shares. Only what the server itself marked a router prefetch is free
 *   (scripts/serve.mjs: an RSC request asking for a prefetch, which renders no page); a header a client
 *   adds to a plain GET changes nothing;
 * - the content security policy and framing rules (lib/site/page-headers.ts), on the refusal too.
 */
export async function proxy(request: NextRequest) {
  const s = settings();
  const { pathname, search } = request.nextUrl;
  if (!request.headers.has(PREFETCH_HEADER)) {
    // A page the server may keep rendered was counted there already (lib/site/page-cache.ts).
    const counted = Number(request.headers.get(PAGE_COUNTED_HEADER) ?? Number.NaN);
    const wait = Number.isInteger(counted) ? counted : await pageViewWait(visitorOf(request, s), pathname);
    if (wait > 0) return tooManyPages(wait, pathname, `${pathname}${search}`, requestIdOf(request));
  }
  const response = NextResponse.next();
  for (const [name, value] of Object.entries(pageHeaders(pathname, s))) response.headers.set(name, value);
  return response;
}

function tooManyPages(seconds: number, pathname: string, again: string, requestId: string): NextResponse {
  const html = refusalPage({
    kind: 'too_many_pages',
    retryAfter: seconds,
    again,
    requestId,
    embedded: pathname.startsWith('/embed/'),
  });
  return new NextResponse(html, {
    status: 429,
    headers: {
      ...pageHeaders(pathname),
      'Content-Type': 'text/html; charset=utf-8',
      'Retry-After': String(seconds),
      'Cache-Control': 'no-store',
      'X-Request-Id': requestId,
    },
  });
}

export const config = {
  // Pages only: not the partner API, the photos, the maps' data and worker, the loader script or Next.js's own files.
  matcher: [
    '/((?!api/|v2/|v2$|cdn/|maps/|_next/|embed\\.js|favicon\\.ico|icon\\.svg|robots\\.txt|sitemap\\.xml).*)',
  ],
};
