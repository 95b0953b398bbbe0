/**
 * One database per test worker and backend (PGlite always; Postgres when TEST_DATABASE_URL is set),
 * emptied before each test, with one job engine on it (shared-jobs.ts); a fresh app with its own DATA_DIR
 * per test.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { beforeEach, inject } from 'vitest';
import { eq } from 'drizzle-orm';
import { createApp } from '../../server/app';
import { createRuntime, type Runtime } from '../../server/bootstrap';
import { loadConfig, type Config } from '../../server/config';
import type { Providers } from '../../server/context';
import { openDatabase, resetDatabase, type Database } from '../../server/db/client';
import { users } from '../../server/db/schema';
import { hashPassword, issueToken } from '../../server/services/auth';
import { grantCredits } from '../../server/services/credits';
import { ProviderError, type GenerationProvider } from '../../server/providers/types';
import { lazyWorkerPool, type WorkerPool } from '../../server/workers/pool';
import { operationList } from '../../src/api/operations';
import { openSharedEngine, type SharedEngine } from './shared-jobs';

declare module 'vitest' {
  interface TaskMeta {
    /**
     * The test starts or stops its instance's job engine itself (a restart, a close): its instances open
     * engines of their own instead of borrowing the worker's (tests/server/shared-jobs.ts).
     */
    ownJobEngine?: boolean;
  }
}

export type Backend = 'pglite' | 'postgres';
/**
 * Every database the suite can reach: the embedded PGlite, and Postgres when TEST_DATABASE_URL names one (CI
 * sets it). The files whose correctness rests on the database itself run on each: money, runs and jobs,
 * idempotency, several instances, throttling, search.
 */
export const backends: Backend[] = ['pglite', ...(process.env['TEST_DATABASE_URL'] ? (['postgres'] as const) : [])];
/**
 * The embedded database alone, for the files whose behaviour does not depend on which database answers
 * (the API's shapes and limits, headers, auth, files, shares): on Postgres they repeated the same SQL at
 * three times the cost of a test.
 */
export const embedded: Backend[] = ['pglite'];

/** A worker's databases, emptied before each test (resetDatabase) and kept for its next file. */
const databases = new Map<Backend, Promise<Database>>();

/**
 * Postgres: a fresh database per worker (the migrations name the public schema, so a schema of our own won't
 * do), named after the run so that global-setup.ts drops the run's databases when it ends.
 */
async function freshPostgres(): Promise<Database> {
  const base = new URL(process.env['TEST_DATABASE_URL']!);
  const postgresName = `${inject('postgresPrefix')}${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${postgresName}`);
  await admin.end();
  const url = new URL(base.toString());
  url.pathname = `/${postgresName}`;
  return openDatabase({ databaseUrl: url.toString() });
}

function sharedDatabase(backend: Backend): Promise<Database> {
  let db = databases.get(backend);
  if (!db) {
    // PGlite starts from the migrated template's archive (global-setup.ts): initdb per file cost seconds.
    db = backend === 'pglite' ? openDatabase({ archive: inject('pgliteArchive') }) : freshPostgres();
    databases.set(backend, db);
  }
  return db;
}

/** The options of a test that restarts or closes its instance: its instances open job engines of their own. */
export const restarts = { meta: { ownJobEngine: true } };

/** A worker's job engines, one per database, lent to each test's instance (tests/server/shared-jobs.ts). */
const engines = new Map<Backend, Promise<SharedEngine>>();

/** The configuration an instance gets when its test asks for nothing else (the shared engine's settings). */
const plainConfig = loadConfig({ DATA_DIR: os.tmpdir(), APP_URL: 'http://localhost:3000' });

function sharedEngine(backend: Backend): Promise<SharedEngine> {
  let engine = engines.get(backend);
  if (!engine) {
    const settings = {
      generationTimeoutMs: plainConfig.generationTimeoutMs,
      concurrency: plainConfig.workerConcurrency,
    };
    engine = sharedDatabase(backend).then((database) => openSharedEngine(database, settings));
    engines.set(backend, engine);
  }
  return engine;
}

/**
 * The job engine an instance gets: the worker's shared one, unless its test starts or stops engines itself
 * (meta.ownJobEngine), or it takes no jobs (ROLE=web), or its engine would be set up otherwise (another
 * GENERATION_TIMEOUT_MS or WORKER_CONCURRENCY): then undefined, and createRuntime opens one of its own.
 */
