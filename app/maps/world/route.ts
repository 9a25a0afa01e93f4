import world from 'world-atlas/countries-50m.json';
import { route } from '@/lib/site/http';

// GET /maps/world — Natural Earth's countries and land at 1:50m as TopoJSON (the `world-atlas` package),
// what the built-in map style draws. Versioned by the style's URL (`?v=`), so cached for good by the browser.
// 756 KB a time: counted against the visitor's request limit, like the /api routes, so one visitor cannot
// make the server send it thousands of times a minute (a map loads it once).
const body = JSON.stringify(world);

export const GET = route(
  async () =>
    new Response(body, {
      headers: {
        'Content-Type': 'application/json',
        'Cache-Control': 'public, max-age=31536000, immutable',
      },
    }),
);
