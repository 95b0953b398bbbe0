/**
 * Picture moderation (MODEL-3, MODEL-4, MODEL-5): MODERATION=off|flag|block (config.models.moderation).
 * Each uploaded picture and each image output is classified by nsfwjs in the worker pool's model
 * threads; its unsafe score (Porn + Hentai + Sexy) is compared with MODERATION_THRESHOLD.
 *   off    nothing is classified (the model is never loaded)
 *   flag   nothing is refused; the run records the verdict on its model line
 *   block  an upload at or above the threshold is refused before anything is charged; a run whose image
 *          output is fails, and its credits are returned (the run's failure path)
 */
import type { ModelSettings } from '../config';
import { HttpError } from '../errors';
import { ProviderError, type GenerationJob, type ProviderResult } from '../providers/types';
import type { WorkerPool } from '../workers/pool';

export const UPLOAD_REFUSED_MESSAGE = "This picture can't be used here. Choose another one.";
export const OUTPUT_BLOCKED_MESSAGE = "This result can't be shown here. Your credits were returned.";

type Moderation = ModelSettings['moderation'];

async function unsafeScore(pool: WorkerPool, image: Uint8Array, signal?: AbortSignal): Promise<number> {
  const verdict = await pool.run('image.moderate', { image }, { signal });
  return verdict.unsafe;
}

/** An uploaded picture, checked before it is stored (block refuses it with a 400). */
export async function moderateUpload(
  pool: WorkerPool,
  moderation: Moderation,
  image: Uint8Array,
  signal?: AbortSignal,
): Promise<void> {
  if (moderation.mode !== 'block') return;
  if ((await unsafeScore(pool, image, signal)) >= moderation.threshold)
    throw new HttpError(400, UPLOAD_REFUSED_MESSAGE);
}

/**
 * A run's result before it is stored: with block, an image output at or above the threshold fails the
 * run; with flag, the verdict on the run's pictures (its uploads and image outputs) joins its model line.
 */
export async function moderateResult(
  pool: WorkerPool,
  moderation: Moderation,
  job: GenerationJob,
  result: ProviderResult,
  signal: AbortSignal,
): Promise<ProviderResult> {
  if (moderation.mode === 'off') return result;
  const outputs =
    result.output.kind === 'files'
      ? result.output.files.filter((f) => f.contentType.startsWith('image/')).map((f) => f.bytes)
      : [];
  const uploads =
    moderation.mode === 'flag'
      ? Object.values(job.images ?? {})
          .filter((i) => i.contentType.startsWith('image/'))
          .map((i) => i.bytes)
      : [];
  if (outputs.length === 0 && uploads.length === 0) return result;
  let worst = 0;
  for (const image of [...uploads, ...outputs]) worst = Math.max(worst, await unsafeScore(pool, image, signal));
  if (moderation.mode === 'block') {
    if (worst >= moderation.threshold) throw new ProviderError(OUTPUT_BLOCKED_MESSAGE);
    return result;
  }
  const verdict = worst >= moderation.threshold ? 'flagged' : 'passed';
  return { ...result, model: `${result.model} · moderation ${verdict} (unsafe score ${worst.toFixed(2)})` };
}
