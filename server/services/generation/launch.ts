/**
 * A run's provider work and the account's places: how many runs of one account are in progress
 * (MAX_CONCURRENT_RUNS), the lock that makes counting and reserving one step, the provider run of a
 * reserved run (deadline, outputs stored, refund on failure), and the queue's claim: runs waiting
 * (status 'queued', reserved by their batch) start in order (created_at, id) as places free up, on
 * whichever instance claims them first.
 */
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { tools } from '../../../src/catalog';
import type { AppDeps } from '../../context';
import type { Executor } from '../../db/client';
import { predictions, users } from '../../db/schema';
import { HttpError } from '../../errors';
import { providerFor } from '../../providers';
import { ProviderError, type GenerationJob, type ProviderResult } from '../../providers/types';
import { moderateResult } from '../moderation';
import { storeFile } from '../storage';
import { storedFiles } from './input';
import { endOf, getPrediction, timedOutMessage, type PredictionRow, type RunEnd } from './prediction';
import { endPrediction, LEASE_MS } from './sweeps';

/** The statuses of a run that holds one of its account's places. */
export const inProgressStatuses = ['starting', 'processing'] as const;

export const tooManyRunsMessage = (max: number) =>
  `You already have ${max} runs in progress. Wait for one to finish, then try again.`;

/**
 * Locks the account's row (SELECT … FOR UPDATE) until the transaction ends: starts, batches and queue
 * claims of one account wait for each other there, on every instance. Returns the balance.
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

/** A reserved run, ready for its provider. */
export interface Launch {
  readonly id: string;
  readonly userId: string;
  readonly job: GenerationJob;
}

/** Runs a reserved, processing run at its provider; settles with its end (never rejects). */
export function launchRun(deps: AppDeps, run: Launch): Promise<RunEnd> {
  const { db, now, config } = deps;
  const { id, userId, job } = run;
  const provider = providerFor(deps.providers, job.tool);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error(timedOutMessage)), config.generationTimeoutMs);
  timer.unref();
  const done = (async (): Promise<RunEnd> => {
    try {
      const deadline = new Date(Date.now() + config.generationTimeoutMs);
      // A run launched from the queue has its input's stored paths only: its files are read back here.
      const images = job.images ?? (await storedFiles(deps, userId, job.input));
      const made = await provider.run({ ...job, images, deadline }, controller.signal);
      if (controller.signal.aborted) throw new ProviderError(timedOutMessage);
      const result = await moderateResult(deps.pool, config.models.moderation, job, made, controller.signal);
      return endOf(await succeed(deps, userId, id, result));
    } catch (error) {
      const aborted = controller.signal.aborted;
      const message = aborted ? abortMessage(controller.signal) : errorMessage(error);
      if (!(error instanceof ProviderError) && !aborted) deps.log(`prediction ${id}: ${String(error)}`);
      const status = error instanceof ProviderError && error.status === 'canceled' && !aborted ? 'canceled' : 'failed';
      try {
        await endPrediction(db, id, status, message, now());
      } catch (endError) {
        // Never an unhandled rejection: async endpoints do not await this promise.
        deps.log(`prediction ${id}: could not end the run: ${String(endError)}`);
      }
      return endOf(await getPrediction(db, id).catch(() => undefined), message);
    } finally {
      clearTimeout(timer);
      deps.runs.remove(id);
      // A place of the account is free: its next queued run (if any) starts.
      void startQueued(deps, userId);
    }
  })();
  deps.runs.add(id, controller, done);
  return done;
}

/** Why a run was stopped: its deadline (the timer, the sweeper), a cancel, or the instance closing (runtime.close). */
function abortMessage(signal: AbortSignal): string {
  return signal.reason instanceof Error && signal.reason.message ? signal.reason.message : timedOutMessage;
}

function errorMessage(error: unknown): string {
  return error instanceof ProviderError ? error.message : 'Generation failed';
}

/** Stores a run's outputs and marks it succeeded (unless it has already ended); the row as it now stands. */
async function succeed(
  deps: AppDeps,
  userId: string,
  id: string,
  result: ProviderResult,
): Promise<PredictionRow | undefined> {
  const { db, files: store, now } = deps;
  let output: string | string[];
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
  }
  const [row] = await db
    .update(predictions)
    .set({ status: 'succeeded', output, model: result.model, completedAt: now() })
    .where(and(eq(predictions.id, id), eq(predictions.status, 'processing')))
    .returning();
  return row ?? (await getPrediction(db, id));
}

/**
 * Claims the account's queued runs that fit its free places, oldest first, and starts them here. The
 * account's row is locked while counting and claiming, and the rows are taken FOR UPDATE SKIP LOCKED, so
 * two instances never start the same run nor more runs than places. Never rejects (a failure is logged;
 * the sweeper tries again).
 */
export async function startQueued(deps: AppDeps, userId: string): Promise<number> {
  if (deps.runs.closed) return 0;
  const hasQueued = async (db: Executor) =>
    (
      await db
        .select({ id: predictions.id })
        .from(predictions)
        .where(and(eq(predictions.userId, userId), eq(predictions.status, 'queued')))
        .limit(1)
    ).length > 0;
  try {
    // Most ends leave no queue behind: one read, no lock.
    if (!(await hasQueued(deps.db))) return 0;
    const claimed = await deps.db.transaction(async (tx) => {
      // predictions before users, the order of every other writer (no deadlock with them).
      if (!(await hasQueued(tx))) return [];
      await lockAccount(tx, userId);
      const free = deps.config.maxConcurrentRuns - (await runsInProgress(tx, userId));
      if (free <= 0) return [];
      const waiting = await tx
        .select({ id: predictions.id })
        .from(predictions)
        .where(and(eq(predictions.userId, userId), eq(predictions.status, 'queued')))
        .orderBy(asc(predictions.createdAt), asc(predictions.id))
        .limit(free)
        .for('update', { skipLocked: true });
      if (waiting.length === 0) return [];
      const at = deps.now().getTime();
      return tx
        .update(predictions)
        .set({
          status: 'processing',
          owner: deps.instanceId,
          leaseExpiresAt: new Date(at + LEASE_MS),
          deadlineAt: new Date(at + deps.config.generationTimeoutMs),
        })
        .where(
          and(
            inArray(
              predictions.id,
              waiting.map((w) => w.id),
            ),
            eq(predictions.status, 'queued'),
          ),
        )
        .returning();
    });
    for (const row of claimed) {
      const tool = tools.find((t) => t.key === row.toolKey);
      if (!tool) {
        await endPrediction(deps.db, row.id, 'failed', 'Generation failed', deps.now());
        continue;
      }
      void launchRun(deps, { id: row.id, userId, job: { tool, input: row.input ?? {} } });
    }
    return claimed.length;
  } catch (error) {
    if (!deps.runs.closed) deps.log(`queue of ${userId}: ${String(error)}`);
    return 0;
  }
}

/** The sweeper's pass over the queue: every account with queued runs gets its free places filled. */
export async function startAllQueued(deps: AppDeps): Promise<number> {
  const accounts = await deps.db
    .selectDistinct({ userId: predictions.userId })
    .from(predictions)
    .where(eq(predictions.status, 'queued'));
  let started = 0;
  for (const { userId } of accounts) started += await startQueued(deps, userId);
  return started;
}
