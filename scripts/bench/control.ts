// The control of `npm run bench:pages`: a page of Next.js and React as they come (scripts/bench/control:
// one heading, one paragraph, one client component; none of this app's settings, code or styles), built
// once from this project's node_modules and served by `next start` on 127.0.0.1. Measured beside the
// site's pages in the same sitting, it says what the framework alone scores on the machine of the moment,
// so a sitting's figures can be told apart from the machine's.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { freePort } from './server';

const root = path.resolve(import.meta.dirname, '../..');
const dir = path.join(root, 'scripts/bench/control');
const next = path.join(root, 'node_modules/next/dist/bin/next');

/** Whether the control's build is missing or older than one of its sources. */
function stale(): boolean {
  const built = path.join(dir, '.next/BUILD_ID');
  if (!existsSync(built)) return true;
  const at = statSync(built).mtimeMs;
  const sources = [
    path.join(dir, 'next.config.mjs'),
    ...readdirSync(path.join(dir, 'app')).map((f) => path.join(dir, 'app', f)),
  ];
  return sources.some((f) => statSync(f).mtimeMs > at);
}

export async function startControl(): Promise<{ origin: string; stop: () => void }> {
  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };
  if (stale()) execFileSync(process.execPath, [next, 'build', dir], { cwd: root, env, stdio: 'ignore' });
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
