// Starts a production server of this app for a benchmark, on 127.0.0.1 with its own data directory,
// and stops it (and everything it started) afterwards. Builds first when the sources changed.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { isAlive } from '../../lib/db/open';

export interface BenchServer {
  origin: string;
  /** Peak resident memory of the server processes (the wrapper excluded) seen so far, in MB. */
  peakRssMb: () => number;
  /** Resident memory of the server processes now, in MB. */
  rssMb: () => number;
  /**
   * CPU time the server processes have used so far (user + system, every thread), in seconds: with it, a
   * figure per CPU-second that holds on a machine whose cores other work shares.
   */
  cpuSeconds: () => number;
  stop: () => Promise<void>;
  /** `kill -9` of every process of the server: no shutdown, no cleanup (a crash). */
  kill: () => Promise<void>;
  /** Whether the server is still running (it has not exited or died). */
  alive: () => boolean;
}

export async function freePort(wanted = 0): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', (error) => (wanted ? resolve(freePort()) : reject(error)));
    server.listen(wanted, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * The port the last server on this data directory used, when it is free: the site's replica keeps the
 * catalog's answers as they came, photo addresses included (the catalog writes them under its SITE_URL), so a
 * server on another port would show every card's photo from an address nobody answers.
 */
async function portFor(dataDir: string, root: string): Promise<number> {
  const file = path.resolve(root, dataDir, '.bench-port');
  let previous = 0;
  try {
    previous = Number(readFileSync(file, 'utf8')) || 0;
  } catch {}
  const port = await freePort(previous);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, String(port));
  return port;
}

function descendants(pid: number): number[] {
  try {
    const out = execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' });
    const children = out.split('\n').map(Number).filter(Boolean);
    return children.flatMap((c) => [c, ...descendants(c)]);
  } catch {
    return [];
  }
}

/** utime + stime of a process, in seconds (fields 14 and 15 of /proc/PID/stat, in clock ticks of 1/100 s). */
function cpuOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

function rssMb(pid: number): number {
  try {
    const match = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
    return match ? Number(match[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

export interface BenchOptions {
  /** Receives everything the server writes (stdout and stderr) instead of this process's terminal. */
  onOutput?: (chunk: Buffer) => void;
}

export async function startBenchServer(
  env: Record<string, string> = {},
  options: BenchOptions = {},
): Promise<BenchServer> {
  const root = path.resolve(import.meta.dirname, '../..');
  const dataDir = env.DATA_DIR ?? '.bench/data';
  // A server on a database of its own (DATABASE_URL) keeps no replica on disk here: any free port.
  const port = env.DATABASE_URL ? await freePort() : await portFor(dataDir, root);
  const origin = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      SITE_URL: origin,
      DATA_DIR: '.bench/data',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', options.onOutput ? 'pipe' : 'inherit', options.onOutput ? 'pipe' : 'inherit'],
    detached: true,
  });
  if (options.onOutput) {
    child.stdout?.on('data', options.onOutput);
    child.stderr?.on('data', options.onOutput);
  }
  const stop = async () => {
    if (child.exitCode !== null || !child.pid) return;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {}
    await new Promise((resolve) => {
      const timer = setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {}
        resolve(null);
      }, 5000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve(null);
      });
    });
  };
  process.once('SIGINT', () => stop().then(() => process.exit(130)));

  // First start builds (when needed) and seeds the bench database: allow a few minutes, then give up.
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}.`);
    try {
      // Liveness: the server answers once its start-up work (databases, jobs) is done, with or without
      // the built-in catalog service.
      const res = await fetch(`${origin}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) break;
    } catch {}
    if (Date.now() > deadline) {
      await stop();
      throw new Error('The server did not become ready within 5 minutes.');
    }
    await new Promise((r) => setTimeout(r, 500));
  }

  let peak = 0;
  const sample = () => {
    const total = descendants(child.pid!).reduce((sum, pid) => sum + rssMb(pid), 0);
    peak = Math.max(peak, total);
    return total;
  };
  const sampler = setInterval(sample, 250);
  sampler.unref();
  return {
    origin,
    peakRssMb: () => {
      sample();
      return peak;
    },
    rssMb: sample,
    cpuSeconds: () => descendants(child.pid!).reduce((sum, pid) => sum + cpuOf(pid), 0),
    alive: () => child.exitCode === null && child.signalCode === null,
    stop: async () => {
      clearInterval(sampler);
      await stop();
    },
    kill: async () => {
      clearInterval(sampler);
      if (child.exitCode !== null || !child.pid) return;
      const all = [child.pid, ...descendants(child.pid)];
      const exited = new Promise((resolve) => child.once('exit', resolve));
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {}
      await exited;
      // The server's own processes are grandchildren: wait until each has really gone (or is a zombie).
      const deadline = Date.now() + 10_000;
      while (all.some(isAlive) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    },
  };
}
