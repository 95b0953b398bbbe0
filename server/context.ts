/**
 * What every route receives: the dependencies of the app and, after requireAuth, the caller. AppDeps is the
 * app instance's container: every setting (config), every back-end and every piece of state the server
 * keeps (runs in flight, caches, the worker pool) is here, never in a module; two instances in one process
 * share nothing they were not handed.
 */
import type { Config } from './config';
import type { Db } from './db/client';
import type { Mailer } from './services/mail';
import type { MailQueue } from './services/mail-queue';
import type { Jobs } from './services/jobs';
import type { PaymentProvider } from './payments/types';
import type { Providers } from './providers';
import type { FileStore } from './services/storage';
import type { RateLimits } from './services/rate-limits';
import type { SessionCache } from './services/session-cache';
import type { RunsInFlight } from './services/generation';
import type { WorkerPool } from './workers/pool';
import type { FileUrlSigner } from './services/file-urls';
import type { BalanceLoader } from './services/users';
import type { SessionQuery } from './services/auth';

export type { Providers };

export interface AppDeps {
  readonly config: Config;
  readonly db: Db;
  readonly mailer: Mailer;
  /** Every email is a job (sent with what caused it, delivered by a worker with retries). */
  readonly mail: MailQueue;
  /** The job engine (pg-boss on the same database): runs, mail, billing follow-ups, schedules. */
  readonly jobs: Jobs;
  readonly payments: PaymentProvider;
  readonly providers: Providers;
  readonly files: FileStore;
  /** Session lookups of the last second (services/session-cache.ts); revocations here forget them at once. */
  readonly sessions: SessionCache;
  /** Rate limits and the sign-in throttle (counters in the database, shared by every instance). */
  readonly limits: RateLimits;
  /** Balance reads batched per event-loop turn (services/users.ts): this instance's batcher for a database. */
  readonly balances: (db: Db) => BalanceLoader;
  /** The session lookup (services/auth.ts): this instance's statement prepared on a database. */
  readonly sessionQuery: (db: Db) => SessionQuery;
  /** The dummy hash sign-in checks unknown emails against, made on first use (services/auth.ts). */
  readonly timingHash: () => Promise<string>;
  /** Signs file addresses at answer time and checks them when served (services/file-urls.ts, FILES-2). */
  readonly fileUrls: FileUrlSigner;
  /** Secret that signs the hosted checkout page's events (STRIPE_WEBHOOK_SECRET or the generated one). */
  readonly webhookSecret: string;
  /** How the hosted checkout page posts its events to the webhook (HTTP by default; tests use app.request). */
  readonly deliver: (request: Request) => Promise<Response>;
  readonly now: () => Date;
  /** The runs this process is working (their abort switches and ends); no other process sees them. */
  readonly runs: RunsInFlight;
  /** The worker pool for CPU work (upload checks, the local provider): the instance's own, or one handed in. */
  readonly pool: WorkerPool;
  /** Each voice's preview sample (TOOL-51), made in the pool on its first request and kept by this instance. */
  readonly voicePreviews: Map<string, Promise<Uint8Array>>;
  /** Directory of the built SPA (dist/); absent → no SPA served. */
  readonly distDir?: string | undefined;
  readonly log: (line: string) => void;
}

export interface AppEnv {
  Variables: {
    deps: AppDeps;
    userId: string;
    tokenHash: string;
  };
}
