import type { StyleSpecification } from 'maplibre-gl';

/*
 * The maps' built-in style: sea, land, coastlines and country borders from Natural Earth's 1:50m geometry
 * (the `world-atlas` package, served by this app at /maps/world as TopoJSON), so a map works with no tile
 * server and no network. Its sources start empty: the browser fetches the TopoJSON named in the style's
 * metadata and fills them (TopoJSON is a third of the GeoJSON's size). It has no `glyphs` and no text layers:
 * place names are drawn as HTML over the map (components/map/places.ts), so no font server is needed either.
 * MAP_STYLE_URL replaces all of this with a tile provider's style.
 */

/** Where the style's metadata names the TopoJSON the browser fills its sources from. */
export const WORLD_KEY = 'villa:world';
/** The package's version in the URL, so the file can be cached for good. */
export const WORLD_URL = '/maps/world?v=2.0.2';

export const MAP_COLORS = {
  sea: '#c6dfe6',
  land: '#f7f2e8',
  coast: '#9fbfca',
  border: '#b7a689',
} as const;

const empty = { type: 'FeatureCollection' as const, features: [] };

export function defaultMapStyle(): StyleSpecification {
  return {
    version: 8,
    name: 'Natural Earth (built in)',
    metadata: { [WORLD_KEY]: WORLD_URL },
    sources: {
      land: {
        type: 'geojson',
        data: empty,
        attribution: 'Made with Natural Earth',
        // Country outlines at 1:50m: simplifying further only loses islands.
        tolerance: 0.2,
      },
      coast: { type: 'geojson', data: empty, tolerance: 0.2 },
      borders: { type: 'geojson', data: empty, tolerance: 0.2 },
    },
    layers: [
      { id: 'sea', type: 'background', paint: { 'background-color': MAP_COLORS.sea } },
      { id: 'land', type: 'fill', source: 'land', paint: { 'fill-color': MAP_COLORS.land } },
      {
        id: 'coast',
        type: 'line',
        source: 'coast',
        paint: {
          'line-color': MAP_COLORS.coast,
          'line-width': ['interpolate', ['linear'], ['zoom'], 2, 0.6, 10, 1.6],
        },
      },
      {
        id: 'borders',
        type: 'line',
        source: 'borders',
        paint: {
          'line-color': MAP_COLORS.border,
          'line-width': ['interpolate', ['linear'], ['zoom'], 2, 0.6, 10, 1.4],
          'line-dasharray': [3, 2],
        },
      },
    ],
  };
}
