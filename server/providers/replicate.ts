/**
 * Replicate predictions API through the `replicate` SDK: create, poll to a terminal status,
 * cancel on abort, and download the outputs at once (Replicate deletes them after an hour).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import Replicate, { type Prediction } from 'replicate';
import {
  ProviderError,
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
}

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

function errorText(error: unknown): string {
  if (typeof error === 'string' && error.trim()) return error.trim();
  if (error && typeof error === 'object' && 'detail' in error) return String(error.detail);
  return 'The model run failed';
}

/** Output URLs, in order, from the shapes Replicate models return (string, list, object). */
function collectUrls(output: unknown, into: string[] = []): string[] {
  if (typeof output === 'string') {
    if (/^(https?:|data:)/.test(output)) into.push(output);
  } else if (Array.isArray(output)) {
    for (const item of output) collectUrls(item, into);
  } else if (output && typeof output === 'object') {
    for (const value of Object.values(output)) collectUrls(value, into);
  }
  return into;
}

function textOutput(output: unknown): string | null {
  if (typeof output === 'string' && !/^(https?:|data:)/.test(output)) return output;
  // Language models on Replicate stream tokens: the output is a list of strings.
  if (Array.isArray(output) && output.length > 0 && output.every((o) => typeof o === 'string')) {
    const joined = output.join('');
    if (!output.some((o) => /^(https?:|data:)/.test(o))) return joined;
  }
  return null;
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

/** Input images go to Replicate as data URLs: our own upload URLs may not be public. */
function replicateInput(job: GenerationJob): Record<string, unknown> {
  const input: Record<string, unknown> = { ...job.input };
  for (const [key, image] of Object.entries(job.images ?? {})) {
    input[key] = `data:${image.contentType};base64,${Buffer.from(image.bytes).toString('base64')}`;
  }
  return input;
}

export function createReplicateProvider(options: ReplicateOptions): GenerationProvider {
  const replicate = new Replicate({
    auth: options.token,
    ...(options.baseUrl ? { baseUrl: options.baseUrl.replace(/\/+$/, '') } : {}),
  });
  const interval = options.pollIntervalMs ?? 1000;
  const maxBytes = options.maxOutputBytes ?? 200 * 1024 * 1024;

  return {
    name: 'replicate',
    async run(job, signal): Promise<ProviderResult> {
      signal.throwIfAborted();
      const input = replicateInput(job);
      let prediction: Prediction = await (job.version
        ? replicate.predictions.create({ version: job.version, input, signal })
        : replicate.predictions.create({ model: job.tool.id, input, signal }));
      const cancel = () => {
        // Best effort: stop paying for a run nobody waits for any more.
        replicate.predictions.cancel(prediction.id).catch(() => undefined);
      };
      signal.addEventListener('abort', cancel, { once: true });
      try {
        while (!TERMINAL.has(prediction.status)) {
          await sleep(interval, undefined, { signal });
          prediction = await replicate.predictions.get(prediction.id, { signal });
        }
      } catch (error) {
        if (signal.aborted) throw abortReason(signal);
        throw error;
      } finally {
        signal.removeEventListener('abort', cancel);
      }
      if (prediction.status === 'failed') throw new ProviderError(errorText(prediction.error), 'failed');
      if (prediction.status !== 'succeeded') {
        throw new ProviderError(`The run was ${prediction.status}`, 'canceled');
      }
      const model = job.version ? `${job.tool.id}:${job.version}` : job.tool.id;
      const text = textOutput(prediction.output);
      if (text !== null) return { output: { kind: 'text', text }, model };
      const urls = collectUrls(prediction.output);
      if (urls.length === 0) throw new ProviderError('The model returned no output');
      const files: OutputFile[] = [];
      for (const url of urls) files.push(await download(url, signal, maxBytes));
      return { output: { kind: 'files', files }, model };
    },
  };
}
