import {
  type GeoJSONSource,
  getVersion,
  type LngLatBoundsLike,
  Map as MapLibreMap,
  setWorkerCount,
  setWorkerUrl,
} from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { Bounds } from '@/lib/site/browser/bounds';
import { WORLD_KEY } from '@/lib/site/browser/map-style';

/*
 * One way to make a map, for the results and the property page (this module and everything importing it is
 * loaded only where a map is shown). The style comes from /maps/style: the built-in Natural Earth style (its
 * sources filled here from the TopoJSON its metadata names) or MAP_STYLE_URL's. MapLibre's worker is served
 * by this app (/maps/worker), since a bundle moves it away from where MapLibre looks. Rotation and pitch are
 * off: a traveller wants north up.
 */

let workerSet = false;
let world: Promise<Topology> | undefined;

export function createMap(
  container: HTMLElement,
  options: {
    center?: [number, number];
    zoom?: number;
    bounds?: LngLatBoundsLike;
    interactive?: boolean;
  } = {},
): MapLibreMap {
  if (!workerSet) {
    setWorkerUrl(`/maps/worker?v=${getVersion()}`);
    // One worker is plenty for a few GeoJSON sources, and spares a phone's cores.
    setWorkerCount(1);
    workerSet = true;
  }
  const map = new MapLibreMap({
    container,
    style: '/maps/style',
    center: options.center ?? [10, 45],
    zoom: options.zoom ?? 3,
    bounds: options.bounds,
    // Zoom 0 holds the whole world in a 512 px panel: results spread from California to Bali all fit.
    minZoom: 0,
    // Natural Earth's 1:50m coastlines have nothing more to show beyond this.
    maxZoom: 13,
    dragRotate: false,
    pitchWithRotate: false,
    touchPitch: false,
    interactive: options.interactive ?? true,
    attributionControl: { compact: true },
    cooperativeGestures: false,
  });
  map.touchZoomRotate.disableRotation();
  map.keyboard.disableRotation();
  map.on('style.load', () => {
    const url = (map.getStyle().metadata as Record<string, unknown> | undefined)?.[WORLD_KEY];
    if (typeof url === 'string') void fillWorld(map, url);
  });
  return map;
}

async function fillWorld(map: MapLibreMap, url: string) {
  world ??= fetch(url).then((r) => {
    if (!r.ok) throw new Error(`${url}: ${r.status}`);
    return r.json() as Promise<Topology>;
  });
  let topology: Topology;
  try {
    topology = await world;
  } catch {
    world = undefined; // the next map tries again; this one stays sea-coloured
    return;
  }
  const countries = topology.objects.countries as GeometryCollection;
  const land = topology.objects.land as GeometryCollection;
  const set = (source: string, data: GeoJSON.GeoJSON) => {
    const s = map.getSource(source);
    if (s && 'setData' in s) (s as GeoJSONSource).setData(data);
  };
  set('land', feature(topology, land));
  set('coast', mesh(topology, land));
  set(
    'borders',
    mesh(topology, countries, (a, b) => a !== b),
  );
}

/** Search bounds as MapLibre's box: across the antimeridian, east runs past 180 so the box is the short way. */
export function boxOf(b: Bounds): [[number, number], [number, number]] {
  return [
    [b.west, b.south],
    [b.west > b.east ? b.east + 360 : b.east, b.north],
  ];
}
