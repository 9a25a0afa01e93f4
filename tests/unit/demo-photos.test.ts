import { describe, expect, it } from 'vitest';
import { generateDemoCatalog } from '@/lib/sandbox/demo/generate';
import { bedWords, type Listing, planGallery } from '@/lib/sandbox/demo/photos';
import { landFor } from '@/lib/sandbox/demo/scenery';
import { decodeScene, type SceneSpec } from '@/lib/sandbox/photos/scene-spec';
import { sceneSvg } from '@/lib/sandbox/photos/scenes';

const NOW = '2026-11-21T12:00:00Z';
const catalog = generateDemoCatalog({ seed: 42, properties: 1500, now: NOW });
const locations = new Map<unknown, (typeof catalog.locations)[number]>(
  catalog.locations.map((l) => [l.id, l]),
);
type Row = Record<string, unknown>;
const byProperty = (rows: Row[]) => {
  const map = new Map<unknown, Row[]>();
  for (const r of rows) map.set(r.property_id, [...(map.get(r.property_id) ?? []), r]);
  return map;
};
const galleries = byProperty(catalog.images);
const bedrooms = byProperty(catalog.bedrooms);
const amenities = byProperty(catalog.amenities);
const specOf = (image: Row) => decodeScene(image.scene as string) as SceneSpec;
const areaOf = (p: Row) => (locations.get(p.location_id) as { path: string[] }).path[2];
const withPhotos = catalog.properties.filter((p) => galleries.has(p.id));
const inArea = (area: string) => withPhotos.filter((p) => areaOf(p) === area);

/** The tree kinds and water drawn in a photo, read from the marks the renderer leaves. */
const drawn = (image: Row) => {
  const svg = sceneSvg(image.id as number, image.scene as string, 400, 267);
  return {
    trees: new Set([...svg.matchAll(/data-tree="([a-z-]+)"/g)].map((m) => m[1])),
    water: new Set([...svg.matchAll(/data-water="([a-z]+)"/g)].map((m) => m[1])),
  };
};

function listingOf(p: Row): Listing {
  const loc = locations.get(p.location_id) as { path: string[]; latitude: number };
  return {
    id: p.id as number,
    name: p.name as string,
    type: p.type as string,
    sleeps: p.sleeps as number,
    path: loc.path,
    lat: loc.latitude,
    bedrooms: (bedrooms.get(p.id) ?? []) as never,
    bathrooms: catalog.bathrooms.filter((b) => b.property_id === p.id) as never,
    amenities: (amenities.get(p.id) ?? []).flatMap((a) => a.items as string[]),
  };
}

