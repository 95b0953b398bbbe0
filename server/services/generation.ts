/**
 * The life of a prediction: price from the catalogue, reserve credits ('prediction:'+id), run the
 * provider with a deadline, store the outputs, and refund ('refund:'+id) on failure, cancel or timeout.
 * A prediction leaves 'processing' exactly once (a conditional UPDATE), so a late provider answer after
 * the sweeper ended the run changes nothing.
 */
import crypto from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, inArray, isNull, lt, lte, or } from 'drizzle-orm';
import { tools, type Tool } from '../../src/catalog';
import type { AppDeps } from '../context';
import type { Executor } from '../db/client';
import { creditLedger, predictions } from '../db/schema';
import { grantCredits, spendCredits } from './credits';
import { HttpError } from '../errors';
import { ProviderError, type InputValue, type ProviderResult } from '../providers/types';
import { providerFor } from '../providers';
import { readUpload, storeFile, storeUploadedImage, storeUploadedVideo } from './storage';
import { checkInput } from './tool-input';

export type PredictionRow = typeof predictions.$inferSelect;

export const timedOutMessage = 'Generation timed out';
export const restartedMessage = 'The server restarted during this generation. Your credits have been refunded.';

/**
 * A run's lease: its owner (the instance running it) renews it every LEASE_MS / 4; once it has expired
 * the owner is gone, and any instance's sweeper fails and refunds the run — once.
 */
export const LEASE_MS = 60_000;

const running = new Map<string, AbortController>();
/** The end of each run this process started, by prediction id (for replays of its Idempotency-Key). */
const runs = new Map<string, Promise<PredictionRow>>();

const imageFields = ['image', 'pose_image'] as const;

export function toolForEndpoint(modelId: string, endpoints: readonly string[] | 'any'): Tool {
  const tool = tools.find((t) => t.id === modelId);
  if (!tool) throw new HttpError(400, 'Unknown model', { details: { modelId } });
  if (endpoints !== 'any' && !endpoints.includes(tool.endpoint)) {
    throw new HttpError(400, 'This model cannot be run from this endpoint', {
      details: { modelId, endpoint: tool.endpoint },
    });
  }
  return tool;
}

/** Validates and completes the caller's input for one tool; resolves images to bytes. */
export async function prepareInput(
  deps: AppDeps,
  userId: string,
  tool: Tool,
  raw: Readonly<Record<string, InputValue>>,
) {
  const input = checkInput(tool, raw);
  const images: Record<string, { bytes: Uint8Array; contentType: string }> = {};
  for (const field of imageFields) {
    const value = input[field];
    if (value === undefined || value === null || value === '') {
      delete input[field];
      continue;
    }
    if (typeof value !== 'string') throw new HttpError(400, `The ${field} must be an uploaded image URL`);
    let url = value;
    // Image to text sends its picture as a data URL (spec §3); it is checked and stored like an upload.
    if (value.startsWith('data:')) url = await storeUploadedImage(deps.db, deps.files, userId, value);
    const upload = await readUpload(deps.db, deps.files, userId, url);
    if (!upload) throw new HttpError(400, 'Images must be uploaded to Atelier first. Please upload the image again.');
    if (!upload.contentType.startsWith('image/')) throw new HttpError(400, `The ${field} must be an image`);
    input[field] = url;
    images[field] = upload;
  }
  // Video editing edits an uploaded clip when one is given (the provider reads job.images.video).
  const video = input['video'];
  if (video === undefined || video === null || video === '') {
    delete input['video'];
  } else if (tool.run.upload !== 'video') {
    throw new HttpError(400, 'This tool does not take a video');
  } else {
    if (typeof video !== 'string') throw new HttpError(400, 'The video must be an uploaded video URL');
    const url = video.startsWith('data:') ? await storeUploadedVideo(deps.db, deps.files, userId, video) : video;
    const upload = await readUpload(deps.db, deps.files, userId, url);
    if (!upload) throw new HttpError(400, 'Videos must be uploaded to Atelier first. Please upload the video again.');
    if (!upload.contentType.startsWith('video/')) throw new HttpError(400, 'The video must be a video file');
    input['video'] = url;
    images['video'] = upload;
  }
  return { input, images };
}

