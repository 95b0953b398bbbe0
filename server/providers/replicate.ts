/**
 * Replicate predictions API through the `replicate` SDK: create (a community model by its pinned version with
 * `POST /predictions`, an official one with `POST /models/{owner}/{name}/predictions`, each tool's inputs mapped
 * by its definition, `Cancel-After` at the run's deadline, `Prefer: wait` for the synchronous image tools),
 * poll to a terminal status, cancel on abort, and download the outputs by the model's output shape at once
 * (Replicate deletes them after an hour). Files above 256 KB go as HTTPS addresses, never as data URLs (CALL-3).
 * With `webhookUrl` (REPLICATE_WEBHOOK_SECRET set and APP_URL public) each create asks for a webhook of the
 * completed event: the run then waits on what the webhook stored on its row (RunTrack.reported, read every poll
 * interval) and reads Replicate itself only every `webhookFallbackMs`, in case a webhook never comes (CALL-5).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import Replicate, { type Prediction } from 'replicate';
import type { ModelInputValue, ReplicateModel } from '../../src/catalog/tool-types';
import { failedRun, replicateFailure } from './replicate-errors';
import {
  GENERIC_FAILURE,
  ProviderError,
  RunHandOff,
  type OperatorLog,
  type GenerationJob,
  type GenerationProvider,
  type OutputFile,
  type ProviderResult,
} from './types';

export interface ReplicateOptions {
  readonly token: string;
  /** Another API origin, e.g. a fake server in tests. Default https://api.replicate.com/v1. */
  readonly baseUrl?: string;
  readonly pollIntervalMs?: number;
  /** Largest output file accepted, in bytes. Default 200 MB. */
  readonly maxOutputBytes?: number;
  /**
   * The address Replicate can fetch a stored input at (the product's signed HTTPS address when APP_URL is
   * public), or undefined: then a file above 256 KB is uploaded with Replicate's files API.
   */
  readonly publicFileUrl?: (path: string) => string | undefined;
  /** Operator errors (quota, key, missing model): provider and status, never the key. */
  readonly log?: OperatorLog;
  /**
   * Re-times a clip to `fps` frames a second, its length kept (ffmpeg in the worker pool): for a model whose
   * definition has a `frameRate` it has no input for. Without it such a clip is stored as the model made it.
   */
  readonly retime?: (video: Uint8Array, fps: number, signal: AbortSignal) => Promise<Uint8Array>;
  /**
   * The product's webhook address (`${APP_URL}/api/webhooks/replicate`) when webhooks are enabled: every create
   * carries it with `webhook_events_filter: ["completed"]`. Undefined: predictions are only polled.
   */
  readonly webhookUrl?: string | undefined;
  /** With webhooks: how often Replicate itself is still read while waiting for one (default 30 s). */
  readonly webhookFallbackMs?: number;
}

/** With webhooks enabled, how often a run still reads its prediction from Replicate (a lost webhook). */
export const WEBHOOK_FALLBACK_MS = 30_000;

/** Replicate's limit for a file sent inline as a data URL; larger ones go as addresses. */
export const MAX_DATA_URL_BYTES = 256 * 1024;

const TERMINAL: ReadonlySet<string> = new Set(['succeeded', 'failed', 'canceled', 'aborted']);

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/wave': 'wav',
  'audio/mpeg': 'mp3',
  'audio/ogg': 'ogg',
  'audio/flac': 'flac',
  'model/gltf-binary': 'glb',
  'text/plain': 'txt',
};

const TYPES_BY_EXT: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  mp4: 'video/mp4',
  webm: 'video/webm',
  wav: 'audio/wav',
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
  flac: 'audio/flac',
  glb: 'model/gltf-binary',
};

function abortReason(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new Error('Aborted');
}

/** `Cancel-After` for a run given up at `deadline`: whole seconds left, at least the document's minimum (5 s). */
export function cancelAfter(deadline: Date | undefined, now = Date.now()): string {
  const seconds = deadline ? Math.ceil((deadline.getTime() - now) / 1000) : 120;
  return `${Math.max(5, seconds)}s`;
}

/** The output's file addresses, read by the model's output shape (one URL, a list, a named field). */
export function outputUrls(output: unknown, shape: ReplicateModel['output']): string[] {
  const isUrl = (v: unknown): v is string => typeof v === 'string' && /^(https?:|data:)/.test(v);
  if (shape === 'url') return isUrl(output) ? [output] : [];
  if (shape === 'list') return Array.isArray(output) ? output.filter(isUrl) : [];
  const field = output && typeof output === 'object' ? (output as Record<string, unknown>)[shape.field] : undefined;
  return isUrl(field) ? [field] : [];
}

