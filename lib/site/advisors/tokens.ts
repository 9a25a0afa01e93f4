import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { SiteError } from '@/lib/site/http';

/*
 * The links an advisor and a client hold are the only keys there are (no accounts): each is 192 bits from
 * the operating system's random source, written in base64url (32 characters). A secret (a shortlist's
 * token, a proposal's edit secret) reaches the server in `Authorization: Bearer …`, never in a URL, so no
 * log, history or Referer holds it; the database keeps its SHA-256 only.
 */

const SHAPE = /^[A-Za-z0-9_-]{32}$/;

export const newToken = (): string => randomBytes(24).toString('base64url');

/** An option's or a shortlist item's id: unguessable too, though a link's token is what guards it. */
export const newId = (): string => randomBytes(9).toString('base64url');

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** Whether a string could be one of our tokens (anything else is answered as unknown, without a look-up). */
export const isTokenShaped = (value: unknown): value is string =>
  typeof value === 'string' && SHAPE.test(value);

/**
 * The bearer token of a request, or a 404 as for an unknown one: a missing, malformed and unknown secret
 * are answered alike, so nothing can be learnt by trying.
 */
export function bearerOf(request: Request, what: string): string {
  const header = request.headers.get('authorization') ?? '';
  const token = header.match(/^Bearer (\S+)$/)?.[1];
  if (!isTokenShaped(token)) throw new SiteError('not_found', `That ${what} could not be found.`);
  return token;
}
