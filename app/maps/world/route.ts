import world from 'world-atlas/countries-50m.json';

// GET /maps/world — Natural Earth's countries and land at 1:50m as TopoJSON (the `world-atlas` package),
// what the built-in map style draws. Versioned by the style's URL (`?v=`), so cached for good.
const body = JSON.stringify(world);

export function GET() {
  return new Response(body, {
    headers: {
      'Content-Type': 'application/json',
      'Cache-Control': 'public, max-age=31536000, immutable',
    },
  });
}
