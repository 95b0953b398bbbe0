/**
 * The default, offline generation provider, used when no AI service is configured. It does real
 * work with maintained libraries, deterministically (same model id and input give the same output),
 * clearly labelled as the offline preview model:
 *   images   sharp: a picture of the prompt, or the upload transformed (restyled, restored, composited)
 *   OCR      tesseract.js with the English model shipped in @tesseract.js-data/eng
 *   models   (unless MODELS=classic) Restore Image enlarges with ESRGAN-slim, Image to Text describes a
 *            picture with little text with Human's detection models: media/upscale.ts, media/describe.ts
 *   video    H.264 MP4 by ffmpeg (@ffmpeg-installer/ffmpeg) from frames drawn with sharp
 *   audio    speech by eSpeak NG (WebAssembly); music and sound synthesised to the duration asked
 *   3D       a .glb written with @gltf-transform/core
 * All of it runs in the server's worker pool (server/workers/pool.ts), never on the event loop.
 * Markers exercise the error paths: [fail] fails the run, [busy] is refused with 504, [slow] takes
 * longer than the client waits (config.localSlowMs: LOCAL_SLOW_MS, default 60 s). They are read from the prompt and from
 * the text metadata of the uploaded pictures (a PNG text chunk, a JPEG comment), so the tools without
 * a prompt can carry them; image to text also fails when the text it reads contains [fail].
 * Its progress (RUNS-26) is reported by steps: the waiting (latency, [slow]) in tenths up to 80 %, then the work.
 */
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { aspectRatios, type Tool } from '../../src/catalog';
import { PoolBusyError, type WorkerPool } from '../workers/pool';
import { userMessageOf } from '../workers/context';
import { imageTexts } from './media/image-text';
import { OFFLINE_NOTICE, writeCode, writeText } from './local-writing';
import type { VideoEdit, VideoFilter } from './media/video';
import type { DescribeSettings } from './media/describe';
import {
  ProviderBusyError,
  ProviderError,
  type GenerationJob,
  type GenerationProvider,
  type InputValue,
  type OutputFile,
  type ProviderResult,
} from './types';

export const OFFLINE_MODEL = 'offline preview model';
export { OFFLINE_NOTICE };

const MAX_SIDE = 2048;
const DEFAULT_SIDE = 1024;
const DEFAULT_SLOW_MS = 60_000;

export interface LocalProviderOptions {
  /** Artificial delay before answering, so the UI shows realistic progress. Default 0. */
  readonly latencyMs?: number;
  /** How long a run whose prompt has [slow] takes (config.localSlowMs). Default 60 s (past the client's time-out). */
  readonly slowMs?: number;
  /** Where the work runs: the app instance's pool (deps.pool). */
  readonly pool: WorkerPool;
  /** The offline models (config.models); absent = classic pipeline only. */
  readonly models?: LocalModels | undefined;
}

/** The settings of the offline models the provider uses (config.models). */
export interface LocalModels {
  /** 'classic' never loads a model. */
  readonly mode: 'on' | 'classic';
  /** Restore Image above this many pixels: the classic enlargement. */
  readonly restoreMaxPixels: number;
  readonly describe: DescribeSettings;
}

type Models = LocalProviderOptions['models'];

/** The models behind Image to Text's description (media/describe.ts). */
const DESCRIBE_MODEL = 'Human detection models';

/** Image to Text describes the picture when OCR read fewer letters than this. */
const FEW_LETTERS = 6;

// ---------- determinism ----------

function stableInput(input: Readonly<Record<string, InputValue>>): string {
  return JSON.stringify(
    Object.keys(input)
      .sort()
      .map((k) => [k, input[k]]),
  );
}

/** 32 bytes from the model id, the input and any input images. */
export function jobSeed(job: GenerationJob): Buffer {
  const hash = createHash('sha256').update(job.tool.id).update('\0').update(stableInput(job.input));
  for (const key of Object.keys(job.images ?? {}).sort()) {
    const image = job.images?.[key];
    if (image) hash.update('\0').update(key).update(image.bytes);
  }
  return hash.digest();
}

const text = (value: InputValue | undefined): string => (typeof value === 'string' ? value.trim() : '');

const num = (value: InputValue | undefined): number | undefined => {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : NaN;
  return Number.isFinite(n) ? n : undefined;
};

const clamp = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, v));

/** Where a marker was found: the prompt, an uploaded picture's metadata, or nowhere. */
export type MarkerSource = 'prompt' | 'image' | null;

export interface Markers {
  fail: MarkerSource;
  busy: MarkerSource;
  slow: MarkerSource;
}

