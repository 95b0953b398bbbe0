/**
 * The job engine: pg-boss on the app's own database (its PGlite adapter on the embedded default, its own pool on
 * DATABASE_URL). Every background job goes through it: a run's execution, mail, billing follow-ups and the
 * periodic work (schedules). Jobs are sent inside the caller's transaction (fromDrizzle), so a job exists exactly
 * when what caused it committed. Queues, retries and dead letters are declared here once; the handlers live
 * with their services and are bound by bootstrap.ts.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { fromDrizzle, fromPglite, PgBoss, type Job, type Queue, type SendOptions } from 'pg-boss';
import type { Database, Executor } from '../db/client';

/** The queues, by what they do. */
export const queues = {
  /** Executing one run ({ id }); its job id is the run's id, so a cancel finds it. */
  run: 'run',
  /** A run whose job failed its last attempt: ended and refunded there. */
  runDead: 'run-dead',
  mail: 'mail',
  mailDead: 'mail-dead',
  /** Cancelling at the payment provider a subscription a newer plan replaced ({ subscriptionId }). */
  billingFollowUp: 'billing-follow-up',
  billingFollowUpDead: 'billing-follow-up-dead',
  /** Annual plans' monthly grants and ended subscriptions (every 5 minutes). */
  billingClock: 'billing-clock',
  /** Uploads no run used (every 15 minutes) and expired rate-limit rows. */
  uploadSweep: 'upload-sweep',
} as const;

export type QueueName = (typeof queues)[keyof typeof queues];

/**
 * How long a run's job may stay active before pg-boss takes it back: the run's own deadline plus a margin
 * (the worker ends a run at its deadline; this only catches a handler that never returns).
 */
const runExpirySeconds = (generationTimeoutMs: number) => Math.ceil(generationTimeoutMs / 1000) + 60;

/**
 * A worker that dies (SIGKILL, lost machine) stops its heartbeat: after HEARTBEAT_SECONDS its run's job is
 * retried by another worker. Each worker refreshes every HEARTBEAT_REFRESH_SECONDS, which is also how soon it
 * learns that a run's job was cancelled (the heartbeat finds the claim gone and aborts the job's signal).
 */
export const HEARTBEAT_SECONDS = 10;
export const HEARTBEAT_REFRESH_SECONDS = 1;

function queueDefinitions(generationTimeoutMs: number): Queue[] {
  const retrying = { retryBackoff: true, notify: true } as const;
  return [
    { name: queues.runDead, deleteAfterSeconds: 3600 },
    {
      name: queues.run,
      ...retrying,
      retryLimit: 5,
      retryDelay: 1,
      retryDelayMax: 10,
      expireInSeconds: runExpirySeconds(generationTimeoutMs),
      heartbeatSeconds: HEARTBEAT_SECONDS,
      deadLetter: queues.runDead,
      deleteAfterSeconds: 3600,
    },
    // Messages hold sign-in links: a delivered one is deleted within a minute.
    { name: queues.mailDead, deleteAfterSeconds: 60, retentionSeconds: 3600 },
    {
      name: queues.mail,
      ...retrying,
      retryLimit: 8,
      retryDelay: 15,
      retryDelayMax: 3600,
      expireInSeconds: 120,
      deadLetter: queues.mailDead,
      deleteAfterSeconds: 60,
    },
    { name: queues.billingFollowUpDead, deleteAfterSeconds: 7 * 24 * 3600 },
    {
      name: queues.billingFollowUp,
      ...retrying,
      retryLimit: 8,
      retryDelay: 30,
      retryDelayMax: 3600,
      expireInSeconds: 120,
      deadLetter: queues.billingFollowUpDead,
    },
    { name: queues.billingClock, policy: 'singleton', expireInSeconds: 600, retryLimit: 0 },
    { name: queues.uploadSweep, policy: 'singleton', expireInSeconds: 600, retryLimit: 0 },
  ];
}

/**
 * Creates the queues missing from the database and brings a run's expiry up to GENERATION_TIMEOUT_MS (it may
 * have changed since the queue was made). The queues are read in one query.
 */
export async function declareQueues(boss: PgBoss, generationTimeoutMs: number): Promise<void> {
  const definitions = queueDefinitions(generationTimeoutMs);
  const existing = new Map((await boss.getQueues(definitions.map((q) => q.name))).map((q) => [q.name, q]));
  for (const queue of definitions) {
    const found = existing.get(queue.name);
    // Two instances starting at once may both create it: the second's refusal changes nothing.
    if (!found) await boss.createQueue(queue.name, queue).catch(() => undefined);
    else if (queue.expireInSeconds && found.expireInSeconds !== queue.expireInSeconds)
      await boss.updateQueue(queue.name, { expireInSeconds: queue.expireInSeconds });
  }
}

export type Handler<T> = (job: Job<T>) => Promise<void>;

export interface JobHandlers {
  readonly run: Handler<{ id: string }>;
  readonly runDead: Handler<{ id: string }>;
  readonly mail: Handler<Record<string, unknown>>;
  readonly mailDead: Handler<Record<string, unknown>>;
  readonly billingFollowUp: Handler<{ subscriptionId: string }>;
  readonly billingFollowUpDead: Handler<{ subscriptionId: string }>;
  readonly billingClock: Handler<object>;
  readonly uploadSweep: Handler<object>;
}

