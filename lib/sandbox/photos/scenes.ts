import 'server-only';
import { INSIDE } from './draw/inside';
import { lightFor } from './draw/light';
import { OUTSIDE } from './draw/outside';
import { decodeScene, type Home, type Land, type SceneSpec, type ShotKind } from './scene-spec';

/*
 * Procedural photos for the demo catalog: the SVG of a photo's scene (scene-spec.ts), drawn on a canvas
 * 1600 units wide in a flat illustrated style. No external assets; the CDN renders them to JPEG.
 */

const LEGACY_HOME: Home = {
  form: 'villa',
  noun: 'villa',
  storeys: 2,
  bays: 4,
  wing: false,
  material: 'render',
  wall: '#f4e4cf',
  roof: 'hip',
  roofColor: '#b5533c',
  trim: '#4f7d5c',
  shutters: true,
  chimney: false,
  balcony: false,
  pool: true,
  floor: '#d8cbb5',
  innerWall: '#f6f3ee',
  fabric: '#d9d2c5',
  accent: '#1f8f7e',
  timber: false,
  fireplace: false,
  extra: 'none',
};
const LEGACY_LAND: Land = { setting: 'coast', flora: 'mediterranean', lat: 40, snow: false, crop: 'none' };
const LEGACY_KIND: Record<string, ShotKind> = { coast: 'view', mountain: 'view' };

/** A scene stored before scenes carried their property (a bare kind such as `pool`): a generic villa. */
function legacySpec(scene: string, id: number): SceneSpec {
  const kind = LEGACY_KIND[scene] ?? (scene as ShotKind);
  const land: Land =
    scene === 'mountain'
      ? { ...LEGACY_LAND, setting: 'mountains', flora: 'alpine', snow: true }
      : LEGACY_LAND;
  return { shot: { kind, time: 'midday', v: id % 10_000 }, home: LEGACY_HOME, land };
}

/** The SVG of photo `id` showing `scene`, `width` × `height` pixels. */
export function sceneSvg(id: number, scene: string, width: number, height: number): string {
  const spec = decodeScene(scene) ?? legacySpec(scene, id);
  const aspect = width / height;
  // Landscape photos are drawn at their own shape; taller ones show the middle of a 4:3 drawing.
  const w = 1600;
  const h = aspect >= 1.3 ? Math.round(w / aspect) : 1200;
  const light = lightFor(spec.shot.time, spec.land);
  const inside = INSIDE[spec.shot.kind];
  const draw = inside ?? OUTSIDE[spec.shot.kind] ?? OUTSIDE.exterior!;
  let body = draw(spec, light, w, h);
  // Rooms are seen from either side, so two bedrooms or bathrooms of a house are not one picture twice.
  if (inside && spec.shot.v % 2 === 1) body = `<g transform="translate(${w},0) scale(-1,1)">${body}</g>`;
  const vw = aspect >= 1.3 ? w : h * aspect;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${((w - vw) / 2).toFixed(1)} 0 ${vw.toFixed(1)} ${h}" preserveAspectRatio="xMidYMid slice">${body}</svg>`;
}
