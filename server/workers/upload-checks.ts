/**
 * Checks of uploaded bytes, as worker-pool tasks: an image is decoded by sharp (libvips) under the
 * pixel cap, a video is probed and its first frame decoded by ffmpeg. Neither trusts the first bytes
 * or the declared type: garbage, a decompression bomb or an unsupported format is a TaskUserError
 * whose message the server answers as is.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { MAX_INPUT_PIXELS } from '../providers/media/image';
import { ffmpegPath } from '../providers/media/video';
import { TaskUserError, type TaskContext } from './context';

export interface CheckedMedia {
  readonly contentType: string;
  readonly ext: string;
  readonly width: number;
  readonly height: number;
  /** Videos only: seconds. */
  readonly durationSeconds?: number;
}

export const unreadableImageMessage = 'Unable to process image. Please choose a valid JPG, PNG, WebP or GIF image.';
export const imageTooLargeMessage = `This image has too many pixels (at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels). Please choose a smaller image.`;
export const unreadableVideoMessage = 'Unable to process video. Please choose a valid MP4, WebM or MOV video.';

/** Longest video accepted for editing, and its largest side. */
export const MAX_VIDEO_SECONDS = 120;
export const MAX_VIDEO_SIDE = 4096;
const PROBE_TIMEOUT_MS = 20_000;

const imageFormats: Record<string, { contentType: string; ext: string }> = {
  jpeg: { contentType: 'image/jpeg', ext: 'jpg' },
  png: { contentType: 'image/png', ext: 'png' },
  webp: { contentType: 'image/webp', ext: 'webp' },
  gif: { contentType: 'image/gif', ext: 'gif' },
};

/** Decodes the whole image (every pixel, capped at MAX_INPUT_PIXELS) to prove it is one. */
export async function checkImage(input: { bytes: Uint8Array }, ctx: TaskContext): Promise<CheckedMedia> {
  ctx.throwIfCancelled();
  let format: string | undefined;
  let width = 0;
  let height = 0;
  try {
    const image = sharp(input.bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false });
    const meta = await image.metadata();
    format = meta.format;
    width = meta.width ?? 0;
    height = meta.height ?? 0;
    if (!format || !imageFormats[format]) throw new TaskUserError(unreadableImageMessage);
    // Header-only metadata is not enough: decode the pixels (a truncated or forged body fails here).
    await image.raw().toBuffer();
  } catch (error) {
    if (error instanceof TaskUserError) throw error;
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw new TaskUserError(imageTooLargeMessage);
    throw new TaskUserError(unreadableImageMessage);
  }
  ctx.throwIfCancelled();
  if (width < 1 || height < 1) throw new TaskUserError(unreadableImageMessage);
  return { ...imageFormats[format]!, width, height };
}

/** Probes the container and decodes the first video frame with ffmpeg. */
export async function checkVideo(
  input: { bytes: Uint8Array; declaredType: string },
  ctx: TaskContext,
): Promise<CheckedMedia> {
  ctx.throwIfCancelled();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'atelier-probe-'));
  try {
    const file = path.join(dir, 'in.bin');
    await writeFile(file, input.bytes);
    const { code, log } = await runProbe(
      ['-hide_banner', '-nostdin', '-i', file, '-map', '0:v:0', '-frames:v', '1', '-f', 'null', '-'],
      ctx,
    );
    ctx.throwIfCancelled();
    if (code !== 0) throw new TaskUserError(unreadableVideoMessage);
    const container = /Input #0, ([^ ]+), from/.exec(log)?.[1] ?? '';
    const stream = /Stream #0:\d+[^:]*: Video: [^\n]*?, (\d{2,5})x(\d{2,5})/.exec(log);
    const duration = /Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(log);
    if (!stream) throw new TaskUserError(unreadableVideoMessage);
    const width = Number(stream[1]);
    const height = Number(stream[2]);
    const seconds = duration ? Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3]) : NaN;
    let type: { contentType: string; ext: string };
    if (/\bwebm\b/.test(container)) type = { contentType: 'video/webm', ext: 'webm' };
    else if (/\bmov\b|\bmp4\b/.test(container))
      type =
        input.declaredType === 'video/quicktime'
          ? { contentType: 'video/quicktime', ext: 'mov' }
          : { contentType: 'video/mp4', ext: 'mp4' };
    else throw new TaskUserError(unreadableVideoMessage);
    if (Math.max(width, height) > MAX_VIDEO_SIDE)
      throw new TaskUserError(`This video is too large (at most ${MAX_VIDEO_SIDE} pixels a side).`);
    if (Number.isFinite(seconds) && seconds > MAX_VIDEO_SECONDS)
      throw new TaskUserError(`This video is too long (at most ${MAX_VIDEO_SECONDS} seconds).`);
    return { ...type, width, height, ...(Number.isFinite(seconds) ? { durationSeconds: seconds } : {}) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function runProbe(args: string[], ctx: TaskContext): Promise<{ code: number | null; log: string }> {
  const child = spawn(ffmpegPath(), args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    if (log.length < 64_000) log += chunk.toString('utf8');
  });
  const stop = ctx.onCancel(() => child.kill('SIGKILL'));
  const timer = setTimeout(() => child.kill('SIGKILL'), PROBE_TIMEOUT_MS);
  try {
    const code = await new Promise<number | null>((resolve) => {
      child.once('error', () => resolve(-1));
      child.once('close', (c) => resolve(c));
    });
    return { code, log };
  } finally {
    clearTimeout(timer);
    stop();
    if (child.exitCode === null) child.kill('SIGKILL');
  }
}
