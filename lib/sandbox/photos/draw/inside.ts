import 'server-only';
import { Random } from '@/lib/sandbox/demo/random';
import type { SceneSpec } from '@/lib/sandbox/photos/scene-spec';
import type { Light } from './light';
import { landscape } from './nature';
import { circle, ellipse, line, mix, poly, rect, shade } from './svg';

/*
 * Interiors: a room in one-point perspective with the property's floor, walls and fabrics, a window onto
 * the place's own landscape, and the furniture of the room the listing names (the beds of each bedroom,
 * the bathroom's tub or shower, the kitchen's island or breakfast bar).
 */

type Draw = (spec: SceneSpec, light: Light, w: number, h: number) => string;

interface Room {
  w: number;
  h: number;
  /** Back wall. */
  x0: number;
  x1: number;
  y0: number;
  y1: number;
  /** Vanishing point. */
  vx: number;
  vy: number;
}

/** The room's box: rooms differ a little in depth and in where the camera stands. */
function roomBox(w: number, h: number, v: number): Room {
  const depth = 0.1 + (v % 5) * 0.015;
  const off = (((v >> 3) % 5) - 2) * 0.015;
  return {
    w,
    h,
    x0: w * (depth + off),
    x1: w * (1 - depth + off),
    y0: h * 0.08,
    y1: h * 0.66,
    vx: w * (0.5 + off),
    vy: h * 0.4,
  };
}

/** Where a back-wall-bottom x lands at canvas height y, following the perspective. */
const toward = (room: Room, x: number, y: number) =>
  room.vx + ((x - room.vx) * (y - room.vy)) / (room.y1 - room.vy);

function shell(spec: SceneSpec, light: Light, room: Room, tiles: boolean): string {
  const { home } = spec;
  const { w, h, x0, x1, y0, y1 } = room;
  const wall = light.lit(home.innerWall);
  const floor = light.lit(home.floor);
  let out = '';
  out += rect(0, 0, w, h, wall);
  out += poly(
    [
      [0, 0],
      [w, 0],
      [x1, y0],
      [x0, y0],
    ],
    shade(wall, 1.05),
  );
  out += poly(
    [
      [0, 0],
      [x0, y0],
      [x0, y1],
      [0, h],
    ],
    shade(wall, 0.9),
  );
  out += poly(
    [
      [w, 0],
      [x1, y0],
      [x1, y1],
      [w, h],
    ],
    shade(wall, 0.86),
  );
  out += poly(
    [
      [x0, y1],
      [x1, y1],
      [w, h],
      [0, h],
    ],
    floor,
  );
  // Planks or tiles converging on the vanishing point.
  const step = tiles ? (x1 - x0) / 8 : (x1 - x0) / 14;
  for (let x = x0 + step; x < x1 - 1; x += step)
    out += line(x, y1, toward(room, x, h), h, shade(floor, 0.85), 2);
  if (tiles)
    for (let i = 1; i < 6; i++) {
      const y = y1 + (h - y1) * (i / 6) ** 1.6;
      out += line(toward(room, x0, y), y, toward(room, x1, y), y, shade(floor, 0.85), 2);
    }
  // Skirting and the ceiling's edge.
  out += rect(x0, y1 - 10, x1 - x0, 10, shade(wall, 0.92));
  if (home.timber) for (let y = y0 + 26; y < y1; y += 26) out += rect(x0, y, x1 - x0, 2, shade(wall, 0.88));
  // A beam or two under a timber or cottage ceiling.
  if (home.timber || home.form === 'cottage' || home.form === 'farmhouse')
    for (const t of [0.35, 0.7]) {
      const y = y0 * t;
      out += poly(
        [
          [0, y * 0.9],
          [w, y * 0.9],
          [w, y * 0.9 + 26],
          [0, y * 0.9 + 26],
        ],
        light.lit('#7a5230'),
      );
    }
  return out;
}

