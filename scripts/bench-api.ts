/**
 * `npm run bench:api`: req/s and p99 latency of the real app (PGlite on a temp DATA_DIR, local provider)
 * for an authenticated GET /api/users/credits and POST /api/generate/image, beside a bare Hono route
 * measured in the same run. Each measurement is bounded (BENCH_SECONDS, default 5).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
// @ts-expect-error -- autocannon ships no types; the small surface used here is typed below.
import autocannon from 'autocannon';
import { Hono } from 'hono';
import { serve, type ServerType } from '@hono/node-server';
import { createApp } from '../server/app';
import { createRuntime } from '../server/bootstrap';
import { loadConfig } from '../server/config';
import { hashPassword, issueToken } from '../server/auth';
import { grantCredits } from '../server/credits';
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
const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
for (const r of rows) console.log(r.map((cell, i) => cell.padEnd(widths[i]!)).join('  '));

bareServer.server.close();
appServer.server.close();
await runtime.close();
fs.rmSync(dataDir, { recursive: true, force: true });
