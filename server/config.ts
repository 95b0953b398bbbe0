/** Every setting of the server, parsed once from the environment (documented in .env.example). */
import * as v from 'valibot';
import path from 'node:path';
import { defaultThreadCount } from './workers/threads';

const Int = (fallback: number, min = 0) =>
  v.optional(
    v.pipe(v.string(), v.trim(), v.transform(Number), v.integer('must be an integer'), v.minValue(min)),
    String(fallback),
  );
/** A number in [min, max] (thresholds, scores). */
const Num = (fallback: number, min: number, max: number) =>
  v.optional(
    v.pipe(v.string(), v.trim(), v.transform(Number), v.number('must be a number'), v.minValue(min), v.maxValue(max)),
    String(fallback),
  );
const Str = v.optional(v.pipe(v.string(), v.trim(), v.minLength(1)));
/** An API's base address (a sandbox, a proxy or a test's fake): http(s), without a trailing slash. */
const Origin = v.optional(
  v.pipe(
    v.string(),
    v.trim(),
    v.url('must be an http(s) address'),
    v.regex(/^https?:\/\//, 'must be an http(s) address'),
    v.transform((url) => url.replace(/\/+$/, '')),
  ),
);

const Env = v.object({
  PORT: Int(3000, 1),
  HOST: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1)), '127.0.0.1'),
  ALLOW_LOCAL_HELPERS_ON_NETWORK: v.optional(v.picklist(['0', '1']), '0'),
  TRUST_PROXY: v.optional(v.picklist(['0', '1']), '0'),
  APP_URL: Str,
  DATA_DIR: v.optional(v.pipe(v.string(), v.minLength(1)), './data'),
  DATABASE_URL: Str,
  FREE_CREDITS: Int(50),
  STRIPE_SECRET_KEY: Str,
  STRIPE_WEBHOOK_SECRET: Str,
  STRIPE_API_BASE: v.optional(v.pipe(v.string(), v.trim(), v.url('must be a URL such as https://api.stripe.com'))),
  REPLICATE_API_TOKEN: Str,
  OPENAI_API_KEY: Str,
  REPLICATE_BASE_URL: Origin,
  OPENAI_BASE_URL: Origin,
  REPLICATE_POLL_INTERVAL_MS: Int(1000, 10),
  /** The signing secret of Replicate's webhooks (GET /v1/webhooks/default/secret): whsec_ and base64. */
  REPLICATE_WEBHOOK_SECRET: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(
        /^whsec_[A-Za-z0-9+/]+={0,2}$/,
        'must be the whsec_… secret Replicate gives (its base64 key after whsec_)',
      ),
    ),
  ),
  SMTP_URL: Str,
  MAIL_FROM: v.optional(v.pipe(v.string(), v.minLength(3)), 'Atelier <no-reply@atelier.local>'),
  GENERATION_TIMEOUT_MS: Int(120_000, 1),
  MAX_CONCURRENT_RUNS: Int(4, 1),
  ROLE: v.optional(v.picklist(['all', 'web', 'worker']), 'all'),
  WORKER_CONCURRENCY: Int(16, 1),
  LOCAL_SLOW_MS: Int(60_000),
  WORKER_THREADS: v.optional(
    v.pipe(v.string(), v.trim(), v.transform(Number), v.integer('must be an integer'), v.minValue(1)),
  ),
  MODELS: v.optional(v.picklist(['on', 'classic']), 'on'),
  MODEL_RUNS: Int(1, 1),
  RESTORE_MODEL_MAX_PIXELS: Int(500_000, 1),
  DESCRIBE_PERSON_SCORE: Num(0.5, 0, 1),
  DESCRIBE_FACE_SCORE: Num(0.6, 0, 1),
  DESCRIBE_OBJECT_SCORE: Num(0.4, 0, 1),
  DESCRIBE_APPROXIMATE: v.optional(v.picklist(['0', '1']), '0'),
  MODERATION: v.optional(v.picklist(['off', 'flag', 'block']), 'off'),
  MODERATION_THRESHOLD: Num(0.7, 0, 1),
  DIST_DIR: v.optional(v.pipe(v.string(), v.minLength(1))),
  VERIFICATION_TOKEN_TTL_MS: Int(24 * 3600_000, 1),
  LOCAL_CHECKOUT_WEBHOOK_DELAY_MS: Int(0),
  LOGIN_MAX_FAILURES: Int(10, 1),
  LOGIN_MAX_FAILURES_PER_ADDRESS: Int(100, 1),
  RATE_LIMIT_REGISTER: Int(20, 1),
  RATE_LIMIT_FORGOT_PASSWORD: Int(10, 1),
  RATE_LIMIT_VERIFY: Int(30, 1),
  RATE_LIMIT_RESET: Int(10, 1),
  RATE_LIMIT_UPLOAD: Int(60, 1),
  RATE_LIMIT_GENERATE: Int(30, 1),
  RATE_LIMIT_SHARE_IMAGE: Int(30, 1),
  RATE_LIMIT_ENHANCE: Int(30, 1),
  LOG_REQUESTS: v.optional(v.picklist(['0', '1']), '1'),
  UNUSED_UPLOAD_MAX_AGE_MS: Int(24 * 3600_000, 60_000),
  FILE_URL_SECRET: v.optional(v.pipe(v.string(), v.trim(), v.minLength(16, 'must be at least 16 characters'))),
  FILE_URL_TTL_MS: Int(3600_000, 1000),
  S3_BUCKET: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (3-63 of a-z, 0-9, . and -)'),
    ),
  ),
  S3_PREFIX: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^[\w.-]+(\/[\w.-]+)*\/?$/, 'must be a key prefix like atelier/ (no leading /)'),
    ),
  ),
  S3_REGION: v.optional(v.pipe(v.string(), v.trim(), v.regex(/^[a-z0-9-]{2,40}$/, 'must be a region like eu-west-1'))),
  AWS_REGION: v.optional(v.string()),
  S3_ENDPOINT: v.optional(
    v.pipe(v.string(), v.trim(), v.url('must be a URL'), v.regex(/^https?:\/\//i, 'must be an http(s) URL')),
  ),
  S3_FORCE_PATH_STYLE: v.optional(v.picklist(['0', '1']), '0'),
  AWS_ACCESS_KEY_ID: Str,
  AWS_SECRET_ACCESS_KEY: Str,
  AWS_SESSION_TOKEN: Str,
});