/** A window in the back wall onto the property's landscape (the sky of the shot's time of day). */
function windowView(
  spec: SceneSpec,
  light: Light,
  x: number,
  y: number,
  ww: number,
  wh: number,
  doors = false,
): string {
  const vh = Math.round((1600 * wh) / ww);
  const inner = landscape(spec.land, light, spec.shot.v, 1600, vh, {
    horizon: vh * 0.55,
    water: vh * 0.2,
    ground: vh * 0.78,
    small: true,
    id: 'w',
  });
  const frame = spec.home.timber ? light.lit('#8a5a33') : light.lit('#fbfaf7');
  const f = 14;
  let out = rect(x - f, y - f, ww + 2 * f, wh + 2 * f, frame);
  out += `<svg x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${ww.toFixed(1)}" height="${wh.toFixed(1)}" viewBox="0 0 1600 ${vh}" preserveAspectRatio="xMidYMid slice">${inner}${light.evening ? rect(0, 0, 1600, vh, '#1c2150', 'fill-opacity="0.25"') : ''}</svg>`;
  const panes = doors ? 3 : 2;
  for (let i = 1; i < panes; i++) out += rect(x + (ww * i) / panes - f / 2, y, f, wh, frame);
  if (!doors) out += rect(x, y + wh * 0.42, ww, f * 0.7, frame);
  out += rect(x - f * 2, y + wh + f * 0.4, ww + f * 4, f, shade(frame, 0.9));
  // Curtains.
  const c = light.lit(mix(spec.home.fabric, '#ffffff', 0.55));
  out += rect(x - f - ww * 0.1, y - f * 2, ww * 0.12, wh + f * 3, c, 'rx="10"');
  out += rect(x + ww + f - ww * 0.02, y - f * 2, ww * 0.12, wh + f * 3, c, 'rx="10"');
  return out;
}

function art(
  light: Light,
  x: number,
  y: number,
  ww: number,
  wh: number,
  accent: string,
  seed: number,
): string {
  const r = new Random(seed);
  let out = rect(x - 8, y - 8, ww + 16, wh + 16, light.lit('#3a3a3a'));
  out += rect(x, y, ww, wh, light.lit('#f4efe6'));
  out += circle(x + ww * (0.3 + r.next() * 0.4), y + wh * 0.45, Math.min(ww, wh) * 0.22, light.lit(accent));
  out += rect(x + ww * 0.1, y + wh * 0.65, ww * 0.8, wh * 0.2, light.lit(mix(accent, '#ffffff', 0.5)));
  return out;
}

function plant(light: Light, x: number, base: number, s: number): string {
  let out = poly(
    [
      [x - s * 0.22, base - s * 0.32],
      [x + s * 0.22, base - s * 0.32],
      [x + s * 0.17, base],
      [x - s * 0.17, base],
    ],
    light.lit('#d9cbb5'),
  );
  for (const [a, c] of [
    [-0.5, '#3f7a3a'],
    [0.1, '#5f9a4a'],
    [0.6, '#3f7a3a'],
    [-0.15, '#4f8a42'],
  ] as const)
    out += ellipse(
      x + a * s * 0.35,
      base - s * (0.62 + Math.abs(a) * 0.1),
      s * 0.12,
      s * 0.32,
      light.lit(c),
      `transform="rotate(${a * 40} ${x + a * s * 0.35} ${base - s * 0.62})"`,
    );
  return out;
}

function lamp(light: Light, x: number, base: number, s: number): string {
  const shadeColor = light.evening ? '#ffe2a0' : light.lit('#f3ead8');
  let out = rect(x - 3, base - s, 6, s, light.lit('#3a3a3a'));
  out += poly(
    [
      [x - s * 0.16, base - s],
      [x + s * 0.16, base - s],
      [x + s * 0.12, base - s * 1.22],
      [x - s * 0.12, base - s * 1.22],
    ],
    shadeColor,
  );
  if (light.evening) out += ellipse(x, base - s * 0.9, s * 0.5, s * 0.3, '#ffd27a', 'fill-opacity="0.25"');
  return out;
}

function sofa(light: Light, x: number, base: number, width: number, fabric: string, accent: string): string {
  const f = light.lit(fabric);
  const s = width / 4;
  let out = ellipse(x + width / 2, base + 6, width * 0.55, 18, '#000000', 'fill-opacity="0.12"');
  out += rect(x + s * 0.15, base - s * 1.3, width - s * 0.3, s * 0.8, shade(f, 0.92), `rx="${s * 0.2}"`);
  out += rect(x, base - s * 0.75, width, s * 0.6, f, `rx="${s * 0.15}"`);
  out += rect(x - s * 0.05, base - s * 1.0, s * 0.38, s * 0.95, shade(f, 0.95), `rx="${s * 0.15}"`);
  out += rect(x + width - s * 0.33, base - s * 1.0, s * 0.38, s * 0.95, shade(f, 0.95), `rx="${s * 0.15}"`);
  out += rect(x + s * 0.6, base - s * 1.15, s * 0.7, s * 0.55, light.lit(accent), `rx="${s * 0.12}"`);
  out += rect(
    x + width - s * 1.3,
    base - s * 1.15,
    s * 0.7,
    s * 0.55,
    light.lit(mix(accent, '#ffffff', 0.4)),
    `rx="${s * 0.12}"`,
  );
  out += rect(x + s * 0.3, base - s * 0.15, s * 0.12, s * 0.18, light.lit('#4a3a2a'));
  out += rect(x + width - s * 0.42, base - s * 0.15, s * 0.12, s * 0.18, light.lit('#4a3a2a'));
  return out;
}

