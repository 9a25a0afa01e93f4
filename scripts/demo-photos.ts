// `npm run photos`: the demo catalog's generated photos, without a server.
//   npm run photos -- bench [N]            render N photos (default 300) at 800 px as the CDN does; p50/p95 per photo
//   npm run photos -- sheets DIR AREA…     one contact sheet per area (a property's whole gallery with captions)
// Uses DEMO_SEED (default 20261121) and the first 3,000 properties of the demo catalog.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { generateDemoCatalog } from '../lib/sandbox/demo/generate';
import { sceneSvg } from '../lib/sandbox/photos/scenes';

const seed = Number(process.env.DEMO_SEED ?? 20261121);
const [mode = 'bench', ...args] = process.argv.slice(2);

// As the CDN configures it: no operation cache, one thread per render.
sharp.cache(false);
sharp.concurrency(1);

const render = (image: Record<string, unknown>, width: number) => {
  const height = Math.round((width * (image.height as number)) / (image.width as number));
  return sharp(Buffer.from(sceneSvg(image.id as number, image.scene as string, width, height)));
};

async function bench(count: number) {
  const { images } = generateDemoCatalog({ seed, properties: 200, now: new Date().toISOString() });
  const times: number[] = [];
  for (const image of images.slice(0, count)) {
    const started = performance.now();
    await render(image, 800).jpeg({ quality: 80, progressive: true }).toBuffer();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(1);
  console.log(`${times.length} photos at 800 px: p50 ${q(0.5)} ms, p95 ${q(0.95)} ms per photo`);
}

const xmlText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

async function sheets(dir: string, areas: string[]) {
  const catalog = generateDemoCatalog({ seed, properties: 3000, now: new Date().toISOString() });
  const paths = new Map(catalog.locations.map((l) => [l.id, l.path as string[]]));
  mkdirSync(dir, { recursive: true });
  const tile = 480;
  const tileH = 320;
  const cols = 4;
  for (const area of areas) {
    const property = catalog.properties.find(
      (p) => paths.get(p.location_id)?.[2] === area && catalog.images.some((i) => i.property_id === p.id),
    );
    if (!property) {
      console.log(`${area}: no property with photos`);
      continue;
    }
    const images = catalog.images.filter((i) => i.property_id === property.id);
    const tiles = await Promise.all(
      images.map((image) =>
        render(image, tile).resize(tile, tileH, { fit: 'contain', background: '#222' }).png().toBuffer(),
      ),
    );
    const cell = tileH + 30;
    const rows = Math.ceil(tiles.length / cols);
    const title = `${property.id} ${property.name} · ${property.type} · ${property.bedrooms} bedrooms · ${paths.get(property.location_id)!.join(' / ')}`;
    const labels = images
      .map(
        (image, i) =>
          `<text x="${(i % cols) * tile + 6}" y="${40 + Math.floor(i / cols) * cell + cell - 9}">${xmlText(`${image.position}. ${image.caption}`)}</text>`,
      )
      .join('');
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${cols * tile}" height="${40 + rows * cell}" font-family="sans-serif" font-size="15" fill="#fff"><rect width="100%" height="100%" fill="#111"/><text x="8" y="27" font-size="20">${xmlText(title)}</text>${labels}</svg>`;
    const file = path.join(dir, `${property.id}-${area.replace(/\W+/g, '-')}.png`);
    await sharp(Buffer.from(svg))
      .composite(
        tiles.map((input, i) => ({ input, left: (i % cols) * tile, top: 40 + Math.floor(i / cols) * cell })),
      )
      .png()
      .toFile(file);
    console.log(file);
  }
}

if (mode === 'bench') await bench(Number(args[0] ?? 300));
else if (mode === 'sheets' && args[0]) await sheets(args[0], args.slice(1));
else {
  console.error('usage: npm run photos -- bench [N] | sheets DIR AREA…');
  process.exitCode = 1;
}
