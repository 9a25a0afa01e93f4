#!/usr/bin/env node
// `npm test`: every layer of tests, on Node 24, with a real Postgres and Redis (scripts/test-services.mjs
// starts them when TEST_DATABASE_URL / TEST_REDIS_URL are not given, and stops them at the end, on failure
// and on Ctrl-C too). The order:
//   1. typecheck, lint, the import rules (docs/architecture.md), unit tests (their timings want the machine to themselves);
//   2. the production build (once: the build tests and the end-to-end tests serve it), beside the start
//      of Postgres and Redis;
//   3. two lanes side by side, one core each on a 2-core machine:
//        A: contract tests on embedded PGlite, then the same suite on Postgres, then the site against
//           upstreams we did not write (tests/foreign);
//        B: production-build tests (two instances on Postgres and Redis among them), the abuse lane (visitors
//           from distinct loopback addresses against production servers, issue #24), then end-to-end.
// Each step's output is kept and printed when it ends (the whole of it when it failed); the run stops
// at the first failed step and exits non-zero.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { counts, whyFailed } from './test-output.mjs';
import { startServices } from './test-services.mjs';

const MAJOR = 24;
if (Number(process.versions.node.split('.')[0]) < MAJOR) {
  console.error(
    `npm test runs on Node ${MAJOR} (this is ${process.version}): run it through npm after \`npm ci\`.`,
  );
  process.exit(1);
}

const root = path.resolve(import.meta.dirname, '..');
const logs = mkdtempSync(path.join(os.tmpdir(), 'rental-test-logs-'));
const running = new Set();
const results = [];
let services = null;
let pendingServices = Promise.resolve();
let stopping = false;
// Every process a step starts carries this mark, servers that Playwright detaches into groups of their own
// included, so that a stopped lane leaves nothing listening behind it (they held the e2e ports before).
const RUN_MARK = `RENTAL_TEST_RUN=${randomUUID()}`;

function step(name, command, env = {}) {
  const started = Date.now();
  const file = path.join(logs, `${name.replace(/\W+/g, '-')}.log`);
  console.log(`== ${name}: started`);
  return new Promise((resolve, reject) => {
    const child = spawn(command[0], command.slice(1), {
      cwd: root,
      env: { ...process.env, TEST_SERVICES_REQUIRED: '1', ...env, RENTAL_TEST_RUN: RUN_MARK.split('=')[1] },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    running.add(child);
    let output = '';
    child.stdout.on('data', (d) => {
      output += d;
    });
    child.stderr.on('data', (d) => {
      output += d;
    });
    child.on('error', (error) => {
      output += String(error);
    });
    child.on('close', (code, signal) => {
      running.delete(child);
      writeFileSync(file, output);
      const seconds = Math.round((Date.now() - started) / 1000);
      const ok = code === 0;
      results.push({
        name,
        ok,
        stopped: stopping,
        seconds,
        counts: counts(output),
        why: ok || stopping ? [] : whyFailed(output),
      });
      if (stopping) return reject(new Error('stopped'));
      if (ok) {
        const tail = stripVTControlCharacters(output).trimEnd().split('\n').slice(-6).join('\n');
        console.log(`== ${name}: passed in ${seconds} s\n${tail}\n`);
        resolve();
      } else {
        console.log(
          `== ${name}: FAILED (${signal ?? `exit ${code}`}) in ${seconds} s; its output:\n${output}`,
        );
        reject(new Error(`${name} failed`));
      }
    });
  });
}

/** Processes of this run still alive: their environment carries the run's mark (Linux's /proc). */
function marked() {
  let entries = [];
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
  return entries.map(Number).filter((pid) => {
    if (pid === process.pid) return false;
    try {
      return readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0').includes(RUN_MARK);
    } catch {
      return false;
    }
  });
}

function signalAll(pids, signal) {
  for (const pid of pids) {
    try {
      process.kill(pid, signal);
    } catch {}
  }
}

async function shutdown() {
  stopping = true;
  for (const child of running) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {}
  }
  signalAll(marked(), 'SIGTERM');
  for (let i = 0; i < 20 && marked().length > 0; i++) await new Promise((r) => setTimeout(r, 250));
  signalAll(marked(), 'SIGKILL');
  await pendingServices.catch(() => {});
  await services?.stop().catch((error) => console.error(`stopping Postgres and Redis: ${error.message}`));
  services = null;
}

for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    console.log(`== ${signal}: stopping`);
    shutdown().then(() => process.exit(130));
  });

const npx = (name, ...args) => [path.join(root, 'node_modules', '.bin', name), ...args];
const started = Date.now();
let failed = false;
try {
  await step('typecheck', npx('tsc', '--noEmit'));
  await step('lint', npx('biome', 'check', '.'));
  await step(
    'import rules',
    npx(
      'depcruise',
      '--config',
      '.dependency-cruiser.cjs',
      'app',
      'components',
      'lib',
      'proxy.ts',
      'instrumentation.ts',
    ),
  );
  await step('unit', npx('vitest', 'run', '--project', 'unit'));
  // Kept at once, so that a failed build still stops what has started.
  const starting = startServices().then((s) => {
    services = s;
    console.log(`== Postgres ${s.databaseUrl}, Redis ${s.redisUrl}`);
  });
  starting.catch(() => {});
  pendingServices = starting;
  await Promise.all([
    step('production build', [process.execPath, 'scripts/start.mjs', '--build-only']),
    starting,
  ]);
  const withServices = { TEST_DATABASE_URL: services.databaseUrl, TEST_REDIS_URL: services.redisUrl };
  const oneCore = ['--maxWorkers=1'];
  // The contract lane yields the CPU to the other one, whose servers and browsers are timed.
  const contract = ['nice', '-n', '10', ...npx('vitest', 'run', '--project', 'contract', ...oneCore)];
  await Promise.all([
    (async () => {
      await step('contract (PGlite)', contract, { TEST_REDIS_URL: services.redisUrl });
      await step('contract (Postgres)', contract, withServices);
      await step('foreign upstreams', npx('vitest', 'run', '--project', 'foreign', ...oneCore));
    })(),
    (async () => {
      await step(
        'production build tests',
        npx('vitest', 'run', '--project', 'build', ...oneCore),
        withServices,
      );
      await step('abuse', npx('vitest', 'run', '--project', 'abuse', ...oneCore));
      await step('end-to-end', npx('playwright', 'test'));
    })(),
  ]);
} catch (error) {
  failed = true;
  if (!stopping) console.log(`== ${error.message}`);
} finally {
  await shutdown();
  rmSync(logs, { recursive: true, force: true });
}

const total = { passed: 0, failed: 0, skipped: 0 };
console.log('== summary');
for (const r of results) {
  const c = r.counts;
  if (c) for (const k of Object.keys(total)) total[k] += c[k];
  const tests = c ? `${c.passed} passed, ${c.failed} failed, ${c.skipped} skipped` : '';
  console.log(
    `   ${r.ok ? 'ok     ' : r.stopped ? 'stopped' : 'FAILED '} ${r.name.padEnd(24)} ${String(r.seconds).padStart(4)} s  ${tests}`,
  );
}
for (const r of results.filter((r) => r.why.length > 0)) {
  console.log(`== why ${r.name} failed (its first lines of failure; the whole output is above):`);
  for (const line of r.why) console.log(`   ${line}`);
}
console.log(`== ${Math.round((Date.now() - started) / 1000)} s in all`);
console.log(`tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(failed ? 1 : 0);
