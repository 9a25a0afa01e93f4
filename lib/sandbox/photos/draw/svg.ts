import 'server-only';

/*
 * SVG primitives and colour arithmetic for the photo scenes. Every scene is drawn on a 1600-unit-wide
 * canvas; numbers are written with one decimal.
 */

export type Pt = [number, number];

const n = (v: number) => (Math.round(v * 10) / 10).toString();

export const rect = (x: number, y: number, w: number, h: number, fill: string, extra = '') =>
  `<rect x="${n(x)}" y="${n(y)}" width="${n(Math.max(0, w))}" height="${n(Math.max(0, h))}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;

export const poly = (points: Pt[], fill: string, extra = '') =>
  `<polygon points="${points.map(([x, y]) => `${n(x)},${n(y)}`).join(' ')}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;

export const circle = (x: number, y: number, r: number, fill: string, extra = '') =>
  `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;

export const ellipse = (x: number, y: number, rx: number, ry: number, fill: string, extra = '') =>
  `<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(rx)}" ry="${n(ry)}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;

export const line = (
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  stroke: string,
  width: number,
  extra = '',
) =>
  `<line x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}" stroke="${stroke}" stroke-width="${n(width)}"${extra ? ` ${extra}` : ''}/>`;

export const path = (d: string, fill: string, extra = '') =>
  `<path d="${d}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;

export const group = (body: string, transform?: string, extra = '') =>
  `<g${transform ? ` transform="${transform}"` : ''}${extra ? ` ${extra}` : ''}>${body}</g>`;

/** A smooth closed outline through points (quadratic curves between midpoints). */
export function blob(points: Pt[]): string {
  const mid = (a: Pt, b: Pt): Pt => [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
  const first = mid(points[points.length - 1]!, points[0]!);
  let d = `M${n(first[0])},${n(first[1])}`;
  points.forEach((p, i) => {
    const m = mid(p, points[(i + 1) % points.length]!);
    d += ` Q${n(p[0])},${n(p[1])} ${n(m[0])},${n(m[1])}`;
  });
  return `${d} Z`;
}

/** A ridge line from x=0 to x=w: a path that closes down to `bottom`. */
export function ridge(points: Pt[], bottom: number, w: number): string {
  let d = `M0,${n(bottom)} L${n(points[0]![0])},${n(points[0]![1])}`;
  for (let i = 1; i < points.length; i++) {
    const [x0, y0] = points[i - 1]!;
    const [x1, y1] = points[i]!;
    d += ` Q${n((x0 + x1) / 2)},${n(y0)} ${n(x1)},${n(y1)}`;
  }
  return `${d} L${n(w)},${n(bottom)} Z`;
}

export function linear(id: string, stops: [number, string][], vertical = true, extra = ''): string {
  const dir = vertical ? 'x1="0" y1="0" x2="0" y2="1"' : 'x1="0" y1="0" x2="1" y2="0"';
  return `<linearGradient id="${id}" ${dir}${extra ? ` ${extra}` : ''}>${stops
    .map(([o, c]) => `<stop offset="${o}" stop-color="${c}"/>`)
    .join('')}</linearGradient>`;
}

export function radial(id: string, stops: [number, string, number?][]): string {
  return `<radialGradient id="${id}">${stops
    .map(
      ([o, c, a]) =>
        `<stop offset="${o}" stop-color="${c}"${a === undefined ? '' : ` stop-opacity="${a}"`}/>`,
    )
    .join('')}</radialGradient>`;
}

function rgb(hex: string): [number, number, number] {
  const v = Number.parseInt(hex.slice(1), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

function hex([r, g, b]: [number, number, number]): string {
  const c = (v: number) =>
    Math.max(0, Math.min(255, Math.round(v)))
      .toString(16)
      .padStart(2, '0');
  return `#${c(r)}${c(g)}${c(b)}`;
}

/** `a` moved towards `b` by t (0..1). */
export function mix(a: string, b: string, t: number): string {
  const x = rgb(a);
  const y = rgb(b);
  return hex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}

/** Darker (f < 1) or lighter (f > 1). */
export function shade(c: string, f: number): string {
  return f < 1 ? mix(c, '#000000', 1 - f) : mix(c, '#ffffff', f - 1);
}
