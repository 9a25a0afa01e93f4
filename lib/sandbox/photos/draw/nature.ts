import 'server-only';
import { Random } from '@/lib/sandbox/demo/random';
import { type Flora, type Land, TREES, type Tree } from '@/lib/sandbox/photos/scene-spec';
import { type Light, sky } from './light';
import { blob, circle, ellipse, line, linear, type Pt, path, poly, rect, ridge, shade } from './svg';

/*
 * The place around a building: trees of the local flora and the landscape of its setting, from the sky
 * down to the ground the scene stands on.
 */

export const GROUND: Record<Flora, string> = {
  tropical: '#7cb45a',
  subtropical: '#93b565',
  mediterranean: '#b3b26c',
  temperate: '#86b35f',
  northern: '#8b9a5c',
  alpine: '#8fbf60',
  arid: '#d9b27a',
  savanna: '#c9b467',
};

const LEAF: Record<Tree, [string, string]> = {
  palm: ['#2f7d3a', '#4f9e4a'],
  banana: ['#3f8f3a', '#6fb34e'],
  cypress: ['#2c4a2f', '#3f6440'],
  olive: ['#7d8c5e', '#a3ad7f'],
  'umbrella-pine': ['#2f5233', '#48704a'],
  oak: ['#3f7a3a', '#5f9a4a'],
  birch: ['#7fa34a', '#a9c46a'],
  spruce: ['#1f4a3a', '#2f6048'],
  'scots-pine': ['#2a4f34', '#3f6a44'],
  agave: ['#5f8f83', '#86b0a2'],
  cactus: ['#4f7f4a', '#6f9f5a'],
  acacia: ['#6f8a3a', '#8fa64a'],
  shrub: ['#4f7f3f', '#6f9a4f'],
};