/** How much of a prediction's log end is read for its percentage. */
const LOG_TAIL = 4096;

/**
 * A prediction's percentage from its `logs` (RUNS-26): the last tqdm-style progress line's ("  45%|████ | 9/20")
 * whole percent, 0–100; undefined for logs with none (or not a string).
 */
export function logProgress(logs: unknown): number | undefined {
  if (typeof logs !== 'string' || !logs) return undefined;
  let found: number | undefined;
  for (const match of logs.slice(-LOG_TAIL).matchAll(/(?:^|\s)(\d{1,3})%\|/g)) {
    const percent = Number(match[1]);
    if (percent <= 100) found = percent;
  }
  return found;
}

async function download(url: string, signal: AbortSignal, maxBytes: number): Promise<OutputFile> {
  const response = await fetch(url, { signal });
  if (!response.ok) throw new ProviderError(`Could not download the output (HTTP ${response.status})`);
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > maxBytes) throw new ProviderError('The output is too large');
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes.length > maxBytes) throw new ProviderError('The output is too large');
  const pathExt = /\.([a-z0-9]{2,5})(?:$|\?)/i.exec(new URL(url).pathname)?.[1]?.toLowerCase();
  let contentType = (response.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (!contentType || contentType === 'application/octet-stream') {
    contentType = (pathExt && TYPES_BY_EXT[pathExt]) || 'application/octet-stream';
  }
  const ext = EXTENSIONS[contentType] ?? pathExt ?? 'bin';
  return { bytes, contentType, ext };
}