describe('demo photo galleries', () => {
  it('plans the same gallery for the same property every time, and the catalog carries it', () => {
    const again = generateDemoCatalog({ seed: 42, properties: 200, now: NOW });
    const first = again.images.filter((i) => i.property_id === withPhotos[0]!.id);
    expect(first).toEqual(galleries.get(withPhotos[0]!.id));
    for (const p of withPhotos.slice(0, 50)) {
      const plan = planGallery(42, listingOf(p));
      expect(plan).toEqual(planGallery(42, listingOf(p)));
      expect(plan.map(({ caption, scene }) => ({ caption, scene }))).toEqual(
        galleries.get(p.id)!.map(({ caption, scene }) => ({ caption, scene })),
      );
    }
    // Another catalog seed plans other photos for the same listing.
    const p = withPhotos[0]!;
    expect(planGallery(43, listingOf(p)).map((x) => x.scene)).not.toEqual(
      planGallery(42, listingOf(p)).map((x) => x.scene),
    );
  });

  it('shows one building: every photo of a property shares its traits; exteriors vary angle and time', () => {
    for (const p of withPhotos.slice(0, 300)) {
      const specs = galleries.get(p.id)!.map(specOf);
      for (const s of specs) {
        expect(s.home).toEqual(specs[0]!.home);
        expect(s.land).toEqual(specs[0]!.land);
      }
      const exteriors = specs.filter((s) => s.shot.kind === 'exterior');
      expect(exteriors.length).toBeGreaterThanOrEqual(2);
      expect(new Set(exteriors.map((s) => `${s.shot.angle} ${s.shot.time}`)).size).toBe(exteriors.length);
      expect(specs[0]!.shot.kind).toBe('exterior'); // the cover
    }
  });

  it('sizes the building by type and bedrooms', () => {
    const homes = withPhotos.map((p) => ({ p, home: specOf(galleries.get(p.id)![0]!).home }));
    for (const { p, home } of homes) {
      if (p.type === 'apartment' || p.type === 'condo') expect(home.form).toBe('apartment');
      if (p.type === 'chalet' || p.type === 'cabin') expect(home.form).toBe(p.type);
      if (p.type === 'estate') expect(home.wing).toBe(true);
    }
    const villas = homes.filter(({ p }) => p.type === 'villa');
    const small = villas.filter(({ p }) => (p.bedrooms as number) <= 2);
    const large = villas.filter(({ p }) => (p.bedrooms as number) >= 8);
    expect(small.every(({ home }) => home.storeys === 1 && !home.wing)).toBe(true);
    expect(large.every(({ home }) => home.storeys === 2 && home.wing)).toBe(true);
    expect(Math.max(...large.map(({ home }) => home.bays))).toBeGreaterThan(
      Math.max(...small.map(({ home }) => home.bays)),
    );
  });

  it('draws the scenery of the place: no palms in the Scottish Highlands, sea on the coast, palms in the tropics', () => {
    const highlands = inArea('Scottish Highlands');
    expect(highlands.length).toBeGreaterThan(0);
    for (const p of highlands)
      for (const image of galleries.get(p.id)!) {
        expect(specOf(image).land).toMatchObject({ setting: 'mountains', flora: 'northern', snow: false });
        expect(drawn(image).trees.has('palm')).toBe(false);
      }
    for (const area of ['Amalfi Coast', 'Cornwall', 'Algarve']) {
      for (const p of inArea(area)) {
        const exterior = galleries.get(p.id)!.find((i) => specOf(i).shot.angle === 'far')!;
        expect(specOf(exterior).land.setting).toBe('coast');
        expect(drawn(exterior).water.has('sea')).toBe(true);
      }
    }
    const caribbean = withPhotos.filter(
      (p) => (locations.get(p.location_id) as { path: string[] }).path[0] === 'Caribbean',
    );
    expect(caribbean.length).toBeGreaterThan(0);
    for (const p of caribbean) {
      const far = galleries.get(p.id)!.find((i) => specOf(i).shot.angle === 'far')!;
      expect(drawn(far).trees.has('palm')).toBe(true);
    }
    // Palms grow only where the flora has them, anywhere in the catalog.
    for (const [id, images] of [...galleries].slice(0, 400)) {
      const land = specOf(images[0]!).land;
      if (['northern', 'alpine', 'temperate', 'mediterranean'].includes(land.flora))
        for (const image of images) expect(drawn(image).trees.has('palm'), `property ${id}`).toBe(false);
    }
    expect(landFor(['Europe', 'Switzerland', 'Valais', 'Zermatt'], 46)).toMatchObject({
      setting: 'mountains',
      snow: true,
    });
    expect(landFor(['South America', 'Chile', 'Lake District', 'Puerto'], -41)).toMatchObject({
      setting: 'lake',
      flora: 'temperate',
    });
    expect(landFor(['Europe', 'United Kingdom', 'Lake District', 'Keswick'], 54)).toMatchObject({
      flora: 'northern',
    });
    expect(landFor(['Nowhere', 'Land', 'Unknown', 'Town'], 5).setting).toBe('tropics');
  });

  it('captions describe the scene plan and never repeat within a gallery', () => {
    for (const p of withPhotos) {
      const images = galleries.get(p.id)!;
      const captions = images.map((i) => i.caption as string);
      expect(new Set(captions).size, `property ${p.id}: ${captions.join(' | ')}`).toBe(captions.length);
      const rooms = bedrooms.get(p.id) ?? [];
      const items = (amenities.get(p.id) ?? []).flatMap((a) => a.items as string[]);
      for (const image of images) {
        const { shot, home, land } = specOf(image);
        const caption = image.caption as string;
        if (shot.kind === 'bedroom') expect(caption).toContain(bedWords(shot.beds!));
        if (shot.kind === 'kitchen')
          expect(caption).toBe(
            { island: 'Kitchen with island', bar: 'Kitchen with breakfast bar', galley: 'Galley kitchen' }[
              shot.layout!
            ],
          );
        if (shot.kind === 'bathroom' && shot.bath!.whirlpool && !shot.bath!.combo)
          expect(caption).toContain('whirlpool');
        if (shot.kind === 'living')
          expect(caption).toMatch(shot.focus === 'fireplace' ? /fireplace|stove/ : /view/);
        if (shot.kind === 'terrace' && shot.time === 'golden') expect(caption).toBe('Terrace at sunset');
        if (shot.kind === 'exterior' && shot.time === 'dusk') expect(caption).toMatch(/ at dusk$/);
        if (shot.kind === 'exterior' && home.form !== 'apartment') expect(caption).toContain(home.noun);
        if (shot.kind === 'view' && land.setting === 'coast') expect(caption).toMatch(/^The coast near /);
        if (shot.kind === 'pool')
          expect(items.some((i) => i === 'Private pool' || i === 'Heated pool')).toBe(true);
        if (shot.kind === 'hot-tub') expect(items).toContain('Hot tub');
      }
      // A bedroom photo for each distinct room, up to four; a pool photo exactly when a pool is listed.
      const distinct = new Set(rooms.map((r) => `${r.type} ${JSON.stringify(r.beds)}`)).size;
      expect(images.filter((i) => specOf(i).shot.kind === 'bedroom').length).toBe(Math.min(4, distinct));
      const pool = items.includes('Private pool') || items.includes('Heated pool');
      expect(images.some((i) => specOf(i).shot.kind === 'pool')).toBe(pool);
    }
  });

  it('keeps a few properties without photos on purpose', () => {
    const without = catalog.properties.filter((p) => !galleries.has(p.id)).length;
    expect(without).toBeGreaterThan(0);
    expect(without / catalog.properties.length).toBeLessThan(0.05);
  });
});
