import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/* The runtime the project names is the one its scripts run on: Node 24 LTS, whatever the machine's own. */

const root = path.resolve(import.meta.dirname, '../..');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const nvmrc = readFileSync(path.join(root, '.nvmrc'), 'utf8').trim();

describe('Node 24', () => {
  it('runs the tests (npm scripts find the node development dependency first)', () => {
    expect(process.versions.node).toBe(nvmrc);
  });

  it('is named the same in .nvmrc, the development dependency and engines', () => {
    expect(pkg.devDependencies.node).toBe(nvmrc);
    expect(nvmrc.split('.')[0]).toBe('24');
    const floor = /^>=(\d+)\.(\d+)\.(\d+)$/.exec(pkg.engines.node);
    expect(floor?.[1]).toBe('24');
    // The pinned version meets the floor (24.11.0 is where 24 became LTS).
    const [, minor] = nvmrc.split('.').map(Number);
    expect(minor).toBeGreaterThanOrEqual(Number(floor?.[2]));
    expect(pkg.allowScripts.node).toBe(true);
  });
});
