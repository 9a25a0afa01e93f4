import 'server-only';
import {
  encodeScene,
  type Form,
  type Home,
  type Land,
  type SceneSpec,
  type Shot,
  type TimeOfDay,
  TREES,
} from '@/lib/sandbox/photos/scene-spec';
import { Random } from './random';
import { landFor } from './scenery';

/*
 * A property's photo gallery, planned from its listing: one building (its type, size and the local way of
 * building) seen from a few angles and times of day, its rooms as listed (a bedroom per bedroom up to a
 * few, with the beds of `rooms`; bathrooms with their features), the outdoor spaces its amenities name,
 * and the scenery of its place. Ordered as a listing reads: the cover is the outside, then living,
 * kitchen, dining, bedrooms, bathrooms, outdoors, and the surroundings. Each photo's caption describes what
 * its scene draws, and no caption repeats within a gallery.
 *
 * The plan draws from its own stream, seeded by the catalog seed and the property id, so the same
 * property always gets the same photos, and the catalog's main stream advances exactly as it did before
 * photos were planned (every other table keeps its content).
 */

export interface BedroomRow {
  type: string;
  position: number;
  beds: Record<string, number>;
}
export interface BathroomRow {
  type: string;
  position: number;
  features: string[];
}

export interface Listing {
  id: number;
  name: string;
  type: string;
  sleeps: number;
  /** The place's path (region, country, area, town) and latitude. */
  path: readonly string[];
  lat: number;
  bedrooms: readonly BedroomRow[];
  bathrooms: readonly BathroomRow[];
  /** Every amenity item listed, of every category. */
  amenities: readonly string[];
}

export interface PlannedPhoto {
  position: number;
  caption: string;
  width: number;
  height: number;
  scene: string;
  spec: SceneSpec;
}

/**
 * Share of properties the demo keeps without photos, so partners meet an empty gallery and a null cover.
 * The same properties as before: a different share would change whether their `images_updated_at` is drawn,
 * and so every later property's data.
 */
const WITHOUT_PHOTOS = 0.03;
const MAX_BEDROOM_SHOTS = 4;
/** Windows across the front at most: a gable-fronted cabin or chalet stays narrow and runs deep. */
const MAX_BAYS: Partial<Record<Form, number>> = { estate: 7, cabin: 4, chalet: 5, cottage: 5 };
const MAX_BATHROOM_SHOTS = 2;

/**
 * Consumes the main stream's draws that the earlier random gallery made, in the same pattern, and says
 * whether this property keeps no photos (decided by the first of those draws).
 */
function advanceMainStream(rng: Random): boolean {
  if (rng.next() < WITHOUT_PHOTOS) return true;
  const count = Math.min(30, Math.max(1, Math.round(4 + rng.next() * 14 + rng.next() * 12)));
  for (let i = 0; i < count; i++) {
    rng.next();
    const portrait = i > 0 && rng.next() < 0.1;
    if (!portrait) rng.next();
  }
  return false;
}

/** The rows of property `id` at the end of a table being generated (its rows were just added). */
export function lastRowsOf<T extends { property_id?: unknown }>(rows: T[], id: number): T[] {
  let start = rows.length;
  while (start > 0 && rows[start - 1]!.property_id === id) start--;
  return rows.slice(start);
}

/** The photos of a property; `main` is the catalog's stream, advanced as described above. */
export function planPhotos(main: Random, seed: number, listing: Listing): PlannedPhoto[] {
  if (advanceMainStream(main)) return [];
  return planGallery(seed, listing);
}

