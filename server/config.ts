/** Every setting of the server, parsed once from the environment (documented in .env.example). */
import * as v from 'valibot';
import path from 'node:path';

const Int = (fallback: number, min = 0) =>
  v.optional(
    v.pipe(v.string(), v.trim(), v.transform(Number), v.integer('must be an integer'), v.minValue(min)),
    String(fallback),
  );
const Str = v.optional(v.pipe(v.string(), v.trim(), v.minLength(1)));

const Env = v.object({
  PORT: Int(3000, 1),
  APP_URL: Str,
  DATA_DIR: v.optional(v.pipe(v.string(), v.minLength(1)), './data'),
  DATABASE_URL: Str,
  FREE_CREDITS: Int(50),
  STRIPE_SECRET_KEY: Str,
  STRIPE_WEBHOOK_SECRET: Str,
  REPLICATE_API_TOKEN: Str,
  OPENAI_API_KEY: Str,
  SMTP_URL: Str,
  MAIL_FROM: v.optional(v.pipe(v.string(), v.minLength(3)), 'Atelier <no-reply@atelier.local>'),
  GENERATION_TIMEOUT_MS: Int(120_000, 1),
  VERIFICATION_TOKEN_TTL_MS: Int(24 * 3600_000, 1),
  LOG_REQUESTS: v.optional(v.picklist(['0', '1']), '1'),
});

export interface Config {
  readonly port: number;
  readonly appUrl: string;
  readonly dataDir: string;
  readonly databaseUrl: string | undefined;
  readonly freeCredits: number;
  readonly stripeSecretKey: string | undefined;
  readonly stripeWebhookSecret: string | undefined;
  readonly replicateToken: string | undefined;
  readonly openaiKey: string | undefined;
  readonly smtpUrl: string | undefined;
  readonly mailFrom: string;
  readonly generationTimeoutMs: number;
  /** Lifetime of an email verification link. */
  readonly verificationTokenTtlMs: number;
  readonly logRequests: boolean;
}

/** Parses the environment; throws a readable error naming the bad settings. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Empty strings in .env files mean "not set".
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const result = v.safeParse(Env, cleaned);
  if (!result.success) {
    const problems = result.issues.map((i) => `${v.getDotPath(i) ?? '?'}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = result.output;
  return {
    port: e.PORT,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    freeCredits: e.FREE_CREDITS,
    stripeSecretKey: e.STRIPE_SECRET_KEY,
    stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
    replicateToken: e.REPLICATE_API_TOKEN,
    openaiKey: e.OPENAI_API_KEY,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    generationTimeoutMs: e.GENERATION_TIMEOUT_MS,
    verificationTokenTtlMs: e.VERIFICATION_TOKEN_TTL_MS,
    logRequests: e.LOG_REQUESTS === '1',
  };
}