async function engineFor(backend: Backend, config: Config, own: boolean, log: (line: string) => void) {
  const fits =
    !own &&
    config.role !== 'web' &&
    config.generationTimeoutMs === plainConfig.generationTimeoutMs &&
    config.workerConcurrency === plainConfig.workerConcurrency;
  if (fits) return (await sharedEngine(backend)).lend(log);
  // Its workers would take the jobs of the instance's own engine: stopped (opened again when next borrowed).
  const shared = engines.get(backend);
  engines.delete(backend);
  await (await shared)?.close();
  return undefined;
}

/**
 * One worker pool per test worker, handed to every app instance its files make and to their local providers
 * (an instance closes only what it owns); its threads start with the first task and end with the worker.
 */
let testPool: WorkerPool | undefined;
export const sharedTestPool = (): WorkerPool => (testPool ??= lazyWorkerPool());

/**
 * Every answer a test gets through ctx.request from a documented operation (src/api/operations) must
 * have a status the operation documents: its success status or one of its errors. The ones that do
 * not are collected and fail the file at its end (the contract test checks the rest of the document).
 */
const documentedOperations = operationList.map((op) => ({
  op,
  pattern: new RegExp(`^${op.path.replace(/\{\w+\}/g, '[^/]+')}/?$`),
}));
const undocumentedAnswers: string[] = [];

export function recordAnswer(method: string, pathname: string, status: number): void {
  const path = new URL(pathname, 'http://localhost').pathname;
  const found = documentedOperations.find((d) => d.op.method === method.toLowerCase() && d.pattern.test(path));
  if (!found) return;
  const { op } = found;
  if (status === op.status || (op.errors as readonly number[]).includes(status)) return;
  undocumentedAnswers.push(`${op.operationId} (${method} ${path}) answered ${status}, not in the document`);
}

/**
 * The end of a test file (tests/server/setup.ts): the statuses it saw that its operations do not document fail
 * it. The database and the worker pool stay for the worker's next file (vitest.config.ts: server files share a
 * worker's modules); global-setup.ts drops the run's Postgres databases at the end.
 */
export function endOfFile(): void {
  const seen = undocumentedAnswers.splice(0);
  if (seen.length) throw new Error(`Statuses the OpenAPI document does not list:\n${seen.join('\n')}`);
}

/** PNG bytes of a 1×1 image (the smallest valid PNG). */
export const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
export const pngDataUrl = `data:image/png;base64,${tinyPng.toString('base64')}`;

export const fakeProvider = (
  // hang: answers only its abort; deaf: never answers, not even its abort.
  behaviour: 'succeed' | 'fail' | 'hang' | 'deaf' | 'cancel' | 'crash' = 'succeed',
): GenerationProvider => ({
  name: 'local',
  run: (job, signal) =>
    new Promise((resolve, reject) => {
      if (behaviour === 'succeed') {
        if (job.tool.output === 'text' || job.tool.output === 'code')
          resolve({ output: { kind: 'text', text: `echo: ${String(job.input['prompt'])}` }, model: 'fake model' });
        else
          resolve({
            output: { kind: 'files', files: [{ bytes: tinyPng, contentType: 'image/png', ext: 'png' }] },
            model: 'fake model',
          });
      } else if (behaviour === 'fail') reject(new ProviderError('The model rejected this prompt'));
      else if (behaviour === 'cancel') reject(new ProviderError('Canceled by the provider', 'canceled'));
      else if (behaviour === 'crash') reject(new Error('socket hang up'));
      else if (behaviour === 'deaf') return;
      else if (signal.aborted) reject(signal.reason as Error);
      else signal.addEventListener('abort', () => reject(signal.reason as Error));
    }),
});

export interface TestContext {
  runtime: Runtime;
  config: Config;
  app: ReturnType<typeof createApp>;
  now: Date;
  logs: string[];
  request(
    pathname: string,
    init?: { method?: string; body?: unknown; token?: string; headers?: Record<string, string> },
  ): Promise<Response>;
  /** A verified user with `credits`, and a session token. */
  user(options?: {
    email?: string;
    credits?: number;
    password?: string;
  }): Promise<{ id: string; email: string; token: string; password: string }>;
  /** Rebuilds the app on the same database and DATA_DIR (a restart). */
  restart(overrides?: { providers?: Providers }): Promise<void>;
}

export interface SetupOptions {
  providers?: () => Providers | Promise<Providers>;
  env?: Record<string, string>;
  /** The worker pool the instance is handed (the file's shared one unless given). */
  pool?: () => WorkerPool;
}

/**
 * The argon2id hash of a test user's password, made once per password: hashing costs tens of ms of CPU
 * and the suite makes hundreds of users, on two cores shared with the other suites. A shared salt changes
 * nothing a test checks; sign-in still verifies the password against a real hash.
 */