/** The shapes of one tree of `kind`, standing at (x, base), `size` units tall, as `tone` colours it (lit, or far). */
function drawTree(
  kind: Tree,
  x: number,
  base: number,
  size: number,
  tone: (c: string) => string,
  seed = 1,
): string {
  const r = new Random(seed);
  const [dark, light] = LEAF[kind].map(tone) as [string, string];
  const bark = tone(kind === 'birch' ? '#eeeae0' : kind === 'scots-pine' ? '#a0603a' : '#6b4a32');
  const s = size;
  switch (kind) {
    case 'palm': {
      const lean = (r.next() - 0.5) * s * 0.35;
      const top: Pt = [x + lean, base - s];
      const trunk = `<path d="M${x - s * 0.025},${base} Q${x + lean * 0.2},${base - s * 0.5} ${top[0]},${top[1]}" stroke="${bark}" stroke-width="${(s * 0.045).toFixed(1)}" fill="none" stroke-linecap="round"/>`;
      const fronds = [-150, -120, -75, -30, 10, 55, 100, 140]
        .map((a, i) => {
          const rad = (a * Math.PI) / 180;
          const len = s * (0.34 + (i % 2) * 0.06);
          const ex = top[0] + Math.cos(rad) * len;
          const ey = top[1] + Math.sin(rad) * len * 0.55 + len * 0.32;
          const cx = top[0] + Math.cos(rad) * len * 0.5;
          const cy = top[1] - len * 0.18;
          return `<path d="M${top[0]},${top[1]} Q${cx},${cy - s * 0.05} ${ex},${ey} Q${cx},${cy + s * 0.06} ${top[0]},${top[1]}" fill="${i % 2 ? light : dark}"/>`;
        })
        .join('');
      return `${trunk}${fronds}${circle(top[0], top[1] + 4, s * 0.03, shade(bark, 0.8))}`;
    }
    case 'banana': {
      const leaves = [-140, -100, -60, -20]
        .map((a, i) => {
          const rad = (a * Math.PI) / 180;
          const ex = x + Math.cos(rad) * s * 0.45;
          const ey = base - s * 0.55 + Math.sin(rad) * s * 0.35;
          return `<path d="M${x},${base - s * 0.5} Q${(x + ex) / 2 - s * 0.1},${ey - s * 0.12} ${ex},${ey} Q${(x + ex) / 2 + s * 0.1},${ey + s * 0.12} ${x},${base - s * 0.5}" fill="${i % 2 ? light : dark}"/>`;
        })
        .join('');
      return `${rect(x - s * 0.03, base - s * 0.55, s * 0.06, s * 0.55, tone('#7a8a4a'))}${leaves}`;
    }
    case 'cypress': {
      const wdt = s * 0.13;
      return `${path(
        blob([
          [x, base - s],
          [x + wdt * 0.7, base - s * 0.7],
          [x + wdt, base - s * 0.25],
          [x + wdt * 0.5, base - s * 0.02],
          [x - wdt * 0.5, base - s * 0.02],
          [x - wdt, base - s * 0.25],
          [x - wdt * 0.7, base - s * 0.7],
        ]),
        dark,
      )}${path(
        blob([
          [x + wdt * 0.05, base - s * 0.92],
          [x + wdt * 0.6, base - s * 0.6],
          [x + wdt * 0.8, base - s * 0.25],
          [x + wdt * 0.3, base - s * 0.06],
          [x + wdt * 0.1, base - s * 0.4],
        ]),
        light,
      )}`;
    }
    case 'olive':
    case 'oak': {
      const crown = kind === 'olive' ? 0.5 : 0.62;
      const cw = s * (kind === 'olive' ? 0.42 : 0.4);
      const trunk = `<path d="M${x - s * 0.05},${base} Q${x + s * 0.04},${base - s * 0.25} ${x - s * 0.02},${base - s * (1 - crown)} L${x + s * 0.05},${base - s * (1 - crown)} Q${x + s * 0.08},${base - s * 0.2} ${x + s * 0.05},${base} Z" fill="${bark}"/>`;
      const cy = base - s * (1 - crown / 2) + s * 0.02;
      const blobs = Array.from({ length: 5 }, (_, i) => {
        const a = (i / 5) * Math.PI * 2 + r.next();
        return circle(
          x + Math.cos(a) * cw * 0.45,
          cy + Math.sin(a) * s * crown * 0.22,
          cw * (0.42 + r.next() * 0.12),
          i < 3 ? dark : light,
        );
      }).join('');
      return `${trunk}${ellipse(x, cy, cw * 0.95, s * crown * 0.42, dark)}${blobs}${ellipse(x - cw * 0.25, cy - s * crown * 0.14, cw * 0.35, s * crown * 0.18, light, 'fill-opacity="0.7"')}`;
    }
    case 'umbrella-pine': {
      const cy = base - s * 0.82;
      return `<path d="M${x},${base} Q${x + s * 0.06},${base - s * 0.45} ${x + s * 0.02},${cy}" stroke="${bark}" stroke-width="${(s * 0.04).toFixed(1)}" fill="none"/>${ellipse(x, cy, s * 0.42, s * 0.1, dark)}${ellipse(x - s * 0.12, cy - s * 0.06, s * 0.22, s * 0.07, light)}${ellipse(x + s * 0.18, cy - s * 0.03, s * 0.2, s * 0.07, dark)}`;
    }
    case 'birch': {
      const marks = Array.from({ length: 4 }, (_, i) =>
        rect(x - s * 0.015, base - s * (0.15 + i * 0.14), s * 0.02, s * 0.012, tone('#333333')),
      ).join('');
      const leaves = Array.from({ length: 6 }, (_, i) =>
        ellipse(
          x + (r.next() - 0.5) * s * 0.35,
          base - s * (0.55 + r.next() * 0.35),
          s * 0.14,
          s * 0.11,
          i % 2 ? light : dark,
        ),
      ).join('');
      return `${rect(x - s * 0.02, base - s * 0.8, s * 0.04, s * 0.8, bark)}${marks}${leaves}`;
    }
    case 'spruce': {
      const tiers = [0, 1, 2, 3]
        .map((i) => {
          const y = base - s * (0.12 + i * 0.21);
          const hw = s * (0.26 - i * 0.05);
          return (
            poly(
              [
                [x, y - s * 0.34],
                [x - hw, y],
                [x + hw, y],
              ],
              dark,
            ) +
            poly(
              [
                [x, y - s * 0.34],
                [x + hw, y],
                [x + hw * 0.2, y],
              ],
              light,
            )
          );
        })
        .join('');
      return `${rect(x - s * 0.025, base - s * 0.15, s * 0.05, s * 0.15, bark)}${tiers}`;
    }
    case 'scots-pine': {
      // A straight, bare reddish trunk under an irregular dark crown of needle clumps.
      const clumps = [
        [0, 0.94, 0.17, 0.07],
        [-0.13, 0.86, 0.15, 0.065],
        [0.12, 0.84, 0.16, 0.065],
        [-0.02, 0.78, 0.2, 0.07],
        [-0.14, 0.7, 0.12, 0.05],
        [0.13, 0.68, 0.11, 0.05],
      ]
        .map(([dx, y, rx, ry], i) =>
          ellipse(
            x + dx! * s + (r.next() - 0.5) * s * 0.03,
            base - y! * s,
            rx! * s,
            ry! * s,
            i % 3 === 1 ? light : dark,
          ),
        )
        .join('');
      return `${rect(x - s * 0.02, base - s * 0.9, s * 0.04, s * 0.9, bark)}${line(x, base - s * 0.66, x + s * 0.12, base - s * 0.7, bark, s * 0.014)}${line(x, base - s * 0.7, x - s * 0.12, base - s * 0.72, bark, s * 0.014)}${clumps}`;
    }
    case 'agave': {
      const leaves = [-160, -130, -105, -80, -55, -25]
        .map((a, i) => {
          const rad = (a * Math.PI) / 180;
          const ex = x + Math.cos(rad) * s * 0.5;
          const ey = base + Math.sin(rad) * s * 0.9;
          return poly(
            [
              [x - s * 0.06, base],
              [ex, ey],
              [x + s * 0.06, base],
            ],
            i % 2 ? light : dark,
          );
        })
        .join('');
      return leaves;
    }
    case 'cactus': {
      const wd = s * 0.12;
      return `${rect(x - wd / 2, base - s, wd, s, dark, `rx="${wd / 2}"`)}${rect(x - wd * 1.9, base - s * 0.62, wd * 0.8, s * 0.3, dark, `rx="${wd * 0.4}"`)}${rect(x - wd * 1.9, base - s * 0.4, wd * 1.6, wd * 0.7, dark, `rx="${wd * 0.35}"`)}${rect(x + wd * 1.1, base - s * 0.75, wd * 0.8, s * 0.32, dark, `rx="${wd * 0.4}"`)}${rect(x + wd * 0.3, base - s * 0.5, wd * 1.6, wd * 0.7, dark, `rx="${wd * 0.35}"`)}${rect(x - wd * 0.1, base - s * 0.95, wd * 0.3, s * 0.9, light, `rx="${wd * 0.15}"`)}`;
    }
    case 'acacia': {
      const cy = base - s * 0.78;
      return `<path d="M${x},${base} L${x + s * 0.02},${base - s * 0.45} L${x - s * 0.2},${cy} M${x + s * 0.02},${base - s * 0.45} L${x + s * 0.22},${cy}" stroke="${bark}" stroke-width="${(s * 0.03).toFixed(1)}" fill="none"/>${ellipse(x, cy - s * 0.02, s * 0.48, s * 0.09, dark)}${ellipse(x - s * 0.1, cy - s * 0.07, s * 0.3, s * 0.06, light)}`;
    }
    default: {
      return `${circle(x - s * 0.25, base - s * 0.3, s * 0.32, dark)}${circle(x + s * 0.25, base - s * 0.3, s * 0.3, dark)}${circle(x, base - s * 0.5, s * 0.38, light)}`;
    }
  }
}

