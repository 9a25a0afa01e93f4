#!/usr/bin/env node
// `npm start`: builds when the sources changed since the last build (or there is none), prepares the
// catalog database (created and filled with the demo catalog on first start, in a short-lived process of
// its own), then serves the app and its embedded catalog service on PORT (default 3000).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { precompressStatic } from './brotli.mjs';
import { COMPILE_HINT, startChunks } from './compile-hints.mjs';

const root = path.resolve(import.meta.dirname, '..');

// Node 24 (.nvmrc, `engines`). `npm start` finds it in node_modules/.bin (the `node` development
// dependency); started by hand with an older node, this hands over to that one.
const MAJOR = 24;
if (Number(process.versions.node.split('.')[0]) < MAJOR) {
  const own = path.join(root, 'node_modules', 'node', 'bin', 'node');
  if (!existsSync(own)) {
    console.error(`Node ${MAJOR} is needed (this is ${process.version}): run \`npm ci\`, which installs it.`);
    process.exit(1);
  }
  const handed = spawn(own, process.argv.slice(1), { stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => handed.kill(signal));
  await new Promise(() => handed.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1))));
}
const buildId = path.join(root, '.next', 'BUILD_ID');
const SOURCES = [
  'app',
  'components',
  'lib',
  'public',
  'instrumentation.ts',
  'next.config.js',
  'tailwind.config.ts',
  'postcss.config.mjs',
  'package-lock.json',
  'tsconfig.json',
];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const next = path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next');
const built = existsSync(buildId) ? statSync(buildId).mtimeMs : 0;
const changed = Math.max(...SOURCES.map((s) => newestMtime(path.join(root, s))));
if (built === 0 || changed > built) {
  console.log(built === 0 ? 'No build yet: building…' : 'Sources changed since the last build: building…');
  const result = spawnSync(process.execPath, [next, 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
// The build's scripts and style sheets in brotli, for the server to send a browser that takes it (done once
// per build; a build made by `next build` alone gets them here on its first start). Should it fail (a full
// disk, a read-only build), the server still starts: browsers get Next.js's gzip for the files without one.
// The scripts every page runs at start carry a compile hint in their brotli twins (scripts/compile-hints.mjs);
// a build whose manifests cannot be read is sent without it.
let hinted = new Set();
try {
  hinted = startChunks(path.join(root, '.next'));
} catch (error) {
  console.warn(
    `The build's start scripts were not found (${error.message}): they are sent without a compile hint.`,
  );
}
try {
  const started = performance.now();
  const { count, raw, compressed } = await precompressStatic(path.join(root, '.next', 'static'), {
    prefixOf: (name) => (hinted.has(name) ? COMPILE_HINT : ''),
  });
  if (count > 0)
    console.log(
      `Compressed ${count} static files in brotli: ${(raw / 1e6).toFixed(1)} MB → ${(compressed / 1e6).toFixed(1)} MB in ${((performance.now() - started) / 1000).toFixed(1)} s; ${hinted.size} start scripts with a compile hint.`,
    );
} catch (error) {
  console.warn(
    `The build's files were not all compressed in brotli (${error.message}): gzip is sent for them.`,
  );
}

// `--build-only`: stop here (the end-to-end tests build once, then start several servers from that build).
if (process.argv.includes('--build-only')) process.exit(0);

const setup = spawnSync(
  process.execPath,
  ['--conditions=react-server', '--import', 'tsx', path.join(root, 'scripts/db-setup.ts')],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
if (setup.status !== 0) process.exit(setup.status ?? 1);

const port = process.env.PORT ?? '3000';
// Rendering photos with libvips on many threads fragments glibc's per-thread heaps; two arenas keep the
// server's memory in bounds (sharp's documented advice) at no measurable cost to throughput.
const env = { MALLOC_ARENA_MAX: '2', ...process.env, NODE_ENV: 'production' };
// scripts/serve.mjs: Next.js's handler behind the rules every response must keep (visitor identity,
// methods, encodings, security headers, timeouts).
const server = spawn(process.execPath, [path.join(root, 'scripts/serve.mjs')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...env, PORT: port },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