const living: Draw = (spec, light, w, h) => {
  const { home, shot } = spec;
  const room = roomBox(w, h, shot.v);
  const r = new Random(shot.v);
  let out = shell(spec, light, room, home.floor === '#c7744f' || home.floor === '#d8cbb5');
  const fire = shot.focus === 'fireplace';
  // Window (or glass doors) left of centre; the fireplace or a bookshelf right.
  const wx = fire ? w * 0.2 : w * 0.27;
  const ww = fire ? w * 0.3 : w * 0.46;
  out += windowView(spec, light, wx, h * 0.16, ww, h * 0.4, !fire);
  if (fire) {
    const fx = w * 0.62;
    if (home.timber) {
      out += rect(fx + w * 0.08, h * 0.04, 18, h * 0.4, light.lit('#2a2a2a'));
      out += rect(fx + w * 0.03, h * 0.42, w * 0.13, h * 0.2, light.lit('#2a2a2a'), 'rx="14"');
      out += rect(fx + w * 0.05, h * 0.47, w * 0.09, h * 0.09, '#f29a3a');
      out += rect(fx, h * 0.62, w * 0.2, 20, light.lit('#8a8a8a'));
    } else {
      out += rect(
        fx,
        h * 0.34,
        w * 0.2,
        h * 0.32,
        light.lit(home.form === 'cottage' || home.material === 'stone' ? '#b9ab98' : '#f4f1ea'),
      );
      out += rect(fx - 14, h * 0.32, w * 0.2 + 28, 22, light.lit('#8a6a4a'));
      out += rect(fx + w * 0.04, h * 0.44, w * 0.12, h * 0.22, light.lit('#2e2a28'));
      out += `<path d="M${fx + w * 0.07},${h * 0.66} q20,-70 34,-20 q14,-60 36,0 z" fill="#f29a3a"/>`;
      out += art(light, fx + w * 0.05, h * 0.14, w * 0.1, h * 0.13, home.accent, shot.v);
    }
  } else {
    out += art(light, w * 0.77, h * 0.18, w * 0.08, h * 0.2, home.accent, shot.v);
    out += plant(light, w * 0.8, h * 0.7, h * 0.3);
  }
  // Rug, sofa, coffee table, armchair, lamp.
  out += poly(
    [
      [w * 0.22, h * 0.76],
      [w * 0.78, h * 0.76],
      [w * 0.9, h * 0.97],
      [w * 0.1, h * 0.97],
    ],
    light.lit(mix(home.accent, '#f4efe6', 0.6)),
  );
  out += sofa(light, w * 0.24, h * 0.84, w * 0.5, home.fabric, home.accent);
  out += poly(
    [
      [w * 0.36, h * 0.9],
      [w * 0.64, h * 0.9],
      [w * 0.67, h * 0.95],
      [w * 0.33, h * 0.95],
    ],
    light.lit(home.timber ? '#6b4a32' : '#a0785a'),
  );
  out += rect(w * 0.35, h * 0.95, w * 0.3, 10, shade(light.lit('#6b4a32'), 0.8));
  out += rect(w * 0.45, h * 0.87, w * 0.05, h * 0.03, light.lit('#f4efe6'));
  out += lamp(light, w * 0.2, h * 0.8, h * 0.36);
  if (r.chance(0.6)) out += plant(light, w * 0.08, h * 0.98, h * 0.4);
  return out;
};

