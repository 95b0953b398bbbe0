/**
 * The start of a prediction: price from the catalogue, a place of the account (MAX_CONCURRENT_RUNS),
 * reserve credits ('prediction:'+id) and send its job, all in one transaction; a worker then runs it
 * (launch.ts: deadline, outputs stored, refund ('refund:'+id) on failure, cancel or timeout).
 * A prediction leaves 'processing' exactly once (a conditional UPDATE), so a late provider answer after
 * the run ended changes nothing.
 */
import crypto from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq } from 'drizzle-orm';
import type { StartOperation, Tool } from '../../../src/catalog';
import type { AppDeps } from '../../context';
import type { Executor } from '../../db/client';
import { predictions } from '../../db/schema';
import { addStartedRun, ownCollection } from '../collections';
import { spendCredits } from '../credits';
import { recordPrompt } from '../prompts';
import { HttpError } from '../../errors';
import { ProviderError } from '../../providers/types';
import { providerFor } from '../../providers';
import { prepareInput, toolForStart, type GenerationRequest, type PreparedInput } from './input';
import { expireRun, lockAccount, runsInProgress, sendRunJob, tooManyRunsMessage } from './launch';
import { endOf, getPrediction, type PredictionRow, type RunEnd } from './prediction';

export { endOf, runTimedOutAnswer, type RunEnd } from './prediction';

/** A client's Idempotency-Key and the hash of the request it came with. */
export interface Idempotency {
  readonly key: string;
  readonly hash: string;
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
  extra: {
    /** REFINE-5: the creation an Upscale 2× or a Vary was made from (refine.ts); absent for a tool's own form. */
    readonly sourceId?: string | undefined;
    /** COLLECT-6: the collection the run joins ("Save to"), the caller's own (checked in the start's transaction). */
    readonly collectionId?: string | undefined;
  } = {},
): Promise<StartedRun> {
  const { sourceId, collectionId } = extra;
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
    if (error instanceof ProviderError && error.httpStatus)
      throw new HttpError(error.httpStatus, error.message, { charged: false });
    throw error;
  }
  const id = crypto.randomUUID();
  const startedAt = now();
  // One transaction: the run row and its reservation land together or not at all. With an
  // Idempotency-Key the insert yields to a run already started under that key (the unique index on
  // (user_id, idempotency_key) makes concurrent first attempts wait for each other), and nothing is charged.
  // The account's row is locked first: counting its runs in progress and reserving are one step on every
  // instance, and a start past MAX_CONCURRENT_RUNS is refused (429) before anything is charged.
  const reserved = await db.transaction(async (tx) => {
    await lockAccount(tx, userId);
    const earlier = idempotency ? await findByKey(tx, userId, idempotency.key) : undefined;
    if (earlier) return { replay: earlier };
    if ((await runsInProgress(tx, userId)) >= config.maxConcurrentRuns)
      throw new HttpError(429, tooManyRunsMessage(config.maxConcurrentRuns));
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
        ...(idempotency ? { idempotencyKey: idempotency.key, requestHash: idempotency.hash } : {}),
        ...(sourceId ? { sourceId } : {}),
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
    // PROMPT-1: the prompt is kept with the run's own start, so a refused start keeps nothing.
    await recordPrompt(tx, userId, tool.key, prepared.input['prompt'], startedAt);
    // COLLECT-6: "Save to" — the run joins the collection in the same transaction (a collection gone meanwhile: 404, nothing charged).
    if (collectionId) await addStartedRun(tx, userId, collectionId, id);
    // A charged run always has a job, and a job always a charged run: both commit here or neither does.
    await sendRunJob(deps, tx, id);
    return { credits };
  });
  if ('replay' in reserved) return replayRun(deps, reserved.replay, idempotency!.hash);
  const { credits } = reserved;
  return { id, credits, done: waitForPrediction(deps, id) };
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

export async function findByKey(db: Executor, userId: string, key: string): Promise<PredictionRow | undefined> {
  const [row] = await db
    .select()
    .from(predictions)
    .where(and(eq(predictions.userId, userId), eq(predictions.idempotencyKey, key)));
  return row;
}

/** The run already started under a key: the same id and balance, and its end (never a second reservation). */
export function replayRun(deps: AppDeps, row: PredictionRow, hash: string): StartedRun {
  if (row.requestHash !== hash) throw new HttpError(422, idempotencyMismatchMessage);
  return { id: row.id, credits: row.creditsAfter ?? 0, done: waitForPrediction(deps, row.id) };
}

/** The end of a run: this process's own attempt while it goes, else the stored row, read until the run ends. */
async function waitForPrediction(deps: AppDeps, id: string): Promise<RunEnd> {
  for (;;) {
    const inFlight = deps.runs.endOf(id);
    if (inFlight) return inFlight;
    const row = await getPrediction(deps.db, id).catch(() => undefined);
    if (!row || (row.status !== 'processing' && row.status !== 'starting' && row.status !== 'queued'))
      return endOf(row);
    // Past its deadline its worker ends it; with no worker taking jobs it ends here (cancelled at the provider).
    if (row.status !== 'queued' && row.deadlineAt.getTime() <= deps.now().getTime()) {
      await expireRun(deps, row).catch(() => false);
      continue;
    }
    await sleep(100);
  }
}

/** Checks the model may run from this call (its start operation), prepares its input, reserves its cost and starts it. */
export async function startGeneration(
  deps: AppDeps,
  userId: string,
  request: GenerationRequest,
  starts: readonly StartOperation[] | 'any',
  idempotencyKey?: string,
): Promise<StartedRun> {
  const tool = toolForStart(request.modelId, starts);
  let idempotency: Idempotency | undefined;
  if (idempotencyKey) {
    idempotency = { key: idempotencyKey, hash: requestHash(request) };
    // A repeat: answered before its input is prepared again (no second copy of an inline image).
    const existing = await findByKey(deps.db, userId, idempotencyKey);
    if (existing) return replayRun(deps, existing, idempotency.hash);
  }
  // No place: refused before an inline picture is stored (the locked count in startPrediction decides).
  if ((await runsInProgress(deps.db, userId)) >= deps.config.maxConcurrentRuns)
    throw new HttpError(429, tooManyRunsMessage(deps.config.maxConcurrentRuns));
  // COLLECT-6: another account's collection (or none) is refused before anything is stored or charged.
  if (request.collectionId) await ownCollection(deps.db, userId, request.collectionId);
  const prepared = await prepareInput(deps, userId, tool, request.input);
  return startPrediction(deps, userId, tool, prepared, request.version, idempotency, {
    collectionId: request.collectionId,
  });
}

/** The synchronous image endpoints: runs to the end and answers with the stored output (or the error). */
export async function generateImage(
  deps: AppDeps,
  userId: string,
  request: GenerationRequest,
  starts: readonly StartOperation[],
  idempotencyKey?: string,
): Promise<{ id: string; output: string; credits: number }> {
  // A repeated key waits for the run the first attempt started and answers its output (or its error).
  const { id, done, credits } = await startGeneration(deps, userId, request, starts, idempotencyKey);
  const end = await done;
  if (!end.ok) throw new HttpError(end.status, end.message);
  const output = typeof end.output === 'string' ? end.output : end.output[0]!;
  // REFINE-6: the run's id, so the result links to its creation and can be upscaled or varied.
  return { id, output, credits };
}