/** Where files go when S3_BUCKET is set (see services/storage-s3.ts). */
export interface S3Config {
  readonly bucket: string;
  /** Prepended to every key ('' or ending in '/'), so one bucket can hold several deployments. */
  readonly prefix: string;
  readonly region: string;
  /** An S3-compatible server (MinIO, R2, …); absent = AWS. */
  readonly endpoint: string | undefined;
  /** Bucket in the path (http://host/bucket/key), as most S3-compatible servers want. */
  readonly forcePathStyle: boolean;
  /** AWS_ACCESS_KEY_ID + AWS_SECRET_ACCESS_KEY; absent = the AWS SDK's default chain (profile, role, …). */
  readonly credentials:
    { readonly accessKeyId: string; readonly secretAccessKey: string; readonly sessionToken?: string } | undefined;
}

export interface Config {
  readonly port: number;
  /** Address to listen on: loopback unless HOST says otherwise. */
  readonly host: string;
  /** Demo opt-in: the local mailer (/dev/outbox) and the local checkout even on a network address. */
  readonly allowLocalHelpersOnNetwork: boolean;
  /** Behind a reverse proxy: the client address is the last X-Forwarded-For hop. */
  readonly trustProxy: boolean;
  readonly appUrl: string;
  readonly dataDir: string;
  readonly databaseUrl: string | undefined;
  readonly freeCredits: number;
  readonly stripeSecretKey: string | undefined;
  readonly stripeWebhookSecret: string | undefined;
  /** Stripe's API origin (STRIPE_API_BASE): a sandbox proxy or a fake; undefined = https://api.stripe.com. */
  readonly stripeApiBase: string | undefined;
  readonly replicateToken: string | undefined;
  readonly openaiKey: string | undefined;
  /** Replicate's API base (REPLICATE_BASE_URL), default https://api.replicate.com/v1. */
  readonly replicateBaseUrl: string | undefined;
  /** OpenAI's API base (OPENAI_BASE_URL), default https://api.openai.com/v1. */
  readonly openaiBaseUrl: string | undefined;
  /** How often a Replicate prediction is read until it ends (REPLICATE_POLL_INTERVAL_MS, default 1 s). */
  readonly replicatePollIntervalMs: number;
  /**
   * REPLICATE_WEBHOOK_SECRET: verifies Replicate's signed webhooks. Predictions ask for a webhook only when it is
   * set and APP_URL is public (https, not a loopback or local name): see replicateWebhookUrl.
   */
  readonly replicateWebhookSecret: string | undefined;
  readonly smtpUrl: string | undefined;
  readonly mailFrom: string;
  readonly generationTimeoutMs: number;
  /**
   * What this process does: 'web' serves HTTP and sends jobs, 'worker' takes jobs (and answers /api/health
   * only), 'all' (the default) both.
   */
  readonly role: 'all' | 'web' | 'worker';
  /** How many runs one worker process works at once (its other queues take one or two jobs at a time). */
  readonly workerConcurrency: number;
  /** How many runs of one account may be in progress at once; starts past it are refused, a batch's wait queued. */
  readonly maxConcurrentRuns: number;
  /** How long an offline run whose prompt says [slow] takes (past the client's time-out by default). */
  readonly localSlowMs: number;
  /** Threads of the worker pool (images, audio, video, OCR): WORKER_THREADS, else max(1, CPUs − 1). */
  readonly workerThreads: number;
  /** The offline models (docs in README "Offline models"); 'classic' keeps the sharp/tesseract pipeline only. */
  readonly models: ModelSettings;
  /** The built SPA to serve (DIST_DIR); undefined = dist/ beside server/ (server/main.ts). */
  readonly distDir: string | undefined;
  /** Lifetime of an email verification link. */
  readonly verificationTokenTtlMs: number;
  /**
   * The local checkout's Pay: 0 posts the webhook before sending the browser back; more redirects first and
   * posts it this many ms later, as Stripe does (the return page then has to wait for the credits).
   */
  readonly localCheckoutWebhookDelayMs: number;
  readonly logRequests: boolean;
  /** Uploads older than this that no run uses are deleted by the upload sweep. */
  readonly unusedUploadMaxAgeMs: number;
  /** The key that signs file addresses (FILES-2); undefined = derived from the secret kept in DATA_DIR. */
  readonly fileUrlSecret: string | undefined;
  /** How long a signed file address stays valid (FILE_URL_TTL_MS, 1 hour by default). */
  readonly fileUrlTtlMs: number;
  /** S3-compatible storage for uploads and outputs; undefined = a folder under DATA_DIR. */
  readonly s3: S3Config | undefined;
  readonly rateLimits: {
    /** Wrong passwords of one account (any address) that reach the check in 15 minutes. */
    readonly loginPerAccount: number;
    /** Sign-in attempts of one address (any account) in 15 minutes. */
    readonly loginPerAddress: number;
    /** Per address and hour. */
    readonly register: number;
    /** Per address and hour (half of it per email). */
    readonly forgotPassword: number;
    /** Per address and 15 minutes. */
    readonly verify: number;
    readonly reset: number;
    /** Per account and minute. */
    readonly upload: number;
    readonly generate: number;
    /** Preview images of shared links (made by sharp or ffmpeg) per address and minute. */
    readonly shareImage: number;
    /** Enhance prompt (ENHANCE-3) per account and hour. */
    readonly enhance: number;
  };
}

