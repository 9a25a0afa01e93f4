import { settings } from '@/lib/settings';
import { defaultMapStyle } from '@/lib/site/browser/map-style';
import { route } from '@/lib/site/http';

// GET /maps/style — the style every map loads: MAP_STYLE_URL's when set (a redirect to the provider's
// style.json), otherwise the built-in Natural Earth style (lib/site/browser/map-style.ts). Read per request, so the
// setting is the running server's, not the build's. Counted against the visitor's request limit.
export const GET = route(async () => {
  const url = settings().MAP_STYLE_URL;
  if (url) return Response.redirect(url, 307);
  return Response.json(defaultMapStyle(), { headers: { 'Cache-Control': 'public, max-age=3600' } });
});
