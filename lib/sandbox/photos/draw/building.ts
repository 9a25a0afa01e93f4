import 'server-only';
import { Random } from '@/lib/sandbox/demo/random';
import type { Home } from '@/lib/sandbox/photos/scene-spec';
import type { Light } from './light';
import { ellipse, group, linear, poly, rect, shade } from './svg';

/*
 * A property's building from its Home traits: the same walls, roof, windows and storeys in every exterior,
 * drawn in an oblique view (front face, one side face, roof) at any size, from either side, by day or with
 * its windows lit at dusk.
 */

const STOREY = 3;
const BAY = 3.2;
const DEPTH = 8;

export interface BuildingView {
  /** Centre of the front face's base. */
  x: number;
  base: number;
  /** Width of the whole drawing (main block, wings, side face) in canvas units. */
  width: number;
  /** How much of the side face shows: 0.3 straight on, 0.9 from the corner. */
  depth: number;
  /** Seen from the left instead of the right. */
  mirror?: boolean;
}

interface Block {
  bays: number;
  storeys: number;
  roof: Home['roof'];
  door: boolean;
}

/** Roof height over the eaves, in storey units. */
function roofRise(roof: Home['roof'], form: Home['form']): number {
  if (roof === 'flat') return 0.25;
  if (roof === 'thatch') return 5;
  if (roof === 'steep') return 4.4;
  if (form === 'chalet') return 2.6;
  return roof === 'hip' ? 2.3 : 3.4;
}

/**
 * The wall's material drawn over a face `width` × `height` (face coordinates: origin at the bottom left, up
 * is negative): stones, brick courses, boards or logs as plain shapes (cheaper to rasterise than patterns).
 */
export function texture(home: Home, wall: string, width: number, height: number, s: number): string {
  const dark = shade(wall, 0.86);
  const light = shade(wall, 1.06);
  let out = '';
  switch (home.material) {
    case 'stone': {
      const row = 0.6 * s;
      for (let y = 0, i = 0; y < height - row * 0.5; y += row, i++) {
        const offset = i % 2 ? 0.6 * s : 0;
        for (let x = -offset, j = 0; x < width; x += 1.2 * s, j++) {
          const k = (i * 7 + j * 3) % 5;
          if (k > 2) continue;
          const x0 = Math.max(0, x + 0.06 * s);
          const x1 = Math.min(width, x + 1.14 * s);
          out += rect(
            x0,
            -y - row + 0.06 * s,
            x1 - x0,
            row - 0.12 * s,
            k === 0 ? light : dark,
            `rx="${(0.15 * s).toFixed(1)}"`,
          );
        }
      }
      return out;
    }
    case 'brick':
      for (let y = 0.5 * s, i = 0; y < height; y += 0.5 * s, i++) {
        out += rect(0, -y, width, 0.05 * s, light);
        out += `<line x1="0" y1="${(-y + 0.25 * s).toFixed(1)}" x2="${width.toFixed(1)}" y2="${(-y + 0.25 * s).toFixed(1)}" stroke="${light}" stroke-width="${(0.45 * s).toFixed(1)}" stroke-dasharray="${(0.05 * s).toFixed(1)} ${(1.15 * s).toFixed(1)}" stroke-dashoffset="${(i % 2 ? 0.6 * s : 0).toFixed(1)}"/>`;
      }
      return out;
    case 'clapboard':
      for (let y = 0.45 * s; y < height; y += 0.45 * s) out += rect(0, -y, width, 0.07 * s, dark);
      return out;
    case 'logs':
      for (let y = 0.6 * s; y < height; y += 0.6 * s) {
        out += rect(0, -y - 0.04 * s, width, 0.1 * s, shade(wall, 0.7));
        out += rect(0, -y + 0.12 * s, width, 0.08 * s, light);
      }
      return out;
    case 'wood':
      for (let x = 0.6 * s; x < width; x += 0.6 * s) out += rect(x, -height, 0.06 * s, height, dark);
      return out;
    default:
      return '';
  }
}