export function createReplicateProvider(options: ReplicateOptions): GenerationProvider {
  const replicate = new Replicate({
    auth: options.token,
    ...(options.baseUrl ? { baseUrl: options.baseUrl.replace(/\/+$/, '') } : {}),
  });
  const interval = options.pollIntervalMs ?? 1000;
  const maxBytes = options.maxOutputBytes ?? 200 * 1024 * 1024;
  const log = options.log ?? (() => undefined);
  const webhook = options.webhookUrl
    ? { webhook: options.webhookUrl, webhook_events_filter: ['completed'] as const }
    : undefined;
  const fallbackMs = options.webhookFallbackMs ?? WEBHOOK_FALLBACK_MS;

  /** A run's file as Replicate takes it: a data URL up to 256 KB, else an HTTPS address. */
  async function fileValue(job: GenerationJob, field: string, signal: AbortSignal): Promise<string> {
    const file = job.images?.[field];
    if (!file) throw new ProviderError(field === 'video' ? 'Please upload a video' : 'Please upload an image');
    if (file.bytes.length <= MAX_DATA_URL_BYTES) {
      return `data:${file.contentType};base64,${Buffer.from(file.bytes).toString('base64')}`;
    }
    const stored = job.input[field];
    const published = typeof stored === 'string' ? options.publicFileUrl?.(stored) : undefined;
    if (published) return published;
    const blob = new Blob([new Uint8Array(file.bytes)], { type: file.contentType });
    const created = (await replicate.files.create(blob, {}, { signal })) as unknown as { urls?: { get?: string } };
    const url = created.urls?.get;
    if (!url) throw new ProviderError(GENERIC_FAILURE);
    return url;
  }

  /**
   * Reads a prediction, retrying a network error, a 5xx or a 429 with backoff (0.5 s doubling to 8 s) until the
   * run's deadline; anything else (a 4xx: the prediction is gone, the key is revoked) is thrown at once.
   */
  async function readPrediction(id: string, deadline: Date | undefined, signal: AbortSignal): Promise<Prediction> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await replicate.predictions.get(id, { signal });
      } catch (error) {
        const status = (error as { response?: { status?: number } }).response?.status;
        const transient = status === undefined || status === 429 || status >= 500;
        const wait = Math.min(8000, 500 * 2 ** attempt);
        if (signal.aborted || !transient || (deadline && Date.now() + wait >= deadline.getTime())) throw error;
        await sleep(wait, undefined, { signal });
      }
    }
  }

  async function modelInput(model: ReplicateModel, job: GenerationJob, signal: AbortSignal) {
    const mapped = model.input(job.input);
    const input: Record<string, unknown> = {};
    const resolve = async (value: ModelInputValue): Promise<unknown> =>
      typeof value === 'object' && value !== null && 'file' in value
        ? fileValue(job, value.file, signal)
        : Array.isArray(value)
          ? Promise.all(value.map(resolve))
          : value;
    for (const [key, value] of Object.entries(mapped)) input[key] = await resolve(value);
    return input;
  }

  return {
    name: 'replicate',
    async cancel(remoteId) {
      await replicate.predictions.cancel(remoteId).catch(() => undefined);
    },
    async run(job, signal, track): Promise<ProviderResult> {
      signal.throwIfAborted();
      const model = job.tool.replicate;
      if (!model || model === 'server') throw new ProviderError(`The ${job.tool.title} tool does not run on Replicate`);
      const what = model.official ? `${job.tool.id} (official)` : `${job.tool.id}:${model.version}`;
      let prediction: Prediction;
      // An earlier attempt created it: read that prediction again (never a second create for one run).
      if (track?.remoteId) prediction = { id: track.remoteId, status: 'starting' } as Prediction;
      else
        try {
          const input = await modelInput(model, job, signal);
          const headers: Record<string, string> = { 'Cancel-After': cancelAfter(job.deadline) };
          // A synchronous image tool waits on the create call (at most the document's 60 s), then polls.
          if (job.tool.run.call === 'single') headers['Prefer'] = 'wait=60';
          const response = model.official
            ? await replicate.request(`/models/${job.tool.id}/predictions`, {
                method: 'POST',
                headers,
                data: { input, ...webhook },
                signal,
              })
            : await replicate.request('/predictions', {
                method: 'POST',
                headers,
                data: { version: model.version, input, ...webhook },
                signal,
              });
          prediction = (await response.json()) as Prediction;
        } catch (error) {
          if (signal.aborted) throw abortReason(signal);
          throw replicateFailure(error, `the prediction of ${what}`, log);
        }
      if (!track?.remoteId) await track?.created?.(prediction.id);
      // RUNS-26: the percentage of its log, as each read of the prediction answers it.
      const reportProgress = () => {
        const percent = logProgress(prediction.logs);
        if (percent !== undefined) track?.progress?.(percent);
      };
      reportProgress();
      const cancel = () => {
        // Best effort: stop paying for a run nobody waits for any more (a hand-off leaves it for the next attempt).
        if (signal.reason instanceof RunHandOff) return;
        replicate.predictions.cancel(prediction.id).catch(() => undefined);
      };
      signal.addEventListener('abort', cancel, { once: true });
      // With a webhook asked for, its stored end is read every interval and Replicate only every fallbackMs.
      const reported = webhook ? track?.reported : undefined;
      // A resumed run reads its prediction at once: its webhook may have been lost while no worker waited.
      let lastRead = track?.remoteId ? 0 : Date.now();
      try {
        while (!TERMINAL.has(prediction.status)) {
          await sleep(interval, undefined, { signal });
          if (reported) {
            const end = await reported().catch(() => undefined);
            if (end && TERMINAL.has(end.status)) {
              prediction = { ...prediction, status: end.status, output: end.output, error: end.error } as Prediction;
              break;
            }
            if (Date.now() - lastRead < fallbackMs) continue;
          }
          prediction = await readPrediction(prediction.id, job.deadline, signal);
          lastRead = Date.now();
          reportProgress();
        }
      } catch (error) {
        if (signal.aborted) throw abortReason(signal);
        throw replicateFailure(error, `the state of a prediction of ${what}`, log);
      } finally {
        signal.removeEventListener('abort', cancel);
      }
      if (prediction.status === 'failed') throw failedRun(prediction.error);
      if (prediction.status !== 'succeeded') {
        throw new ProviderError(`The run was ${prediction.status}`, 'canceled');
      }
      const urls = outputUrls(prediction.output, model.output);
      if (urls.length === 0) {
        log(`Operator error: replicate's ${what} answered an output of another shape than its schema's`);
        throw new ProviderError('The model returned no output');
      }
      const files: OutputFile[] = [];
      for (const url of urls) {
        const file = await download(url, signal, maxBytes);
        // The run's frame rate, which the model has no input for, set on the server (the length kept).
        if (model.frameRate && options.retime && file.contentType.startsWith('video/')) {
          const bytes = await options.retime(file.bytes, model.frameRate(job.input), signal).catch((error: unknown) => {
            if (signal.aborted) throw abortReason(signal);
            log(`Operator error: ${what}'s clip could not be re-timed (${String(error)})`);
            throw new ProviderError(GENERIC_FAILURE);
          });
          files.push({ bytes, contentType: 'video/mp4', ext: 'mp4' });
        } else files.push(file);
      }
      return { output: { kind: 'files', files }, model: what };
    },
  };
}
