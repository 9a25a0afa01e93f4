#!/usr/bin/env node
// Run after `npm install` changes dependencies: `node scripts/lock-platforms.mjs`.
//
// The npm registry reachable from our machines lacks some optional, platform-specific binary packages
// (Biome, Tailwind's oxide and Next's SWC for macOS, Windows, musl...). `npm install` then leaves them out
// of package-lock.json, and `npm ci` refuses the lock as out of sync. This records each missing optional
// package with the os/cpu/libc fields npm reads to skip a package on other platforms, as a lock made
// against the full registry would. On Linux x64 npm skips them without fetching; elsewhere npm fetches them.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const file = path.resolve(import.meta.dirname, '../package-lock.json');
const lock = JSON.parse(readFileSync(file, 'utf8'));
const OS = [
  'android',
  'darwin',
  'freebsd',
  'linux',
  'win32',
  'openharmony',
  'netbsd',
  'openbsd',
  'sunos',
  'aix',
];
const CPU = ['arm64', 'x64', 'arm', 'ia32', 'wasm32', 'ppc64', 's390x', 'riscv64', 'loong64', 'mips64el'];

function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((p) => OS.includes(p));
  const cpu = parts.find((p) => CPU.includes(p));
  if (!cpu) throw new Error(`Cannot tell the platform of ${name}: add it by hand.`);
  const entry = { cpu: [cpu] };
  if (os) entry.os = [os];
  if (parts.includes('musl')) entry.libc = ['musl'];
  else if (parts.some((p) => p.startsWith('gnu'))) entry.libc = ['glibc'];
  return entry;
}

const added = [];
for (const [where, pkg] of Object.entries(lock.packages)) {
  for (const [dep, version] of Object.entries(pkg.optionalDependencies ?? {})) {
    const nested = `${where}/node_modules/${dep}`;
    const top = `node_modules/${dep}`;
    if (lock.packages[nested] || lock.packages[top]) continue;
    if (!/^\d+\.\d+\.\d+/.test(version)) continue; // only exact pins are per-platform binaries
    lock.packages[top] = { version, ...(pkg.dev ? { dev: true } : {}), optional: true, ...platformOf(dep) };
    added.push(`${dep}@${version}`);
  }
}
lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(
  added.length ? `Recorded ${added.length} platform packages:\n  ${added.join('\n  ')}` : 'Nothing missing.',
);
