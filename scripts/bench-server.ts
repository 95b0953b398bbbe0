/**
 * The server side of `npm run bench:api`, run as its own process (scripts/bench-api.ts forks it) so the
 * load generator never shares its event loop: the real app on BENCH_DATA_DIR (PGlite) or DATABASE_URL
 * (Postgres) with the local provider, plus a bare Hono route as the ceiling. It seeds verified users
 * with credits and a session each, then sends the parent { appUrl, bareUrl, token, tokens } and serves until told to stop.
 */
import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Hono } from 'hono';
import { serve, type ServerType } from '@hono/node-server';
import { createApp } from '../server/app';
import { createRuntime } from '../server/bootstrap';
import { loadConfig } from '../server/config';
import { users } from '../server/db/schema';
import { hashPassword, issueToken } from '../server/services/auth';
import { grantCredits } from '../server/services/credits';

export interface BenchServerReady {
  readonly appUrl: string;
  readonly bareUrl: string;
  /** The first account's session: the generation cases start runs as it. */
  readonly token: string;
  /** One session per seeded account (BENCH_ACCOUNTS, default 50). */
  readonly tokens: readonly string[];
}

function listen(
  fetch: (request: Request) => Response | Promise<Response>,
): Promise<{ server: ServerType; url: string }> {
  return new Promise((resolve) => {
    const server = serve({ fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) =>
      resolve({ server, url: `http://127.0.0.1:${info.port}` }),
    );
  });
}

const config = loadConfig({
  DATA_DIR: process.env['BENCH_DATA_DIR'] ?? './data-bench',
  ...(process.env['DATABASE_URL'] ? { DATABASE_URL: process.env['DATABASE_URL'] } : {}),
  LOG_REQUESTS: '0',
  // The bench starts thousands of runs a minute from one account.
  RATE_LIMIT_GENERATE: '1000000000',
});
const runtime = await createRuntime(config, { log: () => undefined });
await runtime.startSchedules();
const { db } = runtime.deps;

// Many accounts, so the credits case reads many balances (and session lookups) rather than one.
const accounts = Number(process.env['BENCH_ACCOUNTS'] ?? 50);
const passwordHash = await hashPassword('bench-password');
const tokens: string[] = [];
for (let i = 0; i < accounts; i++) {
  const userId = crypto.randomUUID();
  await db.insert(users).values({
    id: userId,
    email: `bench-${userId.slice(0, 8)}@example.com`,
    passwordHash,
    emailVerifiedAt: new Date(),
  });
  await grantCredits(db, userId, 1_000_000_000, 'pack', `bench:${userId}`);
  tokens.push(await issueToken(db, userId, 'session', new Date()));
}

const bare = new Hono();
bare.get('/bare', (c) => c.text('ok'));
const bareServer = await listen(bare.fetch);
const appServer = await listen(createApp(runtime.deps).fetch);

const ready: BenchServerReady = { appUrl: appServer.url, bareUrl: bareServer.url, token: tokens[0]!, tokens };
process.send?.(ready);
process.on('message', (message) => {
  if (message !== 'stop') return;
  bareServer.server.close();
  appServer.server.close();
  void runtime.close().finally(() => process.exit(0));
});
process.on('disconnect', () => process.exit(0));