/** Reserves the tool's cost and starts the run; returns the prediction id, the new balance and the run. */
export async function startPrediction(
  deps: AppDeps,
  userId: string,
  tool: Tool,
  prepared: Awaited<ReturnType<typeof prepareInput>>,
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
  running.set(id, controller);
  const timer = setTimeout(() => controller.abort(new Error(timedOutMessage)), config.generationTimeoutMs);
  timer.unref();
  const done = (async () => {
    try {
      const result = await provider.run(job, controller.signal);
      if (controller.signal.aborted) throw new ProviderError(timedOutMessage);
      return await succeed(deps, userId, id, result);
    } catch (error) {
      const aborted = controller.signal.aborted;
      const message = aborted ? timedOutMessage : error instanceof ProviderError ? error.message : 'Generation failed';
      if (!(error instanceof ProviderError) && !aborted) deps.log(`prediction ${id}: ${String(error)}`);
      const status = error instanceof ProviderError && error.status === 'canceled' && !aborted ? 'canceled' : 'failed';
      try {
        await endPrediction(db, id, status, message, now());
      } catch (endError) {
        // Never an unhandled rejection: async endpoints do not await this promise.
        deps.log(`prediction ${id}: could not end the run: ${String(endError)}`);
      }
      return (await getPrediction(db, id).catch(() => undefined)) ?? failedRow(id, message);
    } finally {
      clearTimeout(timer);
      running.delete(id);
      runs.delete(id);
    }
  })();
  runs.set(id, done);
  return { id, credits, done };
}

/** A client's Idempotency-Key and the hash of the request it came with. */
export interface Idempotency {
  readonly key: string;
  readonly hash: string;
}

export interface StartedRun {
  readonly id: string;
  /** The balance right after the run's reservation. */
  readonly credits: number;
  /** Settles with the ended run (never rejects). */
  readonly done: Promise<PredictionRow>;
}

export const idempotencyMismatchMessage = 'This idempotency key was used for a different request';

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

/** The end of a run: its in-process promise, or (started by another process, or already over) the stored row. */
async function waitForPrediction(deps: AppDeps, id: string): Promise<PredictionRow> {
  for (;;) {
    const inProcess = runs.get(id);
    if (inProcess) return inProcess;
    const row = await getPrediction(deps.db, id).catch(() => undefined);
    if (!row) return failedRow(id, 'Generation failed');
    if (row.status !== 'processing' && row.status !== 'starting') return row;
    // Past its deadline the sweeper ends it; do the same here rather than wait for the next sweep.
    if (row.deadlineAt.getTime() <= deps.now().getTime()) {
      await endPrediction(deps.db, id, 'failed', timedOutMessage, deps.now()).catch(() => false);
      continue;
    }
    await sleep(200);
  }
}

/** A run as the client asks for it (spec §7 GenerateBody): model, input and optional version. */
export interface GenerationRequest {
  readonly modelId: string;
  readonly input: Readonly<Record<string, InputValue>>;
  readonly version?: string | undefined;
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
  const row = await done;
  if (row.status !== 'succeeded' || !row.output) {
    // The reservation has been refunded by now.
    if (row.error === timedOutMessage)
      throw new HttpError(504, 'The request timed out. Please try again with a simpler prompt.');
    throw new HttpError(502, row.error ?? 'Generation failed');
  }
  const output = Array.isArray(row.output) ? row.output[0]! : row.output;
  return { output, credits };
}

/** The caller's own prediction as the API answers it; someone else's is answered exactly like a missing one. */
export async function predictionFor(db: Executor, userId: string, id: string) {
  const row = await getPrediction(db, id);
  if (!row || row.userId !== userId) throw new HttpError(404, 'Prediction not found');
  return toPredictionAnswer(row);
}

async function succeed(deps: AppDeps, userId: string, id: string, result: ProviderResult): Promise<PredictionRow> {
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
  return row ?? (await getPrediction(db, id))!;
}