const kitchen: Draw = (spec, light, w, h) => {
  const { home, shot } = spec;
  const room = roomBox(w, h, shot.v);
  const r = new Random(shot.v);
  let out = shell(spec, light, room, true);
  const cab = light.lit(r.pick(['#f4f1ea', '#2f4858', '#6f8f7a', '#d9d2c5', '#3a3a3a', '#b08150']));
  const top = light.lit(r.pick(['#f4f2ee', '#d9d6d0', '#3a3a3a', '#c49a6c']));
  const { x0, x1, y1 } = room;
  const counterY = h * 0.46;
  // Splashback tiles, window above the sink, upper cabinets.
  out += rect(x0, h * 0.3, x1 - x0, counterY - h * 0.3, light.lit(mix(home.accent, '#ffffff', 0.75)));
  for (let x = x0; x < x1; x += 40)
    out += rect(x, h * 0.3, 2, counterY - h * 0.3, light.lit('#ffffff'), 'fill-opacity="0.6"');
  out += windowView(spec, light, w * 0.38, h * 0.1, w * 0.24, h * 0.24);
  out += rect(x0, h * 0.1, w * 0.22, h * 0.16, cab);
  out += rect(w * 0.66, h * 0.1, x1 - w * 0.66, h * 0.16, cab);
  for (const x of [x0 + w * 0.11, w * 0.66 + (x1 - w * 0.66) / 2])
    out += rect(x - 1, h * 0.1, 2, h * 0.16, shade(cab, 0.85));
  // Base cabinets, counter, hob and sink.
  out += rect(x0, counterY, x1 - x0, y1 - counterY, cab);
  for (let x = x0; x < x1 - 10; x += (x1 - x0) / 8) {
    out += rect(x + 6, counterY + 24, (x1 - x0) / 8 - 12, y1 - counterY - 34, shade(cab, 1.04));
    out += rect(x + (x1 - x0) / 16 - 14, counterY + 34, 28, 5, light.lit('#b8b8b8'));
  }
  out += rect(x0 - 6, counterY - 8, x1 - x0 + 12, 16, top);
  out += ellipse(w * 0.5, counterY - 2, w * 0.05, 7, light.lit('#b8bcc0'));
  out += `<path d="M${w * 0.5},${counterY - 6} v-40 q0,-16 18,-16" stroke="${light.lit('#9a9a9a')}" stroke-width="6" fill="none"/>`;
  out += rect(w * 0.72, counterY - 12, w * 0.09, 6, light.lit('#2a2a2a'));
  out += poly(
    [
      [w * 0.71, h * 0.27],
      [w * 0.82, h * 0.27],
      [w * 0.795, h * 0.2],
      [w * 0.735, h * 0.2],
    ],
    light.lit('#b8bcc0'),
  );
  out += rect(w * 0.757, h * 0.02, w * 0.02, h * 0.18, light.lit('#b8bcc0'));
  out += rect(w * 0.2, counterY - 34, 26, 26, light.lit('#d9a441'));
  out += rect(w * 0.24, counterY - 50, 34, 42, light.lit('#3a3a3a'), 'rx="6"');
  out += plant(light, w * 0.3, counterY - 8, h * 0.16);
  // The layout in front: an island, a breakfast bar or the galley's near counter.
  const layout = shot.layout ?? 'island';
  if (layout === 'galley') {
    out += poly(
      [
        [0, h * 0.5],
        [x0, counterY],
        [x0, y1],
        [0, h * 0.95],
      ],
      shade(cab, 0.92),
    );
    out += poly(
      [
        [0, h * 0.46],
        [x0 + 6, counterY - 8],
        [x0 + 6, counterY + 4],
        [0, h * 0.5],
      ],
      top,
    );
    out += poly(
      [
        [w, h * 0.5],
        [x1, counterY],
        [x1, y1],
        [w, h * 0.95],
      ],
      shade(cab, 0.88),
    );
    out += poly(
      [
        [w, h * 0.46],
        [x1 - 6, counterY - 8],
        [x1 - 6, counterY + 4],
        [w, h * 0.5],
      ],
      top,
    );
    out += rect(
      w * 0.44,
      h * 0.86,
      w * 0.12,
      h * 0.05,
      light.lit(mix(home.accent, '#ffffff', 0.4)),
      'rx="6"',
    );
  } else {
    const iy = h * 0.72;
    const ix0 = w * (layout === 'bar' ? 0.3 : 0.22);
    const ix1 = w * (layout === 'bar' ? 0.86 : 0.78);
    out += rect(ix0, iy, ix1 - ix0, h * 0.2, shade(cab, 0.95));
    out += rect(ix0 - 20, iy - 18, ix1 - ix0 + 40, 22, top);
    if (layout === 'bar') out += rect(ix0 - 20, iy - 18, 26, h * 0.24, top);
    const stools = layout === 'island' ? 3 : 4;
    for (let i = 0; i < stools; i++) {
      const sx = ix0 + ((i + 0.5) / stools) * (ix1 - ix0);
      out += rect(sx - 36, h * 0.84, 72, 16, light.lit(home.accent), 'rx="8"');
      out += line(sx - 26, h * 0.85, sx - 34, h, light.lit('#3a3a3a'), 6);
      out += line(sx + 26, h * 0.85, sx + 34, h, light.lit('#3a3a3a'), 6);
    }
    out += ellipse(w * 0.5, iy - 26, 44, 14, light.lit('#f4efe6'));
    out += circle(w * 0.49, iy - 34, 12, light.lit('#e9a23b'));
    out += circle(w * 0.515, iy - 32, 12, light.lit('#d94f3a'));
    // Pendants over the counter.
    for (const px of [0.38, 0.5, 0.62]) {
      out += line(w * px, 0, w * px, h * 0.34, light.lit('#3a3a3a'), 3);
      out += poly(
        [
          [w * px - 30, h * 0.38],
          [w * px + 30, h * 0.38],
          [w * px + 14, h * 0.34],
          [w * px - 14, h * 0.34],
        ],
        light.lit('#2a2a2a'),
      );
      if (light.evening || light.time === 'golden') out += ellipse(w * px, h * 0.39, 24, 6, '#ffe2a0');
    }
  }
  return out;
};

