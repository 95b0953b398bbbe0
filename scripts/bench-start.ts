/**
 * `npm run bench:start`: how long `npm start` (node scripts/start.mjs, the SPA already built) takes from
 * spawn to the first successful GET /api/health on the embedded database: first on an empty DATA_DIR
 * (the database is created), then a restart on the same DATA_DIR. Targets: first start ≤ 5 s,
 * restart ≤ 2 s. BENCH_RUNS (default 1) repeats both and prints each.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const runs = Number(process.env['BENCH_RUNS'] ?? 1);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux); undefined elsewhere. */
function cpuSeconds(pid: number | undefined): number | undefined {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime are fields 14 and 15 of stat(5), in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

interface Timing {
  readonly ms: number;
  /** CPU the server used to get there: on a busy machine the wall time is mostly waiting for a core. */
  readonly cpu: number | undefined;
}

/** Milliseconds from spawn to the first 200 of GET /api/health; stops the server after. */
async function timeStart(dataDir: string): Promise<Timing> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(root, 'scripts', 'start.mjs')], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), DATABASE_URL: '', LOG_REQUESTS: '0' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let exited = false;
  child.once('exit', () => (exited = true));
  try {
    for (;;) {
      if (exited) throw new Error('the server exited before answering');
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/health`);
        if (res.ok) return { ms: performance.now() - started, cpu: cpuSeconds(child.pid) };
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    if (!exited) {
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await gone;
    }
  }
}

if (!fs.existsSync(path.join(root, 'dist', 'index.html'))) {
  console.error('Build the SPA first (npm run build): this measures the server start, not the build.');
  process.exit(1);
}
console.log(
  `bench:start — ${os.cpus().length} cores, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}; npm start on the embedded database (PGlite), SPA already built.`,
);
for (let i = 0; i < runs; i++) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-start-'));
  try {
    const first = await timeStart(dataDir);
    const restart = await timeStart(dataDir);
    const verdict = ({ ms, cpu }: Timing, limit: number) =>
      `${(ms / 1000).toFixed(2)} s (${ms <= limit ? 'within' : 'OVER'} ${limit / 1000} s` +
      `${cpu === undefined ? '' : `; server CPU ${cpu.toFixed(2)} s`})`;
    console.log(`first start ${verdict(first, 5000)}; restart ${verdict(restart, 2000)}`);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
