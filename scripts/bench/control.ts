// The control of `npm run bench:pages`: a page of Next.js and React as they come (scripts/bench/control:
// one heading, one paragraph, one client component; none of this app's settings, code or styles), built
// once from this project's node_modules and served by `next start` on 127.0.0.1. Measured beside the
// site's pages in the same sitting, it says what the framework alone scores on the machine of the moment,
// so a sitting's figures can be told apart from the machine's.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { filesUnder } from '../brotli.mjs';
import { freePort } from './server';

const root = path.resolve(import.meta.dirname, '../..');
const dir = path.join(root, 'scripts/bench/control');
const next = path.join(root, 'node_modules/next/dist/bin/next');

/** The framework the control is built with: a build of another one is stale. */
function framework(): string {
  const version = (name: string) =>
    JSON.parse(readFileSync(path.join(root, 'node_modules', name, 'package.json'), 'utf8')).version;
  return `next ${version('next')}, react ${version('react')}, react-dom ${version('react-dom')}`;
}

/** Whether the control's build is missing, older than one of its sources, or of another framework. */
function stale(stamp: string): boolean {
  const built = path.join(dir, '.next/BUILD_ID');
  if (!existsSync(built) || !existsSync(stamp) || readFileSync(stamp, 'utf8') !== framework()) return true;
  const at = statSync(built).mtimeMs;
  const sources = [path.join(dir, 'next.config.mjs'), ...filesUnder(path.join(dir, 'app'))];
  return sources.some((f) => statSync(f).mtimeMs > at);
}

export async function startControl(): Promise<{ origin: string; stop: () => void }> {
  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };
  const stamp = path.join(dir, '.next/framework.txt');
  if (stale(stamp)) {
    try {
      execFileSync(process.execPath, [next, 'build', dir], {
        cwd: root,
        env,
        stdio: 'pipe',
        timeout: 300_000,
      });
    } catch (error) {
      const { stdout, stderr } = error as { stdout?: Buffer; stderr?: Buffer };
      throw new Error(`The control's build failed:\n${stdout ?? ''}${stderr ?? ''}`);
    }
    writeFileSync(stamp, framework());
  }
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(
    process.execPath,
    [next, 'start', dir, '-p', String(port), '-H', '127.0.0.1'],
    { cwd: root, env, stdio: 'ignore' },
  );
  const stop = () => {
    if (child.exitCode === null) child.kill('SIGTERM');
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The control server exited with code ${child.exitCode}.`);
    try {
      if ((await fetch(origin)).ok) return { origin, stop };
    } catch {}
    if (Date.now() > deadline) {
      stop();
      throw new Error('The control server did not answer within 60 s.');
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}
