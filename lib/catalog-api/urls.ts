import { sql } from 'drizzle-orm';
import { settings } from '../settings';

/** Public addresses the service writes into responses ({site_url}, {cdn_url} of decisions.md). */
export const propertyUrl = () => sql`${settings().siteUrl} || '/properties/' || p.id`;
export const destinationUrl = (alias: string) =>
  sql`${settings().siteUrl} || '/destinations/' || ${sql.raw(alias)}.id`;

/** The photo's original URL; any width is the same URL with `-{width}w` appended. */
export const photoUrl = (alias: string, suffix = '') =>
  sql`${settings().cdnUrl} || '/photos/' || ${sql.raw(alias)}.id || ${suffix}`;

export const photoSizes = (alias: string) =>
  sql`json_build_object('thumb', ${photoUrl(alias, '-400w')}, 'medium', ${photoUrl(alias, '-800w')}, 'large', ${photoUrl(alias, '-1600w')})`;
