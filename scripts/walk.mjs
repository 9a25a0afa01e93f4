// `npm run walk`: the journey and the map as the end-to-end tests walk them, with a screenshot of every
// step at 1366 and 390 px in .walk/ (tests/e2e/support.ts `snap`), to look at before calling a change done.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';

const dir = path.resolve('.walk');
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;
let status = run(process.execPath, ['scripts/start.mjs', '--build-only']);
if (status === 0)
  status = run('npx', ['playwright', 'test', 'tests/e2e/journey.spec.ts', 'tests/e2e/map.spec.ts'], {
    WALK_DIR: dir,
  });
console.log(`\nscreenshots in ${dir}`);
process.exit(status);
