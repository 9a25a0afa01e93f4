import 'server-only';
import { sql } from 'drizzle-orm';
import { settings } from '@/lib/settings';

/*
 * Public addresses in responses ({site_url}, {cdn_url}: docs/decisions.md#names-and-addresses). Stored documents hold
 * placeholders, filled in as a response leaves, so changing SITE_URL needs no rebuild of the data.
 */
export const SITE_TOKEN = '__SITE_URL__';
export const CDN_TOKEN = '__CDN_URL__';

export const propertyUrl = () => sql`${SITE_TOKEN} || '/properties/' || p.id`;
export const destinationUrl = (alias: string) =>
  sql`${SITE_TOKEN} || '/destinations/' || ${sql.raw(alias)}.id`;

/** The photo's original URL; any width is the same URL with `-{width}w` appended. */
export const photoUrl = (alias: string, suffix = '') =>
  sql`${CDN_TOKEN} || '/photos/' || ${sql.raw(alias)}.id || ${suffix}`;

export const photoSizes = (alias: string) =>
  sql`json_build_object('thumb', ${photoUrl(alias, '-400w')}, 'medium', ${photoUrl(alias, '-800w')}, 'large', ${photoUrl(alias, '-1600w')})`;

/** Replaces the placeholders in JSON text with this deployment's addresses. */
export function withPublicUrls(json: string): string {
  const { siteUrl, cdnUrl } = settings();
  return json.replaceAll(SITE_TOKEN, siteUrl).replaceAll(CDN_TOKEN, cdnUrl);
}
