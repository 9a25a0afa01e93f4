import type { MetadataRoute } from 'next';
import { settings } from '@/lib/settings';

export default function robots(): MetadataRoute.Robots {
  const { siteUrl } = settings();
  return {
    // The site's JSON routes, the partner sandbox and embeds are not pages to index.
    rules: { userAgent: '*', allow: '/', disallow: ['/api/', '/v2/', '/embed/'] },
    sitemap: `${siteUrl}/sitemap.xml`,
  };
}
