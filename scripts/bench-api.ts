/**
 * `npm run bench:api`: req/s and p99 latency of the real app (PGlite on a temp DATA_DIR, local provider)
 * for an authenticated GET /api/users/credits and POST /api/generate/image, beside a bare Hono route
 * measured in the same run; then GET /api/users/credits again while 4 generations of each media kind
 * (image, video, audio, 3D, text) run at all times, which shows whether the worker pool keeps CPU work
 * off the event loop (p99 under 100 ms). Each measurement is bounded (BENCH_SECONDS, default 5).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
// @ts-expect-error -- autocannon ships no types; the small surface used here is typed below.
import autocannon from 'autocannon';
import { Hono } from 'hono';
import sharp from 'sharp';
import { serve, type ServerType } from '@hono/node-server';
import { createApp } from '../server/app';
import { createRuntime } from '../server/bootstrap';
import { loadConfig } from '../server/config';
import { hashPassword, issueToken } from '../server/services/auth';
import { grantCredits } from '../server/services/credits';
import { users } from '../server/db/schema';
import { toolByKey } from '../src/catalog';

interface Result {
  requests: { average: number };
  latency: { p99: number; average: number };
  non2xx: number;
  errors: number;
}
const run = autocannon as (options: Record<string, unknown>) => Promise<Result>;

const seconds = Number(process.env['BENCH_SECONDS'] ?? 5);

function listen(
  fetch: (request: Request) => Response | Promise<Response>,
): Promise<{ server: ServerType; url: string }> {
  return new Promise((resolve) => {
    const server = serve({ fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) =>
      resolve({ server, url: `http://127.0.0.1:${info.port}` }),
    );
  });
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-'));
const config = loadConfig({ DATA_DIR: dataDir, LOG_REQUESTS: '0' });
const runtime = await createRuntime(config, { log: () => undefined });
const app = createApp(runtime.deps);
const { db } = runtime.deps;

const userId = crypto.randomUUID();
await db.insert(users).values({
  id: userId,
  email: 'bench@example.com',
  passwordHash: await hashPassword('bench-password'),
  emailVerifiedAt: new Date(),
});
await grantCredits(db, userId, 100_000_000, 'pack', `bench:${userId}`);
const token = await issueToken(db, userId, 'session', new Date());

const bare = new Hono();
bare.get('/bare', (c) => c.text('ok'));
const bareServer = await listen(bare.fetch);
const appServer = await listen(app.fetch);

const tool = toolByKey('text-to-image');
const cases = [
  { name: 'bare Hono GET /bare', url: `${bareServer.url}/bare`, method: 'GET' },
  {
    name: 'GET /api/users/credits (auth)',
    url: `${appServer.url}/api/users/credits`,
    method: 'GET',
    headers: { authorization: `Bearer ${token}` },
  },
  {
    name: 'POST /api/generate/image (local)',
    url: `${appServer.url}/api/generate/image`,
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ modelId: tool.id, input: { prompt: 'a lighthouse at dawn', width: 512, height: 512 } }),
  },
];

console.log(`Each case runs ${seconds} s with 10 connections on ${os.cpus().length} cores (PGlite, local provider).\n`);
const rows: string[][] = [['case', 'req/s', 'avg ms', 'p99 ms', 'non-2xx', 'errors']];
for (const c of cases) {
  const result = await run({ ...c, connections: 10, duration: seconds });
  rows.push([
    c.name,
    result.requests.average.toFixed(0),
    result.latency.average.toFixed(2),
    String(result.latency.p99),
    String(result.non2xx),
    String(result.errors),
  ]);
}
// ---- the credits call under media load: 4 runs of each kind kept in flight ----
const picture = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#8ab' } })
  .png()
  .toBuffer();
const image = `data:image/png;base64,${picture.toString('base64')}`;
const kinds = [
  {
    kind: 'image',
    path: '/api/generate/image',
    key: 'text-to-image',
    input: { prompt: 'a harbour', width: 768, height: 768 },
  },
  {
    kind: 'video',
    path: '/api/generate/video',
    key: 'text-to-video',
    input: { prompt: 'a paper boat', num_frames: 24 },
  },
  { kind: 'audio', path: '/api/generate/music', key: 'musicgen', input: { prompt: 'calm piano', duration: 30 } },
  { kind: '3D', path: '/api/generate/3d', key: '3d-gen', input: { image, quality: 'high' } },
  { kind: 'text', path: '/api/generate/text', key: 'text-to-text', input: { prompt: 'a poem' } },
] as const;
const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
let loading = true;
let finished = 0;
let failed = 0;
async function oneRun(k: (typeof kinds)[number]): Promise<void> {
  const res = await fetch(`${appServer.url}${k.path}`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ modelId: toolByKey(k.key).id, input: k.input }),
  });
  const answer = (await res.json()) as { id?: string; output?: string };
  if (k.kind === 'image' || !answer.id) {
    if (res.ok) finished++;
    else failed++;
    return;
  }
  for (;;) {
    // Polled like the SPA does (spec §9: every 2 s).
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const p = (await (await fetch(`${appServer.url}/api/prediction/${answer.id}`, { headers: auth })).json()) as {
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
await new Promise((resolve) => setTimeout(resolve, 500));
const underLoad = await run({
  url: `${appServer.url}/api/users/credits`,
  method: 'GET',
  headers: { authorization: `Bearer ${token}` },
  connections: 10,
  duration: seconds,
});
loading = false;
await Promise.all(load);
rows.push([
  'GET /api/users/credits (auth), 4 runs of each media kind in flight',
  underLoad.requests.average.toFixed(0),
  underLoad.latency.average.toFixed(2),
  String(underLoad.latency.p99),
  String(underLoad.non2xx),
  String(underLoad.errors),
]);

const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
for (const r of rows) console.log(r.map((cell, i) => cell.padEnd(widths[i]!)).join('  '));
console.log(
  `\nUnder media load (${kinds.map((k) => k.kind).join(', ')}; ${finished} runs finished, ${failed} failed): ` +
    `p99 of GET /api/users/credits ${underLoad.latency.p99} ms (${underLoad.latency.p99 < 100 ? 'under' : 'OVER'} 100 ms).`,
);

bareServer.server.close();
appServer.server.close();
await runtime.close();
fs.rmSync(dataDir, { recursive: true, force: true });
