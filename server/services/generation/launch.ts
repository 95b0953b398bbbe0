/**
 * A run's places and its execution. An account has MAX_CONCURRENT_RUNS places: the account's row lock makes
 * counting and reserving one step on every process. A run's provider work is a job of the `run` queue
 * (services/jobs.ts), sent in the transaction that made the run 'processing', and executed by whichever worker
 * takes it (executeRun): deadline, the provider's id stored when its create answers, outputs stored, refund on
 * failure. A run that ends fills the place it frees with the account's oldest queued run in the same transaction.
 */
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Job } from 'pg-boss';
import { tools } from '../../../src/catalog';
import type { AppDeps } from '../../context';
import type { Executor, Tx } from '../../db/client';
import { predictions, users, type StoredThumb } from '../../db/schema';
import { HttpError } from '../../errors';
import { providerFor } from '../../providers';
import { ProviderError, RunHandOff, type ProviderResult } from '../../providers/types';
import { queues } from '../jobs';
import { moderateResult } from '../moderation';
import { storeFile } from '../storage';
import { makeThumb } from '../thumbnails';
import { storedFiles } from './input';
import { endPrediction } from './ending';
import { progressWriter } from './progress';
import {
  canceledMessage,
  endOf,
  getPrediction,
  restartedMessage,
  timedOutMessage,
  type PredictionRow,
  type RunEnd,
} from './prediction';

/** The statuses of a run that holds one of its account's places. */
export const inProgressStatuses = ['starting', 'processing'] as const;

export const tooManyRunsMessage = (max: number) =>
  `You already have ${max} runs in progress. Wait for one to finish, then try again.`;

/**
 * Locks the account's row (SELECT … FOR UPDATE) until the transaction ends: starts, batches and queue
 * claims of one account wait for each other there, on every process. Returns the balance.
 */
export async function lockAccount(tx: Executor, userId: string): Promise<number> {
  const [row] = await tx.select({ credits: users.credits }).from(users).where(eq(users.id, userId)).for('update');
  if (!row) throw new HttpError(401, 'Your session has expired. Please sign in again.');
  return row.credits;
}

/** How many of the account's runs hold a place (starting or processing). */
export async function runsInProgress(tx: Executor, userId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(predictions)
    .where(and(eq(predictions.userId, userId), inArray(predictions.status, [...inProgressStatuses])));
  return Number(row?.n ?? 0);
}

/** Sends a processing run's job, in the transaction that made it processing (the job's id is the run's). */
export function sendRunJob(deps: Pick<AppDeps, 'jobs'>, tx: Tx, id: string): Promise<void> {
  return deps.jobs.send(tx, queues.run, { id }, { id });
}

/**
 * Inside a transaction: the account's oldest queued runs that fit its free places become processing and their
 * jobs are sent. The account's row is locked while counting and claiming, and the rows are taken FOR UPDATE
 * SKIP LOCKED, so no two transactions start the same run nor more runs than places. Returns how many started.
 */
export async function fillPlaces(deps: Pick<AppDeps, 'jobs' | 'config' | 'now'>, tx: Tx, userId: string) {
  await lockAccount(tx, userId);
  const free = deps.config.maxConcurrentRuns - (await runsInProgress(tx, userId));
  if (free <= 0) return 0;
  const waiting = await tx
    .select({ id: predictions.id })
    .from(predictions)
    .where(and(eq(predictions.userId, userId), eq(predictions.status, 'queued')))
    .orderBy(asc(predictions.createdAt), asc(predictions.id))
    .limit(free)
    .for('update', { skipLocked: true });
  if (waiting.length === 0) return 0;
  const started = await tx
    .update(predictions)
    .set({ status: 'processing', deadlineAt: new Date(deps.now().getTime() + deps.config.generationTimeoutMs) })
    .where(
      and(
        inArray(
          predictions.id,
          waiting.map((w) => w.id),
        ),
        eq(predictions.status, 'queued'),
      ),
    )
    .returning({ id: predictions.id });
  for (const { id } of started) await sendRunJob(deps, tx, id);
  return started.length;
}

/** Ends a processing run (refunded) and fills the place it frees, in one transaction. */
export function endRun(deps: AppDeps, id: string, status: 'failed' | 'canceled', message: string) {
  return endPrediction(deps.db, id, status, message, deps.now(), (tx, userId) => fillPlaces(deps, tx, userId));
}

/** A run past its deadline: cancelled at its provider when it created remote work, then failed and refunded once. */
export async function expireRun(deps: AppDeps, row: PredictionRow): Promise<boolean> {
  const tool = tools.find((t) => t.key === row.toolKey);
  if (row.remoteId && tool) await providerFor(deps.providers, tool).cancel?.(row.remoteId);
  return endRun(deps, row.id, 'failed', timedOutMessage);
}

/**
 * The `run` job: works one processing run to its end. A run that already ended (cancelled, expired) is left as
 * it is. A hand-off (this worker stops, or lost the job's claim) leaves the run processing and throws, so the
 * job is retried and the next attempt resumes: by the stored remote id at a remote provider, from the stored
 * input for the offline one. A cancel taken anywhere aborts it (pg-boss's cancel, seen by the job's heartbeat).
 */