/** The gallery of a property, from the catalog seed and the listing alone. */
export function planGallery(seed: number, listing: Listing): PlannedPhoto[] {
  const rng = new Random((seed ^ Math.imul(listing.id, 0x9e3779b1)) >>> 0);
  const land = landFor(listing.path, listing.lat);
  const home = homeFor(rng, listing, land);
  const has = (item: string) => listing.amenities.includes(item);
  const town = listing.path.at(-1) ?? '';
  const noun = home.noun;
  const The = `The ${noun}`;
  const shots: { shot: Shot; captions: string[]; portrait?: boolean }[] = [];
  const add = (shot: Omit<Shot, 'v'>, captions: string[], portrait = false) =>
    shots.push({ shot: { ...shot, v: rng.int(0, 9999) }, captions, portrait });
  const apartment = home.form === 'apartment';
  const building = apartment ? 'The building' : The;

  // The cover: the building from the front, by day.
  const coverTime = rng.weighted<TimeOfDay>([
    ['midday', 5],
    ['morning', 3],
    ['golden', 2],
  ]);
  // Seen straight on or from a corner of the garden: neighbouring cards differ in more than colour.
  const street = apartment || home.form === 'townhouse';
  const coverAngle = !street && rng.chance(0.4) ? 'corner' : 'front';
  add({ kind: 'exterior', angle: coverAngle, time: coverTime }, [
    coverTime === 'golden'
      ? `${building} in the late afternoon sun`
      : coverTime === 'morning'
        ? `${building} in the morning light`
        : street
          ? `${building} from the street`
          : `${The} from the ${home.pool ? 'pool terrace' : 'garden'}`,
  ]);

  // Living, kitchen, dining.
  const view = viewWord(land);
  const fireplace = home.fireplace;
  add({ kind: 'living', time: 'midday', focus: fireplace ? 'fireplace' : 'view' }, [
    fireplace
      ? `Living room with ${home.timber ? 'wood-burning stove' : 'fireplace'}`
      : `Living room with ${view} view`,
    'Living room',
  ]);
  const layout = rng.weighted<'island' | 'bar' | 'galley'>(
    listing.bedrooms.length <= 2 || apartment
      ? [
          ['bar', 5],
          ['galley', 3],
          ['island', 2],
        ]
      : [
          ['island', 6],
          ['bar', 3],
          ['galley', 1],
        ],
  );
  add({ kind: 'kitchen', time: 'midday', layout }, [
    layout === 'island'
      ? 'Kitchen with island'
      : layout === 'bar'
        ? 'Kitchen with breakfast bar'
        : 'Galley kitchen',
  ]);
  const seats = Math.min(12, Math.max(2, listing.sleeps + (listing.sleeps % 2)));
  if (listing.bedrooms.length >= 2 || rng.chance(0.4))
    add({ kind: 'dining', time: rng.chance(0.3) ? 'golden' : 'midday', seats }, [
      `Dining table for ${seats}`,
      'Dining area',
    ]);

  // Bedrooms as listed, the master first.
  // Rooms alike (same kind, same beds) are shown once; a photo for each would repeat itself.
  const seen = new Set<string>();
  const distinct = listing.bedrooms.filter((room) => {
    const key = `${room.type} ${JSON.stringify(bedsOf(room.beds))}`;
    return !seen.has(key) && seen.add(key);
  });
  for (const room of distinct.slice(0, MAX_BEDROOM_SHOTS)) {
    const beds = bedsOf(room.beds);
    const words = bedWords(beds);
    add({ kind: 'bedroom', time: rng.chance(0.3) ? 'morning' : 'midday', beds }, [
      `${room.type} with ${words}`,
      `Bedroom ${room.position}: ${room.type.toLowerCase()} with ${words}`,
    ]);
  }

  // Bathrooms, the full ones first.
  const baths = [...listing.bathrooms].sort((a, b) => Number(a.type !== 'full') - Number(b.type !== 'full'));
  for (const room of baths.slice(0, MAX_BATHROOM_SHOTS)) {
    const f = new Set(room.features);
    const full = room.type === 'full';
    const rain = f.has('rain_shower');
    const bath = {
      tub: full && (f.has('shower_tub_combo') || f.has('whirlpool') || !f.has('walk_in_shower')),
      combo: full && f.has('shower_tub_combo'),
      walkIn: f.has('walk_in_shower') || !full || (rain && !f.has('shower_tub_combo')),
      whirlpool: f.has('whirlpool'),
      doubleSink: f.has('double_sink'),
      rain,
    };
    const parts = [
      bath.combo
        ? rain
          ? 'rain shower over the bath'
          : 'shower over the bath'
        : bath.whirlpool
          ? 'whirlpool bath'
          : bath.tub
            ? 'freestanding bathtub'
            : null,
      bath.walkIn ? (rain && !bath.combo ? 'walk-in rain shower' : 'walk-in shower') : null,
      bath.doubleSink ? 'double vanity' : null,
    ].filter((p): p is string => p !== null);
    const words = parts.slice(0, 2).join(' and ');
    const name = room.type === 'full' ? 'Bathroom' : 'Shower room';
    add({ kind: 'bathroom', time: 'midday', bath }, [
      `${name} with ${words}`,
      `Bathroom ${room.position} with ${words}`,
      `Bathroom ${room.position}`,
    ]);
  }
  if (has('Outdoor shower') || listing.bathrooms.some((b) => b.features.includes('outdoor')))
    add({ kind: 'outdoor-shower', time: 'midday' }, ['Outdoor shower'], true);

  // Outdoors, as the amenities say.
  if (home.pool) {
    const heated = has('Heated pool');
    const loungers = has('Sun loungers') || rng.chance(0.5);
    add({ kind: 'pool', time: rng.chance(0.25) ? 'golden' : 'midday', loungers }, [
      `${heated ? 'Heated pool' : 'Private pool'}${loungers ? ' with sun loungers' : ''}`,
      'The pool',
    ]);
  }
  const outdoorDining = has('Outdoor dining');
  if (apartment) {
    add({ kind: 'balcony', time: rng.chance(0.5) ? 'golden' : 'midday', table: true }, [
      `Balcony overlooking the ${overlook(land)}`,
      'Balcony',
    ]);
  } else if (has('Terrace') || outdoorDining || rng.chance(0.5)) {
    const sunset = rng.chance(0.6);
    add({ kind: 'terrace', time: sunset ? 'golden' : 'midday', table: true }, [
      sunset
        ? 'Terrace at sunset'
        : outdoorDining
          ? 'Outdoor dining on the terrace'
          : `Terrace overlooking the ${overlook(land)}`,
      'The terrace',
    ]);
  }
  if (has('Garden') && !apartment) {
    const trees = TREES[land.flora].filter((t) => t !== 'shrub');
    const tree = rng.pick(trees.length ? trees : TREES[land.flora]);
    add({ kind: 'garden', time: rng.chance(0.3) ? 'morning' : 'midday', focus: tree }, [
      gardenCaption(tree),
      'The garden',
    ]);
  }
  if (has('Hot tub')) add({ kind: 'hot-tub', time: 'dusk' }, ['Hot tub under the evening sky', 'Hot tub']);

  // The building again, from further off and at dusk; last, so a photo reorder that brings the last photo
  // to the front still shows the building.
  add({ kind: 'view', time: land.setting === 'desert' ? 'golden' : 'midday' }, [surroundings(land, town)]);
  add({ kind: 'exterior', angle: 'far', time: coverTime === 'morning' ? 'midday' : 'morning' }, [
    `${building} ${setting(land)}`,
  ]);
  add({ kind: 'exterior', angle: coverAngle === 'corner' ? 'front' : 'corner', time: 'dusk' }, [
    `${building} at dusk`,
    `${building} by night`,
  ]);

  const used = new Set<string>();
  return shots.map(({ shot, captions, portrait }, i) => {
    let caption = captions.find((c) => !used.has(c)) ?? captions[0]!;
    for (let n = 2; used.has(caption); n++) caption = `${captions[0]} (${n})`;
    used.add(caption);
    const spec: SceneSpec = { shot, home, land };
    return {
      position: i + 1,
      caption,
      width: portrait ? 1067 : 1600,
      height: portrait ? 1600 : rng.chance(0.8) ? 1067 : 1200,
      scene: encodeScene(spec),
      spec,
    };
  });
}

