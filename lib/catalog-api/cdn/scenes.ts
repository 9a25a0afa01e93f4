import 'server-only';
import { Random } from '../demo/random';

/*
 * Procedural photos for the demo catalog: SVG scenes (villas, pools, coastlines, mountains, interiors)
 * drawn on a 1600-unit-wide canvas, varied by the image id. No external assets; the CDN renders them.
 */

type Draw = (r: Random, w: number, h: number) => string;

const SKIES = [
  ['#5aa9e6', '#bfe3ff'], // midday
  ['#f6a25b', '#ffe2b8'], // golden hour
  ['#3d5a99', '#f3a683'], // dusk
  ['#7cc4f2', '#e9f6ff'], // bright morning
] as const;
const WALLS = ['#f4efe6', '#efe3cf', '#e8eef0', '#f3e6e1', '#e6ede4'];
const ACCENTS = ['#1f8f7e', '#c8553d', '#2f6690', '#d9a441', '#6d597a', '#588157'];
const WOOD = ['#b08150', '#9c6b3f', '#c49a6c', '#8a5a33'];

const rect = (x: number, y: number, w: number, h: number, fill: string, extra = '') =>
  `<rect x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${w.toFixed(1)}" height="${h.toFixed(1)}" fill="${fill}" ${extra}/>`;
const poly = (points: [number, number][], fill: string, extra = '') =>
  `<polygon points="${points.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ')}" fill="${fill}" ${extra}/>`;
const circle = (x: number, y: number, r: number, fill: string, extra = '') =>
  `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${r.toFixed(1)}" fill="${fill}" ${extra}/>`;

function sky(r: Random, w: number, horizon: number): string {
  const [top, bottom] = r.pick(SKIES);
  const sunX = r.int(Math.round(w * 0.15), Math.round(w * 0.85));
  const clouds = Array.from({ length: r.int(2, 5) }, () => {
    const x = r.int(0, w);
    const y = r.int(40, Math.max(60, Math.round(horizon * 0.5)));
    const s = r.int(60, 160);
    return `<g fill="#fff" opacity="${(0.55 + r.next() * 0.3).toFixed(2)}">${circle(x, y, s * 0.5, '#fff')}${circle(x + s * 0.5, y + 10, s * 0.4, '#fff')}${circle(x - s * 0.5, y + 12, s * 0.35, '#fff')}</g>`;
  }).join('');
  return `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>
    <linearGradient id="sea" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#2a7fb8"/><stop offset="1" stop-color="#5cc3d6"/></linearGradient>
    <linearGradient id="water" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#4fd1e8"/><stop offset="1" stop-color="#1b9cc4"/></linearGradient></defs>
    ${rect(0, 0, w, horizon + 2, 'url(#sky)')}${circle(sunX, horizon * 0.35, 70, '#fff6d5', 'opacity="0.9"')}${clouds}`;
}

function palm(x: number, base: number, height: number): string {
  const top = base - height;
  const leaves = [-70, -35, 0, 35, 70, 110, -110]
    .map((a) => {
      const rad = (a * Math.PI) / 180;
      const ex = x + Math.sin(rad) * 120;
      const ey = top + 40 - Math.cos(rad) * 50;
      return `<path d="M${x},${top} Q${(x + ex) / 2},${top - 40} ${ex},${ey}" stroke="#2f7d32" stroke-width="22" fill="none" stroke-linecap="round"/>`;
    })
    .join('');
  return `<path d="M${x - 8},${base} Q${x + 25},${(base + top) / 2} ${x},${top}" stroke="#7a5230" stroke-width="18" fill="none"/>${leaves}`;
}

function villa(r: Random, x: number, base: number, width: number): string {
  const height = width * 0.42;
  const wall = r.pick(['#fbf7ef', '#f1dfc0', '#f6ead8', '#ffffff']);
  const roof = r.pick(['#b5533c', '#a44a3f', '#8c5a3c', '#5d6d7e']);
  const windows = Array.from({ length: 4 }, (_, i) =>
    rect(x + width * (0.1 + i * 0.22), base - height * 0.75, width * 0.12, height * 0.3, '#5b86a8', 'rx="4"'),
  ).join('');
  return `${rect(x, base - height, width, height, wall)}${poly(
    [
      [x - 30, base - height],
      [x + width / 2, base - height - width * 0.22],
      [x + width + 30, base - height],
    ],
    roof,
  )}${windows}${rect(x + width * 0.45, base - height * 0.4, width * 0.1, height * 0.4, '#7a5230')}`;
}

