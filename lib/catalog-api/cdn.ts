import 'server-only';
import { mkdirSync, readdirSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { processSingleton } from '@/lib/process-singleton';
import { sceneSvg } from '@/lib/sandbox/photos';
import { settings } from '@/lib/settings';
import { Slots } from '@/lib/slots';
import { visitorOf } from '@/lib/visitor';
import { getDb, queryRows } from './db/client';
import { renderWait } from './limits';
import { logger } from './logger';

/*
 * The photo CDN at {cdn_url}/photos/{id}[-{width}w]: JPEGs rendered from the photo's scene at the width
 * asked for (clamped to MIN..MAX_WIDTH; no suffix = the photo's own width). A rendered file is kept on
 * disk, so a repeat costs a file read; concurrent first requests for one file render it once; renders
 * run at most RENDERS_AT_ONCE at a time. Responses are immutable: a photo's id and width name its bytes.
 */

export const MIN_WIDTH = 64;
export const MAX_WIDTH = 2400;
const RENDERS_AT_ONCE = 2;
/** Beyond this many cached files, new widths are still served but no longer kept. */
const MAX_CACHED_FILES = 50_000;
// Part of every cached file's name and ETag: a new drawing of the scenes gets new names.
const VERSION = 'v2';

// Rendered files are kept on disk; libvips' own operation cache would only hold memory twice. One thread per
// render, two renders at once: the machine's two cores.
sharp.cache(false);
sharp.concurrency(1);

const NAME = /^([1-9]\d{0,9})(?:-(\d{1,5})w)?$/;

export function parsePhotoName(name: string): { id: number; width: number | null } | null {
  const match = NAME.exec(name);
  if (!match || Number(match[1]) > 2_147_483_647) return null;
  const width = match[2] === undefined ? null : Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, Number(match[2])));
  return { id: Number(match[1]), width };
}

function cacheDir(): string {
  return path.resolve(settings().DATA_DIR, 'cdn');
}

/**
 * The CDN's state, one per process (lib/process-singleton.ts): renders in flight (a width asked twice at
 * once is drawn once), the slots that bound renders at once, and how many files its folder holds.
 */
const cdnOfProcess = () =>
  processSingleton('catalog-api.cdn', () => ({
    cachedFiles: null as number | null,
    inFlight: new Map<string, Promise<Buffer | null>>(),
    renderSlots: new Slots(RENDERS_AT_ONCE),
  }));

async function render(id: number, width: number | null): Promise<{ bytes: Buffer; width: number } | null> {
  const db = await getDb();
  const [photo] = await queryRows<{ scene: string; width: number; height: number }>(
    db,
    sql`SELECT scene, width, height FROM images WHERE id = ${id}`,
  );
  if (!photo) return null;
  const w = width ?? photo.width;
  const h = Math.max(1, Math.round((w * photo.height) / photo.width));
  const bytes = await cdnOfProcess().renderSlots.run(() =>
    sharp(Buffer.from(sceneSvg(id, photo.scene, w, h)))
      .jpeg({ quality: 80, progressive: true })
      .toBuffer(),
  );
  return { bytes, width: w };
}

async function keep(file: string, bytes: Buffer): Promise<void> {
  const dir = cacheDir();
  const cdn = cdnOfProcess();
  if (cdn.cachedFiles === null) {
    mkdirSync(dir, { recursive: true });
    cdn.cachedFiles = readdirSync(dir).length;
  }
  if (cdn.cachedFiles >= MAX_CACHED_FILES) return;
  // Written aside and renamed, so a reader never sees half a file.
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, bytes);
  await rename(tmp, file);
  cdn.cachedFiles++;
}

const fileName = (id: number, width: number | null) => `${id}-${width ?? 'o'}-${VERSION}.jpg`;

/** A photo already rendered (on disk, or being rendered for someone else now), else null. */
async function renderedBytes(id: number, width: number | null): Promise<Buffer | null> {
  const name = fileName(id, width);
  try {
    return await readFile(path.join(cacheDir(), name));
  } catch {}
  return (await cdnOfProcess().inFlight.get(name)) ?? null;
}

/** The bytes of a photo at a width, from the disk cache or rendered now; null for an unknown photo. */
export async function photoBytes(id: number, width: number | null): Promise<Buffer | null> {
  const name = fileName(id, width);
  const file = path.join(cacheDir(), name);
  try {
    return await readFile(file);
  } catch {}
  const { inFlight } = cdnOfProcess();
  const pending = inFlight.get(name);
  if (pending) return pending;
  const work = (async () => {
    const rendered = await render(id, width);
    if (!rendered) return null;
    await keep(file, rendered.bytes).catch((error) => logger.warn({ err: error }, 'could not cache a photo'));
    return rendered.bytes;
  })();
  inFlight.set(name, work);
  try {
    return await work;
  } finally {
    inFlight.delete(name);
  }
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

export async function servePhoto(request: Request, name: string): Promise<Response> {
  const parsed = parsePhotoName(name);
  if (!parsed) return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain' } });
  const etag = `"${parsed.id}-${parsed.width ?? 'o'}-${VERSION}"`;
  if (request.headers.get('if-none-match') === etag) {
    return new Response(null, { status: 304, headers: { ETag: etag, 'Cache-Control': IMMUTABLE } });
  }
  let bytes = await renderedBytes(parsed.id, parsed.width);
  if (!bytes) {
    // A width never rendered costs a render and a file: limited per visitor. Cached widths are free.
    const wait = await renderWait(visitorOf(request, settings()));
    if (wait > 0)
      return new Response('Too many new photo sizes; try again shortly.', {
        status: 429,
        headers: { 'Content-Type': 'text/plain', 'Retry-After': String(wait), 'Cache-Control': 'no-store' },
      });
    bytes = await photoBytes(parsed.id, parsed.width);
  }
  if (!bytes) return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain' } });
  return new Response(new Uint8Array(bytes), {
    headers: {
      'Content-Type': 'image/jpeg',
      'Content-Length': String(bytes.length),
      'Cache-Control': IMMUTABLE,
      ETag: etag,
    },
  });
}
