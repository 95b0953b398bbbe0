/**
 * `npm run bench:api`: req/s and p99 latency of the real app, served by its own process
 * (scripts/bench-server.ts, forked here) while this process generates the load with autocannon:
 * - a bare Hono route (the ceiling of the machine), the authenticated GET /api/users/credits and a
 *   generation start (POST /api/generate/text, local provider), on the embedded database (PGlite, 10
 *   connections) and on Postgres (50 connections) when one answers at BENCH_DATABASE_URL,
 *   TEST_DATABASE_URL or DATABASE_URL (a scratch database is created there and dropped after);
 * - on PGlite, GET /api/users/credits again while 4 generations of each media kind (image, video,
 *   audio, 3D, text) run at all times, which shows whether the worker pool keeps CPU work off the
 *   event loop (p99 under 100 ms).
 * Each measurement lasts BENCH_SECONDS (default 5) after a 1 s warm-up.
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// @ts-expect-error -- autocannon ships no types; the small surface used here is typed below.
import autocannon from 'autocannon';
import sharp from 'sharp';
import { setTimeout as sleep } from 'node:timers/promises';
import { tools, type OutputKind, type Tool } from '../src/catalog';
import { operations } from '../src/api/operations';
import type { BenchServerReady } from './bench-server';
import { scratchPostgres } from './scratch-postgres';

interface Result {
  requests: { average: number };
  latency: { p99: number; average: number };
  non2xx: number;
  errors: number;
}
const run = autocannon as (options: Record<string, unknown>) => Promise<Result>;

const seconds = Number(process.env['BENCH_SECONDS'] ?? 5);
const here = path.dirname(fileURLToPath(import.meta.url));

/** Forks the server process and waits for its URLs. */
function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; ready: BenchServerReady }> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(here, 'bench-server.ts'), [], {
      execArgv: [
        '--import',
        'tsx',
        ...(process.env['BENCH_CPU_PROF'] ? ['--cpu-prof', '--cpu-prof-dir', process.env['BENCH_CPU_PROF']] : []),
      ],
      env: { ...process.env, DATABASE_URL: '', ...env, NODE_ENV: 'production' },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('message', (ready) => resolve({ child, ready: ready as BenchServerReady }));
    child.once('exit', (code) => reject(new Error(`the bench server exited (${code}) before it was ready`)));
  });
}

function stopServer(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.send('stop');
  });
}

type Row = [string, string, string, string, string, string];
const header: Row = ['case', 'req/s', 'avg ms', 'p99 ms', 'non-2xx', 'errors'];
const rowOf = (name: string, r: Result): Row => [
  name,
  r.requests.average.toFixed(0),
  r.latency.average.toFixed(2),
  String(r.latency.p99),
  String(r.non2xx),
  String(r.errors),
];
function print(rows: Row[]) {
  const all = [header, ...rows];
  const widths = header.map((_, i) => Math.max(...all.map((r) => r[i]!.length)));
  for (const r of all) console.log(r.map((cell, i) => cell.padEnd(widths[i]!)).join('  '));
}

async function measure(options: Record<string, unknown>, connections: number): Promise<Result> {
  await run({ ...options, connections, duration: 1 });
  return run({ ...options, connections, duration: seconds });
}

async function mainCases(ready: BenchServerReady, connections: number): Promise<Row[]> {
  const auth = { authorization: `Bearer ${ready.token}` };
  const bare = await measure({ url: `${ready.bareUrl}/bare`, method: 'GET' }, connections);
  // Each connection goes through every account's session in turn.
  const credits = await measure(
    {
      url: ready.appUrl,
      requests: ready.tokens.map((token) => ({
        method: 'GET',
        path: '/api/users/credits',
        headers: { authorization: `Bearer ${token}` },
      })),
    },
    connections,
  );
  const start = await measure(
    {
      url: `${ready.appUrl}/api/generate/text`,
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ modelId: firstTool('text').id, input: { prompt: 'a haiku about a lighthouse' } }),
    },
    connections,
  );
  const share = ((credits.requests.average / bare.requests.average) * 100).toFixed(0);
  return [
    rowOf('bare Hono GET /bare', bare),
    rowOf(`GET /api/users/credits (${ready.tokens.length} accounts; ${share}% of bare)`, credits),
    rowOf('POST /api/generate/text (start, local)', start),
  ];
}

