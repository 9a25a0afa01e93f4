import type { MetadataRoute } from 'next';
import { connection } from 'next/server';
import { hasNextPage } from '@/lib/catalog-client';
import { settings } from '@/lib/settings';
import { catalogReads } from '@/lib/site/catalog-reads';

/**
 * Destinations and properties. Built from the change feed (every live property with its last change, a
 * few large pages) and the location catalog, both through the site's cache and budget.
 */
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  await connection();
  const { siteUrl } = settings();
  const entries: MetadataRoute.Sitemap = [
    { url: `${siteUrl}/`, changeFrequency: 'daily', priority: 1 },
    { url: `${siteUrl}/destinations`, changeFrequency: 'weekly' },
  ];
  const { data } = await catalogReads.locations();
  for (const l of data.locations) {
    if (l.property_count > 0)
      entries.push({ url: `${siteUrl}/destinations/${l.id}`, changeFrequency: 'weekly' });
  }
  for (let page = 1; ; page++) {
    const { data: changes } = await catalogReads.feedPage({ page, per_page: 1000 });
    for (const p of changes.changes) {
      if (p.status === 'live')
        entries.push({ url: `${siteUrl}/properties/${p.id}`, lastModified: p.updated_at });
    }
    // A sitemap holds at most 50,000 addresses.
    if (!hasNextPage(changes.pagination, page, changes.changes.length) || entries.length >= 50_000) break;
  }
  return entries;
}