/**
 * The markers that let anyone try the error paths offline: in the prompt, or in the text metadata
 * of an uploaded picture (a PNG tEXt/iTXt chunk or a JPEG comment), for the tools without a prompt.
 */
export function runMarkers(job: GenerationJob): Markers {
  const prompt = `${text(job.input['prompt'])} ${text(job.input['text'])}`.toLowerCase();
  const metadata = Object.values(job.images ?? {})
    .filter((image) => image.contentType.startsWith('image/'))
    .flatMap((image) => imageTexts(image.bytes))
    .join('\n')
    .toLowerCase();
  const where = (marker: keyof Markers): MarkerSource =>
    prompt.includes(`[${marker}]`) ? 'prompt' : metadata.includes(`[${marker}]`) ? 'image' : null;
  return { fail: where('fail'), busy: where('busy'), slow: where('slow') };
}

const inWords = (source: MarkerSource) => (source === 'image' ? 'in the uploaded image’s metadata' : 'in the prompt');

/** Image to text fails when the text it read from the picture has [fail] in it. */
export const OCR_FAIL_MESSAGE =
  'The offline preview model failed this run on purpose ([fail] in the text read from the image).';

/** Prompt text with the markers removed, for what the model writes or draws. */
function promptOf(job: GenerationJob): string {
  return (text(job.input['prompt']) || text(job.input['text'])).replace(/\[(fail|busy|slow)\]/gi, '').trim();
}

// ---------- images ----------

/**
 * Requested size: width/height (each 16..2048), else the aspect-ratio preset (TOOL-36) for
 * aspect_ratio ("16:9"), else 1024 × 1024.
 */
export function imageSize(input: Readonly<Record<string, InputValue>>): { width: number; height: number } {
  const width = num(input['width']);
  const height = num(input['height']);
  if (width !== undefined && height !== undefined) {
    return { width: clamp(Math.round(width), 16, MAX_SIDE), height: clamp(Math.round(height), 16, MAX_SIDE) };
  }
  const ratio = text(input['aspect_ratio']);
  const preset = aspectRatios.find((p) => p.ratio === ratio);
  if (preset) return { width: preset.width, height: preset.height };
  const match = /^(\d+(?:\.\d+)?):(\d+(?:\.\d+)?)$/.exec(ratio);
  const rw = Number(match?.[1] ?? 1);
  const rh = Number(match?.[2] ?? 1);
  if (!(rw > 0 && rh > 0)) return { width: DEFAULT_SIDE, height: DEFAULT_SIDE };
  const scale = DEFAULT_SIDE / Math.max(rw, rh);
  return { width: Math.max(16, Math.round(rw * scale)), height: Math.max(16, Math.round(rh * scale)) };
}

const png = (bytes: Uint8Array): OutputFile => ({ bytes, contentType: 'image/png', ext: 'png' });
const mp4 = (bytes: Uint8Array): OutputFile => ({ bytes, contentType: 'video/mp4', ext: 'mp4' });
const wav = (bytes: Uint8Array): OutputFile => ({ bytes, contentType: 'audio/wav', ext: 'wav' });

function requireImage(job: GenerationJob, key = 'image'): Uint8Array {
  const image = job.images?.[key];
  if (!image) throw new ProviderError('Please upload an image');
  return image.bytes;
}

/** What a run made, and the model that made it when it was not the offline preview model. */
interface Made {
  readonly output: ProviderResult['output'];
  readonly model?: string;
}

async function makeImage(
  job: GenerationJob,
  seed: Buffer,
  pool: WorkerPool,
  signal: AbortSignal,
  models: Models,
): Promise<Made> {
  const key = job.tool.key;
  if (key === 'restore-image' && models?.mode === 'on') {
    // MODEL-1: the clean-up, then ESRGAN-slim 2× (the classic step above the cap, and the result says so).
    const restored = await pool.run(
      'image.restore',
      { image: requireImage(job), maxModelPixels: models.restoreMaxPixels },
      { signal },
    );
    return { output: { kind: 'files', files: [png(restored.png)] }, model: restored.model };
  }
  return { output: { kind: 'files', files: [await makeClassicImage(job, seed, pool, signal)] } };
}

async function makeClassicImage(
  job: GenerationJob,
  seed: Buffer,
  pool: WorkerPool,
  signal: AbortSignal,
): Promise<OutputFile> {
  const key = job.tool.key;
  if (key === 'image-to-image' || key === 'restore-image' || key === 'person-to-person') {
    const width = num(job.input['width']);
    const height = num(job.input['height']);
    return png(
      await pool.run(
        'image.transform',
        {
          tool: key,
          image: requireImage(job),
          pose: job.images?.['pose_image']?.bytes,
          width: width === undefined ? undefined : clamp(Math.round(width), 16, MAX_SIDE),
          height: height === undefined ? undefined : clamp(Math.round(height), 16, MAX_SIDE),
          prompt: promptOf(job),
          seed,
          strength: num(job.input['prompt_strength']) ?? 0.8,
        },
        { signal },
      ),
    );
  }
  const { width, height } = imageSize(job.input);
  const style = key === 'text-to-advertisement' ? 'ad' : 'art';
  return png(await pool.run('image.scene', { width, height, seed, prompt: promptOf(job), style }, { signal }));
}