export interface Jobs {
  /** Sends a job inside the caller's transaction (or on the database when given the database). */
  send(executor: Executor, name: QueueName, data: object, options?: SendOptions): Promise<void>;
  /** Cancels a job inside the caller's transaction; its worker's next heartbeat aborts it. */
  cancel(executor: Executor, name: QueueName, id: string): Promise<void>;
  /** Takes jobs from every queue (a worker, or ROLE=all): `concurrency` runs at once. */
  work(handlers: JobHandlers, concurrency: number): Promise<void>;
  /** Registers the periodic jobs (idempotent; any number of instances may do it). */
  schedule(): Promise<void>;
  /**
   * Runs here now the due jobs of a queue, and waits (up to `waitMs`) for those a worker holds: nothing of the
   * queue is due when it settles (the outbox page delivers due mail so). Returns how many it ran here.
   */
  drain<T>(name: QueueName, handler: Handler<T>, waitMs?: number): Promise<number>;
  /** True while this instance takes jobs. */
  readonly working: boolean;
  /** Stops taking jobs; the jobs still active after `timeoutMs` are failed (retried elsewhere or after a restart). */
  stop(timeoutMs: number): Promise<void>;
  readonly boss: PgBoss;
}

export interface JobsOptions {
  readonly generationTimeoutMs: number;
  /** Runs the schedules' cron (workers and ROLE=all; never a web-only process). */
  readonly cron: boolean;
  readonly log: (line: string) => void;
}

/** Opens pg-boss on the database, installing or migrating its schema (`pgboss`) when needed. */
export async function openJobs(database: Database, options: JobsOptions): Promise<Jobs> {
  const engine = database.engine;
  const boss =
    'pglite' in engine
      ? new PgBoss({
          backend: 'pglite',
          db: fromPglite(engine.pglite),
          useListenNotify: true,
          schedule: options.cron,
          superviseIntervalSeconds: 5,
          registerInstance: false,
          openTelemetry: { enabled: false },
        })
      : new PgBoss({
          connectionString: engine.url,
          max: 4,
          useListenNotify: true,
          schedule: options.cron,
          superviseIntervalSeconds: 5,
          registerInstance: false,
          openTelemetry: { enabled: false },
        });
  // pg-boss reports its own failures as events: logged (never a stack or a connection string), never thrown.
  boss.on('error', (error: unknown) => options.log(`jobs: ${error instanceof Error ? error.message : String(error)}`));
  await boss.start();
  await declareQueues(boss, options.generationTimeoutMs);
  let working = false;
  const workerIds: string[] = [];
  const bind = async <T>(name: QueueName, handler: Handler<T>, localConcurrency = 1, heartbeat = false) => {
    const id = await boss.work<T>(
      name,
      {
        localConcurrency,
        // A new job wakes the workers at once (NOTIFY); a retry coming due is found by this poll.
        pollingIntervalSeconds: 2,
        notifyPollingIntervalSeconds: 2,
        ...(heartbeat ? { heartbeatRefreshSeconds: HEARTBEAT_REFRESH_SECONDS } : {}),
      },
      async ([job]) => {
        if (job) await handler(job);
      },
    );
    workerIds.push(id);
  };
  return {
    boss,
    get working() {
      return working;
    },
    async send(executor, name, data, sendOptions = {}) {
      await boss.send(name, data, { ...sendOptions, db: fromDrizzle(executor as never, sql) });
    },
    async cancel(executor, name, id) {
      await boss.cancel(name, id, { db: fromDrizzle(executor as never, sql) });
    },
    async work(handlers, concurrency) {
      working = true;
      await bind(queues.run, handlers.run, concurrency, true);
      await bind(queues.runDead, handlers.runDead);
      await bind(queues.mail, handlers.mail, 2);
      await bind(queues.mailDead, handlers.mailDead);
      await bind(queues.billingFollowUp, handlers.billingFollowUp);
      await bind(queues.billingFollowUpDead, handlers.billingFollowUpDead);
      await bind(queues.billingClock, handlers.billingClock);
      await bind(queues.uploadSweep, handlers.uploadSweep);
    },
    async schedule() {
      await boss.schedule(queues.billingClock, '*/5 * * * *');
      await boss.schedule(queues.uploadSweep, '*/15 * * * *');
    },
    async drain<T>(name: QueueName, handler: Handler<T>, waitMs = 5000) {
      const until = Date.now() + waitMs;
      let ran = 0;
      for (;;) {
        const due = await boss.fetch<T>(name, { batchSize: 50 });
        for (const job of due) {
          ran++;
          try {
            await handler(job);
            await boss.complete(name, job.id);
          } catch (error) {
            await boss.fail(name, job.id, { message: error instanceof Error ? error.message : String(error) });
          }
        }
        const result = (await database.db.execute(
          sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = ${name} AND (state = 'active' OR (state IN ('created', 'retry') AND start_after <= now()))`,
        )) as unknown as { rows: { n: number }[] };
        if ((result.rows[0]?.n ?? 0) === 0 || Date.now() >= until) return ran;
        await sleep(20);
      }
    },
    async stop(timeoutMs) {
      working = false;
      await boss.stop({ graceful: true, timeout: Math.max(1000, timeoutMs) });
    },
  };
}
