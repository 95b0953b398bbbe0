/** Builds the dependencies of the app from the configuration: database, mail, payments, providers, files. */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { networkSafetyProblem, type Config } from './config';
import { safeLogLine } from './lib/log';
import type { AppDeps, Providers } from './context';
import { openDatabase, perDatabase, type Database } from './db/client';
import { createFileStore, sweepUnusedUploads, type FileStore } from './services/storage';
import { createMailer } from './services/mail';
import { createMailQueue } from './services/mail-queue';
import { createLocalPaymentProvider } from './payments/local';
import { buildProviders } from './providers';
import type { PaymentProvider } from './payments/types';
import { createRunsInFlight, endAbandonedRun, executeRun } from './services/generation';
import { openJobs, type JobHandlers, type Jobs } from './services/jobs';
import { RunHandOff } from './providers/types';
import { lazyWorkerPool, type WorkerPool } from './workers/pool';
import { cancelReplacedSubscription, runBillingSchedule } from './services/billing';
import { createRateLimits } from './services/rate-limits';
import { createSessionCache } from './services/session-cache';
import { createBalanceLoader } from './services/users';
import { createTimingHash, prepareSessionQuery } from './services/auth';
import { operations } from '../src/api/operations';
import { filePathOf, fileUrlSecretFor, signFilePath, type FileUrlSigner } from './services/file-urls';

/** STRIPE_WEBHOOK_SECRET, or a random secret generated once and kept in DATA_DIR. */
export function webhookSecretFor(config: Config): string {
  if (config.stripeWebhookSecret) return config.stripeWebhookSecret;
  const file = path.join(config.dataDir, 'webhook-secret');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(config.dataDir, { recursive: true });
    const secret = `whsec_${crypto.randomBytes(24).toString('base64url')}`;
    fs.writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}

export async function createPaymentProvider(config: Config, webhookSecret: string): Promise<PaymentProvider> {
  if (config.stripeSecretKey) {
    const { createStripePaymentProvider } = await import('./payments/stripe');
    return createStripePaymentProvider({
      secretKey: config.stripeSecretKey,
      webhookSecret,
      appUrl: config.appUrl,
      apiBase: config.stripeApiBase,
    });
  }
  return createLocalPaymentProvider({ appUrl: config.appUrl, webhookSecret });
}

/** APP_URL when the internet can reach it: https and not a loopback or .local name. */
export function publicAppUrl(appUrl: string): string | undefined {
  try {
    const { protocol, hostname } = new URL(appUrl);
    if (protocol !== 'https:') return undefined;
    if (/^(localhost|127\.|\[::1\]|0\.0\.0\.0)|\.(local|localhost|internal)$/i.test(hostname)) return undefined;
    return appUrl;
  } catch {
    return undefined;
  }
}

/**
 * Where Replicate posts a prediction's end (CALL-5): only with REPLICATE_WEBHOOK_SECRET set and APP_URL public
 * (Replicate cannot reach a loopback or local address, and its webhooks must be HTTPS); else undefined (polled).
 */
export function replicateWebhookUrl(config: Config): string | undefined {
  const origin = publicAppUrl(config.appUrl);
  return origin && config.replicateWebhookSecret ? `${origin}${operations.replicateWebhook.path}` : undefined;
}

/**
 * The providers of one instance: the local one runs its work in the instance's pool, [slow] taking LOCAL_SLOW_MS;
 * the real ones with their API bases, the operator log, and the signed public addresses of stored inputs.
 */
export function createProviders(
  config: Config,
  pool: WorkerPool,
  extra: { log?: (line: string) => void; signer?: FileUrlSigner } = {},
): Providers {
  const origin = publicAppUrl(config.appUrl);
  const signer = extra.signer;
  const webhookUrl = replicateWebhookUrl(config);
  return buildProviders(
    {
      REPLICATE_API_TOKEN: config.replicateToken,
      OPENAI_API_KEY: config.openaiKey,
      REPLICATE_BASE_URL: config.replicateBaseUrl,
      OPENAI_BASE_URL: config.openaiBaseUrl,
    },
    { pool, slowMs: config.localSlowMs, models: config.models },
    {
      pollIntervalMs: config.replicatePollIntervalMs,
      ...(webhookUrl ? { replicateWebhookUrl: webhookUrl } : {}),
      ...(extra.log ? { log: extra.log } : {}),
      ...(origin && signer
        ? {
            publicFileUrl: (stored: string) => {
              const pathname = filePathOf(stored);
              return pathname ? `${origin}${signFilePath(signer, pathname, new Date())}` : undefined;
            },
          }
        : {}),
    },
  );
}

/** A folder under DATA_DIR, or the S3-compatible bucket of S3_BUCKET (its credentials checked before we listen). */
export async function createStore(config: Config): Promise<FileStore> {
  if (!config.s3) return createFileStore(config.dataDir, config.appUrl);
  const { createS3FileStore } = await import('./services/storage-s3');
  const store = createS3FileStore(config.s3, config.appUrl);
  try {
    await store.checkCredentials();
  } catch (error) {
    store.close();
    throw error;
  }
  return store;
}

/** How long close() waits for the jobs it stopped to hand their runs back before closing the database. */
const CLOSE_JOBS_WAIT_MS = 5_000;

