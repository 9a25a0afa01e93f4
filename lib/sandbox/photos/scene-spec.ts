import 'server-only';

/*
 * What a demo photo shows, written into the `images.scene` column by the demo planner
 * (lib/sandbox/demo/photos.ts) and read back by the CDN's renderer (./scenes.ts). A row carries its
 * whole picture (the property's building and interior palette, the place's scenery, the shot), so the CDN
 * renders from the row alone and one property's photos all draw the same house in the same landscape.
 * Stored as `<kind> <json>`; rows written before this format hold a bare kind (`pool`) and still render.
 */

/** The landscape kinds a place can have. */
export const SETTINGS = ['coast', 'mountains', 'countryside', 'lake', 'city', 'desert', 'tropics'] as const;
export type Setting = (typeof SETTINGS)[number];

/** Vegetation, which also sets the ground's colours. */
export const FLORAS = [
  'tropical',
  'subtropical',
  'mediterranean',
  'temperate',
  'northern',
  'alpine',
  'arid',
  'savanna',
] as const;
export type Flora = (typeof FLORAS)[number];

export type Tree =
  | 'palm'
  | 'banana'
  | 'cypress'
  | 'olive'
  | 'umbrella-pine'
  | 'oak'
  | 'birch'
  | 'spruce'
  | 'scots-pine'
  | 'agave'
  | 'cactus'
  | 'acacia'
  | 'shrub';

/** Trees each flora may draw; nothing else grows there (no palms in the Highlands). */
export const TREES: Record<Flora, readonly Tree[]> = {
  tropical: ['palm', 'palm', 'banana', 'shrub'],
  subtropical: ['palm', 'oak', 'shrub', 'cypress'],
  mediterranean: ['cypress', 'olive', 'umbrella-pine', 'cypress'],
  temperate: ['oak', 'oak', 'birch', 'shrub'],
  northern: ['scots-pine', 'birch', 'spruce', 'scots-pine'],
  alpine: ['spruce', 'spruce', 'scots-pine', 'birch'],
  arid: ['agave', 'cactus', 'shrub'],
  savanna: ['acacia', 'acacia', 'shrub'],
};

export type TimeOfDay = 'morning' | 'midday' | 'golden' | 'dusk';

export interface Land {
  setting: Setting;
  flora: Flora;
  /** Absolute latitude, rounded: lower sun and paler skies towards the poles. */
  lat: number;
  /** Snow on the far peaks. */
  snow: boolean;
  /** A row crop in the fields (countryside): vines, lavender or none. */
  crop: 'vines' | 'lavender' | 'none';
}

export type Form =
  | 'villa'
  | 'modern' // flat-roofed, whitewashed: Cycladic islands, tropics, desert
  | 'house'
  | 'farmhouse'
  | 'townhouse'
  | 'cottage'
  | 'chalet'
  | 'cabin'
  | 'estate'
  | 'apartment';

export type Roof = 'hip' | 'gable' | 'flat' | 'steep' | 'thatch';
export type Material = 'render' | 'stone' | 'wood' | 'clapboard' | 'brick' | 'logs';

/** The building, the same in every photo of a property. */
export interface Home {
  form: Form;
  /** The noun a caption uses: villa, farmhouse, penthouse, lodge… */
  noun: string;
  storeys: number;
  /** Windows across the front on each storey (the building's width follows). */
  bays: number;
  /** A wing beside the main block (large villas and estates). */
  wing: boolean;
  material: Material;
  wall: string;
  roof: Roof;
  roofColor: string;
  /** Shutters, door and frames. */
  trim: string;
  shutters: boolean;
  chimney: boolean;
  balcony: boolean;
  pool: boolean;
  /** Inside: floor, walls, upholstery, accent, and whether the walls are timber. */
  floor: string;
  innerWall: string;
  fabric: string;
  accent: string;
  timber: boolean;
  fireplace: boolean;
  /** Something that sets the house apart: a tower at one end, a porch over the door, a pergola. */
  extra: 'tower' | 'porch' | 'pergola' | 'none';
}