// ---------- video ----------

function videoEdit(job: GenerationJob): VideoEdit {
  const prompt = promptOf(job).toLowerCase();
  const asked = text(job.input['edit']).toLowerCase();
  const keyword = (words: string[]) => words.some((w) => prompt.includes(w));
  const edit =
    asked === 'trim' || asked === 'speed' || asked === 'filter'
      ? asked
      : keyword(['trim', 'cut', 'shorten', 'clip'])
        ? 'trim'
        : keyword(['speed', 'fast', 'slow motion', 'slow-motion', 'slower', 'faster'])
          ? 'speed'
          : 'filter';
  if (edit === 'trim') return { edit, start: num(job.input['start']) ?? 0, end: num(job.input['end']) ?? 1 };
  if (edit === 'speed') {
    const fallback = keyword(['slow']) ? 0.5 : 2;
    return { edit, factor: clamp(num(job.input['factor']) ?? fallback, 0.25, 4) };
  }
  const filters: VideoFilter[] = ['grayscale', 'sepia', 'blur', 'invert', 'vivid'];
  const askedFilter = text(job.input['filter']).toLowerCase();
  const named =
    filters.find((f) => f === askedFilter) ??
    (keyword(['black and white', 'grey', 'gray', 'mono']) ? 'grayscale' : undefined) ??
    filters.find((f) => prompt.includes(f)) ??
    'sepia';
  return { edit, filter: named };
}

async function makeVideo(job: GenerationJob, seed: Buffer, pool: WorkerPool, signal: AbortSignal): Promise<OutputFile> {
  const key = job.tool.key;
  if (key === 'image-to-video') {
    const seconds = clamp(num(job.input['length']) ?? 4, 0.1, 20);
    const fps = clamp(num(job.input['fps']) ?? 24, 1, 60);
    return mp4(await pool.run('video.image', { image: requireImage(job), seed, seconds, fps }, { signal }));
  }
  const prompt = promptOf(job);
  if (key === 'video-editing') {
    // The clip to edit: an uploaded video when the server passes one, else one drawn from the prompt.
    const video = job.images?.['video']?.bytes;
    const source = { prompt, seed, frames: 24, fps: 12 };
    return mp4(
      await pool.run('video.edit', { video, source: video ? undefined : source, edit: videoEdit(job) }, { signal }),
    );
  }
  return mp4(
    await pool.run(
      'video.text',
      {
        prompt,
        seed,
        frames: num(job.input['num_frames']) ?? 14,
        fps: num(job.input['fps']) ?? 6,
        width: num(job.input['width']),
        height: num(job.input['height']),
      },
      { signal },
    ),
  );
}

// ---------- audio ----------

async function makeAudio(job: GenerationJob, seed: Buffer, pool: WorkerPool, signal: AbortSignal): Promise<OutputFile> {
  if (job.tool.startOperation === 'generateVoice') {
    const preset = text(job.input['history_prompt']) || 'v2/en_speaker_6';
    return wav(await pool.run('audio.voice', { text: promptOf(job), preset }, { signal }));
  }
  const kind = job.tool.startOperation === 'generateSound' ? 'sound' : 'music';
  const seconds = num(job.input['duration']) ?? (kind === 'music' ? 30 : 10);
  return wav(await pool.run('audio.synth', { kind, seed, seconds }, { signal }));
}

// ---------- the provider ----------

/** The artificial latency: aborted with the run, failing with the run's own reason. */
async function delay(ms: number, signal: AbortSignal): Promise<void> {
  if (ms <= 0) return;
  try {
    await sleep(ms, undefined, { signal });
  } catch (error) {
    throw signal.reason instanceof Error ? signal.reason : error;
  }
}

/** How many steps the artificial latency is reported in (RUNS-26), each at least this many ms. */
const LATENCY_STEPS = 10;
const MIN_STEP_MS = 100;
/** The share of the percentage the latency takes; the work itself the rest, up to its end. */
const LATENCY_SHARE = 80;

