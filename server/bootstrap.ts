/** Builds the dependencies of the app from the configuration: database, mail, payments, providers, files. */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from './config';
import type { AppDeps, Providers } from './context';
import { openDatabase, type Database } from './db/client';
import { createFileStore } from './files';
import { createMailer } from './mail';
import { createLocalPaymentProvider } from './payments/local';
import { buildProviders } from './providers';
import type { PaymentProvider } from './payments/types';
import { recoverPredictions, sweepPredictions } from './generation';
import { runBillingSchedule } from './billing';

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
    return createStripePaymentProvider({ secretKey: config.stripeSecretKey, webhookSecret, appUrl: config.appUrl });
  }
  return createLocalPaymentProvider({ appUrl: config.appUrl, webhookSecret });
}

export function createProviders(config: Config): Providers {
  return buildProviders({ REPLICATE_API_TOKEN: config.replicateToken, OPENAI_API_KEY: config.openaiKey });
}

export interface Runtime {
  readonly deps: AppDeps;
  readonly database: Database;
  /** Starts the sweeper and the billing clock (unref'd intervals). */
  startTimers(): void;
  close(): Promise<void>;
}

export async function createRuntime(
  config: Config,
  overrides: Partial<Pick<AppDeps, 'providers' | 'payments' | 'deliver' | 'now' | 'log' | 'distDir'>> & {
    database?: Database;
  } = {},
): Promise<Runtime> {
  fs.mkdirSync(config.dataDir, { recursive: true });
  const database =
    overrides.database ??
    (await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pglite') }));
  const webhookSecret = webhookSecretFor(config);
  const now = overrides.now ?? (() => new Date());
  const log = overrides.log ?? ((line: string) => console.log(line));
  const deps: AppDeps = {
    config,
    db: database.db,
    mailer: createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: path.join(config.dataDir, 'outbox'),
    }),
    payments: overrides.payments ?? (await createPaymentProvider(config, webhookSecret)),
    providers: overrides.providers ?? createProviders(config),
    files: createFileStore(config.dataDir, config.appUrl),
    webhookSecret,
    // The app's own webhook over HTTP, straight to this process (APP_URL may be a proxy it cannot reach).
    deliver:
      overrides.deliver ??
      ((request) => {
        const url = new URL(request.url);
        return fetch(new Request(`http://127.0.0.1:${config.port}${url.pathname}${url.search}`, request));
      }),
    now,
    distDir: overrides.distDir,
    log,
  };
  const recovered = await recoverPredictions(database.db, now());
  if (recovered) log(`Failed and refunded ${recovered} generation(s) left running by a previous process.`);
  const timers: NodeJS.Timeout[] = [];
  return {
    deps,
    database,
    startTimers() {
      const guard = (name: string, task: () => Promise<unknown>) => () =>
        void task().catch((error: unknown) => log(`${name} failed: ${String(error)}`));
      timers.push(
        setInterval(
          guard('sweeper', () => sweepPredictions(database.db, now())),
          10_000,
        ),
      );
      timers.push(
        setInterval(
          guard('billing', () => runBillingSchedule(database.db, now())),
          5 * 60_000,
        ),
      );
      for (const t of timers) t.unref();
    },
    async close() {
      for (const t of timers) clearInterval(t);
      await database.close();
    },
  };
}