const pick = <T>(rng: Random, items: readonly T[]) => rng.pick(items);

/** The noun a caption uses for the building, from the listing's name (its first word) and type. */
function nounOf(name: string, type: string): string {
  const words: [RegExp, string][] = [
    [/^Beach House\b/, 'beach house'],
    [/^Farmhouse\b/, 'farmhouse'],
    [/^Town House\b/, 'town house'],
    [/^Penthouse\b/, 'penthouse'],
    [/^Loft\b/, 'loft'],
    [/^Lodge\b/, 'lodge'],
    [/^Manor\b/, 'manor'],
    [/^Domaine\b/, 'domaine'],
  ];
  for (const [re, noun] of words) if (re.test(name)) return noun;
  if (type === 'condo' || type === 'apartment') return 'apartment';
  return type;
}

/** The building and its rooms' palette: its form from the type, its look from the local way of building. */
export function homeFor(rng: Random, listing: Listing, land: Land): Home {
  const bedrooms = listing.bedrooms.length;
  const noun = nounOf(listing.name, listing.type);
  const { flora, setting } = land;
  const warm = flora === 'mediterranean' || flora === 'subtropical';
  const hot = flora === 'tropical' || flora === 'arid' || flora === 'savanna';
  const cold = flora === 'northern' || flora === 'alpine';
  const cycladic = ['Mykonos', 'Santorini', 'Paros'].includes(listing.path[2] ?? '');

  let form: Form;
  if (listing.type === 'apartment' || listing.type === 'condo') form = 'apartment';
  else if (listing.type === 'villa') form = cycladic || (hot && rng.chance(0.6)) ? 'modern' : 'villa';
  else if (listing.type === 'house')
    form = noun === 'farmhouse' ? 'farmhouse' : noun === 'town house' ? 'townhouse' : 'house';
  else form = listing.type as Form;

  const storeys = {
    villa: bedrooms <= 3 ? 1 : 2,
    modern: bedrooms <= 3 ? 1 : 2,
    house: bedrooms <= 1 ? 1 : 2,
    farmhouse: 2,
    townhouse: 3,
    cottage: bedrooms <= 2 ? 1 : 2,
    chalet: bedrooms >= 6 ? 3 : 2,
    cabin: 1,
    estate: bedrooms >= 7 ? 3 : 2,
    apartment: cycladic
      ? rng.int(2, 3)
      : ['city', 'coast', 'tropics'].includes(setting)
        ? rng.int(3, 6)
        : rng.int(3, 4),
  }[form];
  const bays =
    form === 'apartment'
      ? rng.int(3, 4)
      : form === 'townhouse'
        ? 2
        : Math.max(3, Math.min(MAX_BAYS[form] ?? 6, Math.ceil(bedrooms / storeys) + 2));
  const wing =
    form === 'estate' || ((form === 'villa' || form === 'modern' || form === 'house') && bedrooms >= 7);

  const RENDER_WARM = ['#f1dcb8', '#f4e4cf', '#ecc9a0', '#f7efe2', '#e9d3b4'];
  const RENDER_COOL = ['#f2efe8', '#e9e4da', '#dfe3e0', '#efe6d6'];
  const STONE_WARM = ['#d9c3a0', '#cdb48e', '#dcc9a8'];
  const STONE_COOL = ['#b9b2a5', '#a9a398', '#c4bcae'];
  const TERRACOTTA = ['#b5533c', '#c0643f', '#a94f35'];
  const SLATE = ['#4a5560', '#525b63', '#3f474f'];
  const TRIM_WARM = ['#4f7d5c', '#3f6f8f', '#8a9a7b', '#6b8fa3', '#7a5230'];
  const TRIM_COOL = ['#2f4858', '#5b3a29', '#33524a', '#7a2e2e', '#ffffff'];

  let material: Home['material'] = 'render';
  let wall = pick(rng, warm || hot ? RENDER_WARM : RENDER_COOL);
  let roof: Home['roof'] = 'gable';
  let roofColor = pick(rng, warm ? TERRACOTTA : SLATE);
  let trim = pick(rng, warm || hot ? TRIM_WARM : TRIM_COOL);
  let shutters = warm && rng.chance(0.7);
  let chimney = !hot && !warm;
  let balcony = false;
  switch (form) {
    case 'villa':
      roof = 'hip';
      if (!warm && !hot) roofColor = pick(rng, [...SLATE, '#5a3f32', '#6b4a3a']);
      if (hot) roofColor = pick(rng, ['#5b5f66', '#8a6d45', '#6f4e37']);
      if (warm && rng.chance(0.3)) {
        material = 'stone';
        wall = pick(rng, STONE_WARM);
      } else if (cold && rng.chance(0.5)) {
        // Mountain and northern villas: stone or timber-clad as often as rendered.
        material = rng.chance(0.5) ? 'stone' : 'wood';
        wall = material === 'stone' ? pick(rng, STONE_COOL) : pick(rng, ['#9c6b3f', '#8a5a33', '#b08150']);
      }
      break;
    case 'modern':
      roof = 'flat';
      wall = cycladic ? '#fbfaf7' : pick(rng, ['#fbfaf7', '#f3eee5', '#efe7da']);
      trim = cycladic ? '#2f6fa8' : pick(rng, ['#7a5230', '#3b3b3b', '#2f6fa8', '#6f8f7a']);
      shutters = cycladic;
      break;
    case 'house':
      if (setting === 'coast' && flora === 'temperate' && rng.chance(0.6)) {
        material = 'clapboard';
        wall = pick(rng, ['#f5f5f2', '#c9d3d8', '#dcd6c8', '#9fb3bf']);
        roofColor = pick(rng, ['#6b6b6b', '#7d766c']);
      } else if (flora === 'temperate' && rng.chance(0.4)) {
        material = 'brick';
        wall = pick(rng, ['#a85b44', '#b86a4e', '#9a523d']);
        trim = '#ffffff';
      } else if (hot) {
        material = 'wood';
        roof = 'hip';
        roofColor = pick(rng, ['#5b5f66', '#3f6f6a', '#8a6d45']);
      }
      balcony = rng.chance(0.3);
      break;
    case 'farmhouse':
      material = 'stone';
      wall = pick(rng, warm ? STONE_WARM : STONE_COOL);
      shutters = warm;
      chimney = true;
      break;
    case 'townhouse':
      wall = pick(rng, [...RENDER_WARM, '#d8e3e0', '#f0d9d2', '#e6dcc0']);
      roof = warm ? 'hip' : 'gable';
      balcony = warm;
      break;
    case 'cottage':
      material = rng.chance(0.5) ? 'stone' : 'render';
      if (material === 'stone') wall = pick(rng, warm ? STONE_WARM : STONE_COOL);
      else wall = pick(rng, ['#f6f3ea', '#f1ead8', '#f0e3c8']);
      roof = flora === 'temperate' && rng.chance(0.4) ? 'thatch' : 'steep';
      if (roof === 'thatch') roofColor = '#a58a5a';
      chimney = !hot;
      break;
    case 'chalet':
      material = 'wood';
      wall = pick(rng, ['#9c6b3f', '#8a5a33', '#a8784a']);
      roofColor = pick(rng, ['#4b4038', '#5a5f66', '#3e3a36']);
      trim = pick(rng, ['#7a2e2e', '#2f4858', '#f4efe6']);
      chimney = true;
      balcony = true;
      shutters = rng.chance(0.5);
      break;
    case 'cabin':
      material = 'logs';
      wall = pick(rng, ['#8a5a33', '#9c6b3f', '#7a4f2c']);
      roofColor = pick(rng, ['#3f5b4a', '#463a30', '#5a2e2e']);
      trim = '#f4efe6';
      chimney = true;
      shutters = false;
      break;
    case 'estate':
      roof = 'hip';
      material = rng.chance(0.5) ? 'stone' : 'render';
      if (material === 'stone') wall = pick(rng, warm ? STONE_WARM : STONE_COOL);
      chimney = !hot;
      break;
    case 'apartment':
      // Pitched roofs where it rains or snows, flat ones in the sun.
      roof = warm || hot ? 'flat' : 'hip';
      wall = pick(rng, ['#efe6d8', '#dfe7ea', '#f2dcc8', '#e8e2d5', '#f5f1ea']);
      trim = pick(rng, ['#3b3b3b', '#6b6b6b', '#2f4858', '#7a5230']);
      balcony = true;
      shutters = warm && rng.chance(0.5);
      chimney = false;
      break;
  }
  // In the heat, pitched roofs are hipped with wide eaves, in thatch, dark shingle or painted metal.
  if (hot && (form === 'cottage' || form === 'farmhouse' || form === 'estate' || form === 'house')) {
    roof = 'hip';
    roofColor = pick(rng, ['#8a6d45', '#5b5f66', '#3f6f6a', '#6f4e37']);
    if (form === 'cottage') material = rng.chance(0.5) ? 'wood' : 'render';
    if (material === 'render') wall = pick(rng, ['#f7f3ea', '#f1e6d0', '#efe4d2']);
    chimney = false;
  }
  // Local ways of building: honey-coloured Cotswold stone, Marrakech's pink plaster, Kyoto's dark timber.
  const area = listing.path[2] ?? '';
  if (area === 'Cotswolds' && form !== 'apartment') {
    material = 'stone';
    wall = pick(rng, ['#d9b97a', '#d4b06e', '#dcc08a']);
    roofColor = pick(rng, ['#6b6358', '#7a6e5e']);
  } else if (area === 'Marrakech' && form !== 'cabin' && form !== 'chalet') {
    material = 'render';
    wall = pick(rng, ['#d9906a', '#cf8560', '#e0a07a']);
    roof = 'flat';
  } else if (area === 'Kyoto' && form !== 'apartment') {
    material = 'wood';
    wall = pick(rng, ['#5a4632', '#6b5640']);
    roofColor = pick(rng, ['#3f474f', '#4a5058']);
  }
  // A name that says stone (Stone Barn) is built of it.
  if (/\bStone\b/.test(listing.name) && form !== 'apartment' && form !== 'modern') {
    material = 'stone';
    wall = pick(rng, warm || hot ? STONE_WARM : STONE_COOL);
  }
  if (cycladic) {
    wall = '#fbfaf7';
    roof = 'flat';
    material = 'render';
    trim = '#2f6fa8';
  }

  const pool = listing.amenities.includes('Private pool') || listing.amenities.includes('Heated pool');
  const timber = form === 'chalet' || form === 'cabin';
  const floor = timber
    ? pick(rng, ['#b88a5a', '#a8784a'])
    : warm
      ? pick(rng, ['#c7744f', '#d8cbb5', '#b88a5a', '#c9a27e'])
      : hot
        ? pick(rng, ['#9c6b3f', '#d9cdb8', '#b08150'])
        : pick(rng, ['#c49a6c', '#b88a5a', '#a07850', '#d4c3a8']);
  const innerWall = timber
    ? pick(rng, ['#d9b27c', '#cfa470'])
    : pick(rng, ['#f6f3ee', '#efe6d6', '#e4eadf', '#e3ebef', '#f2e8dc', '#f4efe6']);
  const fabric = pick(rng, ['#d9d2c5', '#9aa3ad', '#8f9a6b', '#3f5673', '#c0714f', '#d4a440', '#b9b0a2']);
  const accent = pick(rng, ['#1f8f7e', '#c8553d', '#2f6690', '#d9a441', '#6d597a', '#588157', '#e07a5f']);
  const fireplace =
    !hot &&
    flora !== 'subtropical' &&
    (timber || form === 'cottage' || (cold && rng.chance(0.8)) || (!warm && rng.chance(0.5)));

  return {
    form,
    noun,
    storeys,
    bays,
    wing,
    material,
    wall,
    roof,
    roofColor,
    trim,
    shutters,
    chimney,
    balcony,
    pool,
    floor,
    innerWall,
    fabric,
    accent,
    timber,
    fireplace,
    extra:
      (form === 'villa' || form === 'farmhouse' || form === 'estate') && warm && rng.chance(0.35)
        ? 'tower'
        : (form === 'villa' || form === 'modern') && (warm || hot) && rng.chance(0.4)
          ? 'pergola'
          : ['house', 'cottage', 'farmhouse', 'cabin'].includes(form) && !warm && !hot && rng.chance(0.5)
            ? 'porch'
            : 'none',
  };
}

