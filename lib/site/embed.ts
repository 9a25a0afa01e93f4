import 'server-only';
import { settings } from '@/lib/settings';

/** The partner page's origin, when it is one of EMBED_ALLOWED_ORIGINS or the site's own (events are posted only to it). */
export function embedHost(raw: string | string[] | undefined): string | null {
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value) return null;
  try {
    const origin = new URL(value).origin;
    const s = settings();
    // The site itself may embed its pages (the partner guide's live preview).
    return s.EMBED_ALLOWED_ORIGINS.includes(origin) || origin === new URL(s.siteUrl).origin ? origin : null;
  } catch {
    return null;
  }
}