const exterior: Draw = (r, w, h) => {
  const horizon = h * 0.55;
  return `${sky(r, w, horizon)}${poly(
    [
      [0, horizon],
      [w * 0.3, horizon - 80],
      [w * 0.6, horizon - 20],
      [w, horizon - 110],
      [w, h],
      [0, h],
    ],
    '#9bbf73',
  )}${villa(r, w * 0.25, h * 0.78, w * 0.5)}${rect(0, h * 0.78, w, h * 0.22, '#7fae5a')}${palm(w * 0.12, h * 0.85, h * 0.45)}${palm(w * 0.88, h * 0.88, h * 0.4)}`;
};

const pool: Draw = (r, w, h) => {
  const horizon = h * 0.42;
  const loungers = Array.from({ length: 3 }, (_, i) =>
    rect(w * (0.12 + i * 0.1), h * 0.86, w * 0.07, h * 0.04, '#fff', 'rx="6"'),
  ).join('');
  return `${sky(r, w, horizon)}${rect(0, horizon, w, h * 0.1, 'url(#sea)')}${villa(r, w * 0.55, horizon + h * 0.1, w * 0.38)}
    ${rect(0, horizon + h * 0.1, w, h, '#e9dcc3')}${rect(w * 0.08, h * 0.62, w * 0.84, h * 0.2, 'url(#water)', 'rx="10"')}
    ${Array.from({ length: 6 }, (_, i) => `<path d="M${w * 0.12 + i * 200},${h * 0.7} q40,-12 80,0" stroke="#e6fbff" stroke-width="5" fill="none" opacity="0.7"/>`).join('')}
    ${loungers}${poly(
      [
        [w * 0.8, h * 0.66],
        [w * 0.9, h * 0.74],
        [w * 0.7, h * 0.74],
      ],
      r.pick(ACCENTS),
    )}${palm(w * 0.05, h * 0.62, h * 0.4)}`;
};

const coast: Draw = (r, w, h) => {
  const horizon = h * 0.45;
  const sail = r.int(200, w - 200);
  return `${sky(r, w, horizon)}${rect(0, horizon, w, h, 'url(#sea)')}
    ${Array.from({ length: 8 }, (_, i) => `<path d="M${r.int(0, w)},${horizon + 40 + i * 35} q60,-10 120,0" stroke="#d8f3fb" stroke-width="4" fill="none" opacity="0.6"/>`).join('')}
    ${poly(
      [
        [sail, horizon + 50],
        [sail + 30, horizon - 20],
        [sail + 40, horizon + 50],
      ],
      '#fff',
    )}${rect(sail - 10, horizon + 50, 70, 12, '#704214')}
    <path d="M0,${h * 0.75} Q${w * 0.4},${h * 0.62} ${w},${h * 0.8} L${w},${h} L0,${h} Z" fill="#f0dcae"/>
    ${poly(
      [
        [0, horizon - 40],
        [w * 0.18, horizon + 30],
        [w * 0.22, h * 0.78],
        [0, h * 0.8],
      ],
      '#8d7a5e',
    )}${palm(w * 0.85, h * 0.92, h * 0.45)}`;
};

const mountain: Draw = (r, w, h) => {
  const horizon = h * 0.6;
  const ridge = (y: number, color: string, snow: boolean) => {
    const peaks: [number, number][] = [[0, h]];
    for (let x = 0; x <= w; x += 200) peaks.push([x, y - r.int(0, 220)]);
    peaks.push([w, h]);
    return (
      poly(peaks, color) +
      (snow
        ? poly(
            peaks.map(([x, py]) => [x, Math.min(py + 40, h)]),
            '#ffffff',
            'opacity="0.25"',
          )
        : '')
    );
  };
  const pines = Array.from({ length: 14 }, () => {
    const x = r.int(0, w);
    const b = h * (0.82 + r.next() * 0.15);
    return poly(
      [
        [x, b - 150],
        [x - 45, b],
        [x + 45, b],
      ],
      '#24543a',
    );
  }).join('');
  return `${sky(r, w, horizon)}${ridge(horizon - 80, '#8fa3bf', true)}${ridge(horizon + 40, '#5f7d6e', false)}${rect(0, h * 0.8, w, h * 0.2, '#a9c47f')}
    ${rect(w * 0.4, h * 0.62, w * 0.2, h * 0.18, '#9c6b3f')}${poly(
      [
        [w * 0.37, h * 0.63],
        [w * 0.5, h * 0.5],
        [w * 0.63, h * 0.63],
      ],
      '#5a3b22',
    )}${rect(w * 0.46, h * 0.68, w * 0.04, h * 0.06, '#ffe7a3')}${pines}`;
};