type Beds = NonNullable<Shot['beds']>;

function bedsOf(beds: Record<string, number>): Beds {
  return {
    king: beds.king ?? 0,
    queen: beds.queen ?? 0,
    double: beds.double ?? 0,
    single: beds.single ?? 0,
    bunk: beds.bunk ?? 0,
    crib: beds.crib ?? 0,
  };
}

const COUNT = ['no', 'a', 'two', 'three', 'four'];

/** "a king-size bed", "twin beds", "two bunk beds", "a queen bed, a single and a cot". */
export function bedWords(b: Beds): string {
  const parts: string[] = [];
  if (b.king) parts.push('a king-size bed');
  if (b.queen) parts.push('a queen bed');
  if (b.double) parts.push('a double bed');
  if (b.single === 2 && parts.length === 0) parts.push('twin beds');
  else if (b.single)
    parts.push(b.single === 1 ? (parts.length ? 'a single' : 'a single bed') : `${COUNT[b.single]} singles`);
  if (b.bunk) parts.push(b.bunk === 1 ? 'a bunk bed' : `${COUNT[b.bunk]} bunk beds`);
  if (b.crib) parts.push('a cot');
  if (parts.length <= 1) return parts[0] ?? 'a bed';
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/** What the windows look out on, for a caption. */
function viewWord(land: Land): string {
  switch (land.setting) {
    case 'coast':
    case 'tropics':
      return 'sea';
    case 'mountains':
      return land.flora === 'northern' ? 'hill' : 'mountain';
    case 'lake':
      return 'lake';
    case 'city':
      return 'rooftop';
    case 'desert':
      return 'desert';
    default:
      return land.crop === 'vines' ? 'vineyard' : 'garden';
  }
}

function overlook(land: Land): string {
  switch (land.setting) {
    case 'coast':
    case 'tropics':
      return 'sea';
    case 'mountains':
      return land.flora === 'northern' ? 'hills' : 'mountains';
    case 'lake':
      return 'lake';
    case 'city':
      return 'rooftops';
    case 'desert':
      return 'desert';
    default:
      return land.crop === 'vines' ? 'vineyards' : land.crop === 'lavender' ? 'lavender fields' : 'valley';
  }
}

/** Where the building stands, after its noun: "among the vineyards", "above the sea". */
function setting(land: Land): string {
  switch (land.setting) {
    case 'coast':
      return 'above the sea';
    case 'tropics':
      return 'among the palms by the beach';
    case 'mountains':
      return land.snow ? 'below the snowy peaks' : 'in the hills';
    case 'lake':
      return 'by the lake';
    case 'city':
      return 'in the old town';
    case 'desert':
      return 'in the desert';
    default:
      return land.crop === 'vines'
        ? 'among the vineyards'
        : land.crop === 'lavender'
          ? 'among the lavender fields'
          : land.flora === 'savanna'
            ? 'in the bush'
            : 'in the countryside';
  }
}

function surroundings(land: Land, town: string): string {
  switch (land.setting) {
    case 'coast':
      return `The coast near ${town}`;
    case 'tropics':
      return `The beach near ${town}`;
    case 'mountains':
      return land.flora === 'northern' ? `The hills above ${town}` : `The mountains above ${town}`;
    case 'lake':
      return `The lake at ${town}`;
    case 'city':
      return `The old town of ${town}`;
    case 'desert':
      return `The desert near ${town} at sunset`;
    default:
      return land.crop === 'vines'
        ? `Vineyards near ${town}`
        : land.crop === 'lavender'
          ? `Lavender fields near ${town}`
          : land.flora === 'savanna'
            ? `The plains near ${town}`
            : `The countryside around ${town}`;
  }
}

function gardenCaption(tree: string): string {
  const named: Record<string, string> = {
    palm: 'Garden with palms',
    banana: 'Tropical garden',
    cypress: 'Garden with cypresses',
    olive: 'Garden with olive trees',
    'umbrella-pine': 'Garden with umbrella pines',
    oak: 'Garden and lawn',
    birch: 'Garden with birches',
    spruce: 'Garden at the edge of the forest',
    'scots-pine': 'Garden among the pines',
    agave: 'Desert garden with agaves',
    cactus: 'Cactus garden',
    acacia: 'Garden with acacias',
  };
  return named[tree] ?? 'The garden';
}