export interface ModelSettings {
  /** MODELS: 'on' (default) runs the models offline; 'classic' never loads one (suites that do not test them). */
  readonly mode: 'on' | 'classic';
  /** MODEL_RUNS: model runs at once (threads of the model pool, each holding its loaded models). */
  readonly runs: number;
  /** RESTORE_MODEL_MAX_PIXELS: above it Restore Image uses the classic enlargement and says so. */
  readonly restoreMaxPixels: number;
  /** Image to Text's description: the scores a detection needs to be named. */
  readonly describe: {
    readonly personScore: number;
    readonly faceScore: number;
    readonly objectScore: number;
    /** DESCRIBE_APPROXIMATE=1: approximate age and expression of faces, labelled so (off by default). */
    readonly approximate: boolean;
  };
  /** MODERATION=off|flag|block and the unsafe score (Porn + Hentai + Sexy of nsfwjs) at which a picture is flagged. */
  readonly moderation: { readonly mode: 'off' | 'flag' | 'block'; readonly threshold: number };
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
  const s3Problem = s3ConfigProblem(e);
  if (s3Problem) throw new Error(`Invalid configuration: ${s3Problem}`);
  return {
    port: e.PORT,
    host: e.HOST,
    allowLocalHelpersOnNetwork: e.ALLOW_LOCAL_HELPERS_ON_NETWORK === '1',
    trustProxy: e.TRUST_PROXY === '1',
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    freeCredits: e.FREE_CREDITS,
    stripeSecretKey: e.STRIPE_SECRET_KEY,
    stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
    stripeApiBase: e.STRIPE_API_BASE?.replace(/\/+$/, ''),
    replicateToken: e.REPLICATE_API_TOKEN,
    openaiKey: e.OPENAI_API_KEY,
    replicateBaseUrl: e.REPLICATE_BASE_URL,
    openaiBaseUrl: e.OPENAI_BASE_URL,
    replicatePollIntervalMs: e.REPLICATE_POLL_INTERVAL_MS,
    replicateWebhookSecret: e.REPLICATE_WEBHOOK_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    generationTimeoutMs: e.GENERATION_TIMEOUT_MS,
    role: e.ROLE,
    workerConcurrency: e.WORKER_CONCURRENCY,
    maxConcurrentRuns: e.MAX_CONCURRENT_RUNS,
    localSlowMs: e.LOCAL_SLOW_MS,
    workerThreads: e.WORKER_THREADS ?? defaultThreadCount({}),
    models: {
      mode: e.MODELS,
      runs: e.MODEL_RUNS,
      restoreMaxPixels: e.RESTORE_MODEL_MAX_PIXELS,
      describe: {
        personScore: e.DESCRIBE_PERSON_SCORE,
        faceScore: e.DESCRIBE_FACE_SCORE,
        objectScore: e.DESCRIBE_OBJECT_SCORE,
        approximate: e.DESCRIBE_APPROXIMATE === '1',
      },
      moderation: { mode: e.MODERATION, threshold: e.MODERATION_THRESHOLD },
    },
    distDir: e.DIST_DIR === undefined ? undefined : path.resolve(e.DIST_DIR),
    verificationTokenTtlMs: e.VERIFICATION_TOKEN_TTL_MS,
    localCheckoutWebhookDelayMs: e.LOCAL_CHECKOUT_WEBHOOK_DELAY_MS,
    logRequests: e.LOG_REQUESTS === '1',
    unusedUploadMaxAgeMs: e.UNUSED_UPLOAD_MAX_AGE_MS,
    fileUrlSecret: e.FILE_URL_SECRET,
    fileUrlTtlMs: e.FILE_URL_TTL_MS,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          prefix: e.S3_PREFIX ? e.S3_PREFIX.replace(/\/?$/, '/') : '',
          region: e.S3_REGION ?? (e.AWS_REGION?.trim() || 'us-east-1'),
          endpoint: e.S3_ENDPOINT,
          forcePathStyle: e.S3_FORCE_PATH_STYLE === '1',
          credentials:
            e.AWS_ACCESS_KEY_ID && e.AWS_SECRET_ACCESS_KEY
              ? {
                  accessKeyId: e.AWS_ACCESS_KEY_ID,
                  secretAccessKey: e.AWS_SECRET_ACCESS_KEY,
                  ...(e.AWS_SESSION_TOKEN ? { sessionToken: e.AWS_SESSION_TOKEN } : {}),
                }
              : undefined,
        }
      : undefined,
    rateLimits: {
      loginPerAccount: e.LOGIN_MAX_FAILURES,
      loginPerAddress: e.LOGIN_MAX_FAILURES_PER_ADDRESS,
      register: e.RATE_LIMIT_REGISTER,
      forgotPassword: e.RATE_LIMIT_FORGOT_PASSWORD,
      verify: e.RATE_LIMIT_VERIFY,
      reset: e.RATE_LIMIT_RESET,
      upload: e.RATE_LIMIT_UPLOAD,
      generate: e.RATE_LIMIT_GENERATE,
      shareImage: e.RATE_LIMIT_SHARE_IMAGE,
      enhance: e.RATE_LIMIT_ENHANCE,
    },
  };
}