/** GET /api/users/credits while 4 runs of each media kind are kept in flight. */
async function underMediaLoad(ready: BenchServerReady): Promise<{ row: Row; summary: string }> {
  const picture = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#8ab' } })
    .png()
    .toBuffer();
  const image = `data:image/png;base64,${picture.toString('base64')}`;
  // The first tool of each output kind in the catalogue, with its default settings and the input it needs.
  const kinds = (['image', 'video', 'audio', 'model3d', 'text'] as const).map((output) => {
    const tool = firstTool(output);
    const needsImage = tool.run.requires.some((r) => r.field === 'image');
    return {
      kind: output,
      path: operations[tool.startOperation].path,
      tool,
      input: { ...tool.defaultParams, ...(needsImage ? { image } : { prompt: `a ${output} of a harbour` }) },
    };
  });
  const auth = { authorization: `Bearer ${ready.token}`, 'content-type': 'application/json' };
  let loading = true;
  let finished = 0;
  let failed = 0;
  async function oneRun(k: (typeof kinds)[number]): Promise<void> {
    const res = await fetch(`${ready.appUrl}${k.path}`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ modelId: k.tool.id, input: k.input }),
    });
    const answer = (await res.json()) as { id?: string };
    if (k.tool.run.call === 'single' || !answer.id) {
      if (res.ok) finished++;
      else failed++;
      return;
    }
    for (;;) {
      // Polled like the SPA does, at the tool's own interval.
      await sleep(k.tool.run.poll?.intervalMs ?? 2000);
      const p = (await (await fetch(`${ready.appUrl}/api/prediction/${answer.id}`, { headers: auth })).json()) as {
        status: string;
      };
      if (p.status === 'succeeded') return void finished++;
      if (p.status !== 'processing' && p.status !== 'starting') return void failed++;
    }
  }
  const load = kinds.flatMap((k) =>
    Array.from({ length: 4 }, async () => {
      while (loading) await oneRun(k);
    }),
  );
  // Let the first runs reach the worker pool before measuring.
  await sleep(500);
  const result = await run({
    url: `${ready.appUrl}/api/users/credits`,
    method: 'GET',
    headers: { authorization: `Bearer ${ready.token}` },
    connections: 10,
    duration: seconds,
  });
  loading = false;
  await Promise.all(load);
  return {
    row: rowOf('GET /api/users/credits, 4 runs of each media kind in flight', result),
    summary:
      `Under media load (${kinds.map((k) => k.kind).join(', ')}; ${finished} runs finished, ${failed} failed): ` +
      `p99 of GET /api/users/credits ${result.latency.p99} ms (${result.latency.p99 < 100 ? 'under' : 'OVER'} 100 ms).`,
  };
}

/** A scratch database on the Postgres server of the first URL that answers, or undefined. */
const benchPostgres = () =>
  scratchPostgres(
    process.env['BENCH_DATABASE_URL'] ||
      process.env['TEST_DATABASE_URL'] ||
      process.env['DATABASE_URL'] ||
      'postgres://postgres@127.0.0.1:5432/test',
    'atelier_bench',
  );

const cpus = os.cpus();
console.log(
  `bench:api — ${cpus.length} cores (${cpus[0]?.model ?? 'unknown CPU'}), load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}; ${seconds} s per case after a 1 s warm-up; server and load in separate processes.\n`,
);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-'));
try {
  const pglite = await startServer({ BENCH_DATA_DIR: dataDir });
  try {
    console.log('Embedded database (PGlite), 10 connections:');
    const rows = await mainCases(pglite.ready, 10);
    const media = process.env['BENCH_SKIP_MEDIA'] === '1' ? undefined : await underMediaLoad(pglite.ready);
    print(media ? [...rows, media.row] : rows);
    if (media) console.log(`\n${media.summary}`);
  } finally {
    await stopServer(pglite.child);
  }
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const postgres = await benchPostgres();
if (postgres) {
  // Files, outbox and the webhook secret still live in DATA_DIR.
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-'));
  try {
    const server = await startServer({ BENCH_DATA_DIR: filesDir, DATABASE_URL: postgres.url });
    try {
      console.log('\nPostgres, 50 connections:');
      print(await mainCases(server.ready, 50));
    } finally {
      await stopServer(server.child);
    }
  } finally {
    await postgres.drop();
    fs.rmSync(filesDir, { recursive: true, force: true });
  }
}

/** The catalogue's first tool answering this kind of output (the bench names no tool by its key). */
function firstTool(output: OutputKind): Tool {
  const tool = tools.find((t) => t.output === output);
  if (!tool) throw new Error(`No tool answers ${output}`);
  return tool;
}
