/**
 * `npm run bench:abuse`: how the real app (PGlite on a temp DATA_DIR) holds under abuse. While autocannon
 * measures an authenticated GET /api/users/credits, it sends decompression-bomb PNGs to /api/upload and
 * 22 MB JSON bodies (1.3 million keys) to /api/auth/login, and prints how long each takes to be refused
 * and the p99 of the credits call meanwhile. Targets: refused in < 1 s, p99 < 100 ms.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
// @ts-expect-error -- autocannon ships no types; the small surface used here is typed below.
import autocannon from 'autocannon';
import sharp from 'sharp';
import { serve, type ServerType } from '@hono/node-server';
import { createApp } from '../server/app';
import { createRuntime } from '../server/bootstrap';
import { loadConfig } from '../server/config';
import { hashPassword, issueToken } from '../server/services/auth';
import { users } from '../server/db/schema';

interface Result {
  latency: { p99: number; average: number };
  requests: { average: number };
  non2xx: number;
  errors: number;
}
const run = autocannon as (options: Record<string, unknown>) => Promise<Result>;
const rounds = Number(process.env['BENCH_ROUNDS'] ?? 4);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-abuse-'));
const config = loadConfig({
  DATA_DIR: dataDir,
  LOG_REQUESTS: '0',
  RATE_LIMIT_UPLOAD: '1000',
  LOGIN_MAX_FAILURES_PER_ADDRESS: '100000',
});
const runtime = await createRuntime(config, { log: () => undefined });
const app = createApp(runtime.deps);
const { db } = runtime.deps;

async function user(email: string): Promise<string> {
  const id = crypto.randomUUID();
  await db
    .insert(users)
    .values({ id, email, passwordHash: await hashPassword('bench-password'), emailVerifiedAt: new Date() });
  return issueToken(db, id, 'session', new Date());
}
const reader = await user('reader@example.com');
const attacker = await user('attacker@example.com');

const server = await new Promise<{ server: ServerType; url: string }>((resolve) => {
  const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) =>
    resolve({ server: s, url: `http://127.0.0.1:${info.port}` }),
  );
});

// A 10,000 × 10,000 PNG of one colour (300 MB of pixels), and the same bytes claiming 100,000 × 100,000.
const bomb = await sharp({
  create: { width: 10_000, height: 10_000, channels: 3, background: '#000' },
  limitInputPixels: false,
})
  .png({ compressionLevel: 6 })
  .toBuffer();
const giant = Buffer.from(bomb);
giant.writeUInt32BE(100_000, 16);
giant.writeUInt32BE(100_000, 20);
giant.writeUInt32BE(zlib.crc32(giant.subarray(12, 29)), 29);
const bombBodies = [bomb, giant].map((png) =>
  JSON.stringify({ image: `data:image/png;base64,${png.toString('base64')}` }),
);
// 22 MB of JSON with 1.3 million keys, sent to the login route.
const keys: string[] = [];
for (let i = 0; keys.length < 1_300_000; i++) keys.push(`"key_${String(i).padStart(7, '0')}":${i % 10}`);
const largeBody = `{"email":"a@example.com","password":"x",${keys.join(',')}}`;

async function timed(pathname: string, body: string, token?: string) {
  const started = performance.now();
  const res = await fetch(`${server.url}${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body,
  });
  const answer = (await res.json()) as { message?: string };
  return { ms: performance.now() - started, status: res.status, message: answer.message ?? '' };
}

console.log(
  `Bomb PNG ${(bomb.length / 1024).toFixed(0)} kB (300 MB and 30 GB of pixels); large body ${(largeBody.length / 1024 / 1024).toFixed(1)} MB; ${os.cpus().length} cores.\n`,
);
// The same call without abuse first: the machine's own baseline (autocannon runs in this process too).
const baseline = await run({
  url: `${server.url}/api/users/credits`,
  headers: { authorization: `Bearer ${reader}` },
  connections: 4,
  duration: 3,
});
const reading = run({
  url: `${server.url}/api/users/credits`,
  headers: { authorization: `Bearer ${reader}` },
  connections: 4,
  duration: Math.max(5, rounds * 2),
});
const bombs: number[] = [];
const bodies: number[] = [];
const seen = new Set<string>();
for (let i = 0; i < rounds; i++) {
  for (const body of bombBodies) {
    const r = await timed('/api/upload', body, attacker);
    bombs.push(r.ms);
    seen.add(`upload bomb → ${r.status} ${r.message}`);
  }
  const r = await timed('/api/auth/login', largeBody);
  bodies.push(r.ms);
  seen.add(`login 22 MB → ${r.status} ${r.message}`);
}
const result = await reading;

const worst = (xs: number[]) => Math.max(...xs);
const verdict = (ok: boolean) => (ok ? 'ok' : 'OVER TARGET');
for (const line of seen) console.log(line);
console.log('');
console.log(
  `decompression bomb refused in   max ${worst(bombs).toFixed(0)} ms  (target < 1000 ms)  ${verdict(worst(bombs) < 1000)}`,
);
console.log(
  `22 MB login body refused in     max ${worst(bodies).toFixed(0)} ms  (target < 1000 ms)  ${verdict(worst(bodies) < 1000)}`,
);
console.log(
  `GET /api/users/credits meanwhile p99 ${result.latency.p99} ms, avg ${result.latency.average.toFixed(1)} ms, ${result.requests.average.toFixed(0)} req/s, non-2xx ${result.non2xx}  (target p99 < 100 ms)  ${verdict(result.latency.p99 < 100)}`,
);

console.log(
  `GET /api/users/credits without abuse  p99 ${baseline.latency.p99} ms, avg ${baseline.latency.average.toFixed(1)} ms (baseline of this machine)`,
);

server.server.close();
await runtime.close();
fs.rmSync(dataDir, { recursive: true, force: true });