/** Settings that only mean something together: named, so a half-made S3 set-up never starts. */
function s3ConfigProblem(e: v.InferOutput<typeof Env>): string | undefined {
  if (!e.S3_BUCKET) {
    const stray: string[] = (['S3_PREFIX', 'S3_REGION', 'S3_ENDPOINT'] as const).filter((k) => e[k] !== undefined);
    if (e.S3_FORCE_PATH_STYLE === '1') stray.push('S3_FORCE_PATH_STYLE');
    return stray.length ? `${stray.join(', ')} set without S3_BUCKET (files would stay in DATA_DIR)` : undefined;
  }
  if (e.AWS_ACCESS_KEY_ID && !e.AWS_SECRET_ACCESS_KEY)
    return 'AWS_SECRET_ACCESS_KEY: must be set with AWS_ACCESS_KEY_ID for S3_BUCKET';
  if (!e.AWS_ACCESS_KEY_ID && e.AWS_SECRET_ACCESS_KEY)
    return 'AWS_ACCESS_KEY_ID: must be set with AWS_SECRET_ACCESS_KEY for S3_BUCKET';
  return undefined;
}

/** 127.0.0.0/8, ::1 and localhost: reachable from this machine only. */
export function isLoopback(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h) || h === '::ffff:127.0.0.1';
}

/**
 * The local mailer (/dev/outbox shows every reset link) and the local checkout (grants credits for
 * nothing) must never face a network: on a non-loopback HOST the server refuses to start with them,
 * naming the setting to change, unless ALLOW_LOCAL_HELPERS_ON_NETWORK=1 (a demo).
 */
export function networkSafetyProblem(config: Config): string | undefined {
  if (isLoopback(config.host) || config.allowLocalHelpersOnNetwork) return undefined;
  const missing = [
    ...(config.smtpUrl ? [] : ['SMTP_URL (the local mailer serves every email, reset links included, at /dev/outbox)']),
    ...(config.stripeSecretKey ? [] : ['STRIPE_SECRET_KEY (the local checkout grants credits without payment)']),
  ];
  if (missing.length === 0) return undefined;
  return (
    `Refusing to listen on HOST=${config.host} with local helpers: set ${missing.join(' and ')}, ` +
    'or listen on HOST=127.0.0.1, or set ALLOW_LOCAL_HELPERS_ON_NETWORK=1 for a demo on a trusted network.'
  );
}
