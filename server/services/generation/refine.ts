/**
 * Upscale 2× and Vary (REFINE-1 to REFINE-6): a new run made from one of the caller's finished image creations.
 * The source's output is copied into an upload of the caller (the same storage /api/upload fills), then the run
 * starts through the catalogue tools' own start (startPrediction): Upscale as Restore Image (its pipeline
 * enlarges 2×), Vary as Image to Image with the source's prompt, the chosen strength and a new seed. Its price,
 * the refusal when credits fall short (402, nothing charged), the account's places and the Idempotency-Key are
 * that start's; the new run keeps its source (predictions.source_id). Someone else's creation answers 404.
 */
import { and, eq } from 'drizzle-orm';
import { tools, type Tool } from '../../../src/catalog';
import type { AppDeps } from '../../context';
import { predictions } from '../../db/schema';
import { HttpError } from '../../errors';
import { claimedDimensions } from '../../lib/image-header';
import { notFoundMessage } from '../creations';
import { readStoredFile, storeFile } from '../storage';
import { prepareInput } from './input';
import { runsInProgress, tooManyRunsMessage } from './launch';
import { replayRun, findByKey, requestHash, startPrediction, type Idempotency, type StartedRun } from './run';

/** REFINE-3: how far a Vary moves from its source (the Image to Image tool's prompt_strength). */
export const varyStrengths = { subtle: 0.35, strong: 0.75 } as const;
export type VaryStrength = keyof typeof varyStrengths;

/** REFINE-4: the largest side Upscale 2× takes (its result stays within the 2048 px output cap). */
export const UPSCALE_MAX_SIDE = 1024;

export const notAnImageMessage = 'Only a finished image can be upscaled or varied.';
export const tooLargeToUpscaleMessage = `This picture is already large: Upscale 2× takes pictures of at most ${UPSCALE_MAX_SIDE} px a side.`;
export const sourceGoneMessage = 'The picture of this creation is gone. It cannot be upscaled or varied.';

export type Refinement = { readonly kind: 'upscale' } | { readonly kind: 'vary'; readonly strength: VaryStrength };

const toolByKey = (key: string): Tool => {
  const tool = tools.find((t) => t.key === key);
  if (!tool) throw new Error(`the catalogue has no ${key}`);
  return tool;
};

/** REFINE-2: Upscale is priced and run as Restore Image, Vary as Image to Image. */
export const refineTool = (kind: Refinement['kind']): Tool =>
  toolByKey(kind === 'upscale' ? 'restore-image' : 'image-to-image');

const extOf: Readonly<Record<string, string>> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

/** Starts an Upscale 2× or a Vary of the caller's creation `id`; answers as the tool starts do ({id, credits}). */
export async function startRefine(
  deps: AppDeps,
  userId: string,
  id: string,
  refinement: Refinement,
  idempotencyKey?: string,
): Promise<StartedRun> {
  const tool = refineTool(refinement.kind);
  let idempotency: Idempotency | undefined;
  if (idempotencyKey) {
    // The request is the source and the choice (the copied upload and the drawn seed differ at every attempt).
    const input = {
      source: id,
      refine: refinement.kind,
      ...('strength' in refinement ? { strength: refinement.strength } : {}),
    };
    idempotency = { key: idempotencyKey, hash: requestHash({ modelId: tool.id, input }) };
    const existing = await findByKey(deps.db, userId, idempotencyKey);
    if (existing) return replayRun(deps, existing, idempotency.hash);
  }
  const [source] = await deps.db
    .select()
    .from(predictions)
    .where(and(eq(predictions.id, id), eq(predictions.userId, userId)));
  if (!source) throw new HttpError(404, notFoundMessage);
  const sourceTool = tools.find((t) => t.key === source.toolKey);
  const url = typeof source.output === 'string' ? source.output : source.output?.[0];
  // REFINE-4: only a finished picture: a run in progress, failed or cancelled, or of another kind, is refused.
  if (source.status !== 'succeeded' || sourceTool?.output !== 'image' || !url)
    throw new HttpError(409, notAnImageMessage);
  const relPath = deps.files.relPathOfUrl(url, 'output');
  const stored = relPath ? await readStoredFile(deps.db, deps.files, relPath) : undefined;
  if (!stored || stored.userId !== userId || !stored.contentType.startsWith('image/'))
    throw new HttpError(409, sourceGoneMessage);
  const size = claimedDimensions(stored.bytes);
  if (refinement.kind === 'upscale' && size && Math.max(size.width, size.height) > UPSCALE_MAX_SIDE)
    throw new HttpError(409, tooLargeToUpscaleMessage);
  // No place: refused before the picture is copied (the locked count in startPrediction decides).
  if ((await runsInProgress(deps.db, userId)) >= deps.config.maxConcurrentRuns)
    throw new HttpError(429, tooManyRunsMessage(deps.config.maxConcurrentRuns));
  const image = await storeFile(deps.db, deps.files, userId, 'upload', {
    bytes: stored.bytes,
    contentType: stored.contentType,
    ext: extOf[stored.contentType] ?? 'png',
  });
  const sourcePrompt = typeof source.input?.['prompt'] === 'string' ? source.input['prompt'] : '';
  const raw =
    refinement.kind === 'upscale'
      ? { image }
      : {
          image,
          // REFINE-3: the source's prompt (its tool's title when it had none), the strength, a new seed (drawn by
          // prepareInput), and the source's size kept.
          prompt: sourcePrompt.trim() || sourceTool.title,
          prompt_strength: varyStrengths[refinement.strength],
          ...(size ? { width: size.width, height: size.height } : {}),
        };
  const prepared = await prepareInput(deps, userId, tool, raw);
  return startPrediction(deps, userId, tool, prepared, undefined, idempotency, { sourceId: source.id });
}