const garden: Draw = (r, w, h) => {
  const horizon = h * 0.45;
  const flowers = Array.from({ length: 90 }, () =>
    circle(
      r.int(0, w),
      r.int(Math.round(h * 0.6), h),
      r.int(6, 14),
      r.pick(['#e76f51', '#f4a261', '#e9c46a', '#f7f7ff', '#c77dff']),
    ),
  ).join('');
  const trees = Array.from({ length: 4 }, (_, i) => {
    const x = w * (0.1 + i * 0.27);
    return `${rect(x - 12, horizon + 60, 24, 160, '#6b4226')}${circle(x, horizon + 40, 110, '#4f7942')}${circle(x + 60, horizon + 70, 80, '#5c8a4a')}`;
  }).join('');
  return `${sky(r, w, horizon)}${rect(0, horizon, w, h, '#86b35f')}${trees}<path d="M${w * 0.45},${h} Q${w * 0.5},${h * 0.7} ${w * 0.6},${horizon + 80}" stroke="#e3d5b8" stroke-width="70" fill="none"/>${flowers}`;
};

const terrace: Draw = (r, w, h) => {
  const horizon = h * 0.5;
  const rails = Array.from({ length: 26 }, (_, i) => rect(i * 64, h * 0.62, 10, h * 0.16, '#f5f5f5')).join(
    '',
  );
  return `${sky(r, w, horizon)}${rect(0, horizon, w, h * 0.3, 'url(#sea)')}${rect(0, h * 0.6, w, 14, '#ffffff')}${rails}
    ${rect(0, h * 0.78, w, h * 0.22, r.pick(WOOD))}${`<ellipse cx="${w * 0.5}" cy="${h * 0.8}" rx="${w * 0.14}" ry="${h * 0.04}" fill="#fff"/>`}
    ${rect(w * 0.49, h * 0.8, 16, h * 0.12, '#555')}${rect(w * 0.3, h * 0.74, w * 0.06, h * 0.16, r.pick(ACCENTS), 'rx="8"')}${rect(w * 0.64, h * 0.74, w * 0.06, h * 0.16, r.pick(ACCENTS), 'rx="8"')}`;
};

function room(r: Random, w: number, h: number, furniture: string): string {
  const wall = r.pick(WALLS);
  const floorY = h * 0.7;
  const wx = w * (0.1 + r.next() * 0.45);
  const ww = w * 0.32;
  const planks = Array.from(
    { length: 12 },
    (_, i) =>
      `<line x1="${i * 140}" y1="${floorY}" x2="${i * 140 - 200}" y2="${h}" stroke="#00000022" stroke-width="3"/>`,
  ).join('');
  return `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#8ccaf0"/><stop offset="1" stop-color="#e4f4ff"/></linearGradient>
      <linearGradient id="sea" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#2a7fb8"/><stop offset="1" stop-color="#5cc3d6"/></linearGradient></defs>
    ${rect(0, 0, w, floorY, wall)}${rect(wx, h * 0.12, ww, h * 0.38, 'url(#sky)')}${rect(wx, h * 0.36, ww, h * 0.14, 'url(#sea)')}
    ${rect(wx - 12, h * 0.12 - 12, ww + 24, h * 0.38 + 24, 'none', 'stroke="#ffffff" stroke-width="24"')}${rect(wx + ww / 2 - 6, h * 0.12, 12, h * 0.38, '#fff')}
    ${rect(0, floorY, w, h - floorY, r.pick(WOOD))}${planks}${rect(w * 0.78, h * 0.2, w * 0.12, h * 0.16, r.pick(ACCENTS), 'stroke="#fff" stroke-width="10"')}
    ${furniture}${circle(w * 0.06, floorY - 90, 70, '#4f7942')}${rect(w * 0.04, floorY - 40, w * 0.05, 60, '#c8553d')}`;
}

