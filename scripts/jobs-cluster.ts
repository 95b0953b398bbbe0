/**
 * A local cluster for the job scripts (scale-jobs.ts, bench-jobs.ts): a fresh database on the local Postgres
 * (TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/test), web and worker processes of server/main.ts
 * (ROLE=web / ROLE=worker) sharing it and one DATA_DIR, accounts made straight in the database, and a reader of
 * what the database says.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { openDatabase, type Database } from '../server/db/client';
import { users } from '../server/db/schema';
import { issueToken } from '../server/services/auth';
import { grantCredits } from '../server/services/credits';

export interface Cluster {
  readonly url: string;
  readonly database: Database;
  readonly dataDir: string;
  start(role: 'web' | 'worker' | 'all', port: number, env?: Record<string, string>): Promise<Node>;
  user(credits: number): Promise<{ id: string; token: string }>;
  query<T>(text: string, values?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

export interface Node {
  readonly role: string;
  readonly origin: string;
  readonly child: ChildProcess;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export async function openCluster(env: Record<string, string>): Promise<Cluster> {
  const base = process.env['TEST_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = `atelier_jobs_${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-jobs-'));
  const nodes: Node[] = [];
  const shared = {
    ...process.env,
    DATABASE_URL: url.toString(),
    DATA_DIR: dataDir,
    LOG_REQUESTS: '0',
    MODELS: 'classic',
    RATE_LIMIT_GENERATE: '100000',
    FILE_URL_SECRET: 'jobs-cluster-file-url-secret',
    STRIPE_WEBHOOK_SECRET: 'whsec_jobs_cluster',
    ...env,
  };
  return {
    url: url.toString(),
    database,
    dataDir,
    async start(role, port, extra = {}) {
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        env: { ...shared, ROLE: role, PORT: String(port), ...extra },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout?.on('data', () => undefined);
      child.stderr?.on('data', (d: Buffer) => process.stderr.write(`[${role}:${port}] ${d.toString()}`));
      const origin = `http://127.0.0.1:${port}`;
      for (let i = 0; ; i++) {
        if (child.exitCode !== null) throw new Error(`${role} on ${port} exited ${child.exitCode}`);
        const ok = await fetch(`${origin}/api/health`)
          .then((r) => r.ok)
          .catch(() => false);
        if (ok) break;
        if (i > 600) throw new Error(`${role} on ${port} did not start`);
        await sleep(100);
      }
      const node: Node = {
        role,
        origin,
        child,
        stop: async (signal = 'SIGTERM') => {
          if (child.exitCode !== null || child.signalCode !== null) return;
          const exited = new Promise((resolve) => child.once('exit', resolve));
          child.kill(signal);
          await exited;
        },
      };
      nodes.push(node);
      return node;
    },
    async user(credits) {
      const id = crypto.randomUUID();
      await database.db.insert(users).values({
        id,
        email: `jobs-${id.slice(0, 8)}@example.com`,
        passwordHash: 'unused',
        emailVerifiedAt: new Date(),
      });
      await grantCredits(database.db, id, credits, 'pack', `jobs-grant:${id}`);
      return { id, token: await issueToken(database.db, id, 'session', new Date()) };
    },
    async query<T>(text: string, values: unknown[] = []) {
      return (await pool.query(text, values)).rows as T[];
    },
    async close() {
      for (const node of nodes) await node.stop('SIGKILL');
      await pool.end();
      await database.close();
      const drop = new pg.Client({ connectionString: base });
      await drop.connect();
      await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await drop.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** POSTs JSON with a session token. */
export async function post(origin: string, pathname: string, token: string, body?: unknown): Promise<Response> {
  return fetch(`${origin}${pathname}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}
