import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { route } from '@/lib/site/http';

// GET /maps/worker — MapLibre's web worker (it parses the map's data off the main thread). MapLibre finds its
// worker beside its own module, which a bundle moves; the maps name this route instead (same origin, so the
// content security policy needs no blob: workers). Versioned by `?v=` in the maps' URL. 520 KB a time:
// counted against the visitor's request limit, like /maps/world.
let source: Promise<string> | undefined;

export const GET = route(async () => {
  source ??= readFile(
    path.join(process.cwd(), 'node_modules', 'maplibre-gl', 'dist', 'maplibre-gl-worker.mjs'),
    'utf8',
  );
  return new Response(await source, {
    headers: {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': 'public, max-age=31536000, immutable',
    },
  });
});