export async function executeRun(deps: AppDeps, job: Pick<Job<{ id: string }>, 'data' | 'signal'>): Promise<void> {
  const { db } = deps;
  const { id } = job.data;
  const row = await getPrediction(db, id);
  if (!row || row.status !== 'processing') return;
  const tool = tools.find((t) => t.key === row.toolKey);
  if (!tool) {
    await endRun(deps, id, 'failed', 'Generation failed');
    return;
  }
  const left = row.deadlineAt.getTime() - deps.now().getTime();
  if (left <= 0) {
    await expireRun(deps, row);
    return;
  }
  const provider = providerFor(deps.providers, tool);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error(timedOutMessage)), left);
  timer.unref();
  // The job's signal: cancelled (the run's row says so) or handed off to another attempt.
  const onJobAbort = () =>
    void getPrediction(db, id).then(
      (now) => controller.abort(now && now.status !== 'processing' ? new Error(canceledMessage) : new RunHandOff()),
      () => controller.abort(new RunHandOff()),
    );
  job.signal.addEventListener('abort', onJobAbort, { once: true });
  const progress = progressWriter(db, id, row.progress);
  let settle: (end: RunEnd) => void = () => undefined;
  deps.runs.add(id, controller, new Promise<RunEnd>((resolve) => (settle = resolve)));
  try {
    if (job.signal.aborted) onJobAbort();
    // Started at once or from the queue, resumed or not: its files are read back from their stored paths.
    const images = await storedFiles(deps, row.userId, row.input ?? {});
    const work = { tool, input: row.input ?? {}, images, deadline: new Date(Date.now() + left) };
    // Stopped (cancel, hand-off, deadline) while its files were read: the provider is never called, and never
    // handed a signal that has already fired (whose abort event it would wait for in vain).
    controller.signal.throwIfAborted();
    const made = await provider.run(work, controller.signal, {
      remoteId: row.remoteId ?? undefined,
      created: async (remoteId) => {
        await db.update(predictions).set({ remoteId }).where(eq(predictions.id, id));
      },
      // What a webhook (received by any web process) stored on the row: the run ends without another poll.
      reported: async () => {
        const [stored] = await db
          .select({ remoteResult: predictions.remoteResult })
          .from(predictions)
          .where(eq(predictions.id, id));
        return stored?.remoteResult ?? undefined;
      },
      // RUNS-26: the tray's percentage, stored as the provider's work advances.
      progress: (percent) => progress.report(percent),
    });
    await progress.settled();
    controller.signal.throwIfAborted();
    const result = await moderateResult(deps.pool, deps.config.models.moderation, work, made, controller.signal);
    await succeed(deps, row.userId, id, result);
  } catch (error) {
    const reason: unknown = controller.signal.aborted ? controller.signal.reason : undefined;
    if (reason instanceof RunHandOff) {
      // Still processing: the job fails and is retried (here after a restart, or on another worker).
      if ((await getPrediction(db, id))?.status === 'processing') throw reason;
      return;
    }
    if (reason instanceof Error && reason.message === canceledMessage) return;
    const message = reason instanceof Error && reason.message ? reason.message : errorMessage(error);
    if (!(error instanceof ProviderError) && !reason) deps.log(`prediction ${id}: ${String(error)}`);
    const status = error instanceof ProviderError && error.status === 'canceled' && !reason ? 'canceled' : 'failed';
    await endRun(deps, id, status, message);
  } finally {
    clearTimeout(timer);
    job.signal.removeEventListener('abort', onJobAbort);
    await progress.settled();
    deps.runs.remove(id);
    settle(endOf(await getPrediction(db, id).catch(() => undefined)));
  }
}

/** The `run-dead` job: a run whose job failed its last attempt ends failed and refunded (if it has not ended). */
export async function endAbandonedRun(deps: AppDeps, job: Pick<Job<{ id: string }>, 'data'>): Promise<void> {
  if (await endRun(deps, job.data.id, 'failed', restartedMessage))
    deps.log(`prediction ${job.data.id}: failed and refunded after its job's last attempt`);
}

function errorMessage(error: unknown): string {
  return error instanceof ProviderError ? error.message : 'Generation failed';
}

/** Stores a run's outputs and marks it succeeded (unless it has already ended), filling the place it frees. */
async function succeed(deps: AppDeps, userId: string, id: string, result: ProviderResult): Promise<void> {
  const { db, files: store, now } = deps;
  let output: string | string[];
  let thumb: StoredThumb | undefined;
  if (result.output.kind === 'text') {
    output = result.output.text;
  } else {
    const urls: string[] = [];
    for (const file of result.output.files) {
      const ext = file.ext.replace(/[^a-z0-9]/gi, '').toLowerCase() || 'bin';
      urls.push(await storeFile(db, store, userId, 'output', { ...file, ext }));
    }
    if (urls.length === 0) throw new ProviderError('The model returned no output');
    output = urls.length === 1 ? urls[0]! : urls;
    // CREATIONS-15: its thumbnail, once, from the bytes at hand (services/thumbnails.ts says why here).
    thumb = await makeThumb(deps, userId, result.output.files[0]!);
  }
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(predictions)
      .set({
        status: 'succeeded',
        output,
        thumb: thumb ?? null,
        model: result.model,
        progress: 100,
        completedAt: now(),
      })
      .where(and(eq(predictions.id, id), eq(predictions.status, 'processing')))
      .returning({ id: predictions.id });
    if (row) await fillPlaces(deps, tx, userId);
  });
}