export type ShotKind =
  | 'exterior'
  | 'living'
  | 'kitchen'
  | 'dining'
  | 'bedroom'
  | 'bathroom'
  | 'outdoor-shower'
  | 'pool'
  | 'terrace'
  | 'balcony'
  | 'garden'
  | 'hot-tub'
  | 'view';

export interface Shot {
  kind: ShotKind;
  time: TimeOfDay;
  /** Variation within a kind: cloud positions, furniture colours. */
  v: number;
  /** Exteriors: where the camera stands. */
  angle?: 'front' | 'corner' | 'far';
  /** Bedrooms: the beds, as in the listing's rooms. */
  beds?: { king: number; queen: number; double: number; single: number; bunk: number; crib: number };
  /** Kitchens. */
  layout?: 'island' | 'bar' | 'galley';
  /** Bathrooms: a bathtub (with the shower over it: combo), a walk-in shower, whirlpool, double sink. */
  bath?: {
    tub: boolean;
    combo: boolean;
    walkIn: boolean;
    whirlpool: boolean;
    doubleSink: boolean;
    rain: boolean;
  };
  /** Dining: places at the table. */
  seats?: number;
  /** Terrace and pool: loungers, outdoor dining, a parasol. */
  loungers?: boolean;
  table?: boolean;
  /** What the caption names and the picture shows first: a fireplace, a tree… */
  focus?: string;
}

export interface SceneSpec {
  shot: Shot;
  home: Home;
  land: Land;
}

// Home and land are stored as arrays in this key order (a row holds the property's traits, so they are kept
// short); new keys go at the end.
const HOME_KEYS: (keyof Home)[] = [
  'form',
  'noun',
  'storeys',
  'bays',
  'wing',
  'material',
  'wall',
  'roof',
  'roofColor',
  'trim',
  'shutters',
  'chimney',
  'balcony',
  'pool',
  'floor',
  'innerWall',
  'fabric',
  'accent',
  'timber',
  'fireplace',
  'extra',
];
const LAND_KEYS: (keyof Land)[] = ['setting', 'flora', 'lat', 'snow', 'crop'];

const pack = <T extends object>(value: T, keys: (keyof T)[]) => keys.map((k) => value[k]);
const unpack = <T>(values: unknown, keys: (keyof T)[]): T | null =>
  Array.isArray(values) && values.length >= keys.length
    ? (Object.fromEntries(keys.map((k, i) => [k, values[i]])) as T)
    : null;

// A gallery's photos share one Home and one Land object: each is written out once.
const packed = new WeakMap<object, string>();
function packOnce<T extends object>(value: T, keys: (keyof T)[]): string {
  let text = packed.get(value);
  if (text === undefined) {
    text = JSON.stringify(pack(value, keys));
    packed.set(value, text);
  }
  return text;
}

export function encodeScene(spec: SceneSpec): string {
  const { kind, ...shot } = spec.shot;
  return `${kind} [${JSON.stringify(shot)},${packOnce(spec.home, HOME_KEYS)},${packOnce(spec.land, LAND_KEYS)}]`;
}

/** The spec of a stored scene; null for a bare kind written before this format, or anything unreadable. */
export function decodeScene(scene: string): SceneSpec | null {
  const space = scene.indexOf(' ');
  if (space < 0) return null;
  try {
    const [shot, home, land] = JSON.parse(scene.slice(space + 1)) as [Omit<Shot, 'kind'>, unknown, unknown];
    const h = unpack<Home>(home, HOME_KEYS);
    const l = unpack<Land>(land, LAND_KEYS);
    if (!shot || typeof shot !== 'object' || !h || !l) return null;
    return { shot: { ...shot, kind: scene.slice(0, space) as ShotKind }, home: h, land: l };
  } catch {
    return null;
  }
}
