import { setProcessSingleton } from '@/lib/process-singleton';

/*
 * Which encoding the site's answers take for a request's Accept-Encoding, chosen in one place: for the API
 * answers the site compresses itself (http.ts's `json`) and the framework's own compression, gzip, deflate
 * or none; for pages, brotli first (scripts/serve.mjs compresses them, scripts/brotli.mjs), under which
 * they are also kept (page-cache.ts).
 */

function acceptedOf(acceptEncoding: string | undefined): (name: string) => number {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const match = part.trim().match(/^([^\s;]+)\s*(?:;\s*q=([0-9.]+))?/i);
    if (match) accepted.set(match[1]!.toLowerCase(), match[2] === undefined ? 1 : Number(match[2]));
  }
  return (name) => accepted.get(name) ?? accepted.get('*') ?? 0;
}

/**
 * What the framework's compression will answer for this Accept-Encoding (it offers gzip, deflate and
 * identity): a page is kept per answer, so an odd header cannot put an uncompressed page under the key a
 * browser's request finds. `keep` checks the answer was indeed sent so.
 */
export function encodingFor(acceptEncoding: string | undefined): 'gzip' | 'deflate' | 'identity' {
  const q = acceptedOf(acceptEncoding);
  const gzip = q('gzip');
  const deflate = q('deflate');
  if (gzip > 0 && gzip >= deflate) return 'gzip';
  if (deflate > 0) return 'deflate';
  return 'identity';
}

/**
 * How a page is sent: brotli to a client that takes it at least as willingly as the framework's choice
 * (every current browser sends `br`; a `*` alone does not choose it, as it does not choose gzip over what a
 * client names), else what the framework sends.
 */
export function pageEncodingFor(acceptEncoding: string | undefined): 'br' | ReturnType<typeof encodingFor> {
  const q = acceptedOf(acceptEncoding);
  const framework = encodingFor(acceptEncoding);
  const br = /(^|,)\s*br\s*(;|,|$)/i.test(acceptEncoding ?? '') ? q('br') : 0;
  return br > 0 && br >= (framework === 'identity' ? 0 : q(framework)) ? 'br' : framework;
}

/** Made at start-up (instrumentation.ts), for scripts/serve.mjs to choose how a page is sent. */
export function installPageEncoding(): void {
  setProcessSingleton('site.page-encoding', pageEncodingFor);
}
