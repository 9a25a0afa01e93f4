import type { MetadataRoute } from 'next';
import { connection } from 'next/server';
import { settings } from '@/lib/settings';

export default async function robots(): Promise<MetadataRoute.Robots> {
  // Per request: SITE_URL is read when the server starts, not baked in at build time.
  await connection();
  const { siteUrl } = settings();
  return {
    // The site's JSON routes, the partner sandbox and embeds are not pages to index.
    rules: { userAgent: '*', allow: '/', disallow: ['/api/', '/v2/', '/embed/'] },
    sitemap: `${siteUrl}/sitemap.xml`,
  };
}