function failedRow(id: string, error: string): PredictionRow {
  const at = new Date();
  return {
    id,
    userId: '',
    toolKey: '',
    modelId: '',
    status: 'failed',
    cost: 0,
    output: null,
    error,
    model: null,
    deadlineAt: at,
    createdAt: at,
    completedAt: at,
    idempotencyKey: null,
    requestHash: null,
    creditsAfter: null,
    input: null,
    owner: null,
    leaseExpiresAt: null,
  };
}

/** Ends a processing prediction (once) and refunds its reservation if one was made. */
export async function endPrediction(
  db: Executor,
  id: string,
  status: 'failed' | 'canceled',
  error: string,
  at: Date,
): Promise<boolean> {
  // One transaction: nobody can read the failed status before the refund has landed.
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(predictions)
      .set({ status, error, completedAt: at })
      .where(and(eq(predictions.id, id), eq(predictions.status, 'processing')))
      .returning();
    if (!row) return false;
    const [spent] = await tx
      .select({ delta: creditLedger.delta })
      .from(creditLedger)
      .where(eq(creditLedger.reference, `prediction:${id}`));
    if (spent) await grantCredits(tx, row.userId, -spent.delta, 'refund', `refund:${id}`);
    return true;
  });
}

export async function getPrediction(db: Executor, id: string): Promise<PredictionRow | undefined> {
  const [row] = await db.select().from(predictions).where(eq(predictions.id, id));
  return row;
}

/** Ends predictions past their deadline (aborting their runs) and refunds them. Run on an interval. */
export async function sweepPredictions(db: Executor, now: Date): Promise<number> {
  const stuck = await db
    .select({ id: predictions.id })
    .from(predictions)
    .where(and(eq(predictions.status, 'processing'), lte(predictions.deadlineAt, now)));
  let ended = 0;
  for (const { id } of stuck) {
    // End (and refund) the run first, then stop its provider: stopped first, the run's own failure
    // handler raced this sweep to end it (the sweep then counted nothing on a busy Postgres).
    if (await endPrediction(db, id, 'failed', timedOutMessage, now)) ended++;
    running.get(id)?.abort(new Error(timedOutMessage));
  }
  return ended;
}

/** The owner's heartbeat: extends the lease of every run this instance still has going. */
export async function renewLeases(db: Executor, instanceId: string, now: Date): Promise<number> {
  const renewed = await db
    .update(predictions)
    .set({ leaseExpiresAt: new Date(now.getTime() + LEASE_MS) })
    .where(and(eq(predictions.owner, instanceId), inArray(predictions.status, ['processing', 'starting'])))
    .returning({ id: predictions.id });
  return renewed.length;
}

/**
 * Runs whose owner stopped renewing their lease (a killed or crashed instance) can never finish: fail
 * and refund them. One conditional UPDATE … WHERE status = 'processing' AND lease expired … RETURNING
 * claims each run for exactly one caller, and its refund lands in the same transaction, so it is safe
 * at every instance's boot and in every instance's sweeper, even racing. A live instance's runs (lease
 * renewed) are left alone.
 */
export async function recoverPredictions(db: Executor, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const ended = await tx
      .update(predictions)
      .set({ status: 'failed', error: restartedMessage, completedAt: now })
      .where(
        and(
          inArray(predictions.status, ['processing', 'starting']),
          or(isNull(predictions.leaseExpiresAt), lt(predictions.leaseExpiresAt, now)),
        ),
      )
      .returning({ id: predictions.id, userId: predictions.userId });
    for (const row of ended) {
      const [spent] = await tx
        .select({ delta: creditLedger.delta })
        .from(creditLedger)
        .where(eq(creditLedger.reference, `prediction:${row.id}`));
      if (spent) await grantCredits(tx, row.userId, -spent.delta, 'refund', `refund:${row.id}`);
    }
    return ended.length;
  });
}

export function toPredictionAnswer(row: PredictionRow) {
  return {
    id: row.id,
    status: row.status,
    output: row.output ?? null,
    error: row.error ?? null,
    ...(row.model ? { model: row.model } : {}),
  };
}
