/**
 * The life of a prediction: price from the catalogue, reserve credits ('prediction:'+id), run the
 * provider with a deadline, store the outputs, and refund ('refund:'+id) on failure, cancel or timeout.
 * A prediction leaves 'processing' exactly once (a conditional UPDATE), so a late provider answer after
 * the sweeper ended the run changes nothing. The runs going are the instance's own (deps.runs).
 */
import crypto from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq } from 'drizzle-orm';
import type { Tool } from '../../../src/catalog';
import type { AppDeps } from '../../context';
import type { Executor } from '../../db/client';
import { predictions } from '../../db/schema';
import { spendCredits } from '../credits';
import { HttpError } from '../../errors';
import { ProviderError, type ProviderResult } from '../../providers/types';
import { providerFor } from '../../providers';
import { storeFile } from '../storage';
import { prepareInput, toolForEndpoint, type GenerationRequest, type PreparedInput } from './input';
import { getPrediction, timedOutMessage, type PredictionRow } from './prediction';
import { endPrediction, LEASE_MS } from './sweeps';

/** A client's Idempotency-Key and the hash of the request it came with. */
export interface Idempotency {
  readonly key: string;
  readonly hash: string;
}

/**
 * How a run ended, as the synchronous endpoints answer it: its output, or the failure with the status
 * it is answered with (504 past its deadline, 502 otherwise) and the message the SPA shows. A run whose
 * row cannot be read back (the database failed, the account was deleted) is a failure too.
 */
export type RunEnd =
  | { readonly ok: true; readonly output: string | readonly string[] }
  | { readonly ok: false; readonly status: 502 | 504; readonly message: string };

export const runTimedOutAnswer = 'The request timed out. Please try again with a simpler prompt.';

/** The end of a stored run; `unread` is its error when its row could not be read back. */
export function endOf(row: PredictionRow | undefined, unread = 'Generation failed'): RunEnd {
  if (row?.status === 'succeeded' && row.output) return { ok: true, output: row.output };
  // The reservation has been refunded by now.
  const error = row ? (row.error ?? 'Generation failed') : unread;
  if (error === timedOutMessage) return { ok: false, status: 504, message: runTimedOutAnswer };
  return { ok: false, status: 502, message: error };
}

export interface StartedRun {
  readonly id: string;
  /** The balance right after the run's reservation. */
  readonly credits: number;
  /** Settles with the run's end (never rejects). */
  readonly done: Promise<RunEnd>;
}

export const idempotencyMismatchMessage = 'This idempotency key was used for a different request';

/** Reserves the tool's cost and starts the run; returns the prediction id, the new balance and the run. */
export async function startPrediction(
  deps: AppDeps,
  userId: string,
  tool: Tool,
  prepared: PreparedInput,
  version: string | undefined,
  idempotency?: Idempotency,
): Promise<StartedRun> {
  const { db, now, config } = deps;
  const provider = providerFor(deps.providers, tool);
  const job = {
    tool,
    input: prepared.input,
    ...(version ? { version } : {}),
    ...(Object.keys(prepared.images).length ? { images: prepared.images } : {}),
  };
  // A provider may refuse the run outright (busy): answered with its status, nothing reserved.
  try {
    provider.admit?.(job);
  } catch (error) {
    if (error instanceof ProviderError && error.httpStatus) throw new HttpError(error.httpStatus, error.message);
    throw error;
  }
  const id = crypto.randomUUID();
  const startedAt = now();
  // One transaction: the run row and its reservation land together or not at all. With an
  // Idempotency-Key the insert yields to a run already started under that key (the unique index on
  // (user_id, idempotency_key) makes concurrent first attempts wait for each other), and nothing is charged.
  const reserved = await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(predictions)
      .values({
        id,
        userId,
        toolKey: tool.key,
        modelId: tool.id,
        status: 'processing',
        cost: tool.cost,
        input: prepared.input,
        deadlineAt: new Date(startedAt.getTime() + config.generationTimeoutMs),
        owner: deps.instanceId,
        leaseExpiresAt: new Date(startedAt.getTime() + LEASE_MS),
        ...(idempotency ? { idempotencyKey: idempotency.key, requestHash: idempotency.hash } : {}),
      })
      .onConflictDoNothing({ target: [predictions.userId, predictions.idempotencyKey] })
      .returning({ id: predictions.id });
    if (inserted.length === 0) {
      const existing = idempotency ? await findByKey(tx, userId, idempotency.key) : undefined;
      if (!existing) throw new Error(`prediction ${id}: insert conflicted without an idempotency key`);
      return { replay: existing };
    }
    const credits = await spendCredits(tx, userId, tool.cost, `prediction:${id}`);
    await tx.update(predictions).set({ creditsAfter: credits }).where(eq(predictions.id, id));
    return { credits };
  });
  if ('replay' in reserved) return replayRun(deps, reserved.replay, idempotency!.hash);
  const { credits } = reserved;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error(timedOutMessage)), config.generationTimeoutMs);
  timer.unref();
  const done = (async (): Promise<RunEnd> => {
    try {
      const result = await provider.run(job, controller.signal);
      if (controller.signal.aborted) throw new ProviderError(timedOutMessage);
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
    }
  })();
  deps.runs.add(id, controller, done);
  return { id, credits, done };
}

