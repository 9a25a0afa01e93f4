import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { precompressStatic } from '../../scripts/brotli.mjs';
import { COMPILE_HINT, startChunks } from '../../scripts/compile-hints.mjs';

/** A build folder as Next.js 16 (Turbopack) writes the parts read here. */
function build() {
  const next = mkdtempSync(path.join(os.tmpdir(), 'compile-hints-'));
  mkdirSync(path.join(next, 'static', 'chunks'), { recursive: true });
  writeFileSync(
    path.join(next, 'build-manifest.json'),
    JSON.stringify({
      polyfillFiles: ['static/chunks/polyfills.js'],
      rootMainFiles: ['static/chunks/framework.js', 'static/chunks/turbopack-runtime.js'],
    }),
  );
  const route = (dir: string, name: string, entries: Record<string, string[]>, lazy: string) => {
    mkdirSync(path.join(next, 'server', 'app', dir), { recursive: true });
    const manifest = {
      moduleLoading: { prefix: '' },
      clientModules: { '[project]/components/map.tsx': { id: 1, chunks: [`/_next/static/chunks/${lazy}`] } },
      entryJSFiles: entries,
    };
    writeFileSync(
      path.join(next, 'server', 'app', dir, 'page_client-reference-manifest.js'),
      `globalThis.__RSC_MANIFEST = globalThis.__RSC_MANIFEST || {};\nglobalThis.__RSC_MANIFEST[${JSON.stringify(name)}] = ${JSON.stringify(manifest)};\n`,
    );
  };
  route(
    '(site)/properties/[id]',
    '/(site)/properties/[id]/page',
    {
      '[project]/app/layout': ['static/chunks/layout.js'],
      '[project]/app/(site)/properties/[id]/page': ['static/chunks/layout.js', 'static/chunks/property.js'],
    },
    'map.js',
  );
  route('(site)', '/(site)/page', { '[project]/app/(site)/page': ['static/chunks/home.js'] }, 'map.js');
  route('odd', '/odd/"quoted"/page', { '[project]/app/odd/page': ['/_next/static/chunks/odd.js'] }, 'map.js');
  for (const name of [
    'framework',
    'turbopack-runtime',
    'layout',
    'property',
    'home',
    'odd',
    'map',
    'polyfills',
  ])
    writeFileSync(path.join(next, 'static', 'chunks', `${name}.js`), `/* ${name} */ (() => {})();\n`);
  writeFileSync(path.join(next, 'static', 'chunks', 'site.css'), 'body { margin: 0 }\n');
  return next;
}

describe('the scripts a page runs as it starts', () => {
  it('are the framework’s and every route’s entry scripts, routes with brackets or quotes in their names among them', () => {
    const chunks = startChunks(build());
    expect([...chunks].sort()).toEqual(
      [
        'chunks/odd.js',
        'chunks/framework.js',
        'chunks/home.js',
        'chunks/layout.js',
        'chunks/property.js',
        'chunks/turbopack-runtime.js',
      ].sort(),
    );
  });

  it('leave out a script loaded when its part is used, and the polyfills an old browser runs', () => {
    const chunks = startChunks(build());
    expect(chunks.has('chunks/map.js')).toBe(false);
    expect(chunks.has('chunks/polyfills.js')).toBe(false);
  });

  it('carry the compile hint on their first line in their brotli twins; the build’s files stay as built', async () => {
    const next = build();
    const staticDir = path.join(next, 'static');
    const hinted = startChunks(next);
    const before = readFileSync(path.join(staticDir, 'chunks', 'property.js'));
    await precompressStatic(staticDir, { prefixOf: (name) => (hinted.has(name) ? COMPILE_HINT : '') });
    const twin = (name: string) => brotliDecompressSync(readFileSync(path.join(staticDir, `${name}.br`)));
    expect(twin('chunks/property.js').toString('utf8')).toBe(`//# allFunctionsCalledOnLoad\n${before}`);
    expect(twin('chunks/framework.js').toString('utf8').split('\n')[0]).toBe('//# allFunctionsCalledOnLoad');
    expect(twin('chunks/map.js').equals(readFileSync(path.join(staticDir, 'chunks', 'map.js')))).toBe(true);
    expect(twin('chunks/site.css').toString('utf8')).toBe('body { margin: 0 }\n');
    expect(readFileSync(path.join(staticDir, 'chunks', 'property.js')).equals(before)).toBe(true);
  });

  it('are only the framework’s for a build without app routes', () => {
    const next = build();
    const bare = mkdtempSync(path.join(os.tmpdir(), 'compile-hints-bare-'));
    writeFileSync(
      path.join(bare, 'build-manifest.json'),
      readFileSync(path.join(next, 'build-manifest.json')),
    );
    expect([...startChunks(bare)].sort()).toEqual(['chunks/framework.js', 'chunks/turbopack-runtime.js']);
  });

  it('stop the start when a route’s manifest names no entry scripts (a format not known), not hint a few', () => {
    const next = build();
    writeFileSync(
      path.join(next, 'server', 'app', '(site)', 'page_client-reference-manifest.js'),
      'globalThis.__RSC_MANIFEST = globalThis.__RSC_MANIFEST || {};\nglobalThis.__RSC_MANIFEST["/(site)/page"] = {"clientModules":{}};\n',
    );
    expect(() => startChunks(next)).toThrow(/names no entry scripts/);
  });

  it('are none for a build that pins its scripts’ bytes, and leave out a script with a source map', () => {
    const next = build();
    writeFileSync(path.join(next, 'static', 'chunks', 'property.js.map'), '{}');
    const chunks = startChunks(next);
    expect(chunks.has('chunks/property.js')).toBe(false);
    expect(chunks.has('chunks/layout.js')).toBe(true);
    writeFileSync(path.join(next, 'server', 'subresource-integrity-manifest.json'), '{}');
    expect(startChunks(next).size).toBe(0);
  });

  it('reach twins written before without them, and leave twins that no longer should have them', async () => {
    const next = build();
    const staticDir = path.join(next, 'static');
    const twin = () =>
      brotliDecompressSync(readFileSync(path.join(staticDir, 'chunks', 'home.js.br'))).toString('utf8');
    // First compressed by a start without hints (an older version, or one that could not read the manifests).
    await precompressStatic(staticDir);
    expect(twin().startsWith(COMPILE_HINT)).toBe(false);
    const hinted = startChunks(next);
    const withHints = { prefixOf: (name: string) => (hinted.has(name) ? COMPILE_HINT : '') };
    expect((await precompressStatic(staticDir, withHints)).count).toBe(hinted.size);
    expect(twin().startsWith(COMPILE_HINT)).toBe(true);
    // Nothing to do on the next start; without hints again, the hinted twins are written again.
    expect((await precompressStatic(staticDir, withHints)).count).toBe(0);
    expect((await precompressStatic(staticDir)).count).toBe(hinted.size);
    expect(twin().startsWith(COMPILE_HINT)).toBe(false);
    // The record of which twin has which prefix is beside the served folder, not in it.
    expect(existsSync(path.join(next, 'brotli-prefixes.json'))).toBe(true);
    expect(existsSync(path.join(staticDir, 'brotli-prefixes.json'))).toBe(false);
  });
});
