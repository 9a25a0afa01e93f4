import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BenchServer, startBenchServer } from '../../scripts/bench/server';

/*
 * What pages load first. The results and property pages ship at most 150 KB gzip of script before a
 * visitor does anything (issue 12's floor, held here in gzip, what a client without brotli gets; a browser
 * gets the build's brotli files, smaller: `npm run bench:pages` measures those with Lighthouse, headers and
 * the scripts loaded later included). MapLibre is loaded only where a map is shown: the production build's pages without a map (and the results
 * and property pages before their map is asked for or scrolled to) ship no MapLibre code or styles in what
 * their HTML loads. The map's own chunk exists (so the check can fail) and its size is printed.
 */

// Strings of MapLibre's code and of its stylesheet, kept by any minifier.
const SIGNATURES = ['maplibregl-canvas-container', 'maplibre-gl-worker'];
const chunks = path.resolve(import.meta.dirname, '../../.next/static/chunks');
let server: BenchServer;

beforeAll(async () => {
  server = await startBenchServer({
    DATA_DIR: path.join(os.tmpdir(), `rental-map-build-${process.pid}`),
    DEMO_PROPERTIES: '60',
    CATALOG_ACTIVITY: '0',
  });
});
afterAll(async () => {
  await server?.stop();
});

/** Every script and stylesheet a page's HTML loads, with their text. */
async function assetsOf(pathname: string) {
  const res = await fetch(`${server.origin}${pathname}`);
  expect(res.status, pathname).toBe(200);
  const html = await res.text();
  const urls = [
    ...html.matchAll(/<script[^>]+src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]+href="([^"]+\.(?:css|js))"/g),
  ].map((m) => m[1]!);
  expect(urls.length, pathname).toBeGreaterThan(2);
  const texts = await Promise.all(
    [...new Set(urls)].map(async (u) => ({
      url: u,
      text: await (await fetch(new URL(u, server.origin))).text(),
    })),
  );
  return { html, texts };
}

/** The scripts a modern browser runs for a page's first view, gzip-compressed (noModule skipped). */
async function firstScriptsKB(pathname: string) {
  const { html, texts } = await assetsOf(pathname);
  const urls = new Set(
    [...html.matchAll(/<script([^>]*)\ssrc="([^"]+)"([^>]*)>/g)]
      .filter((m) => !/nomodule/i.test(`${m[1]} ${m[3]}`))
      .map((m) => m[2]!),
  );
  const bytes = texts
    .filter((t) => urls.has(t.url))
    .reduce((sum, t) => sum + gzipSync(Buffer.from(t.text)).length, 0);
  return { kb: bytes / 1024, count: urls.size };
}

describe('what a page loads first', () => {
  it('is at most 150 KB gzip of script on the results and property pages; the results view’s own code waits for its first use', async () => {
    const search = await (await fetch(`${server.origin}/api/search?per_page=1`)).json();
    const id = search.properties[0].id;
    const results = await firstScriptsKB('/search?adults=2&children=1');
    const property = await firstScriptsKB(`/properties/${id}?adults=2`);
    const home = await firstScriptsKB('/');
    console.info(
      `first scripts, gzip: results ${results.kb.toFixed(1)} KB (${results.count}), property ${property.kb.toFixed(1)} KB (${property.count}), home ${home.kb.toFixed(1)} KB (${home.count})`,
    );
    expect(results.count).toBeGreaterThan(3);
    expect(results.kb).toBeLessThanOrEqual(150);
    expect(property.kb).toBeLessThanOrEqual(150);
    // The results view, its fields and react-query come later: results load less than the home page, whose
    // search form is live from the start.
    expect(results.kb).toBeLessThan(home.kb);
  });
});

describe('pages without a map', () => {
  it('ship no MapLibre code or styles; the map’s chunk exists on its own', async () => {
    const own = readdirSync(chunks).filter((f) => {
      const text = readFileSync(path.join(chunks, f), 'utf8');
      return SIGNATURES.some((s) => text.includes(s));
    });
    expect(own.some((f) => f.endsWith('.js'))).toBe(true);
    for (const f of own) {
      const bytes = readFileSync(path.join(chunks, f));
      console.info(
        `map chunk ${f}: ${(bytes.length / 1024).toFixed(0)} KB, ${(gzipSync(bytes).length / 1024).toFixed(0)} KB gzip`,
      );
    }

    const search = await (await fetch(`${server.origin}/api/search?per_page=1`)).json();
    const id = search.properties[0].id;
    const location = search.properties[0].location.id;
    for (const page of [
      '/',
      '/search',
      '/destinations',
      `/destinations/${location}`,
      `/properties/${id}`,
      '/inquire',
    ]) {
      const { texts } = await assetsOf(page);
      for (const { url, text } of texts)
        for (const s of SIGNATURES)
          expect(text.includes(s), `${page} loads ${url}, which holds ${s}`).toBe(false);
    }
  });

  it('serves the maps’ world geometry, style and worker from the app itself', async () => {
    const style = await (await fetch(`${server.origin}/maps/style`)).json();
    expect(style.version).toBe(8);
    expect(style.glyphs).toBeUndefined();
    const world = await (await fetch(`${server.origin}${style.metadata['villa:world']}`)).json();
    expect(world.type).toBe('Topology');
    expect(Object.keys(world.objects)).toEqual(expect.arrayContaining(['countries', 'land']));
    const worker = await fetch(`${server.origin}/maps/worker?v=1`);
    expect(worker.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect((await worker.text()).length).toBeGreaterThan(100_000);
  });
});
