#!/usr/bin/env node
// A real Postgres and a real Redis for the tests, from Debian's `postgresql` and `redis-server` packages
// (.ci/run installs them when absent): started on 127.0.0.1, on ports of their own (E2E_PORT_BASE + 20 and
// + 21, or the next free ones), with their data in a scratch folder, and stopped afterwards, whatever
// happened. When TEST_DATABASE_URL or TEST_REDIS_URL is already set, that server is used and nothing is
// started for it.
//
//   node scripts/test-services.mjs -- <command> [args…]   runs the command with TEST_DATABASE_URL and
//                                                         TEST_REDIS_URL set, then stops both servers
//
// Postgres refuses to run as root: as root, initdb and postgres run as the `postgres` user the Debian
// package creates (through runuser), in a folder handed to that user.
import { execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function portFree(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

async function freePortFrom(first) {
  for (let port = first; port < first + 10; port++) if (await portFree(port)) return port;
  throw new Error(`No free port from ${first} to ${first + 9} on 127.0.0.1.`);
}

/** The newest Postgres server binaries Debian installed (/usr/lib/postgresql/<major>/bin), or PATH's. */
function postgresBin() {
  const base = '/usr/lib/postgresql';
  const majors = existsSync(base)
    ? readdirSync(base)
        .filter((v) => existsSync(path.join(base, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (majors[0]) return path.join(base, majors[0], 'bin');
  try {
    return path.dirname(execFileSync('which', ['initdb'], { encoding: 'utf8' }).trim());
  } catch {
    throw new Error('Postgres is not installed: `apt-get install postgresql` (.ci/run does it when absent).');
  }
}

/** Runs a Postgres program as a user it accepts: ourselves, or `postgres` when we are root. */
function asPostgres(program, args) {
  if (process.getuid?.() !== 0) return [program, args];
  return ['runuser', ['-u', 'postgres', '--', program, ...args]];
}

/** Answers once a TCP connection to the port opens (and, for Redis, PING is answered). */
async function waitFor(what, check, child, ms = 30_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`${what} exited with code ${child.exitCode} while starting.`);
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`${what} did not start within ${ms / 1000} s.`);
    await sleep(100);
  }
}

function redisPing(port) {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.setTimeout(1000);
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

async function postgresReady(url) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

function stopChild(child, signal, ms = 10_000) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve();
    }, ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill(signal);
  });
}

/**
 * Starts what is not given in the environment; returns the URLs and a `stop` that stops what it started
 * and removes its data.
 */
export async function startServices({ portBase = Number(process.env.E2E_PORT_BASE ?? 3100) + 20 } = {}) {
  const started = [];
  const folder = mkdtempSync(path.join(os.tmpdir(), 'rental-services-'));
  const stop = async () => {
    for (const s of started.reverse()) await s.stop();
    started.length = 0;
    rmSync(folder, { recursive: true, force: true });
  };
  try {
    let databaseUrl = process.env.TEST_DATABASE_URL;
    if (!databaseUrl) {
      const bin = postgresBin();
      const port = await freePortFrom(portBase);
      const data = path.join(folder, 'postgres');
      if (process.getuid?.() === 0) {
        const { uid, gid } = postgresUser();
        chownSync(folder, uid, gid);
      }
      const [initProgram, initArgs] = asPostgres(path.join(bin, 'initdb'), [
        '-D',
        data,
        '-U',
        'postgres',
        '--auth=trust',
        '--no-sync',
        '--encoding=UTF8',
        '--locale=C',
      ]);
      execFileSync(initProgram, initArgs, { stdio: ['ignore', 'ignore', 'inherit'] });
      // Durability is not under test: no fsync, and room for two servers' pools and the suite's databases.
      const [program, args] = asPostgres(path.join(bin, 'postgres'), [
        '-D',
        data,
        '-p',
        String(port),
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        `unix_socket_directories=${folder}`,
        '-c',
        'fsync=off',
        '-c',
        'synchronous_commit=off',
        '-c',
        'full_page_writes=off',
        '-c',
        'max_connections=300',
        '-c',
        'shared_buffers=128MB',
      ]);
      const child = spawn(program, args, { stdio: ['ignore', 'ignore', 'pipe'] });
      let log = '';
      child.stderr.on('data', (d) => {
        log = (log + d).slice(-4000);
      });
      databaseUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
      // runuser passes signals on; postgres takes SIGINT as a fast shutdown. The postmaster's own pid is
      // signalled too, in case the wrapper has gone.
      started.push({
        stop: async () => {
          const pidFile = path.join(data, 'postmaster.pid');
          const pid = existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8').split('\n')[0]) : 0;
          if (pid) {
            try {
              process.kill(pid, 'SIGINT');
            } catch {}
          }
          await stopChild(child, 'SIGINT');
        },
      });
      try {
        await waitFor('Postgres', () => postgresReady(databaseUrl), child);
      } catch (error) {
        console.error(log);
        throw error;
      }
    }

    let redisUrl = process.env.TEST_REDIS_URL;
    if (!redisUrl) {
      const port = await freePortFrom(portBase + (process.env.TEST_DATABASE_URL ? 0 : 1));
      const child = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', folder],
        { stdio: ['ignore', 'ignore', 'inherit'] },
      );
      child.once('error', (error) => console.error(`redis-server: ${error.message}`));
      started.push({ stop: () => stopChild(child, 'SIGTERM') });
      await waitFor('Redis', () => redisPing(port), child);
      redisUrl = `redis://127.0.0.1:${port}`;
    }
    return { databaseUrl, redisUrl, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

function postgresUser() {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  if (!line)
    throw new Error('Running as root, Postgres needs the `postgres` user (apt-get install postgresql).');
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

// As a command: run what follows `--` with both servers, then stop them (on failure and on Ctrl-C too).
if (import.meta.url === `file://${process.argv[1]}`) {
  const at = process.argv.indexOf('--');
  const command = at === -1 ? process.argv.slice(2) : process.argv.slice(at + 1);
  if (command.length === 0) {
    console.error('usage: node scripts/test-services.mjs -- <command> [args…]');
    process.exit(2);
  }
  const services = await startServices();
  console.log(`== Postgres ${services.databaseUrl}, Redis ${services.redisUrl}`);
  const child = spawn(command[0], command.slice(1), {
    stdio: 'inherit',
    env: { ...process.env, TEST_DATABASE_URL: services.databaseUrl, TEST_REDIS_URL: services.redisUrl },
  });
  const forward = (signal) => child.kill(signal);
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  const code = await new Promise((resolve) => child.on('exit', (c, s) => resolve(c ?? (s ? 1 : 0))));
  await services.stop();
  process.exit(code);
}