/** One window at (x, y) of w × h in face coordinates; lit at dusk for some. */
function windowAt(
  home: Home,
  light: Light,
  x: number,
  y: number,
  w: number,
  h: number,
  s: number,
  lit: boolean,
  door = false,
): string {
  const frame =
    home.form === 'apartment' || home.form === 'modern'
      ? light.lit('#f4f4f2')
      : light.lit(home.trim === '#ffffff' ? '#ffffff' : '#f3efe6');
  const glass = lit ? light.glow : light.evening ? light.lit('#46607a') : 'url(#glass)';
  const f = 0.12 * s;
  let out = '';
  if (home.shutters && !door) {
    const sh = light.lit(home.trim);
    out += rect(x - w * 0.5, y, w * 0.46, h, sh) + rect(x + w * 1.04, y, w * 0.46, h, sh);
    for (let i = 1; i < 6; i++) {
      out += rect(x - w * 0.5, y + (h * i) / 6, w * 0.46, 0.05 * s, shade(sh, 0.8));
      out += rect(x + w * 1.04, y + (h * i) / 6, w * 0.46, 0.05 * s, shade(sh, 0.8));
    }
  }
  out += rect(x - f, y - f, w + 2 * f, h + 2 * f, frame);
  out += rect(
    x,
    y,
    w,
    h,
    door && !lit
      ? light.lit(home.material === 'wood' || home.material === 'logs' ? '#5a3a22' : home.trim)
      : glass,
  );
  if (!door) {
    out += rect(x + w / 2 - f / 2, y, f, h, frame);
    out += rect(x, y + h * 0.45, w, f, frame);
    out += rect(x - f * 2, y + h + f * 0.5, w + 4 * f, f * 1.4, shade(frame, 0.9));
  }
  return out;
}