const living: Draw = (r, w, h) =>
  room(
    r,
    w,
    h,
    `<ellipse cx="${w * 0.5}" cy="${h * 0.86}" rx="${w * 0.3}" ry="${h * 0.07}" fill="${r.pick(ACCENTS)}" opacity="0.55"/>
    ${rect(w * 0.22, h * 0.55, w * 0.56, h * 0.2, r.pick(['#d9d2c5', '#8e9aaf', '#cfb997', '#6b705c']), 'rx="30"')}
    ${rect(w * 0.25, h * 0.5, w * 0.5, h * 0.12, r.pick(['#e7e1d6', '#a3b1c6', '#dcc7a1']), 'rx="24"')}
    ${rect(w * 0.4, h * 0.78, w * 0.2, h * 0.05, r.pick(WOOD), 'rx="8"')}`,
  );
const bedroom: Draw = (r, w, h) =>
  room(
    r,
    w,
    h,
    `${rect(w * 0.2, h * 0.42, w * 0.6, h * 0.16, r.pick(WOOD), 'rx="12"')}${rect(w * 0.18, h * 0.56, w * 0.64, h * 0.24, '#ffffff', 'rx="18"')}
    ${rect(w * 0.18, h * 0.66, w * 0.64, h * 0.14, r.pick(ACCENTS), 'rx="12" opacity="0.85"')}
    ${rect(w * 0.26, h * 0.5, w * 0.18, h * 0.08, '#f2f2f2', 'rx="20"')}${rect(w * 0.56, h * 0.5, w * 0.18, h * 0.08, '#f2f2f2', 'rx="20"')}`,
  );
const kitchen: Draw = (r, w, h) => {
  const cabinet = r.pick(['#2f6690', '#f4f1ea', '#588157', '#3a3a3a']);
  return room(
    r,
    w,
    h,
    `${rect(0, h * 0.52, w, h * 0.2, cabinet)}${rect(0, h * 0.5, w, h * 0.03, '#e0dcd3')}
    ${Array.from({ length: 8 }, (_, i) => rect(i * 200 + 20, h * 0.56, 160, h * 0.13, '#ffffff22', 'rx="6"')).join('')}
    ${rect(w * 0.3, h * 0.62, w * 0.4, h * 0.2, cabinet, 'rx="6"')}${rect(w * 0.28, h * 0.6, w * 0.44, h * 0.03, '#f5f3ef')}`,
  );
};
const bathroom: Draw = (r, w, h) =>
  room(
    r,
    w,
    h,
    `${rect(w * 0.1, h * 0.55, w * 0.45, h * 0.22, '#ffffff', 'rx="60"')}${rect(w * 0.12, h * 0.56, w * 0.41, h * 0.06, '#bfe8f5', 'rx="30"')}
    ${rect(w * 0.65, h * 0.5, w * 0.22, h * 0.06, '#f3f3f3', 'rx="10"')}${rect(w * 0.68, h * 0.56, w * 0.16, h * 0.16, r.pick(WOOD))}
    ${rect(w * 0.68, h * 0.18, w * 0.16, h * 0.28, '#d8eef5', 'stroke="#c0c0c0" stroke-width="8" rx="8"')}`,
  );
const dining: Draw = (r, w, h) => {
  const wood = r.pick(WOOD);
  const chairs = Array.from({ length: 4 }, (_, i) =>
    rect(w * (0.25 + i * 0.14), h * 0.52, w * 0.06, h * 0.24, r.pick(ACCENTS), 'rx="10"'),
  ).join('');
  return room(
    r,
    w,
    h,
    `${chairs}${rect(w * 0.2, h * 0.6, w * 0.6, h * 0.04, wood)}${rect(w * 0.24, h * 0.64, 18, h * 0.18, wood)}${rect(w * 0.75, h * 0.64, 18, h * 0.18, wood)}
    ${circle(w * 0.5, h * 0.2, 40, '#ffe7a3')}<line x1="${w * 0.5}" y1="0" x2="${w * 0.5}" y2="${h * 0.17}" stroke="#333" stroke-width="4"/>`,
  );
};

const SCENES: Record<string, Draw> = {
  exterior,
  pool,
  coast,
  mountain,
  garden,
  terrace,
  living,
  bedroom,
  kitchen,
  bathroom,
  dining,
};

/** The SVG of photo `id` showing `scene`, `width` × `height` pixels (drawn on a 1600-unit-wide canvas). */
export function sceneSvg(id: number, scene: string, width: number, height: number): string {
  const w = 1600;
  const h = Math.round((1600 * height) / width);
  const draw = SCENES[scene] ?? exterior;
  const body = draw(new Random(id * 7919 + 17), w, h);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${w} ${h}" preserveAspectRatio="xMidYMid slice">${body}</svg>`;
}
