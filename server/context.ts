/** What every route receives: the dependencies of the app and, after requireAuth, the caller. */
import type { Config } from './config';
import type { Db } from './db/client';
import type { Mailer } from './services/mail';
import type { MailQueue } from './services/mail-queue';
import type { PaymentProvider } from './payments/types';
import type { Providers } from './providers';
import type { FileStore } from './services/storage';
import type { RateLimits } from './services/rate-limits';
import type { SessionCache } from './services/session-cache';

export type { Providers };

export interface AppDeps {
  readonly config: Config;
  readonly db: Db;
  readonly mailer: Mailer;
  /** Every email goes through the queue (written with what caused it, delivered with retries). */
  readonly mail: MailQueue;
  readonly payments: PaymentProvider;
  readonly providers: Providers;
  readonly files: FileStore;
  /** Session lookups of the last second (services/session-cache.ts); revocations here forget them at once. */
  readonly sessions: SessionCache;
  /** Rate limits and the sign-in throttle (counters in the database, shared by every instance). */
  readonly limits: RateLimits;
  /** Secret that signs the hosted checkout page's events (STRIPE_WEBHOOK_SECRET or the generated one). */
  readonly webhookSecret: string;
  /** How the hosted checkout page posts its events to the webhook (HTTP by default; tests use app.request). */
  readonly deliver: (request: Request) => Promise<Response>;
  readonly now: () => Date;
  /** This process's id: the owner of the runs it starts (their leases). */
  readonly instanceId: string;
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