const passwordHashes = new Map<string, Promise<string>>();
const passwordHashOf = (password: string) => {
  let made = passwordHashes.get(password);
  if (!made) passwordHashes.set(password, (made = hashPassword(password)));
  return made;
};

export function setupApp(backend: Backend, options: SetupOptions = {}): TestContext {
  const ctx = {} as TestContext;
  const build = async (dataDir: string, providers?: Providers) => {
    ctx.config = loadConfig({
      DATA_DIR: dataDir,
      APP_URL: 'http://localhost:3000',
      LOG_REQUESTS: '0',
      // The offline models only where a test asks for them (they load in the pool's model thread).
      MODELS: 'classic',
      ...options.env,
    });
    const database = await sharedDatabase(backend);
    ctx.logs = [];
    // One instance at a time (a restart closes the old one): each takes jobs from the shared database.
    await ctx.runtime?.close();
    const log = (line: string) => ctx.logs.push(line);
    const jobs = await engineFor(backend, ctx.config, ownEngine, log);
    ctx.runtime = await createRuntime(ctx.config, {
      database,
      ...(jobs ? { jobs } : {}),
      now: () => ctx.now,
      log,
      providers: providers ?? (options.providers ? await options.providers() : { local: fakeProvider('succeed') }),
      deliver: (request) => Promise.resolve(ctx.app.request(request)),
      pool: options.pool?.() ?? sharedTestPool(),
    });
    ctx.app = createApp(ctx.runtime.deps);
  };
  let ownEngine = false;
  beforeEach(async ({ task }) => {
    ownEngine = task.meta.ownJobEngine === true;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-test-'));
    ctx.now = new Date();
    await resetDatabase((await sharedDatabase(backend)).db);
    await build(dataDir);
    return async () => {
      await ctx.runtime.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    };
  });
  ctx.restart = (overrides) => build(ctx.config.dataDir, overrides?.providers);
  ctx.request = async (pathname, init = {}) => {
    const headers: Record<string, string> = { ...init.headers };
    if (init.body !== undefined) headers['content-type'] ??= 'application/json';
    if (init.token) headers['authorization'] = `Bearer ${init.token}`;
    const method = init.method ?? (init.body === undefined ? 'GET' : 'POST');
    const response = await ctx.app.request(pathname, {
      method,
      headers,
      ...(init.body === undefined
        ? {}
        : { body: typeof init.body === 'string' ? init.body : JSON.stringify(init.body) }),
    });
    recordAnswer(method, pathname, response.status);
    return response;
  };
  ctx.user = (options) => makeUser(ctx.runtime.deps.db, ctx.now, options);
  return ctx;
}

/** A verified user with `credits` and a session token, made straight in a database. */
export async function makeUser(
  db: Database['db'],
  now: Date,
  { email, credits = 0, password = 'secret-password' }: { email?: string; credits?: number; password?: string } = {},
): Promise<{ id: string; email: string; token: string; password: string }> {
  const id = crypto.randomUUID();
  const address = email ?? `user-${id.slice(0, 8)}@example.com`;
  await db
    .insert(users)
    .values({ id, email: address, passwordHash: await passwordHashOf(password), emailVerifiedAt: now });
  if (credits) await grantCredits(db, id, credits, 'pack', `test-grant:${id}`);
  const token = await issueToken(db, id, 'session', now);
  return { id, email: address, token, password };
}

export async function balance(ctx: TestContext, userId: string): Promise<number> {
  const [row] = await ctx.runtime.deps.db.select({ credits: users.credits }).from(users).where(eq(users.id, userId));
  return row?.credits ?? -1;
}

export async function json<T = Record<string, unknown>>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

/** A prediction as GET /api/prediction/:id answers it. */
export type Prediction = {
  id: string;
  status: string;
  output: string | string[] | null;
  error: string | null;
  model?: string;
};

/** Reads a prediction until it has ended (neither starting nor processing). */
export async function pollPrediction(ctx: TestContext, token: string, id: string): Promise<Prediction> {
  for (;;) {
    const p = await json<Prediction>(await ctx.request(`/api/prediction/${id}`, { token }));
    if (p.status !== 'processing' && p.status !== 'starting') return p;
    await sleep(5);
  }
}

/** Presses Pay on the hosted checkout page of a checkout URL (its `key` is the session's secret). */
export function payCheckout(ctx: TestContext, url: string): Promise<Response> {
  const link = new URL(url);
  return Promise.resolve(
    ctx.app.request(`${link.pathname}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ key: link.searchParams.get('key') ?? '' }).toString(),
    }),
  );
}