/** Why a run was stopped: its deadline (the timer, the sweeper) or the instance closing (runtime.close). */
function abortMessage(signal: AbortSignal): string {
  return signal.reason instanceof Error && signal.reason.message ? signal.reason.message : timedOutMessage;
}

function errorMessage(error: unknown): string {
  return error instanceof ProviderError ? error.message : 'Generation failed';
}

/** A stable hash of what a request asks for: model, input (keys sorted) and version. */
export function requestHash(request: GenerationRequest): string {
  const canonical = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(canonical);
    if (value && typeof value === 'object')
      return Object.fromEntries(
        Object.keys(value)
          .sort()
          .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
      );
    return value;
  };
  return crypto
    .createHash('sha256')
    .update(
      JSON.stringify(canonical({ modelId: request.modelId, input: request.input, version: request.version ?? null })),
    )
    .digest('hex');
}

async function findByKey(db: Executor, userId: string, key: string): Promise<PredictionRow | undefined> {
  const [row] = await db
    .select()
    .from(predictions)
    .where(and(eq(predictions.userId, userId), eq(predictions.idempotencyKey, key)));
  return row;
}

/** The run already started under a key: the same id and balance, and its end (never a second reservation). */
function replayRun(deps: AppDeps, row: PredictionRow, hash: string): StartedRun {
  if (row.requestHash !== hash) throw new HttpError(422, idempotencyMismatchMessage);
  return { id: row.id, credits: row.creditsAfter ?? 0, done: waitForPrediction(deps, row.id) };
}

/** The end of a run: this instance's own while it goes, or (started by another instance, or already over) the stored row. */
async function waitForPrediction(deps: AppDeps, id: string): Promise<RunEnd> {
  for (;;) {
    const inFlight = deps.runs.endOf(id);
    if (inFlight) return inFlight;
    const row = await getPrediction(deps.db, id).catch(() => undefined);
    if (!row || (row.status !== 'processing' && row.status !== 'starting')) return endOf(row);
    // Past its deadline the sweeper ends it; do the same here rather than wait for the next sweep.
    if (row.deadlineAt.getTime() <= deps.now().getTime()) {
      await endPrediction(deps.db, id, 'failed', timedOutMessage, deps.now()).catch(() => false);
      continue;
    }
    await sleep(200);
  }
}

/** Checks the model may run from this endpoint, prepares its input, reserves its cost and starts it. */
export async function startGeneration(
  deps: AppDeps,
  userId: string,
  request: GenerationRequest,
  endpoints: readonly string[] | 'any',
  idempotencyKey?: string,
): Promise<StartedRun> {
  const tool = toolForEndpoint(request.modelId, endpoints);
  let idempotency: Idempotency | undefined;
  if (idempotencyKey) {
    idempotency = { key: idempotencyKey, hash: requestHash(request) };
    // A repeat: answered before its input is prepared again (no second copy of an inline image).
    const existing = await findByKey(deps.db, userId, idempotencyKey);
    if (existing) return replayRun(deps, existing, idempotency.hash);
  }
  const prepared = await prepareInput(deps, userId, tool, request.input);
  return startPrediction(deps, userId, tool, prepared, request.version, idempotency);
}

/** The synchronous image endpoints: runs to the end and answers with the stored output (or the error). */
export async function generateImage(
  deps: AppDeps,
  userId: string,
  request: GenerationRequest,
  endpoints: readonly string[],
  idempotencyKey?: string,
): Promise<{ output: string; credits: number }> {
  // A repeated key waits for the run the first attempt started and answers its output (or its error).
  const { done, credits } = await startGeneration(deps, userId, request, endpoints, idempotencyKey);
  const end = await done;
  if (!end.ok) throw new HttpError(end.status, end.message);
  const output = typeof end.output === 'string' ? end.output : end.output[0]!;
  return { output, credits };
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
