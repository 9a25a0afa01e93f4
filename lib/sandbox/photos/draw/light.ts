import 'server-only';
import { Random } from '@/lib/sandbox/demo/random';
import type { Land, TimeOfDay } from '@/lib/sandbox/photos/scene-spec';
import { circle, ellipse, linear, mix, radial, rect } from './svg';

/*
 * Light of a photo: the sky's colours, the sun, and the one tint every colour of the scene passes through,
 * so a house, its garden and the hills behind it are lit alike (warm at golden hour, blue at dusk). Higher
 * latitudes get paler, greyer skies; the tropics deeper blue ones.
 */

export interface Light {
  time: TimeOfDay;
  /** A scene colour as this light shows it. */
  lit: (color: string) => string;
  /** A colour far away: lit, and faded into the haze. */
  far: (color: string, distance: number) => string;
  haze: string;
  sky: [string, string, string];
  sunColor: string;
  /** Windows glow and lamps are on. */
  evening: boolean;
  /** Lit window glass. */
  glow: string;
}

const SKY: Record<TimeOfDay, [string, string, string]> = {
  midday: ['#3f8fd8', '#8cc3ec', '#d6ecf8'],
  morning: ['#6fa8dc', '#b7d6ee', '#fbe6cc'],
  golden: ['#6a93c9', '#f2c38e', '#ffd39a'],
  dusk: ['#243063', '#6f5a93', '#f0956b'],
};
const TINT: Record<TimeOfDay, [string, number]> = {
  midday: ['#ffffff', 0],
  morning: ['#fff1de', 0.08],
  golden: ['#ff9a3d', 0.16],
  dusk: ['#2b2d5c', 0.42],
};

export function lightFor(time: TimeOfDay, land: Land): Light {
  const grey = land.lat >= 50 ? 0.28 : land.lat >= 44 ? 0.1 : 0;
  const deep = land.flora === 'tropical' ? 0.12 : 0;
  const sky = SKY[time].map((c, i) => {
    const greyed = mix(c, '#c9d2da', time === 'dusk' ? grey / 3 : grey);
    return i === 0 && deep ? mix(greyed, '#1f7fd0', deep) : greyed;
  }) as [string, string, string];
  const [tint, amount] = TINT[time];
  const lit = (c: string) => (amount ? mix(c, tint, amount) : c);
  const haze = sky[2];
  return {
    time,
    lit,
    far: (c, d) => mix(lit(c), haze, Math.min(0.85, d)),
    haze,
    sky,
    sunColor: time === 'golden' ? '#fff0c2' : time === 'dusk' ? '#ffb27a' : '#fffbea',
    evening: time === 'dusk',
    glow: '#ffd27a',
  };
}

/** Sky gradient, sun and clouds above `horizon`; ids are prefixed so a window can hold its own sky. */
export function sky(light: Light, v: number, w: number, horizon: number, id = 's'): string {
  const r = new Random(v * 31 + 7);
  const [top, mid, bottom] = light.sky;
  const sunX = w * (0.15 + r.next() * 0.7);
  const sunY =
    light.time === 'midday'
      ? horizon * 0.22
      : light.time === 'morning'
        ? horizon * 0.45
        : light.time === 'golden'
          ? horizon * 0.78
          : horizon * 1.02;
  const defs = `<defs>${linear(`${id}sky`, [
    [0, top],
    [0.62, mid],
    [1, bottom],
  ])}${radial(`${id}sun`, [
    [0, light.sunColor, 0.95],
    [0.25, light.sunColor, 0.45],
    [1, light.sunColor, 0],
  ])}</defs>`;
  const cloudColor = light.time === 'dusk' ? '#e9a49a' : light.time === 'golden' ? '#fff0dc' : '#ffffff';
  const clouds = Array.from({ length: r.int(2, 4) }, () => {
    const x = r.next() * w;
    const y = horizon * (0.12 + r.next() * 0.45);
    const s = 50 + r.next() * 70;
    const o = (0.55 + r.next() * 0.3).toFixed(2);
    const c = mix(light.sky[1], cloudColor, Number(o));
    return `${ellipse(x, y, s * 2.1, s * 0.42, c)}${circle(x - s * 0.6, y - s * 0.25, s * 0.55, c)}${circle(x + s * 0.35, y - s * 0.4, s * 0.7, c)}`;
  }).join('');
  const stars =
    light.time === 'dusk'
      ? Array.from({ length: 24 }, () =>
          circle(r.next() * w, r.next() * horizon * 0.5, 1.5 + r.next() * 2, '#fff', 'fill-opacity="0.8"'),
        ).join('')
      : '';
  const sunR = light.time === 'midday' ? 46 : 60;
  return `${defs}${rect(0, 0, w, horizon + 4, `url(#${id}sky)`)}${stars}${circle(sunX, sunY, sunR * 5, `url(#${id}sun)`)}${
    light.time === 'dusk' ? '' : circle(sunX, sunY, sunR, light.sunColor)
  }${clouds}`;
}