export function building(home: Home, light: Light, view: BuildingView): string {
  const r = new Random(home.bays * 97 + home.storeys * 13 + home.wall.charCodeAt(3));
  const main: Block = { bays: home.bays, storeys: home.storeys, roof: home.roof, door: true };
  const wingBlock: Block | null = home.wing
    ? {
        bays: Math.max(2, Math.round(home.bays / 2)),
        storeys: Math.max(1, home.storeys - 1),
        roof: home.roof,
        door: false,
      }
    : null;
  const gableFront = home.form === 'chalet' || home.form === 'cabin';
  const mainW = main.bays * BAY + 1.2;
  const wingW = wingBlock ? wingBlock.bays * BAY + 0.8 : 0;
  const depthUnits = (gableFront ? mainW * 1.1 : DEPTH) * view.depth;
  const dx = depthUnits * 0.87;
  const dy = depthUnits * 0.42;
  const wings = home.form === 'estate' ? 2 : wingBlock ? 1 : 0;
  const totalUnits = mainW + wings * wingW + dx + 1.5;
  const s = view.width / totalUnits;
  const defs = `<defs>${linear('glass', [
    [0, light.lit('#a9c9de')],
    [0.5, light.lit('#6f93ad')],
    [1, light.lit('#4d6f88')],
  ])}</defs>`;
  const wallFill = light.lit(home.wall);
  const sideShade = light.evening ? 0.78 : light.time === 'golden' ? 0.8 : 0.84;

  const drawBlock = (b: Block, x0: number, base: number, w: number, isMain: boolean) => {
    const H = (b.storeys * STOREY + 0.5) * s;
    const W = w * s;
    const dX = dx * s;
    const dY = dy * s;
    // A gable facing the front rises with the building's width (a cabin's steeper than a chalet's).
    const rise =
      gableFront && isMain
        ? W * (home.form === 'cabin' ? 0.36 : 0.27)
        : roofRise(b.roof, home.form) * s * (b.roof === 'flat' ? 1 : Math.min(1.25, 0.55 + w / 18));
    const roofC = light.lit(home.roofColor);
    const roofLit = shade(roofC, 1.12);
    const roofDark = shade(roofC, 0.75);
    const top = base - H;
    let out = '';
    // Side face (right), with its own windows.
    const side: [number, number][] = [
      [x0 + W, base],
      [x0 + W + dX, base - dY],
      [x0 + W + dX, top - dY],
      [x0 + W, top],
    ];
    const sideFill = shade(wallFill, sideShade);
    out += poly(side, sideFill);
    out += group(
      texture(home, sideFill, dX, H, s),
      `matrix(1,${(-dY / dX).toFixed(4)},0,1,${(x0 + W).toFixed(1)},${base.toFixed(1)})`,
    );
    const sideWindows = Math.max(1, Math.round(depthUnits / 4.5));
    for (let st = 0; st < b.storeys; st++) {
      for (let i = 0; i < sideWindows; i++) {
        const u0 = ((i + 0.3) / sideWindows) * dX;
        const u1 = u0 + (dX / sideWindows) * 0.4;
        const y0 = base - (st * STOREY + 2.1) * s;
        const y1 = base - (st * STOREY + 0.7) * s;
        const lit = light.evening && r.chance(0.5);
        out += poly(
          [
            [x0 + W + u0, y1 - (u0 * dY) / dX],
            [x0 + W + u1, y1 - (u1 * dY) / dX],
            [x0 + W + u1, y0 - (u1 * dY) / dX],
            [x0 + W + u0, y0 - (u0 * dY) / dX],
          ],
          lit ? light.glow : shade(light.lit('#5f7f96'), 0.85),
        );
      }
    }
    // Front face.
    out += rect(x0, top, W, H, wallFill);
    out += group(texture(home, wallFill, W, H, s), `translate(${x0.toFixed(1)},${base.toFixed(1)})`);
    out += rect(
      x0,
      base - 0.5 * s,
      W,
      0.5 * s,
      shade(light.lit(home.material === 'render' ? home.wall : '#9a9084'), 0.82),
    );
    // Windows and the door.
    const bayW = (W - 1.2 * s) / b.bays;
    const doorBay = Math.floor(b.bays / 2);
    for (let st = 0; st < b.storeys; st++) {
      for (let i = 0; i < b.bays; i++) {
        const cx = x0 + 0.6 * s + bayW * (i + 0.5);
        const door = b.door && st === 0 && i === doorBay;
        const ww = (home.form === 'modern' || home.form === 'apartment' ? 0.62 : 0.4) * bayW;
        const wh = door ? 2.3 * s : (home.form === 'modern' ? 2.1 : 1.6) * s;
        const y = base - (st * STOREY + (door ? 0.5 : 1.0)) * s - wh;
        const lit = light.evening && (door ? false : r.chance(0.55));
        out += windowAt(home, light, cx - ww / 2, y, ww, wh, s, lit, door);
        if (door && home.form === 'estate')
          out += poly(
            [
              [cx - ww, y - 0.2 * s],
              [cx, y - 1.1 * s],
              [cx + ww, y - 0.2 * s],
            ],
            shade(light.lit(home.wall), 1.06),
          );
      }
      // Balconies on the upper storeys.
      if (home.balcony && st > 0) {
        const by = base - st * STOREY * s - 0.5 * s;
        const bx0 = home.form === 'apartment' ? x0 + 0.3 * s : x0 + 0.4 * s;
        const bw = W - (bx0 - x0) * 2;
        const rail =
          home.form === 'chalet'
            ? light.lit('#7a4f2c')
            : light.lit(home.form === 'apartment' ? '#e9eef0' : home.trim);
        out += rect(bx0, by, bw, 0.35 * s, shade(light.lit(home.wall), 0.8));
        if (home.form === 'apartment')
          out += rect(bx0, by - 1.1 * s, bw, 1.1 * s, light.lit('#bcd6e0'), 'fill-opacity="0.55"');
        else
          for (let k = 0; k <= bw / (0.45 * s); k++)
            out += rect(bx0 + k * 0.45 * s, by - 1.1 * s, 0.14 * s, 1.1 * s, rail);
        out += rect(bx0, by - 1.2 * s, bw, 0.16 * s, rail);
      }
    }
    if (isMain && home.extra === 'porch') {
      // Two posts and a small roof over the door, a step below.
      const cx = x0 + 0.6 * s + bayW * (doorBay + 0.5);
      const post = light.lit(home.material === 'logs' ? '#7a4f2c' : '#f4f1ea');
      const py = base - 2.9 * s;
      out +=
        rect(cx - bayW * 0.62, py, 0.22 * s, 2.9 * s, post) +
        rect(cx + bayW * 0.62 - 0.22 * s, py, 0.22 * s, 2.9 * s, post);
      out += poly(
        [
          [cx - bayW * 0.78, py + 0.1 * s],
          [cx + bayW * 0.78, py + 0.1 * s],
          [cx + bayW * 0.66, py - 0.7 * s],
          [cx - bayW * 0.66, py - 0.7 * s],
        ],
        light.lit(home.roofColor),
      );
      out += rect(cx - bayW * 0.6, base - 0.25 * s, bayW * 1.2, 0.3 * s, light.lit('#cfc6b8'));
    }
    if (isMain && home.extra === 'pergola') {
      // Timber beams on posts along the right of the ground floor, a vine along them.
      const px0 = x0 + W * 0.58;
      const px1 = x0 + W + 0.8 * s;
      const py = base - 2.7 * s;
      const wood = light.lit('#8a6a4a');
      for (const px of [px0, (px0 + px1) / 2, px1]) out += rect(px - 0.12 * s, py, 0.24 * s, 2.7 * s, wood);
      out += rect(px0 - 0.4 * s, py - 0.25 * s, px1 - px0 + 0.8 * s, 0.28 * s, wood);
      for (let vx = px0; vx < px1; vx += 0.55 * s)
        out += ellipse(
          vx,
          py - 0.1 * s + ((vx / s) % 2) * 0.12 * s,
          0.42 * s,
          0.26 * s,
          light.lit(vx % 3 > 1.5 ? '#5f8a3a' : '#4f7a32'),
        );
    }
    // Roof.
    if (b.roof === 'flat') {
      out += poly(
        [
          [x0 - 0.1 * s, top],
          [x0 + W + 0.1 * s, top],
          [x0 + W + dX, top - dY],
          [x0 + dX, top - dY],
        ],
        shade(light.lit(home.wall), 0.9),
      );
      out += rect(x0 - 0.15 * s, top - 0.35 * s, W + 0.3 * s, 0.4 * s, shade(light.lit(home.wall), 1.04));
      out += poly(
        [
          [x0 + W + 0.15 * s, top + 0.05 * s],
          [x0 + W + dX + 0.1 * s, top - dY],
          [x0 + W + dX + 0.1 * s, top - dY - 0.35 * s],
          [x0 + W + 0.15 * s, top - 0.35 * s],
        ],
        shade(light.lit(home.wall), 0.85),
      );
      if (home.form === 'modern' && isMain)
        out += rect(x0 + W * 0.55, top - 0.35 * s - 1.3 * s, W * 0.4, 0.2 * s, light.lit('#8a6a4a'));
    } else if (gableFront && isMain) {
      const peak: [number, number] = [x0 + W / 2, top - rise];
      const ov = 0.6 * s;
      out += poly([[x0, top], [x0 + W, top], peak], wallFill);
      out += poly(
        [
          [peak[0], peak[1] - 0.3 * s],
          [x0 + W + ov, top + 0.5 * s],
          [x0 + W + ov + dX, top + 0.5 * s - dY],
          [peak[0] + dX, peak[1] - dY - 0.3 * s],
        ],
        roofC,
      );
      out += `<path d="M${x0 - ov},${top + 0.5 * s} L${peak[0]},${peak[1] - 0.3 * s} L${x0 + W + ov},${top + 0.5 * s}" stroke="${roofDark}" stroke-width="${(0.45 * s).toFixed(1)}" fill="none" stroke-linejoin="round"/>`;
      // A window in the gable.
      const gw = W * 0.18;
      out += windowAt(
        home,
        light,
        peak[0] - gw / 2,
        top - rise * 0.62,
        gw,
        rise * 0.42,
        s,
        light.evening,
        false,
      );
    } else {
      const hip = b.roof === 'hip' || b.roof === 'thatch';
      const ov = (b.roof === 'thatch' ? 0.5 : 0.45) * s;
      const run = hip ? Math.min(W / 2 - 0.2 * s, dX * 0.6) : 0;
      const ridgeY = top - rise - dY / 2;
      const A: [number, number] = [x0 + run + dX / 2, ridgeY];
      const B: [number, number] = [x0 + W - run + dX / 2, ridgeY];
      if (hip) {
        out += poly([[x0 + W + ov, top + ov * 0.3], [x0 + W + dX + ov, top - dY + ov * 0.3], B], roofDark);
      } else {
        out += poly([[x0 + W, top], [x0 + W + dX, top - dY], B], shade(wallFill, sideShade));
        out += `<path d="M${x0 + W + ov * 0.2},${top + ov * 0.2} L${B[0] + ov * 0.3},${B[1] - ov * 0.2} L${x0 + W + dX + ov * 0.4},${top - dY + ov * 0.2}" stroke="${roofDark}" stroke-width="${(0.35 * s).toFixed(1)}" fill="none"/>`;
      }
      out += poly(
        [
          [x0 - ov, top + ov * 0.3],
          [x0 + W + ov, top + ov * 0.3],
          [B[0] + (hip ? 0 : ov), B[1]],
          [A[0] - (hip ? 0 : ov), A[1]],
        ],
        roofC,
        b.roof === 'thatch'
          ? `stroke="${roofC}" stroke-width="${(0.6 * s).toFixed(1)}" stroke-linejoin="round"`
          : '',
      );
      if (hip && b.roof !== 'thatch')
        out += poly(
          [
            [x0 - ov, top + ov * 0.3],
            [A[0], A[1]],
            [x0 + run * 0.4, top + ov * 0.3],
          ],
          roofLit,
          'fill-opacity="0.6"',
        );
      // Tiles or slates: lines along the slope.
      const rows = Math.max(3, Math.round(rise / (0.55 * s)));
      for (let i = 1; i < rows; i++) {
        const t = i / rows;
        const y = top + ov * 0.3 + (ridgeY - top - ov * 0.3) * t;
        const xl = x0 - ov + (A[0] - x0 + ov) * t;
        const xr = x0 + W + ov + (B[0] - x0 - W - ov) * t;
        out += rect(xl, y, xr - xl, 0.08 * s, roofDark, 'fill-opacity="0.35"');
      }
      out += rect(x0 - ov, top + ov * 0.3 - 0.12 * s, W + 2 * ov, 0.22 * s, roofDark, 'fill-opacity="0.7"');
      if (home.chimney && isMain) {
        const cx = x0 + W * 0.72;
        const cy = top + (ridgeY - top) * 0.55;
        out += rect(
          cx,
          cy - 1.6 * s,
          0.9 * s,
          1.9 * s,
          shade(light.lit(home.material === 'brick' ? home.wall : '#9a8a7a'), 0.95),
        );
        out += rect(cx - 0.1 * s, cy - 1.75 * s, 1.1 * s, 0.25 * s, shade(light.lit('#7a6a5a'), 0.9));
      }
    }
    return out;
  };

  const totalW = totalUnits * s;
  const left = view.x - totalW / 2;
  let body = '';
  const shadowW = totalW * 0.55;
  body += ellipse(view.x + dx * s * 0.3, view.base, shadowW, 0.9 * s, '#000000', 'fill-opacity="0.16"');
  const x = left + 0.5 * s;
  const mainX = x + (home.form === 'estate' || wingBlock ? wingW * s : 0);
  if (wingBlock) body += drawBlock(wingBlock, x + 0.6 * s, view.base - 0.9 * s, wingW, false);
  if (home.form === 'estate' && wingBlock)
    body += drawBlock(
      wingBlock,
      mainX + mainW * s - 0.6 * s + dx * s * 0.15,
      view.base - 1.2 * s,
      wingW,
      false,
    );
  body += drawBlock(main, mainX, view.base, mainW, true);
  // A tower one storey above the house at its left end, standing slightly forward.
  if (home.extra === 'tower' && !gableFront)
    body += drawBlock(
      { bays: 1, storeys: home.storeys + 1, roof: home.roof === 'flat' ? 'flat' : 'hip', door: false },
      mainX - 0.3 * s,
      view.base + 0.15 * s,
      BAY + 0.8,
      false,
    );
  const out = `${defs}${body}`;
  return view.mirror ? group(out, `translate(${(2 * view.x).toFixed(1)},0) scale(-1,1)`) : out;
}

/** The building's drawn height (eaves and roof) for a given drawing width, to place it in a frame. */
export function buildingHeight(home: Home, width: number, depth: number): number {
  const gableFront = home.form === 'chalet' || home.form === 'cabin';
  const mainW = home.bays * BAY + 1.2;
  const wingW = home.wing ? Math.max(2, Math.round(home.bays / 2)) * BAY + 0.8 : 0;
  const depthUnits = (gableFront ? mainW * 1.1 : DEPTH) * depth;
  const wings = home.form === 'estate' ? 2 : home.wing ? 1 : 0;
  const totalUnits = mainW + wings * wingW + depthUnits * 0.87 + 1.5;
  const s = width / totalUnits;
  const rise = gableFront ? mainW * (home.form === 'cabin' ? 0.36 : 0.27) : roofRise(home.roof, home.form);
  return (home.storeys * STOREY + 0.5 + rise + depthUnits * 0.42) * s;
}
