import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { servePhoto } from '@/lib/catalog-api/cdn';
import { settings } from '@/lib/settings';
import { api, rows, setupService } from './service';

const service = setupService({ properties: 40 });

const get = (name: string, headers: Record<string, string> = {}) =>
  servePhoto(new Request(`http://localhost:3000/cdn/photos/${name}`, { headers }), name);

async function photo(portrait = false) {
  const [row] = await rows<{ id: number; width: number; height: number }>(
    service.db,
    sql`SELECT id, width, height FROM images WHERE ${portrait ? sql`height > width` : sql`width > height`} ORDER BY id LIMIT 1`,
  );
  return row!;
}

describe('photo CDN', () => {
  it('serves the original as a JPEG at the photo’s own size, with immutable caching', async () => {
    const p = await photo();
    const res = await get(String(p.id));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: p.width, height: p.height });
  });

  it('renders any width with -{width}w, keeping the aspect ratio, portrait photos too', async () => {
    for (const p of [await photo(), await photo(true)]) {
      for (const width of [400, 777, 1600]) {
        const meta = await sharp(
          Buffer.from(await (await get(`${p.id}-${width}w`)).arrayBuffer()),
        ).metadata();
        expect(meta.width).toBe(width);
        expect(meta.height).toBe(Math.round((width * p.height) / p.width));
      }
    }
  });

  it('clamps widths to a sane range', async () => {
    const p = await photo();
    const small = await sharp(Buffer.from(await (await get(`${p.id}-10w`)).arrayBuffer())).metadata();
    const large = await sharp(Buffer.from(await (await get(`${p.id}-99999w`)).arrayBuffer())).metadata();
    expect([small.width, large.width]).toEqual([64, 2400]);
  });

  it('answers 404 for an unknown photo or a malformed name', async () => {
    for (const name of ['999999999', '0', 'abc', '12-w', '12-800', '12-800wx', '12.jpg']) {
      expect((await get(name)).status).toBe(404);
    }
  });

  it('keeps a rendered file, so a repeat is served without rendering, even once the photo row is gone', async () => {
    const [p] = await rows<{ id: number }>(service.db, sql`SELECT id FROM images ORDER BY id DESC LIMIT 1`);
    const first = Buffer.from(await (await get(`${p!.id}-640w`)).arrayBuffer());
    expect(existsSync(path.resolve(settings().DATA_DIR, 'cdn', `${p!.id}-640-v2.jpg`))).toBe(true);
    await service.db.execute(sql`DELETE FROM images WHERE id = ${p!.id}`);
    const second = Buffer.from(await (await get(`${p!.id}-640w`)).arrayBuffer());
    expect(second.equals(first)).toBe(true);
    expect((await get(`${p!.id}-641w`)).status).toBe(404); // a new width needs the row
  });

  it('answers a matching If-None-Match with 304', async () => {
    const p = await photo();
    const res = await get(`${p.id}-400w`);
    const again = await get(`${p.id}-400w`, { 'If-None-Match': res.headers.get('etag')! });
    expect(again.status).toBe(304);
  });

  it('draws different photos differently and the same photo identically', async () => {
    const ids = await rows<{ id: number }>(
      service.db,
      sql`SELECT id FROM images WHERE scene LIKE 'pool %' ORDER BY id LIMIT 2`,
    );
    const [a, b] = await Promise.all(
      ids.map(async (r) => Buffer.from(await (await get(`${r.id}-300w`)).arrayBuffer())),
    );
    expect(a!.equals(b!)).toBe(false);
  });

  it('serves every photo URL the API hands out', async () => {
    const [row] = await rows<{ id: number }>(
      service.db,
      sql`SELECT property_id AS id FROM images i JOIN properties p ON p.id = i.property_id WHERE p.status = 'live' LIMIT 1`,
    );
    const { images } = (await api(`/properties/${row!.id}/images`)).body;
    for (const image of images.slice(0, 3)) {
      for (const url of [image.url, image.sizes.thumb]) {
        const name = new URL(url).pathname.replace('/cdn/photos/', '');
        expect((await get(name)).status).toBe(200);
      }
    }
  });
});