const dining: Draw = (spec, light, w, h) => {
  const { home, shot } = spec;
  const room = roomBox(w, h, shot.v);
  let out = shell(spec, light, room, home.floor === '#c7744f');
  out += windowView(spec, light, w * 0.3, h * 0.14, w * 0.4, h * 0.38, true);
  out += art(light, w * 0.15, h * 0.2, w * 0.08, h * 0.16, home.accent, shot.v);
  const seats = Math.max(2, Math.min(12, shot.seats ?? 6));
  const perSide = Math.ceil(seats / 2);
  const wood = light.lit(home.timber ? '#7a4f2c' : '#a0785a');
  const chair = light.lit(mix(home.fabric, '#ffffff', 0.1));
  const tx0 = w * 0.2;
  const tx1 = w * 0.8;
  const ty = h * 0.72;
  // Far chairs, table, near chairs (their backs, legs below).
  for (let i = 0; i < perSide; i++) {
    const cx = tx0 + ((i + 0.5) / perSide) * (tx1 - tx0);
    out += rect(cx - 30, ty - h * 0.15, 60, h * 0.11, chair, 'rx="18"');
    out += rect(cx - 24, ty - h * 0.13, 48, h * 0.05, shade(chair, 1.08), 'rx="12"');
  }
  out += poly(
    [
      [tx0 + 40, ty - 30],
      [tx1 - 40, ty - 30],
      [tx1 + 30, ty + 40],
      [tx0 - 30, ty + 40],
    ],
    wood,
  );
  out += rect(tx0 - 30, ty + 40, tx1 - tx0 + 60, 16, shade(wood, 0.75));
  out += rect(tx0, ty + 56, 18, h * 0.2, shade(wood, 0.7));
  out += rect(tx1 - 18, ty + 56, 18, h * 0.2, shade(wood, 0.7));
  for (let i = 0; i < perSide; i++) {
    const cx = tx0 + ((i + 0.5) / perSide) * (tx1 - tx0);
    out += ellipse(cx, ty + 4, 34, 10, light.lit('#f7f5f0'));
    out += rect(cx + 30, ty - 16, 8, 22, light.lit('#dfe9ec'), 'fill-opacity="0.9"');
  }
  out += ellipse(w * 0.5, ty - 2, 50, 14, light.lit('#d9cbb5'));
  out += circle(w * 0.49, ty - 16, 12, light.lit('#8fae5a'));
  out += circle(w * 0.515, ty - 14, 12, light.lit('#e9a23b'));
  const near = Math.min(perSide, 4);
  const leg = shade(wood, 0.6);
  for (let i = 0; i < near; i++) {
    const cx = tx0 + ((i + 0.5) / near) * (tx1 - tx0);
    out += rect(cx - 46, ty + 64, 8, h * 0.26, leg);
    out += rect(cx + 38, ty + 64, 8, h * 0.26, leg);
    out += rect(cx - 56, ty + 50, 112, h * 0.15, shade(chair, 0.9), 'rx="26"');
    out += rect(cx - 44, ty + 62, 88, h * 0.06, shade(chair, 0.8), 'rx="14"');
  }
  for (const px of [0.4, 0.6]) {
    out += line(w * px, 0, w * px, h * 0.3, light.lit('#3a3a3a'), 3);
    out += ellipse(w * px, h * 0.32, 46, 26, light.lit(home.accent));
    if (light.evening || light.time === 'golden') out += ellipse(w * px, h * 0.35, 30, 8, '#ffe2a0');
  }
  return out;
};

type Beds = NonNullable<SceneSpec['shot']['beds']>;