/** The latency in steps, each reporting the percentage reached (0 → LATENCY_SHARE). */
async function delaySteps(ms: number, signal: AbortSignal, report: (percent: number) => void): Promise<void> {
  report(0);
  if (ms <= 0) return;
  const steps = Math.max(1, Math.min(LATENCY_STEPS, Math.floor(ms / MIN_STEP_MS)));
  for (let step = 1; step <= steps; step++) {
    await delay(Math.round((ms * step) / steps) - Math.round((ms * (step - 1)) / steps), signal);
    report((LATENCY_SHARE * step) / steps);
  }
}

/**
 * Image to Text (MODEL-2): the text OCR reads and, when it reads little or none and the models are on,
 * what the detection models likely see.
 */
async function imageToText(job: GenerationJob, pool: WorkerPool, signal: AbortSignal, models: Models): Promise<Made> {
  const image = requireImage(job);
  const read = await pool.run('image.ocr', { image }, { signal });
  if (read.toLowerCase().includes('[fail]')) throw new ProviderError(OCR_FAIL_MESSAGE);
  const parts = [OFFLINE_NOTICE];
  if (read) parts.push(`Text read from the image (offline OCR):\n\n${read}`);
  const letters = read.replace(/[^\p{L}\p{N}]/gu, '').length;
  if (models?.mode === 'on' && letters < FEW_LETTERS) {
    const description = await pool.run('image.describe', { image, settings: models.describe }, { signal });
    parts.push(read ? description : `No text was found in the image.\n\n${description}`);
    return {
      output: { kind: 'text', text: `${parts.join('\n\n')}\n` },
      model: `${OFFLINE_MODEL} (OCR and ${DESCRIBE_MODEL})`,
    };
  }
  if (!read) parts.push('No text was found in the image.');
  return { output: { kind: 'text', text: `${parts.join('\n\n')}\n` } };
}

async function produce(job: GenerationJob, pool: WorkerPool, signal: AbortSignal, models: Models): Promise<Made> {
  const seed = jobSeed(job);
  const tool: Tool = job.tool;
  switch (tool.output) {
    case 'image':
      return makeImage(job, seed, pool, signal, models);
    case 'audio':
      return { output: { kind: 'files', files: [await makeAudio(job, seed, pool, signal)] } };
    case 'video':
      return { output: { kind: 'files', files: [await makeVideo(job, seed, pool, signal)] } };
    case 'model3d': {
      const glb = await pool.run(
        'model.glb',
        {
          seed,
          quality: text(job.input['quality']) || 'high',
          image: job.images?.['image']?.bytes,
          label: OFFLINE_MODEL,
        },
        { signal },
      );
      return { output: { kind: 'files', files: [{ bytes: glb, contentType: 'model/gltf-binary', ext: 'glb' }] } };
    }
    case 'code':
      return { output: { kind: 'text', text: writeCode(promptOf(job), text(job.input['language'])) } };
    case 'text':
      if (tool.startOperation === 'generateImageToText') return imageToText(job, pool, signal, models);
      return { output: { kind: 'text', text: writeText(promptOf(job), seed) } };
  }
}

/** Pool failures in provider terms: a user-facing message becomes a ProviderError, a full queue a busy answer. */
function providerFailure(error: unknown, signal: AbortSignal): unknown {
  if (signal.aborted) return signal.reason instanceof Error ? signal.reason : error;
  if (error instanceof ProviderError) return error;
  if (error instanceof PoolBusyError) return new ProviderBusyError();
  const message = userMessageOf(error);
  return message ? new ProviderError(message) : error;
}

export function createLocalProvider(options: LocalProviderOptions): GenerationProvider {
  const latencyMs = Math.max(0, options.latencyMs ?? 0);
  const slowMs = Math.max(0, options.slowMs ?? DEFAULT_SLOW_MS);
  const admit = (job: GenerationJob) => {
    const markers = runMarkers(job);
    if (markers.busy)
      throw new ProviderBusyError(
        `The offline preview model is busy ([busy] ${inWords(markers.busy)}). Please try again.`,
      );
  };
  return {
    name: 'local',
    admit,
    async run(job, signal, track) {
      // RUNS-26: its steps as percentages (the waiting, then the work done); the server stores and throttles them.
      const report = (percent: number) => track?.progress?.(percent);
      signal.throwIfAborted();
      const markers = runMarkers(job);
      admit(job);
      if (markers.fail)
        throw new ProviderError(
          `The offline preview model failed this run on purpose ([fail] ${inWords(markers.fail)}).`,
        );
      await delaySteps(latencyMs + (markers.slow ? slowMs : 0), signal, report);
      try {
        const made = await produce(job, options.pool, signal, options.models);
        signal.throwIfAborted();
        report(100);
        return { output: made.output, model: made.model ?? OFFLINE_MODEL };
      } catch (error) {
        throw providerFailure(error, signal);
      }
    },
  };
}
