/** What every route receives: the dependencies of the app and, after requireAuth, the caller. */
import type { Config } from './config';
import type { Db } from './db/client';
import type { Mailer } from './mail';
import type { PaymentProvider } from './payments/types';
import type { Providers } from './providers';
import type { FileStore } from './files';

export type { Providers };

export interface AppDeps {
  readonly config: Config;
  readonly db: Db;
  readonly mailer: Mailer;
  readonly payments: PaymentProvider;
  readonly providers: Providers;
  readonly files: FileStore;
  /** Secret that signs local checkout events (STRIPE_WEBHOOK_SECRET or the generated one). */
  readonly webhookSecret: string;
  /** How the local checkout posts its events to the webhook (HTTP by default; tests use app.request). */
  readonly deliver: (request: Request) => Promise<Response>;
  readonly now: () => Date;
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