function bed(light: Light, x: number, base: number, width: number, duvet: string, head: string): string {
  const len = width * 0.5;
  let out = rect(
    x + width * 0.04,
    base - len - width * 0.28,
    width * 0.92,
    width * 0.3,
    head,
    `rx="${width * 0.05}"`,
  );
  out += poly(
    [
      [x + width * 0.02, base - len],
      [x + width * 0.98, base - len],
      [x + width * 1.06, base],
      [x - width * 0.06, base],
    ],
    light.lit('#fbfaf7'),
  );
  out += poly(
    [
      [x + width * 0.0, base - len * 0.6],
      [x + width, base - len * 0.6],
      [x + width * 1.06, base + 4],
      [x - width * 0.06, base + 4],
    ],
    duvet,
  );
  out += rect(x - width * 0.06, base + 4, width * 1.12, width * 0.12, shade(duvet, 0.85));
  const pillows = width > 300 ? 2 : 1;
  for (let i = 0; i < pillows; i++) {
    const px = x + width * (pillows === 2 ? 0.1 + i * 0.44 : 0.2);
    out += rect(
      px,
      base - len - width * 0.02,
      width * (pillows === 2 ? 0.36 : 0.6),
      width * 0.14,
      light.lit('#ffffff'),
      `rx="${width * 0.05}"`,
    );
  }
  // A throw folded across the foot of the bed.
  out += poly(
    [
      [x - width * 0.035, base - len * 0.22],
      [x + width * 1.035, base - len * 0.22],
      [x + width * 1.05, base - len * 0.08],
      [x - width * 0.05, base - len * 0.08],
    ],
    shade(duvet, 0.82),
  );
  return out;
}

function bunk(light: Light, x: number, base: number, width: number, duvet: string, wood: string): string {
  const hgt = width * 1.05;
  let out = '';
  for (const lvl of [0, 1]) {
    const y = base - lvl * hgt * 0.55;
    out += rect(x, y - width * 0.12, width, width * 0.12, light.lit('#fbfaf7'));
    out += rect(x, y - width * 0.08, width, width * 0.1, duvet);
    out += rect(x + width * 0.04, y - width * 0.2, width * 0.3, width * 0.09, light.lit('#ffffff'), 'rx="8"');
    out += rect(x - 6, y, width + 12, 14, wood);
  }
  out += rect(x - 14, base - hgt, 16, hgt + 10, wood);
  out += rect(x + width - 2, base - hgt, 16, hgt + 10, wood);
  out += rect(x - 6, base - hgt * 0.55 - width * 0.3, width + 12, 10, wood);
  for (let i = 0; i < 5; i++) out += rect(x + width * 0.72, base - i * hgt * 0.12, width * 0.18, 8, wood);
  return out;
}

function nightstand(light: Light, x: number, base: number, s: number, wood: string): string {
  return `${rect(x - s / 2, base - s * 0.8, s, s * 0.8, wood)}${rect(x - s * 0.4, base - s * 0.55, s * 0.8, 4, shade(wood, 0.8))}${lamp(light, x, base - s * 0.8, s * 0.7)}`;
}

const bedroom: Draw = (spec, light, w, h) => {
  const { home, shot } = spec;
  const room = roomBox(w, h, shot.v);
  let out = shell(spec, light, room, false);
  const beds: Beds = shot.beds ?? { king: 0, queen: 1, double: 0, single: 0, bunk: 0, crib: 0 };
  const wood = light.lit(home.timber ? '#8a5a33' : '#b08150');
  const duvet = light.lit(mix(home.fabric, '#ffffff', 0.35));
  const head = light.lit(shade(home.fabric, 0.85));
  const base = h * 0.86;
  const bunks = beds.bunk;
  const big = beds.king ? 'king' : beds.queen ? 'queen' : beds.double ? 'double' : null;
  // Window to one side of the bed(s), art above.
  out += windowView(spec, light, bunks ? w * 0.62 : w * 0.68, h * 0.16, w * 0.16, h * 0.34);
  if (bunks) {
    const bw = w * 0.26;
    out += bunk(light, w * 0.14, base, bw, duvet, wood);
    if (bunks > 1)
      out += bunk(light, w * 0.14 + bw + 70, base, bw, light.lit(mix(home.accent, '#ffffff', 0.4)), wood);
  } else if (big) {
    const bw = w * (big === 'king' ? 0.42 : big === 'queen' ? 0.36 : 0.32);
    const bx = w * 0.5 - bw / 2 - (beds.single ? w * 0.1 : 0);
    out += art(light, bx + bw * 0.25, h * 0.18, bw * 0.5, h * 0.14, home.accent, shot.v);
    out += nightstand(light, bx - w * 0.07, h * 0.7, w * 0.07, wood);
    if (!beds.single) out += nightstand(light, bx + bw + w * 0.07, h * 0.7, w * 0.07, wood);
    out += bed(light, bx, base, bw, duvet, head);
    if (beds.single)
      out += bed(
        light,
        bx + bw + w * 0.08,
        base,
        w * 0.16,
        light.lit(mix(home.accent, '#ffffff', 0.45)),
        head,
      );
  } else {
    // Twin (or more) single beds side by side, a nightstand between.
    const n = Math.max(1, Math.min(3, beds.single));
    const bw = w * 0.17;
    const gap = w * 0.1;
    const total = n * bw + (n - 1) * gap;
    const bx = w * 0.5 - total / 2 - w * 0.06;
    for (let i = 0; i < n; i++) {
      out += bed(
        light,
        bx + i * (bw + gap),
        base,
        bw,
        i % 2 ? light.lit(mix(home.accent, '#ffffff', 0.45)) : duvet,
        head,
      );
      if (i < n - 1) out += nightstand(light, bx + i * (bw + gap) + bw + gap / 2, h * 0.72, w * 0.06, wood);
    }
    out += art(light, w * 0.33, h * 0.18, w * 0.12, h * 0.12, home.accent, shot.v);
  }
  if (beds.crib) {
    const cx = w * 0.05;
    const cy = h * 0.93;
    out += rect(
      cx,
      cy - h * 0.2,
      w * 0.13,
      h * 0.2,
      'none',
      `stroke="${light.lit('#f4efe6')}" stroke-width="8"`,
    );
    for (let i = 1; i < 7; i++)
      out += rect(cx + (i * w * 0.13) / 7, cy - h * 0.2, 5, h * 0.2, light.lit('#f4efe6'));
    out += rect(cx, cy - h * 0.07, w * 0.13, h * 0.04, light.lit('#cfe3f0'));
  } else if (!bunks) out += plant(light, w * 0.07, h * 0.97, h * 0.3);
  // A rug at the foot of the bed.
  out += poly(
    [
      [w * 0.3, h * 0.95],
      [w * 0.7, h * 0.95],
      [w * 0.74, h],
      [w * 0.26, h],
    ],
    light.lit(mix(home.accent, '#f4efe6', 0.55)),
  );
  return out;
};

