import 'server-only';
import { Random } from '@/lib/sandbox/demo/random';
import { type SceneSpec, TREES, type Tree } from '@/lib/sandbox/photos/scene-spec';
import { building, buildingHeight, texture } from './building';
import type { Light } from './light';
import { GROUND, landscape, tree } from './nature';
import { circle, ellipse, group, line, linear, path, poly, rect, shade } from './svg';

/*
 * Outdoor photos: the building from the front, its corner and from afar; its pool, terrace or balcony,
 * garden and hot tub; the outdoor shower; and the surroundings. Each draws the property's one building in
 * the place's one landscape.
 */

type Draw = (spec: SceneSpec, light: Light, w: number, h: number) => string;

const treesOf = (spec: SceneSpec) => TREES[spec.land.flora];

/** A few trees of the flora standing on the ground at the given places. */
function stand(spec: SceneSpec, light: Light, seed: number, places: [number, number, number][]): string {
  const r = new Random(seed);
  const kinds = treesOf(spec);
  return places
    .map(([x, base, size], i) => {
      const kind = r.pick(kinds);
      // Shrubs and agaves are a fraction of a tree's height.
      const scale = kind === 'shrub' || kind === 'agave' ? 0.32 : kind === 'banana' ? 0.7 : 1;
      return tree(kind, x, base, size * scale, light.lit, seed + i * 7);
    })
    .join('');
}

function shrubs(
  spec: SceneSpec,
  light: Light,
  x0: number,
  x1: number,
  base: number,
  size: number,
  seed: number,
): string {
  const r = new Random(seed);
  const green =
    spec.land.flora === 'arid' ? '#8a9a6a' : spec.land.flora === 'mediterranean' ? '#6f8a4f' : '#4f8a45';
  const flowers =
    spec.land.flora === 'mediterranean' ? '#b06ab8' : spec.land.flora === 'tropical' ? '#e0457b' : '#f2c14e';
  let out = '';
  for (let x = x0; x < x1; x += size * 0.9) {
    const s = size * (0.7 + r.next() * 0.5);
    out += ellipse(x, base - s * 0.35, s * 0.6, s * 0.42, light.lit(shade(green, 0.9 + r.next() * 0.2)));
    if (r.chance(0.4))
      out += circle(x + (r.next() - 0.5) * s * 0.6, base - s * 0.5, s * 0.08, light.lit(flowers));
  }
  return out;
}

