/** The whole database of the server. Migrations in ./migrations are generated from this file by drizzle-kit. */
import { sql } from 'drizzle-orm';
import {
  check,
  type AnyPgColumn,
  index,
  integer,
  jsonb,
  primaryKey,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A remote run's end as its provider's webhook reported it (the providers' RemoteResult, in a row). */
interface StoredRemoteResult {
  readonly status: string;
  readonly output: unknown;
  readonly error: unknown;
}

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    emailVerifiedAt: ts('email_verified_at'),
    credits: integer('credits').notNull().default(0),
    /** Unspent credits of the current subscription cycle (they expire when the next cycle starts). */
    subscriptionCredits: integer('subscription_credits').notNull().default(0),
    plan: text('plan', { enum: ['free', 'standard', 'pro', 'enterprise'] })
      .notNull()
      .default('free'),
    billingCycle: text('billing_cycle', { enum: ['monthly', 'annually'] }),
    /** End of the paid period (next renewal). */
    nextBillingDate: ts('next_billing_date'),
    /** Set after cancellation: the plan ends then. */
    cancelAt: ts('cancel_at'),
    providerSubscriptionId: text('provider_subscription_id'),
    /** The buyer's customer at the payment provider (Stripe's cus_…), from a completed checkout: the portal's key. */
    providerCustomerId: text('provider_customer_id'),
    /** Annual plans: when the next monthly grant is due. */
    nextGrantAt: ts('next_grant_at'),
    theme: text('theme'),
    lastPasswordChange: ts('last_password_change'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_unique').on(t.email), check('users_credits_non_negative', sql`${t.credits} >= 0`)],
);

export const tokens = pgTable(
  'tokens',
  {
    /** SHA-256 of the opaque token, base64url: the token itself is never stored. */
    hash: text('hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['session', 'verify', 'reset'] }).notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    /**
     * A verify token's claim (AUTH-18): SHA-256 of the random value the registering browser keeps, base64url;
     * opening the link with that value signs the person in. Null for other tokens and for links without one.
     */
    claimHash: text('claim_hash'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('tokens_user_idx').on(t.userId)],
);

export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    reason: text('reason', {
      enum: ['signup', 'pack', 'subscription', 'spend', 'refund', 'expire', 'pack_refunded'],
    }).notNull(),
    reference: text('reference').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('credit_ledger_reference_unique').on(t.reference), index('credit_ledger_user_idx').on(t.userId)],
);

export const checkoutSessions = pgTable('checkout_sessions', {
  id: text('id').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  kind: text('kind', { enum: ['pack', 'subscription'] }).notNull(),
  provider: text('provider').notNull(),
  priceId: text('price_id'),
  planId: text('plan_id', { enum: ['standard', 'pro', 'enterprise'] }),
  billingCycle: text('billing_cycle', { enum: ['monthly', 'annually'] }),
  credits: integer('credits').notNull(),
  amountCents: integer('amount_cents').notNull(),
  description: text('description').notNull(),
  email: text('email').notNull(),
  /** 'processing': completed, a delayed payment (SEPA, ACH) not yet cleared; 'failed': it never cleared. */
  status: text('status', { enum: ['open', 'processing', 'paid', 'failed', 'canceled'] })
    .notNull()
    .default('open'),
  /** Stripe's payment intent of a paid pack: a refund of its charge names it. */
  paymentIntentId: text('payment_intent_id'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const processedEvents = pgTable('processed_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  processedAt: ts('processed_at').notNull().defaultNow(),
});

/** A run's thumbnail: its stored WebP's address and size in pixels. */
export interface StoredThumb {
  readonly url: string;
  readonly width: number;
  readonly height: number;
}

export const predictions = pgTable(
  'predictions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    toolKey: text('tool_key').notNull(),
    modelId: text('model_id').notNull(),
    /** 'queued': a batch's run waiting for a place of its account (MAX_CONCURRENT_RUNS), already reserved. */
    status: text('status', { enum: ['queued', 'starting', 'processing', 'succeeded', 'failed', 'canceled'] }).notNull(),
    cost: integer('cost').notNull(),
    output: jsonb('output').$type<string | string[] | null>(),
    error: text('error'),
    model: text('model'),
    deadlineAt: ts('deadline_at').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    completedAt: ts('completed_at'),
    /** The client's Idempotency-Key header: a repeated key answers this run instead of starting another. */
    idempotencyKey: text('idempotency_key'),
    /** sha256 of modelId + input + version, to tell a replay from a different request under the same key. */
    requestHash: text('request_hash'),
    /** The balance right after this run's reservation (what the first answer said). */
    creditsAfter: integer('credits_after'),
    /** What the run was asked (prompt, parameters, uploaded file URLs), for My creations. */
    input: jsonb('input').$type<Record<string, string | number | boolean | null>>(),
    /**
     * The provider's own id of the run (a Replicate prediction), stored the moment its create answers: a retried
     * job reads that prediction again instead of creating a second one, and a run past its deadline is cancelled there.
     */
    remoteId: text('remote_id'),
    /**
     * The provider's end of the run as its signed webhook told it (Replicate's completed event: status, output,
     * error), stored by whichever web process received it; the worker waiting on the run reads it and finishes.
     */
    remoteResult: jsonb('remote_result').$type<StoredRemoteResult | null>(),
    /**
     * The output's thumbnail (CREATIONS-15): a WebP stored beside it (its file address) and its size, made once
     * in the worker pool when the output was stored; null for text, 3D and a run made before thumbnails.
     */
    thumb: jsonb('thumb').$type<StoredThumb | null>(),
    /**
     * How far a working run has got, 0–100 (RUNS-26): written by its worker as its provider reports steps (the
     * offline provider's steps, Replicate's log percentages), throttled and never lowered; 100 once it succeeded;
     * null while nothing was reported (OpenAI, a queued run).
     */
    progress: smallint('progress'),
    /**
     * The creation this run was made from (REFINE-5): an Upscale 2× or a Vary of one of the account's image
     * results; null for a run started from a tool's form, or once that source was deleted.
     */
    sourceId: text('source_id').references((): AnyPgColumn => predictions.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('predictions_user_idx').on(t.userId),
    /**
     * My creations: a user's runs newest first, paged by (created_at, id) (CREATIONS-19). The order is the
     * queries' own (DESC puts nulls first, and read backwards the index gives ASC with nulls last), so the
     * planner walks it with the page's limit instead of sorting every run of the account.
     */
    index('predictions_user_recent_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('predictions_status_idx').on(t.status),
    /** A provider's webhook finds its run by the provider's id. */
    index('predictions_remote_id_idx').on(t.remoteId),
    uniqueIndex('predictions_user_idempotency_key_idx').on(t.userId, t.idempotencyKey),
    /**
     * My creations' search (CREATIONS-4): the prompt's words as a 'simple' tsvector (no stemming, no stop words,
     * so a prefix matches what was typed). Searches must write the same expression (services/creations.ts,
     * promptVector) for the planner to use it; fastupdate off keeps no pending list, so a new run is found at once.
     */
    index('predictions_prompt_search_idx')
      .using('gin', sql`to_tsvector('simple', coalesce(${t.input} ->> 'prompt', ''))`)
      .with({ fastupdate: false }),
  ],
);

/**
 * Public links to one creation each (SHARE-1): the link's token is never stored, only its SHA-256 (looked up
 * by it); the token is an HMAC of `nonce` under the server's file secret, so sharing again while shared gives
 * the same link back. Revoking deletes the row (the link then answers 404); sharing anew draws a new nonce.
 */
export const shares = pgTable(
  'shares',
  {
    predictionId: text('prediction_id')
      .primaryKey()
      .references(() => predictions.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    nonce: text('nonce').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('shares_token_hash_unique').on(t.tokenHash)],
);

/**
 * A person's named collections of creations (COLLECT-3): a name of 1 to 60 characters, unique per account
 * whatever its case. Deleting one deletes its items, never the creations (COLLECT-5).
 */
export const collections = pgTable(
  'collections',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('collections_user_name_unique').on(t.userId, sql`lower(${t.name})`),
    check('collections_name_length', sql`char_length(${t.name}) between 1 and 60`),
  ],
);

/** Which creations a collection holds (COLLECT-4): a creation may be in several; gone with either side. */
export const collectionItems = pgTable(
  'collection_items',
  {
    collectionId: text('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    predictionId: text('prediction_id')
      .notNull()
      .references(() => predictions.id, { onDelete: 'cascade' }),
    addedAt: ts('added_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.collectionId, t.predictionId] }),
    index('collection_items_prediction_idx').on(t.predictionId),
  ],
);

/** A person's starred creations (COLLECT-1): one row a star, gone with the creation. */
export const stars = pgTable(
  'stars',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    predictionId: text('prediction_id')
      .notNull()
      .references(() => predictions.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.predictionId] }), index('stars_prediction_idx').on(t.predictionId)],
);

export const files = pgTable(
  'files',
  {
    /** Path under DATA_DIR, e.g. uploads/abc.png. */
    path: text('path').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['upload', 'output'] }).notNull(),
    contentType: text('content_type').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('files_user_idx').on(t.userId)],
);

/**
 * Counters of rate-limiter-flexible's RateLimiterDrizzle (one row per limiter and key, e.g.
 * 'login-account:ada@example.com'): each attempt is one atomic INSERT … ON CONFLICT DO UPDATE.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  points: integer('points').notNull().default(0),
  expire: ts('expire'),
});

/**
 * Every prompt an account ran, per tool (PROMPT-1): one row per account, tool and prompt (its SHA-256 is the key,
 * so a long prompt needs no long index), with how often and when it was last run. Recorded in the run start's
 * transaction, so a refused run records nothing; never deleted with a creation, only by Clear prompt history
 * (PROMPT-3); at most PROMPT_HISTORY_CAP rows per account and tool (the oldest go first, PROMPT-2).
 */
export const promptHistory = pgTable(
  'prompt_history',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    toolKey: text('tool_key').notNull(),
    prompt: text('prompt').notNull(),
    /** SHA-256 of the prompt, hex. */
    promptHash: text('prompt_hash').notNull(),
    uses: integer('uses').notNull().default(1),
    lastUsedAt: ts('last_used_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('prompt_history_user_tool_hash_unique').on(t.userId, t.toolKey, t.promptHash),
    index('prompt_history_user_tool_used_idx').on(t.userId, t.toolKey, t.lastUsedAt),
  ],
);

/** Saved prompt styles (PROMPT-5): a template with one `{prompt}` slot, named uniquely per account. */
export const promptStyles = pgTable(
  'prompt_styles',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    template: text('template').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('prompt_styles_user_name_unique').on(t.userId, t.name)],
);
