/*
 * Which encoding the site's answers take for a request's Accept-Encoding: the choice the framework's own
 * compression makes (gzip, deflate or none), made in one place for the pages it compresses and keeps
 * (page-cache.ts) and the API answers the site compresses itself (http.ts's `json`).
 */

/**
 * What the framework's compression will answer for this Accept-Encoding (it offers gzip, deflate and
 * identity): a page is kept per answer, so an odd header cannot put an uncompressed page under the key a
 * browser's request finds. `keep` checks the answer was indeed sent so.
 */
export function encodingFor(acceptEncoding: string | undefined): 'gzip' | 'deflate' | 'identity' {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const match = part.trim().match(/^([^\s;]+)\s*(?:;\s*q=([0-9.]+))?/i);
    if (match) accepted.set(match[1]!.toLowerCase(), match[2] === undefined ? 1 : Number(match[2]));
  }
  const q = (name: string) => accepted.get(name) ?? accepted.get('*') ?? 0;
  const gzip = q('gzip');
  const deflate = q('deflate');
  if (gzip > 0 && gzip >= deflate) return 'gzip';
  if (deflate > 0) return 'deflate';
  return 'identity';
}