export interface Runtime {
  readonly deps: AppDeps;
  readonly database: Database;
  /** Registers the periodic jobs: the billing clock (every 5 minutes) and the upload sweep (every 15). */
  startSchedules(): Promise<void>;
  /**
   * Stops taking jobs (the runs this process works are handed back: their jobs are retried, here after a
   * restart or on another worker), then closes what the instance owns: its file store, and the database and
   * worker pool unless they were handed in (a shared one stays open).
   */
  close(): Promise<void>;
}

/** The handlers of every queue, bound to an instance's dependencies. */
function jobHandlers(deps: AppDeps, files: FileStore): JobHandlers {
  const { config, log } = deps;
  return {
    run: (job) => executeRun(deps, job),
    runDead: (job) => endAbandonedRun(deps, job),
    mail: (job) => deps.mail.deliver(job as never),
    mailDead: (job) => deps.mail.givenUp(job),
    billingFollowUp: (job) => cancelReplacedSubscription(deps, job),
    billingFollowUpDead: async (job) =>
      log(`billing follow-up ${job.id}: could not cancel replaced subscription after its last attempt (dead letter)`),
    billingClock: async () => {
      await runBillingSchedule(deps.db, deps.now());
    },
    uploadSweep: async () => {
      const removed = await sweepUnusedUploads(deps.db, files, deps.now(), config.unusedUploadMaxAgeMs);
      if (removed) log(`Removed ${removed} upload(s) that no generation used.`);
      await deps.limits.clean(new Date());
    },
  };
}

export async function createRuntime(
  config: Config,
  overrides: Partial<
    Pick<AppDeps, 'providers' | 'payments' | 'deliver' | 'now' | 'log' | 'distDir' | 'sessions' | 'pool'>
  > & {
    database?: Database;
    /**
     * A job engine made elsewhere (the server tests share one per database): the instance binds its handlers
     * with work() and its close() calls stop(), which on such an engine releases them; whoever made it closes it.
     */
    jobs?: Jobs;
  } = {},
): Promise<Runtime> {
  const unsafe = networkSafetyProblem(config);
  if (unsafe) throw new Error(unsafe);
  fs.mkdirSync(config.dataDir, { recursive: true });
  const files = await createStore(config);
  const write = overrides.log ?? ((line: string) => console.log(line));
  // Every line escapes CR/LF and drops tokens, session ids and links (lib/log.ts).
  const log = (line: string) => write(safeLogLine(line));
  const database =
    overrides.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: path.join(config.dataDir, 'pglite'),
      onConnectionError: log,
    }));
  // Owned unless handed in: a pool or database shared with other instances is closed by whoever made it.
  const pool = overrides.pool ?? lazyWorkerPool({ maxThreads: config.workerThreads, modelThreads: config.models.runs });
  const webhookSecret = webhookSecretFor(config);
  const now = overrides.now ?? (() => new Date());
  const fileUrls = { secret: fileUrlSecretFor(config.fileUrlSecret, webhookSecret), ttlMs: config.fileUrlTtlMs };
  const jobs =
    overrides.jobs ??
    (await openJobs(database, {
      generationTimeoutMs: config.generationTimeoutMs,
      cron: config.role !== 'web',
      log,
    }));
  const deps: AppDeps = {
    config,
    db: database.db,
    mailer: createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: path.join(config.dataDir, 'outbox'),
    }),
    // deps.mailer is read at each delivery (tests swap it for a failing one).
    mail: createMailQueue({ jobs, mailer: () => deps.mailer, log }),
    jobs,
    payments: overrides.payments ?? (await createPaymentProvider(config, webhookSecret)),
    providers: overrides.providers ?? createProviders(config, pool, { log, signer: fileUrls }),
    files,
    sessions: overrides.sessions ?? createSessionCache(),
    limits: createRateLimits(database.db, config),
    balances: perDatabase(createBalanceLoader),
    sessionQuery: perDatabase(prepareSessionQuery),
    timingHash: createTimingHash(),
    webhookSecret,
    fileUrls,
    // The app's own webhook over HTTP, straight to this process (APP_URL may be a proxy it cannot reach).
    deliver:
      overrides.deliver ??
      ((request) => {
        const url = new URL(request.url);
        return fetch(new Request(`http://127.0.0.1:${config.port}${url.pathname}${url.search}`, request));
      }),
    now,
    runs: createRunsInFlight(),
    pool,
    voicePreviews: new Map(),
    distDir: overrides.distDir ?? config.distDir,
    log,
  };
  let closing: Promise<void> | undefined;
  if (config.role !== 'web') await jobs.work(jobHandlers(deps, files), config.workerConcurrency);
  return {
    deps,
    database,
    startSchedules: () => jobs.schedule(),
    close: () =>
      (closing ??= (async () => {
        // No more jobs taken; the runs going are handed back (still processing, their jobs retried).
        const stopping = jobs.stop(CLOSE_JOBS_WAIT_MS);
        // A provider that does not heed its abort must not hold the stop forever: its run stays processing and
        // its job is retried by the next worker, as after a crash.
        await Promise.race([
          deps.runs.abortAll(new RunHandOff('The server is stopping')),
          sleep(CLOSE_JOBS_WAIT_MS, undefined, { ref: false }),
        ]);
        await stopping;
        files.close?.();
        if (!overrides.database) await database.close();
        if (!overrides.pool) await pool.close();
      })()),
  };
}