/** One tree of `kind`, standing at (x, base), `size` units tall, marked with its kind (tests read it). */
export function tree(
  kind: Tree,
  x: number,
  base: number,
  size: number,
  tone: (c: string) => string,
  seed = 1,
): string {
  return `<g data-tree="${kind}">${drawTree(kind, x, base, size, tone, seed)}</g>`;
}

/** A row of trees of the land's flora along a line (nearer ones larger). */
export function treeRow(
  land: Land,
  tone: (c: string) => string,
  seed: number,
  xs: number[],
  base: number,
  size: number,
): string {
  const r = new Random(seed);
  const kinds = TREES[land.flora];
  return xs
    .map((x, i) => {
      const kind = r.pick(kinds);
      const scale = kind === 'shrub' || kind === 'agave' ? 0.35 : 1;
      return tree(
        kind,
        x,
        base + (r.next() - 0.5) * size * 0.08,
        size * scale * (0.8 + r.next() * 0.4),
        tone,
        seed * 13 + i,
      );
    })
    .join('');
}

export interface LandscapeOptions {
  /** Where the sky meets land or sea. */
  horizon: number;
  /** Draw sea or lake water this far below the horizon before the near ground. */
  water?: number;
  /** Where the near ground begins (below it, the scene draws its own foreground). */
  ground: number;
  /** A view from a window: fewer details. */
  small?: boolean;
  id?: string;
}

