/*
 * How the inquiry form sends an inquiry (POST /api/inquiries), for both ends: the form makes what is here,
 * the server (lib/site/inquiries.ts) checks it, and answers the lead as `SentLead`.
 *
 * The Idempotency-Key: one per inquiry, so that pressing Send again after an answer that never came (a
 * dropped connection, a timeout) finds the lead the first press made instead of making a second one. It is
 * the form's own random part (made once per form, never shown) with a digest of exactly what is sent: the
 * same inquiry sent again has the same key; an inquiry the traveller changed before sending again is a new
 * one, with a new key.
 */

/**
 * The form's field a person never sees (hidden from view and from assistive technology) but a form-filling
 * bot fills: the form sends it, POST /api/inquiries drops an inquiry that has it.
 */
export const HONEYPOT_FIELD = 'website';

/** What the site answered for an accepted inquiry (the lead as POST /api/inquiries returns it). */
export interface SentLead {
  id: string;
  reference: string;
  status: string;
  inquiry_id: number | null;
  test: boolean | null;
}

/** What the server takes as an Idempotency-Key from the form: `inquiryKey` always makes one that fits. */
export const INQUIRY_KEY_PATTERN = /^[A-Za-z0-9._-]{16,100}$/;

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** 128 random bits, in 22 characters of base64url (crypto.getRandomValues works on plain http too). */
export function newInquirySeed(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const chars = i + 2 < bytes.length ? 4 : i + 1 < bytes.length ? 3 : 2;
    for (let c = 0; c < chars; c++) out += BASE64URL[(n >> (18 - 6 * c)) & 63];
  }
  return out;
}

/** cyrb53: a small non-cryptographic 53-bit digest; the seed, not the digest, makes the key unguessable. */
function digest(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/** The key of one inquiry: `<seed>.<digest of the body>`. */
export const inquiryKey = (seed: string, body: unknown): string => `${seed}.${digest(JSON.stringify(body))}`;