/** A pool seen from above-front: a trapezoid of water with coping and ripples. */
function pool(
  light: Light,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  inset: number,
  id: string,
): string {
  const water = light.evening
    ? ['#2fb6c9', '#7fe3e8']
    : light.time === 'golden'
      ? ['#3aa7bd', '#8fdbe0']
      : ['#2fa8d0', '#7fdbea'];
  const coping = light.lit('#efe8dc');
  const pts = (d: number): [number, number][] => [
    [x0 + inset - d, y0 - d * 0.5],
    [x1 - inset + d, y0 - d * 0.5],
    [x1 + d, y1 + d * 0.5],
    [x0 - d, y1 + d * 0.5],
  ];
  const ripples = Array.from({ length: 7 }, (_, i) => {
    const t = (i + 0.5) / 7;
    const y = y0 + (y1 - y0) * t;
    const xl = x0 + inset * (1 - t) + 30;
    const xr = x1 - inset * (1 - t) - 30;
    const x = xl + (((i * 37) % 60) / 60) * (xr - xl - 120);
    return `<path d="M${x.toFixed(1)},${y.toFixed(1)} q30,-8 60,0 t60,0" stroke="#ffffff" stroke-width="${(2 + t * 3).toFixed(1)}" fill="none" stroke-opacity="0.5"/>`;
  }).join('');
  return `<defs>${linear(`${id}pool`, [
    [0, water[1]!],
    [1, water[0]!],
  ])}</defs>${poly(pts(18), coping)}${poly(pts(0), `url(#${id}pool)`)}${poly(
    [
      [x0 + inset, y0],
      [x1 - inset, y0],
      [x1 - inset - 6, y0 + 14],
      [x0 + inset + 6, y0 + 14],
    ],
    '#000000',
    'fill-opacity="0.12"',
  )}${ripples}`;
}

function lounger(light: Light, x: number, y: number, s: number, cushion: string): string {
  return `${poly(
    [
      [x, y],
      [x + s * 1.6, y],
      [x + s * 1.75, y - s * 0.18],
      [x + s * 0.15, y - s * 0.18],
    ],
    light.lit('#f7f5f0'),
  )}${poly(
    [
      [x + s * 0.1, y - s * 0.18],
      [x + s * 0.55, y - s * 0.18],
      [x + s * 0.45, y - s * 0.6],
      [x + s * 0.05, y - s * 0.55],
    ],
    light.lit(cushion),
  )}${rect(x + s * 0.05, y, s * 0.05, s * 0.12, light.lit('#8a8a8a'))}${rect(x + s * 1.55, y, s * 0.05, s * 0.12, light.lit('#8a8a8a'))}`;
}

function parasol(light: Light, x: number, y: number, s: number, color: string): string {
  return `${rect(x - 3, y - s * 1.4, 6, s * 1.4, light.lit('#7a6a5a'))}${path(`M${x - s * 0.8},${y - s * 1.2} Q${x},${y - s * 1.75} ${x + s * 0.8},${y - s * 1.2} Z`, light.lit(color))}${path(`M${x - s * 0.8},${y - s * 1.2} Q${x - s * 0.2},${y - s * 1.6} ${x},${y - s * 1.6} L${x},${y - s * 1.2} Z`, shade(light.lit(color), 1.1))}`;
}

function table(light: Light, x: number, y: number, s: number, wood: string, chairs: string): string {
  const t = light.lit(wood);
  let out = '';
  for (const dx of [-0.75, 0.75]) {
    out += rect(
      x + dx * s - s * 0.12,
      y - s * 0.7,
      s * 0.24,
      s * 0.75,
      light.lit(chairs),
      `rx="${(s * 0.05).toFixed(1)}"`,
    );
  }
  out += ellipse(x, y - s * 0.42, s * 0.75, s * 0.14, t);
  out += rect(x - s * 0.05, y - s * 0.42, s * 0.1, s * 0.45, shade(t, 0.7));
  out += rect(x - s * 0.25, y - s * 0.62, s * 0.12, s * 0.2, light.lit('#cfe3e6'), 'fill-opacity="0.8"');
  out += circle(x + s * 0.2, y - s * 0.5, s * 0.09, light.lit('#e07a5f'));
  return out;
}

/** The near ground of an exterior, with the building's garden and a path to its door. */
function front(spec: SceneSpec, light: Light, w: number, h: number, angle: 'front' | 'corner'): string {
  const { home, land, shot } = spec;
  const r = new Random(shot.v);
  const hz = h * (angle === 'front' ? 0.5 : 0.46);
  const waterBelow = land.setting === 'coast' || land.setting === 'tropics' || land.setting === 'lake';
  let out = landscape(land, light, shot.v, w, h, {
    horizon: hz,
    water: waterBelow ? h * 0.06 : 0,
    ground: hz + h * 0.1,
  });
  const apartment = home.form === 'apartment';
  const terraced = home.form === 'townhouse';
  const base = h * (angle === 'front' ? 0.8 : 0.78);
  const depth = angle === 'front' ? 0.32 : 0.85;
  let width =
    w *
    (home.form === 'estate'
      ? 0.7
      : apartment
        ? 0.36
        : terraced
          ? 0.26
          : home.form === 'cabin' || home.form === 'cottage'
            ? 0.46
            : 0.56);
  if (angle === 'corner') width *= 1.1;
  const tall = buildingHeight(home, width, depth);
  if (tall > base - h * 0.1) width *= (base - h * 0.1) / tall;
  const x = angle === 'front' ? w * 0.5 : w * 0.42;
  const mirror = angle === 'corner' && shot.v % 2 === 1;
  // Trees behind the building, then the building, then the garden in front.
  out += stand(spec, light, shot.v + 1, [
    [x - width * 0.62, base - h * 0.08, h * 0.34],
    [x + width * 0.6, base - h * 0.07, h * 0.3],
  ]);
  if (terraced || (apartment && land.setting === 'city')) {
    // Neighbours on both sides: a street of them.
    const nb = ['#e9d3b4', '#d8e3e0', '#f0d9d2', '#e6dcc0', '#dfe7ea'];
    const nw = width * 0.95;
    for (const side of [-1, 1]) {
      const nx = x + side * (width * 0.5 + nw * 0.5) - (side > 0 ? 0 : 0);
      const nh = tall * (0.8 + r.next() * 0.3);
      const wall = light.lit(nb[r.int(0, nb.length - 1)]!);
      out += rect(nx - nw / 2, base - nh, nw, nh, wall);
      for (let wy = base - nh + nh * 0.12; wy < base - nh * 0.2; wy += nh * 0.22)
        for (let k = 0; k < 3; k++)
          out += rect(
            nx - nw / 2 + nw * (0.14 + k * 0.28),
            wy,
            nw * 0.16,
            nh * 0.12,
            light.evening && r.chance(0.4) ? light.glow : light.lit('#6f8aa0'),
          );
      out += rect(nx - nw / 2 - 6, base - nh - 10, nw + 12, 14, shade(wall, 0.85));
    }
  }
  out += building(home, light, { x, base, width, depth, mirror });
  if (terraced || apartment) {
    out += rect(0, base, w, h - base, light.lit('#b9b2a6'));
    out += rect(0, base + (h - base) * 0.4, w, (h - base) * 0.6, light.lit('#8f8c88'));
    out += rect(0, base, w, 8, light.lit('#d8d2c6'));
    if (land.setting !== 'city')
      out += stand(spec, light, shot.v + 3, [
        [w * 0.08, h * 0.98, h * 0.5],
        [w * 0.93, h * 0.99, h * 0.46],
      ]);
    return out + dusk(light, w, h);
  }
  // Garden: lawn, a path, shrubs along the wall, trees at the sides, the pool in front.
  const lawn = light.lit(GROUND[land.flora]);
  out += rect(0, base - 2, w, h - base + 2, shade(lawn, 1.02));
  const doorX = mirror ? 2 * x - (x - width * 0.06) : x - width * 0.06;
  if (!home.pool || angle === 'corner')
    out += poly(
      [
        [doorX - 30, base],
        [doorX + 30, base],
        [doorX + 150, h],
        [doorX - 150, h],
      ],
      light.lit(land.flora === 'arid' ? '#e8d2a8' : '#e3d5b8'),
    );
  out += shrubs(spec, light, x - width * 0.48, x + width * 0.3, base + 6, h * 0.05, shot.v);
  if (home.pool) {
    const py = angle === 'front' ? h * 0.88 : h * 0.86;
    out +=
      angle === 'front'
        ? pool(light, w * 0.12, py, w * 0.88, h + 40, 60, 'p')
        : pool(light, w * (mirror ? 0.05 : 0.52), py, w * (mirror ? 0.5 : 0.98), h + 30, 40, 'p');
    if (angle === 'front') out += lounger(light, w * 0.04, h * 0.9, 90, spec.home.accent);
  }
  out += stand(spec, light, shot.v + 2, [
    [w * 0.06, h * 1.0, h * 0.62],
    [w * 0.95, h * 0.98, h * 0.56],
  ]);
  return out + dusk(light, w, h);
}

/** A blue veil over everything at dusk, under which the lit windows still glow (they were drawn warm). */
function dusk(light: Light, w: number, h: number): string {
  return light.evening ? rect(0, 0, w, h, '#1c2150', 'fill-opacity="0.12"') : '';
}

const exterior: Draw = (spec, light, w, h) => {
  const angle = spec.shot.angle ?? 'front';
  if (angle !== 'far') return front(spec, light, w, h, angle);
  const { home, land, shot } = spec;
  const hz = h * 0.42;
  const waterBelow = land.setting === 'coast' || land.setting === 'tropics' || land.setting === 'lake';
  let out = landscape(land, light, shot.v, w, h, {
    horizon: hz,
    water: waterBelow ? h * 0.12 : 0,
    ground: hz + h * 0.16,
  });
  const r = new Random(shot.v);
  const base = h * 0.7;
  const x = w * (0.38 + r.next() * 0.24);
  const width = w * (home.form === 'estate' ? 0.38 : home.form === 'apartment' ? 0.2 : 0.3);
  // The plot the building stands on, nearer than the far land.
  const plot = light.lit(shade(GROUND[land.flora], 1.04));
  out += path(
    `M0,${h} L0,${base - 20} Q${w * 0.3},${base - 60} ${x},${base - 30} Q${w * 0.75},${base - 10} ${w},${base - 50} L${w},${h} Z`,
    plot,
  );
  if (land.setting === 'tropics')
    out +=
      tree('palm', x - width * 0.7, base, h * 0.3, light.lit, shot.v) +
      tree('palm', x + width * 0.75, base + 6, h * 0.26, light.lit, shot.v + 1);
  else
    out += stand(spec, light, shot.v + 4, [
      [x - width * 0.75, base, h * 0.2],
      [x + width * 0.72, base + 4, h * 0.18],
    ]);
  out += building(home, light, { x, base, width, depth: 0.6, mirror: shot.v % 2 === 0 });
  if (home.pool) out += pool(light, x - width * 0.45, base + 16, x + width * 0.45, base + 70, 20, 'p');
  // The near ground: rows of the crop, or the flora's plants.
  if (land.crop !== 'none') {
    const color = light.lit(land.crop === 'vines' ? '#4f7f3a' : '#8f72bf');
    for (let i = -8; i <= 8; i++)
      out += `<path d="M${w / 2 + i * 30},${base + 80} L${w / 2 + i * 220},${h}" stroke="${color}" stroke-width="${land.crop === 'vines' ? 16 : 26}" stroke-linecap="round"/>`;
  }
  out += shrubs(spec, light, 0, w, h * 0.99, h * 0.08, shot.v + 5);
  out += stand(spec, light, shot.v + 6, [[w * (shot.v % 2 ? 0.08 : 0.9), h * 1.02, h * 0.7]]);
  return out + dusk(light, w, h);
};

const poolShot: Draw = (spec, light, w, h) => {
  const { home, land, shot } = spec;
  const hz = h * 0.38;
  const waterBelow = land.setting === 'coast' || land.setting === 'tropics' || land.setting === 'lake';
  let out = landscape(land, light, shot.v, w, h, {
    horizon: hz,
    water: waterBelow ? h * 0.05 : 0,
    ground: hz + h * 0.08,
  });
  const base = h * 0.56;
  const x = w * 0.68;
  out += stand(spec, light, shot.v + 1, [[w * 0.36, base, h * 0.3]]);
  out += building(home, light, { x, base, width: w * 0.5, depth: 0.7, mirror: false });
  out += rect(0, base - 4, w, h - base + 4, light.lit('#e9dcc6'));
  for (let i = 0; i < 12; i++) out += rect(0, base + i * 34, w, 2, light.lit('#d6c6ab'));
  out += pool(light, w * 0.06, h * 0.64, w * 0.94, h * 0.98, 90, 'p');
  if (shot.loungers)
    for (let i = 0; i < 3; i++) out += lounger(light, w * (0.08 + i * 0.13), h * 0.6, 120, home.accent);
  out += parasol(light, w * 0.5, h * 0.6, 150, home.accent);
  out += stand(spec, light, shot.v + 2, [[w * 0.02, h * 0.66, h * 0.55]]);
  return out + dusk(light, w, h);
};

/** A terrace or a balcony looking over the landscape, with a table. */
const terrace: Draw = (spec, light, w, h) => {
  const { home, land, shot } = spec;
  const balcony = shot.kind === 'balcony';
  const hz = h * (balcony ? 0.5 : 0.46);
  const waterBelow = land.setting === 'coast' || land.setting === 'tropics' || land.setting === 'lake';
  let out = landscape(land, light, shot.v, w, h, {
    horizon: hz,
    water: waterBelow ? h * 0.16 : 0,
    ground: hz + (waterBelow ? h * 0.2 : h * 0.1),
  });
  if (balcony && land.setting === 'city') out += rect(0, hz + h * 0.05, w, h, light.far('#b9a890', 0.4));
  const floorY = h * 0.74;
  // A wall of the house at the side, with a door.
  const wall = light.lit(home.wall);
  out += rect(0, 0, w * 0.14, floorY, wall);
  out += rect(
    w * 0.03,
    floorY - h * 0.45,
    w * 0.09,
    h * 0.45,
    light.evening ? light.glow : light.lit('#5f7f96'),
  );
  out += rect(w * 0.14, 0, 10, floorY, shade(wall, 0.85));
  // Floor: stone or decking.
  const floor = light.lit(
    balcony ? '#cfc8bc' : home.timber || land.flora === 'tropical' ? '#b08150' : '#e2d3b8',
  );
  out += rect(0, floorY, w, h - floorY, floor);
  for (let i = 0; i < 8; i++) out += rect(0, floorY + i * ((h - floorY) / 8) + 6, w, 2, shade(floor, 0.88));
  // Balustrade: glass on a balcony, a low white wall or rail on a terrace.
  if (balcony) {
    out += rect(w * 0.15, floorY - h * 0.16, w * 0.85, h * 0.16, light.lit('#cfe6ee'), 'fill-opacity="0.35"');
    out += rect(w * 0.15, floorY - h * 0.17, w * 0.85, 10, light.lit('#5a5f66'));
  } else if (land.flora === 'mediterranean' || land.flora === 'arid') {
    out += rect(w * 0.15, floorY - h * 0.09, w * 0.85, h * 0.09, light.lit('#f4efe6'));
    out += rect(w * 0.15, floorY - h * 0.1, w * 0.85, 14, light.lit('#e6ddd0'));
  } else {
    for (let x = w * 0.16; x < w; x += 52)
      out += rect(x, floorY - h * 0.13, 10, h * 0.13, light.lit('#7a5a3a'));
    out += rect(w * 0.15, floorY - h * 0.14, w * 0.85, 14, light.lit('#6a4a2e'));
  }
  // Pots of the local plants.
  const r = new Random(shot.v);
  const kind: Tree =
    land.flora === 'tropical'
      ? 'banana'
      : land.flora === 'arid'
        ? 'agave'
        : land.flora === 'mediterranean'
          ? 'olive'
          : 'shrub';
  for (const px of [w * 0.2, w * 0.9]) {
    out += tree(kind, px, floorY + 10, h * (0.2 + r.next() * 0.08), light.lit, shot.v + px);
    out += poly(
      [
        [px - 40, floorY - 30],
        [px + 40, floorY - 30],
        [px + 30, floorY + 20],
        [px - 30, floorY + 20],
      ],
      light.lit('#c0643f'),
    );
  }
  out += table(
    light,
    w * 0.55,
    h * 0.97,
    balcony ? 230 : 300,
    home.timber ? '#8a5a33' : '#a0785a',
    home.accent,
  );
  if (light.time === 'golden' || light.evening) {
    for (let i = 0; i < 14; i++) {
      const x = w * 0.15 + i * (w * 0.06);
      const y = h * 0.08 + Math.sin((i / 13) * Math.PI) * h * 0.06;
      out += circle(x, y, 6, '#ffe7a3');
    }
    out += `<path d="M${w * 0.15},${h * 0.08} Q${w * 0.55},${h * 0.2} ${w},${h * 0.08}" stroke="#3a3a3a" stroke-width="2" fill="none"/>`;
  }
  return out + dusk(light, w, h);
};

const garden: Draw = (spec, light, w, h) => {
  const { home, land, shot } = spec;
  const hz = h * 0.42;
  let out = landscape(land, light, shot.v, w, h, { horizon: hz, water: 0, ground: hz + h * 0.06 });
  const base = h * 0.6;
  out += building(home, light, { x: w * 0.78, base, width: w * 0.36, depth: 0.6, mirror: true });
  const lawn = light.lit(shade(GROUND[land.flora], land.flora === 'arid' ? 1 : 1.05));
  out += path(`M0,${h} L0,${base - 10} Q${w * 0.5},${base - 40} ${w},${base} L${w},${h} Z`, lawn);
  // Mown stripes or gravel.
  if (land.flora !== 'arid' && land.flora !== 'savanna')
    for (let i = 0; i < 6; i++)
      out += poly(
        [
          [w * (0.1 + i * 0.16), base],
          [w * (0.16 + i * 0.16), base],
          [w * (0.1 + i * 0.3), h],
          [w * (0.0 + i * 0.3), h],
        ],
        shade(lawn, 1.05),
        'fill-opacity="0.5"',
      );
  out += path(
    `M${w * 0.58},${base} Q${w * 0.42},${h * 0.78} ${w * 0.5},${h} L${w * 0.72},${h} Q${w * 0.56},${h * 0.78} ${w * 0.64},${base} Z`,
    light.lit('#e3d5b8'),
  );
  const focus = (shot.focus as Tree | undefined) ?? treesOf(spec)[0]!;
  out += tree(focus, w * 0.2, h * 0.86, h * 0.62, light.lit, shot.v);
  out += tree(focus, w * 0.4, h * 0.66, h * 0.36, light.lit, shot.v + 1);
  out += tree(focus, w * 0.92, h * 1.02, h * 0.7, light.lit, shot.v + 2);
  out += shrubs(spec, light, w * 0.02, w * 0.45, h * 0.98, h * 0.07, shot.v + 3);
  return out + dusk(light, w, h);
};

const hotTub: Draw = (spec, light, w, h) => {
  const { home, land, shot } = spec;
  const hz = h * 0.5;
  let out = landscape(land, light, shot.v, w, h, { horizon: hz, water: 0, ground: hz + h * 0.04 });
  out += building(home, light, {
    x: w * 0.08,
    base: h * 0.7,
    width: w * 0.5,
    depth: 0.8,
    mirror: false,
  });
  out += rect(0, h * 0.68, w, h * 0.32, light.lit('#8a6a4a'));
  for (let i = 0; i < 10; i++) out += rect(0, h * 0.68 + i * (h * 0.032), w, 3, light.lit('#6a4a32'));
  out += ellipse(w * 0.55, h * 0.8, w * 0.26, h * 0.1, light.lit('#5a3e2a'));
  out += ellipse(w * 0.55, h * 0.79, w * 0.23, h * 0.075, '#5fd0d8');
  out += ellipse(w * 0.55, h * 0.79, w * 0.16, h * 0.045, '#9ff0f0', 'fill-opacity="0.6"');
  for (let i = 0; i < 5; i++)
    out += `<path d="M${w * (0.45 + i * 0.05)},${h * 0.74} q-20,-40 0,-80 q20,-40 0,-80" stroke="#ffffff" stroke-width="10" fill="none" stroke-opacity="0.18" stroke-linecap="round"/>`;
  out += stand(spec, light, shot.v, [[w * 0.95, h * 0.72, h * 0.5]]);
  return out + dusk(light, w, h);
};

const outdoorShower: Draw = (spec, light, w, h) => {
  const { home, land, shot } = spec;
  let out = landscape(land, light, shot.v, w, h, { horizon: h * 0.5, ground: h * 0.58 });
  // A screen of the house's own wall (or timber slats in the tropics) with the shower on it, a deck below.
  const slats = land.flora === 'tropical' || home.material === 'wood' || home.material === 'logs';
  const wall = light.lit(slats ? '#a07850' : home.wall);
  const x0 = w * 0.3;
  const x1 = w * 0.64;
  out += rect(x0, h * 0.1, x1 - x0, h * 0.8, wall);
  if (!slats) out += group(texture(home, wall, x1 - x0, h * 0.8, 48), `translate(${x0},${h * 0.9})`);
  if (slats) for (let x = x0; x < x1; x += 34) out += rect(x, h * 0.1, 4, h * 0.8, light.lit('#7a5230'));
  out += rect(x1, h * 0.1, 16, h * 0.8, shade(light.lit(slats ? '#a07850' : home.wall), 0.8));
  const sx = w * 0.47;
  out += rect(sx - 6, h * 0.2, 12, h * 0.62, light.lit('#9a9a9a'));
  out += rect(sx - 90, h * 0.2, 96, 12, light.lit('#9a9a9a'));
  out += ellipse(sx - 90, h * 0.225, 48, 12, light.lit('#b8b8b8'));
  out += rect(sx - 20, h * 0.6, 40, 14, light.lit('#b8b8b8'), 'rx="6"');
  for (let i = 0; i < 16; i++) {
    const x = sx - 90 + (i - 8) * 5;
    out += line(
      x,
      h * 0.25,
      x + (i - 8) * 3,
      h * (0.6 + (i % 3) * 0.05),
      '#e0f4fb',
      3,
      'stroke-opacity="0.7"',
    );
  }
  out += rect(0, h * 0.88, w, h * 0.12, light.lit('#9c6b3f'));
  for (let x = 0; x < w; x += 36) out += rect(x, h * 0.88, 4, h * 0.12, light.lit('#7a4f2c'));
  const kind: Tree =
    land.flora === 'tropical'
      ? 'banana'
      : land.flora === 'mediterranean'
        ? 'olive'
        : land.flora === 'arid'
          ? 'agave'
          : 'shrub';
  out += tree(kind, w * 0.28, h * 0.92, h * 0.42, light.lit, shot.v);
  out += tree(kind, w * 0.72, h * 0.94, h * 0.5, light.lit, shot.v + 1);
  out += rect(x1 - 70, h * 0.42, 60, h * 0.16, light.lit(home.accent), 'rx="6"');
  return out;
};

const view: Draw = (spec, light, w, h) => {
  const { land, shot } = spec;
  const hz = h * 0.45;
  const waterBelow = land.setting === 'coast' || land.setting === 'tropics' || land.setting === 'lake';
  let out = landscape(land, light, shot.v, w, h, {
    horizon: hz,
    water: waterBelow ? h * 0.22 : 0,
    ground: hz + (waterBelow ? h * 0.26 : h * 0.14),
  });
  const r = new Random(shot.v);
  switch (land.setting) {
    case 'coast':
    case 'tropics': {
      const sand = light.lit(land.setting === 'tropics' ? '#f3e3b8' : '#e9d5a8');
      out += path(`M0,${h * 0.78} Q${w * 0.45},${h * 0.66} ${w},${h * 0.74} L${w},${h} L0,${h} Z`, sand);
      out += `<path d="M0,${h * 0.78} Q${w * 0.45},${h * 0.66} ${w},${h * 0.74}" stroke="#ffffff" stroke-width="8" fill="none" stroke-opacity="0.7"/>`;
      if (land.setting === 'coast')
        out += poly(
          [
            [w, h * 0.3],
            [w * 0.8, h * 0.5],
            [w * 0.76, h * 0.74],
            [w, h * 0.8],
          ],
          light.lit(land.flora === 'mediterranean' ? '#b89a74' : '#8d7a5e'),
        );
      out += stand(spec, light, shot.v, [
        [w * 0.08, h * 0.98, h * 0.6],
        [w * 0.2, h * 0.92, h * 0.45],
      ]);
      break;
    }
    case 'lake': {
      out += rect(w * 0.35, h * 0.72, w * 0.3, h * 0.04, light.lit('#8a6a4a'));
      for (let i = 0; i < 6; i++)
        out += rect(w * (0.36 + i * 0.05), h * 0.76, 10, h * 0.08, light.lit('#6a4a32'));
      out += path(
        `M${w * 0.48},${h * 0.68} L${w * 0.6},${h * 0.68} L${w * 0.57},${h * 0.71} L${w * 0.51},${h * 0.71} Z`,
        light.lit('#c0643f'),
      );
      out += path(
        `M0,${h * 0.8} Q${w * 0.5},${h * 0.76} ${w},${h * 0.82} L${w},${h} L0,${h} Z`,
        light.lit(GROUND[land.flora]),
      );
      out += stand(spec, light, shot.v, [
        [w * 0.06, h * 1.0, h * 0.6],
        [w * 0.92, h * 1.0, h * 0.55],
      ]);
      break;
    }
    case 'city': {
      out += rect(0, h * 0.7, w, h * 0.3, light.lit('#b9ad98'));
      for (let i = 0; i < 4; i++) {
        const x = w * (0.05 + i * 0.25);
        out += rect(
          x,
          h * 0.42,
          w * 0.2,
          h * 0.28,
          light.lit(['#e9c9a0', '#dfe7ea', '#f0d9d2', '#e6dcc0'][i]!),
        );
        out += poly(
          [
            [x - 10, h * 0.5],
            [x + w * 0.2 + 10, h * 0.5],
            [x + w * 0.2, h * 0.56],
            [x, h * 0.56],
          ],
          light.lit(['#c8553d', '#2f6690', '#588157', '#d9a441'][i]!),
        );
        out += rect(
          x + w * 0.05,
          h * 0.58,
          w * 0.1,
          h * 0.12,
          light.evening ? light.glow : light.lit('#5a6a78'),
        );
      }
      for (let i = 0; i < 3; i++)
        out += table(light, w * (0.2 + i * 0.3), h * 0.92, 110, '#7a7a7a', '#d9d2c5');
      break;
    }
    default: {
      if (land.crop !== 'none') {
        const color = light.lit(land.crop === 'vines' ? '#4f7f3a' : '#8f72bf');
        for (let i = -10; i <= 10; i++)
          out += `<path d="M${w / 2 + i * 24},${hz + h * 0.16} L${w / 2 + i * 200},${h}" stroke="${color}" stroke-width="${land.crop === 'vines' ? 14 : 24}" stroke-linecap="round"/>`;
      } else {
        out += path(
          `M${w * 0.45},${h} Q${w * 0.5},${h * 0.75} ${w * 0.52},${hz + h * 0.16} L${w * 0.54},${hz + h * 0.16} Q${w * 0.6},${h * 0.75} ${w * 0.65},${h} Z`,
          light.lit(land.flora === 'savanna' || land.flora === 'arid' ? '#d8b98a' : '#d9c9a3'),
        );
      }
      out += stand(spec, light, shot.v, [
        [w * (0.1 + r.next() * 0.1), h * 0.95, h * 0.5],
        [w * (0.8 + r.next() * 0.1), h * 0.9, h * 0.42],
      ]);
    }
  }
  if (land.setting === 'desert' || (land.setting === 'mountains' && land.flora === 'arid'))
    out += stand(spec, light, shot.v + 9, [[w * 0.5, h * 0.96, h * 0.25]]);
  return out + dusk(light, w, h);
};

export const OUTSIDE: Record<string, Draw> = {
  exterior,
  pool: poolShot,
  terrace,
  balcony: terrace,
  garden,
  'hot-tub': hotTub,
  'outdoor-shower': outdoorShower,
  view,
};
