/** Preparing a run's input: the tool behind a model id and its start call, the input checked, its images and video resolved to bytes. */
import crypto from 'node:crypto';
import { operations } from '../../../src/api/operations';
import { MAX_SEED, tools, type StartOperation, type Tool } from '../../../src/catalog';
import type { AppDeps } from '../../context';
import { HttpError } from '../../errors';
import { ProviderError, type InputValue } from '../../providers/types';
import { readUpload, storeUploadedImage, storeUploadedVideo } from '../storage';
import { checkInput } from '../tool-input';

const imageFields = ['image', 'pose_image'] as const;

/** An upload's address as a run stores it: without the signed query (exp, sig) it was handed out with. */
const storedPathOf = (url: string): string => url.replace(/[?#].*$/s, '');

/** The tool of a model id, if the call (one of `starts`, or any start) may run it. */
export function toolForStart(modelId: string, starts: readonly StartOperation[] | 'any'): Tool {
  const tool = tools.find((t) => t.id === modelId);
  if (!tool) throw new HttpError(400, 'Unknown model', { details: { modelId } });
  if (starts !== 'any' && !starts.includes(tool.startOperation)) {
    throw new HttpError(400, 'This model cannot be run from this endpoint', {
      details: { modelId, endpoint: operations[tool.startOperation].path },
    });
  }
  return tool;
}

/** Validates and completes the caller's input for one tool; resolves images to bytes. */
export async function prepareInput(
  deps: Pick<AppDeps, 'db' | 'files' | 'pool'>,
  userId: string,
  tool: Tool,
  raw: Readonly<Record<string, InputValue>>,
) {
  const input = withSeed(tool, checkInput(tool, raw));
  const images: Record<string, { bytes: Uint8Array; contentType: string }> = {};
  for (const field of imageFields) {
    const value = input[field];
    if (value === undefined || value === null || value === '') {
      delete input[field];
      continue;
    }
    if (typeof value !== 'string') throw new HttpError(400, `The ${field} must be an uploaded image URL`);
    let url = value;
    // Image to text sends its picture as a data URL (TOOL-18); it is checked and stored like an upload.
    if (value.startsWith('data:')) url = await storeUploadedImage(deps, userId, value);
    const upload = await readUpload(deps.db, deps.files, userId, url);
    if (!upload) throw new HttpError(400, 'Images must be uploaded to Atelier first. Please upload the image again.');
    if (!upload.contentType.startsWith('image/')) throw new HttpError(400, `The ${field} must be an image`);
    // Kept as its bare path: a signed address's query (FILES-2) expires; answers sign the path afresh.
    input[field] = storedPathOf(url);
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
    const url = video.startsWith('data:') ? await storeUploadedVideo(deps, userId, video) : video;
    const upload = await readUpload(deps.db, deps.files, userId, url);
    if (!upload) throw new HttpError(400, 'Videos must be uploaded to Atelier first. Please upload the video again.');
    if (!upload.contentType.startsWith('video/')) throw new HttpError(400, 'The video must be a video file');
    input['video'] = storedPathOf(url);
    images['video'] = upload;
  }
  return { input, images };
}

/**
 * The stored files a run's input names (its picture, pose picture or clip, by their stored paths), read back to
 * bytes: for a run launched after it was stored (one queued behind the account's places), which the provider
 * must get as a run started at once gets them. A file gone since ends the run (refunded) with a message.
 */
export async function storedFiles(
  deps: Pick<AppDeps, 'db' | 'files'>,
  userId: string,
  input: Readonly<Record<string, InputValue>>,
): Promise<Record<string, { bytes: Uint8Array; contentType: string }>> {
  const files: Record<string, { bytes: Uint8Array; contentType: string }> = {};
  for (const field of [...imageFields, 'video']) {
    const path = input[field];
    if (typeof path !== 'string' || path === '') continue;
    const upload = await readUpload(deps.db, deps.files, userId, path);
    if (!upload) throw new ProviderError('The uploaded file of this run is gone. Please upload it again.');
    files[field] = upload;
  }
  return files;
}

export const seedMessage = `The seed must be a whole number from 0 to ${MAX_SEED}`;

/**
 * A tool that takes a seed (tool.run.seed) runs with the caller's, checked, or with one drawn here and stored
 * with the run's input, so "Run again" without a seed gives another output.
 */
export function withSeed(tool: Pick<Tool, 'run'>, input: Record<string, InputValue>): Record<string, InputValue> {
  if (!tool.run.seed) return input;
  const given = input['seed'];
  if (given === undefined || given === null || given === '') {
    input['seed'] = crypto.randomInt(0, MAX_SEED + 1);
    return input;
  }
  const seed = typeof given === 'string' && /^\d{1,10}$/.test(given.trim()) ? Number(given) : given;
  if (typeof seed !== 'number' || !Number.isInteger(seed) || seed < 0 || seed > MAX_SEED)
    throw new HttpError(400, seedMessage);
  input['seed'] = seed;
  return input;
}

export type PreparedInput = Awaited<ReturnType<typeof prepareInput>>;

/** A run as the client asks for it (GenerateBody of the API contract): model, input and optional version. */
export interface GenerationRequest {
  readonly modelId: string;
  readonly input: Readonly<Record<string, InputValue>>;
  readonly version?: string | undefined;
  /** COLLECT-6: the caller's collection the run joins in its start's transaction. */
  readonly collectionId?: string | undefined;
}