const bathroom: Draw = (spec, light, w, h) => {
  const { home, shot } = spec;
  const room = roomBox(w, h, shot.v);
  const bath = shot.bath ?? {
    tub: true,
    combo: false,
    walkIn: false,
    whirlpool: false,
    doubleSink: false,
    rain: false,
  };
  let out = shell(spec, light, room, true);
  const { x0, x1, y1 } = room;
  // Tiles on the lower walls.
  const tile = light.lit(new Random(shot.v).pick(['#e8eef0', '#f4f1ea', '#dfe8e2', '#e9e2d6']));
  out += rect(x0, h * 0.36, x1 - x0, y1 - h * 0.36, tile);
  for (let x = x0; x < x1; x += 46) out += rect(x, h * 0.36, 2, y1 - h * 0.36, shade(tile, 0.9));
  for (let y = h * 0.36; y < y1; y += 46) out += rect(x0, y, x1 - x0, 2, shade(tile, 0.9));
  out += windowView(spec, light, w * 0.42, h * 0.1, w * 0.16, h * 0.2);
  // Vanity with one basin or two, mirrors above, on the right.
  const vx = w * 0.6;
  const vw = w * 0.26;
  const wood = light.lit(home.timber ? '#8a5a33' : '#b08150');
  out += rect(vx, h * 0.5, vw, h * 0.16, wood);
  out += rect(vx - 8, h * 0.49, vw + 16, 14, light.lit('#f4f2ee'));
  const sinks = bath.doubleSink ? 2 : 1;
  for (let i = 0; i < sinks; i++) {
    const sx = vx + ((i + 0.5) / sinks) * vw;
    out += ellipse(sx, h * 0.49, vw / (sinks * 3.2), 14, light.lit('#ffffff'));
    out += rect(sx - 4, h * 0.44, 8, h * 0.05, light.lit('#b8bcc0'));
    out += rect(
      sx - vw / (sinks * 3.4),
      h * 0.18,
      vw / (sinks * 1.7),
      h * 0.22,
      light.lit('#cfe3ea'),
      'rx="12" stroke="#b8bcc0" stroke-width="6"',
    );
  }
  out += rect(vx + vw + 14, h * 0.3, 14, h * 0.2, light.lit(home.accent), 'rx="4"');
  // Walk-in shower: glass on the left, a rain head.
  if (bath.walkIn) {
    const beside = bath.tub && !bath.combo;
    const sx0 = bath.combo ? w * 0.44 : beside ? x0 + 6 : w * 0.14;
    const sx1 = bath.combo ? w * 0.58 : beside ? w * 0.26 : w * 0.44;
    out += rect(sx0, h * 0.14, sx1 - sx0, y1 - h * 0.14, light.lit('#cfe3ea'), 'fill-opacity="0.35"');
    out += rect(sx1 - 6, h * 0.14, 8, y1 - h * 0.14 + 40, light.lit('#b8bcc0'));
    out += rect((sx0 + sx1) / 2 - 4, h * 0.1, 8, h * 0.08, light.lit('#9a9a9a'));
    out += rect((sx0 + sx1) / 2 - 50, h * 0.18, 100, 12, light.lit('#9a9a9a'), 'rx="6"');
    for (let i = 0; i < 9; i++) {
      const x = (sx0 + sx1) / 2 - 44 + i * 11;
      out += line(x, h * 0.2, x, h * 0.46, '#d8f0f8', 2, 'stroke-opacity="0.7"');
    }
  }
  // A bath along the back wall with the shower over it, behind a glass screen.
  if (bath.combo) {
    const tx = x0 + 10;
    const tw = w * 0.34;
    out += rect(tx, y1 - h * 0.12, tw, h * 0.12, light.lit('#f7f7f5'));
    out += rect(tx, y1 - h * 0.125, tw, 14, light.lit('#e9eef0'));
    out += rect(tx + tw * 0.62, h * 0.2, 8, y1 - h * 0.32, light.lit('#cfe3ea'), 'fill-opacity="0.6"');
    out += rect(
      tx + tw * 0.62,
      h * 0.2,
      tw * 0.38,
      y1 - h * 0.32,
      light.lit('#cfe3ea'),
      'fill-opacity="0.25"',
    );
    const hx = tx + tw * 0.3;
    out += rect(hx - 4, h * 0.14, 8, h * 0.26, light.lit('#9a9a9a'));
    out += bath.rain
      ? rect(hx - 50, h * 0.14, 100, 12, light.lit('#9a9a9a'), 'rx="6"')
      : ellipse(hx + 20, h * 0.15, 26, 9, light.lit('#9a9a9a'));
    out += rect(hx - 30, y1 - h * 0.2, 60, 10, light.lit('#9a9a9a'), 'rx="5"');
  }
  // Bathtub in front: freestanding, or built in with jets.
  if (bath.tub && !bath.combo) {
    const tx = bath.walkIn ? w * 0.3 : w * 0.18;
    const tw = w * 0.36;
    const ty = h * 0.78;
    if (bath.whirlpool) {
      out += rect(tx, ty - h * 0.1, tw, h * 0.2, light.lit('#f4f2ee'));
      out += rect(tx + 20, ty - h * 0.1, tw - 40, h * 0.05, light.lit('#7fd3e0'));
      for (let i = 0; i < 9; i++)
        out += circle(
          tx + 40 + (i * (tw - 80)) / 8,
          ty - h * 0.08 + ((i * 7) % 3) * 6,
          6,
          '#ffffff',
          'fill-opacity="0.8"',
        );
    } else {
      out += `<path d="M${tx},${ty - h * 0.1} L${tx + tw},${ty - h * 0.1} Q${tx + tw},${ty + h * 0.1} ${tx + tw / 2},${ty + h * 0.1} Q${tx},${ty + h * 0.1} ${tx},${ty - h * 0.1} Z" fill="${light.lit('#ffffff')}"/>`;
      out += ellipse(tx + tw / 2, ty - h * 0.1, tw / 2, h * 0.03, light.lit('#e9eef0'));
      out += ellipse(tx + tw / 2, ty - h * 0.098, tw / 2 - 16, h * 0.02, light.lit('#bfe8f5'));
      out += `<path d="M${tx + tw - 30},${ty - h * 0.1} v-${h * 0.12} q0,-20 -26,-20" stroke="${light.lit('#9a9a9a')}" stroke-width="8" fill="none"/>`;
    }
    out += rect(
      tx + tw * 0.1,
      ty - h * 0.16,
      tw * 0.18,
      h * 0.05,
      light.lit(mix(home.accent, '#ffffff', 0.5)),
      'rx="8"',
    );
  } else if (!bath.tub || bath.combo) {
    // A bath mat and a stool where no tub stands.
    out += poly(
      [
        [w * 0.36, h * 0.84],
        [w * 0.58, h * 0.84],
        [w * 0.6, h * 0.9],
        [w * 0.34, h * 0.9],
      ],
      light.lit(mix(home.accent, '#ffffff', 0.55)),
    );
    out += rect(
      w * 0.2,
      h * 0.74,
      w * 0.07,
      h * 0.12,
      light.lit(home.timber ? '#8a5a33' : '#b08150'),
      'rx="6"',
    );
  }
  out += plant(light, w * 0.9, h * 0.98, h * 0.32);
  return out;
};

export const INSIDE: Record<string, Draw> = { living, kitchen, dining, bedroom, bathroom };
