/**
 * The life of a prediction: price from the catalogue, reserve credits ('prediction:'+id), run the
 * provider with a deadline, store the outputs, and refund ('refund:'+id) on failure, cancel or timeout.
 * A prediction leaves 'processing' exactly once (a conditional UPDATE), so a late provider answer after
 * the sweeper ended the run changes nothing.
 */
import crypto from 'node:crypto';
import { and, eq, inArray, lte } from 'drizzle-orm';
import { tools, type Tool } from '../src/catalog';
import type { AppDeps } from './context';
import type { Db } from './db/client';
import { creditLedger, files, predictions } from './db/schema';
import { grantCredits, spendCredits } from './credits';
import { HttpError } from './errors';
import { ProviderError, type InputValue, type ProviderResult } from './providers/types';
import { providerFor } from './providers';
import { decodeImageDataUrl, storeUpload } from './routes/upload';

export type PredictionRow = typeof predictions.$inferSelect;

export const timedOutMessage = 'Generation timed out';
export const restartedMessage = 'The server restarted during this generation. Your credits have been refunded.';

const running = new Map<string, AbortController>();

const promptTools = new Set<Tool['key']>([
  'text-to-image',
  'image-to-image',
  'text-to-advertisement',
  'text-to-video',
  'video-editing',
  'text-to-text',
  'code-generation',
  'musicgen',
  'audioldm',
  'bark',
]);
const imageMessages: Partial<Record<Tool['key'], string>> = {
  'image-to-image': 'Please upload an image',
  'person-to-person': 'Please upload a main image',
  'restore-image': 'Please upload an image first',
  'image-to-video': 'Please upload an image',
  'image-to-text': 'Please upload an image first',
  '3d-gen': 'Please upload an image',
};
const imageFields = ['image', 'pose_image'] as const;
const MAX_PROMPT = 4000;
const MIN_SIZE = 64;
const MAX_SIZE = 2048;

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
  const input: Record<string, InputValue> = { ...tool.defaultParams, ...raw };
  if (typeof input['prompt'] === 'string') input['prompt'] = input['prompt'].trim();
  if (tool.key === 'person-to-person' && !input['prompt']) input['prompt'] = 'A photo of a person';
  if (promptTools.has(tool.key) && (typeof input['prompt'] !== 'string' || input['prompt'] === '')) {
    throw new HttpError(400, 'Please enter a prompt');
  }
  if (typeof input['prompt'] === 'string' && input['prompt'].length > MAX_PROMPT) {
    throw new HttpError(400, `The prompt is too long (at most ${MAX_PROMPT} characters).`);
  }
  for (const key of ['width', 'height'] as const) {
    const value = input[key];
    if (value === undefined || value === null) continue;
    const n = typeof value === 'string' ? Number(value) : value;
    if (typeof n !== 'number' || !Number.isFinite(n)) throw new HttpError(400, `The ${key} must be a number`);
    input[key] = Math.min(MAX_SIZE, Math.max(MIN_SIZE, Math.floor(n / 8) * 8));
  }
  const images: Record<string, { bytes: Uint8Array; contentType: string }> = {};
  const requiredMessage = imageMessages[tool.key];
  for (const field of imageFields) {
    const value = input[field];
    if (value === undefined || value === null || value === '') {
      if (field === 'image' && requiredMessage) throw new HttpError(400, requiredMessage);
      delete input[field];
      continue;
    }
    if (typeof value !== 'string') throw new HttpError(400, `The ${field} must be an uploaded image URL`);
    let url = value;
    // Image to text sends its picture as a data URL (spec §3); it is stored like an upload.
    if (value.startsWith('data:')) url = await storeUpload(deps, userId, decodeImageDataUrl(value));
    const relPath = deps.files.relPathOfUrl(url, 'upload');
    const [row] = relPath
      ? await deps.db
          .select()
          .from(files)
          .where(and(eq(files.path, relPath), eq(files.userId, userId)))
      : [];
    const bytes = row ? await deps.files.read(row.path) : undefined;
    if (!row || !bytes)
      throw new HttpError(400, 'Images must be uploaded to Atelier first. Please upload the image again.');
    input[field] = url;
    images[field] = { bytes, contentType: row.contentType };
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
): Promise<{ id: string; credits: number; done: Promise<PredictionRow> }> {
  const { db, now, config } = deps;
  const id = crypto.randomUUID();
  const startedAt = now();
  await db.insert(predictions).values({
    id,
    userId,
    toolKey: tool.key,
    modelId: tool.id,
    status: 'processing',
    cost: tool.cost,
    deadlineAt: new Date(startedAt.getTime() + config.generationTimeoutMs),
  });
  let credits: number;
  try {
    credits = await spendCredits(db, userId, tool.cost, `prediction:${id}`);
  } catch (error) {
    await db.delete(predictions).where(eq(predictions.id, id));
    throw error;
  }
  const controller = new AbortController();
  running.set(id, controller);
  const timer = setTimeout(() => controller.abort(new Error(timedOutMessage)), config.generationTimeoutMs);
  timer.unref();
  const provider = providerFor(deps.providers, tool);
  const job = {
    tool,
    input: prepared.input,
    ...(version ? { version } : {}),
    ...(Object.keys(prepared.images).length ? { images: prepared.images } : {}),
  };
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
    }
  })();
  return { id, credits, done };
}

async function succeed(deps: AppDeps, userId: string, id: string, result: ProviderResult): Promise<PredictionRow> {
  const { db, files: store, now } = deps;
  let output: string | string[];
  if (result.output.kind === 'text') {
    output = result.output.text;
  } else {
    const urls: string[] = [];
    for (const file of result.output.files) {
      const stored = await store.save('output', file.bytes, file.ext.replace(/[^a-z0-9]/gi, '').toLowerCase() || 'bin');
      await db.insert(files).values({ path: stored.relPath, userId, kind: 'output', contentType: file.contentType });
      urls.push(stored.url);
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
  };
}

/** Ends a processing prediction (once) and refunds its reservation if one was made. */
export async function endPrediction(
  db: Db,
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
    if (spent) await grantCredits(tx as unknown as Db, row.userId, -spent.delta, 'refund', `refund:${id}`);
    return true;
  });
}

export async function getPrediction(db: Db, id: string): Promise<PredictionRow | undefined> {
  const [row] = await db.select().from(predictions).where(eq(predictions.id, id));
  return row;
}

/** Ends predictions past their deadline (aborting their runs) and refunds them. Run on an interval. */
export async function sweepPredictions(db: Db, now: Date): Promise<number> {
  const stuck = await db
    .select({ id: predictions.id })
    .from(predictions)
    .where(and(eq(predictions.status, 'processing'), lte(predictions.deadlineAt, now)));
  let ended = 0;
  for (const { id } of stuck) {
    running.get(id)?.abort(new Error(timedOutMessage));
    if (await endPrediction(db, id, 'failed', timedOutMessage, now)) ended++;
  }
  return ended;
}

/** At startup: runs left 'processing' by a previous process can never finish, so fail and refund them. */
export async function recoverPredictions(db: Db, now: Date): Promise<number> {
  const left = await db
    .select({ id: predictions.id })
    .from(predictions)
    .where(inArray(predictions.status, ['processing', 'starting']));
  let ended = 0;
  for (const { id } of left) if (await endPrediction(db, id, 'failed', restartedMessage, now)) ended++;
  return ended;
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