/** Sky, far landscape and the ground, filling the whole `w` × `h` canvas. */
export function landscape(
  land: Land,
  light: Light,
  v: number,
  w: number,
  h: number,
  o: LandscapeOptions,
): string {
  const r = new Random(v * 17 + 3);
  const { horizon: hz, ground } = o;
  const id = o.id ?? 's';
  const groundColor = light.lit(GROUND[land.flora]);
  let far = '';
  const defs: string[] = [];
  const hills = (base: number, amp: number, color: string, steps = 6) => {
    const pts: Pt[] = [];
    for (let i = 0; i <= steps; i++) pts.push([(i / steps) * w, base - r.next() * amp]);
    return path(ridge(pts, h, w), color);
  };
  const peaks = (base: number, amp: number, color: string, snow: boolean, count = 5) => {
    const pts: Pt[] = [[0, base - amp * 0.3]];
    const tips: Pt[] = [];
    for (let i = 0; i < count; i++) {
      const x = ((i + 0.5) / count) * w + (r.next() - 0.5) * (w / count) * 0.5;
      const y = base - amp * (0.55 + r.next() * 0.45);
      pts.push([x - (w / count) * 0.35, base - amp * (0.1 + r.next() * 0.2)], [x, y]);
      tips.push([x, y]);
    }
    pts.push([w, base - amp * 0.25], [w, h], [0, h]);
    const body = poly(pts, color);
    const caps = snow
      ? tips
          .map(([x, y]) => {
            const d = amp * 0.22;
            return poly(
              [
                [x, y],
                [x + d * 0.9, y + d],
                [x + d * 0.3, y + d * 0.8],
                [x, y + d * 1.05],
                [x - d * 0.35, y + d * 0.75],
                [x - d * 0.9, y + d],
              ],
              light.far('#ffffff', 0.15),
            );
          })
          .join('')
      : '';
    const lit = tips
      .map(([x, y]) =>
        poly(
          [
            [x, y],
            [x + amp * 0.9, base + 2],
            [x + amp * 0.25, base + 2],
          ],
          shade(color, 0.9),
          'fill-opacity="0.6"',
        ),
      )
      .join('');
    return body + lit + caps;
  };
  const waterBand = (top: number, bottom: number, deep: string, shallow: string) => {
    defs.push(
      linear(`${id}water`, [
        [0, light.far(deep, 0.25)],
        [1, light.lit(shallow)],
      ]),
    );
    const glints = Array.from({ length: o.small ? 4 : 12 }, () => {
      const x = r.next() * w;
      const y = top + 6 + r.next() * (bottom - top - 10);
      const l = 20 + r.next() * 60;
      return rect(x, y, l, 3, light.evening ? '#f7c9a8' : '#ffffff', 'fill-opacity="0.45" rx="1.5"');
    }).join('');
    return `<g data-water="${setting === 'lake' ? 'lake' : 'sea'}">${rect(0, top, w, bottom - top + 2, `url(#${id}water)`)}${glints}</g>`;
  };
  const setting = land.setting;
  const water = o.water ?? 0;
  if (setting === 'coast' || setting === 'tropics') {
    const tropical = setting === 'tropics';
    far += waterBand(hz, hz + water + 40, tropical ? '#1b8fb8' : '#2a6f9e', tropical ? '#5fd3d3' : '#5aa6c4');
    const side = r.chance(0.5);
    const hw = w * (0.25 + r.next() * 0.15);
    const head = side
      ? poly(
          [
            [0, hz - 70 - r.next() * 60],
            [hw * 0.6, hz - 40],
            [hw, hz + 2],
            [0, hz + 2],
          ],
          light.far(tropical ? '#4f8f4a' : '#7f8a6a', 0.45),
        )
      : poly(
          [
            [w, hz - 60 - r.next() * 60],
            [w - hw * 0.6, hz - 35],
            [w - hw, hz + 2],
            [w, hz + 2],
          ],
          light.far(tropical ? '#4f8f4a' : '#7f8a6a', 0.45),
        );
    far += head;
    if (!o.small) {
      const bx = side ? w * 0.7 : w * 0.3;
      far +=
        poly(
          [
            [bx, hz + 10],
            [bx + 8, hz - 40],
            [bx + 30, hz + 8],
          ],
          light.far('#ffffff', 0.2),
        ) + rect(bx - 6, hz + 8, 44, 7, light.far('#5a4a3a', 0.3), 'rx="3"');
    }
    if (tropical) far += rect(0, hz + water + 30, w, 26, light.lit('#f3e3b8'));
  } else if (setting === 'lake') {
    far += peaks(hz + 4, h * 0.2, light.far(land.snow ? '#7f8fa6' : '#6f8a76', 0.5), land.snow, 4);
    far += hills(
      hz + 4,
      30,
      light.far(land.flora === 'alpine' || land.flora === 'northern' ? '#2f5a48' : '#4f7a4a', 0.35),
      10,
    );
    far += waterBand(hz + 2, hz + water + 30, '#3d6f8f', '#7fb1c6');
  } else if (setting === 'mountains' && land.flora === 'northern') {
    // Rounded hills, heather brown and purple in the distance, a dark forest below.
    far += hills(hz - h * 0.12, h * 0.14, light.far('#8a8296', 0.5), 4);
    far += hills(hz - h * 0.02, h * 0.1, light.far('#7d7a5e', 0.3), 5);
    far += hills(hz + h * 0.04, h * 0.04, light.far('#4a6a4a', 0.2), 8);
    if (!o.small)
      far += treeRow(
        land,
        (c) => light.far(c, 0.25),
        v + 5,
        Array.from({ length: 12 }, (_, i) => (i + r.next()) * (w / 12)),
        hz + h * 0.07,
        h * 0.08,
      );
  } else if (setting === 'mountains') {
    far += peaks(hz, h * 0.34, light.far(land.flora === 'arid' ? '#b58f6a' : '#7d8fa8', 0.5), land.snow, 4);
    far += peaks(
      hz + h * 0.06,
      h * 0.2,
      light.far(land.flora === 'arid' ? '#a5764f' : land.flora === 'tropical' ? '#3f7a4a' : '#4f6f5f', 0.3),
      false,
      6,
    );
    if (!o.small && land.flora !== 'arid')
      far += treeRow(
        land,
        (c) => light.far(c, 0.3),
        v + 5,
        Array.from({ length: 14 }, (_, i) => (i + r.next()) * (w / 14)),
        hz + h * 0.07,
        h * 0.07,
      );
  } else if (setting === 'city') {
    const warm = land.flora === 'arid' || land.flora === 'mediterranean';
    far += rect(0, hz, w, h - hz, light.far(warm ? '#d9c2a0' : '#b9b2a6', 0.3));
    let x = -20;
    let i = 0;
    while (x < w) {
      const bw = 90 + r.next() * 120;
      const bh = 50 + r.next() * (h * 0.16);
      const wall = light.far(
        r.pick(
          warm ? ['#e9c9a0', '#dcae84', '#efd9b8', '#c98e6a'] : ['#d8d2c8', '#b8a898', '#c9c0b0', '#a89080'],
        ),
        0.35,
      );
      far += rect(x, hz - bh, bw, bh + 4, wall);
      if (land.flora === 'temperate' && r.chance(0.6))
        far += poly(
          [
            [x - 6, hz - bh],
            [x + bw / 2, hz - bh - 40],
            [x + bw + 6, hz - bh],
          ],
          light.far('#4a4038', 0.35),
        );
      for (let wy = hz - bh + 18; wy < hz - 20; wy += 34)
        for (let wx = x + 14; wx < x + bw - 20; wx += 30)
          far += rect(wx, wy, 12, 16, light.far(light.evening ? '#ffd27a' : '#6a7a88', 0.4));
      if (i === 3) {
        // A dome or a tower above the roofs.
        far += warm
          ? `${rect(x + bw / 2 - 40, hz - bh - 40, 80, 44, wall)}${path(`M${x + bw / 2 - 48},${hz - bh - 38} A48,48 0 0 1 ${x + bw / 2 + 48},${hz - bh - 38} Z`, light.far('#d6a35f', 0.3))}`
          : `${rect(x + bw / 2 - 22, hz - bh - 120, 44, 124, wall)}${poly(
              [
                [x + bw / 2 - 28, hz - bh - 118],
                [x + bw / 2, hz - bh - 170],
                [x + bw / 2 + 28, hz - bh - 118],
              ],
              light.far('#3f4a4a', 0.3),
            )}`;
      }
      x += bw - 4;
      i++;
    }
  } else if (setting === 'desert') {
    far += hills(hz + 4, 30, light.far('#d9a070', 0.45), 4);
    const mx = w * (0.2 + r.next() * 0.5);
    far += poly(
      [
        [mx - 220, hz + 4],
        [mx - 150, hz - 110],
        [mx + 120, hz - 110],
        [mx + 200, hz + 4],
      ],
      light.far('#c0764a', 0.35),
    );
  } else {
    // Countryside: rolling hills in layers, crops on the middle one.
    const savanna = land.flora === 'savanna';
    far += hills(hz + 4, savanna ? 20 : 70, light.far(savanna ? '#9aa07a' : '#7f9a8a', 0.55), 5);
    far += hills(hz + 30, savanna ? 10 : 50, light.far(GROUND[land.flora], 0.3), 6);
    if (land.crop !== 'none') {
      // Rows of the crop across the near slope, wider apart as they come closer.
      const color = land.crop === 'vines' ? '#4f7f3a' : '#8a6fc0';
      for (let i = 0; i < 12; i++) {
        const y = hz + 44 + i * (6 + i * 1.6);
        far += rect(0, y, w, 3 + i * 0.9, light.far(color, 0.3 - i * 0.02));
      }
    }
    if (!o.small)
      far += treeRow(
        land,
        (c) => light.far(c, 0.35),
        v + 9,
        Array.from({ length: 7 }, () => r.next() * w),
        hz + 36,
        h * 0.09,
      );
  }
  const groundTop: Pt[] = [];
  for (let i = 0; i <= 4; i++) groundTop.push([(i / 4) * w, ground - r.next() * 24]);
  const near =
    setting === 'city'
      ? rect(0, ground, w, h - ground, light.lit('#c9bfae'))
      : path(ridge(groundTop, h, w), groundColor);
  // Heather: clusters of purple flowers in the grass.
  const heather =
    land.flora === 'northern' && !o.small
      ? Array.from({ length: 7 }, () => {
          const cx = r.next() * w;
          const cy = ground + 30 + r.next() * (h - ground - 40);
          return Array.from({ length: 9 }, () =>
            circle(
              cx + (r.next() - 0.5) * 120,
              cy + (r.next() - 0.5) * 24,
              5 + r.next() * 5,
              light.lit(r.pick(['#9b6a9e', '#b07db0', '#8a5a8e'])),
            ),
          ).join('');
        }).join('')
      : '';
  return `${sky(light, v, w, hz, id)}${defs.length ? `<defs>${defs.join('')}</defs>` : ''}${far}${near}${heather}`;
}
