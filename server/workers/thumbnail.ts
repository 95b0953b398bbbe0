/**
 * A creation's thumbnail for My creations and the home strip (CREATIONS-15), as a worker-pool task: a WebP
 * of at most THUMB_SIDE px on its long side, made once when the run's output is stored
 * (services/thumbnails.ts). An image is scaled down; a video gives its first frame (ffmpeg); audio gives a
 * picture of its waveform, drawn from its samples as ffmpeg decodes them (mono, 8 kHz, 32-bit float).
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { MAX_INPUT_PIXELS } from '../providers/media/image';
import { runFfmpeg } from '../providers/media/video';
import type { TaskContext } from './context';
import { posterFrame } from './share-image';

/** The long side of a thumbnail, in pixels. */
export const THUMB_SIDE = 384;
/** The waveform picture's size (a 2:1 strip) and how many bars it draws. */
export const WAVEFORM_WIDTH = THUMB_SIDE;
export const WAVEFORM_HEIGHT = THUMB_SIDE / 2;
const WAVEFORM_BARS = 64;

export interface ThumbnailInput {
  readonly kind: 'image' | 'video' | 'audio';
  readonly bytes: Uint8Array;
}

export interface Thumbnail {
  /** WebP bytes. */
  readonly bytes: Uint8Array;
  readonly width: number;
  readonly height: number;
}

async function scaled(input: Uint8Array | Buffer): Promise<Thumbnail> {
  const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
    .rotate()
    .resize(THUMB_SIDE, THUMB_SIDE, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 72, effort: 4 })
    .toBuffer({ resolveWithObject: true });
  return { bytes: new Uint8Array(data), width: info.width, height: info.height };
}

/** The audio's samples, mono at 8 kHz, as ffmpeg decodes them (any format it reads: WAV, MP3, …). */
async function samplesOf(audio: Uint8Array, ctx: TaskContext): Promise<Float32Array> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'atelier-wave-'));
  try {
    const input = path.join(dir, 'in.bin');
    const output = path.join(dir, 'samples.f32');
    await writeFile(input, audio);
    await runFfmpeg(['-i', input, '-vn', '-ac', '1', '-ar', '8000', '-t', '600', '-f', 'f32le', output], ctx);
    const raw = await readFile(output);
    return new Float32Array(raw.buffer, raw.byteOffset, Math.floor(raw.byteLength / 4));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The peak of each of `bars` equal slices of the samples, scaled so the loudest is 1. */
export function peaks(samples: Float32Array, bars: number): number[] {
  const out: number[] = [];
  const step = Math.max(1, Math.floor(samples.length / bars));
  for (let b = 0; b < bars; b++) {
    let peak = 0;
    for (let i = b * step; i < Math.min(samples.length, (b + 1) * step); i++) {
      const v = Math.abs(samples[i] ?? 0);
      if (v > peak && Number.isFinite(v)) peak = v;
    }
    out.push(peak);
  }
  const loudest = Math.max(...out, 1e-6);
  return out.map((p) => Math.min(1, p / loudest));
}

/** The waveform as SVG: one rounded bar per slice, mirrored about the middle, on a dark ground. */
export function waveformSvg(levels: readonly number[]): string {
  const w = WAVEFORM_WIDTH;
  const h = WAVEFORM_HEIGHT;
  const slot = w / levels.length;
  const bar = Math.max(1, slot * 0.6);
  const bars = levels
    .map((level, i) => {
      const height = Math.max(2, level * (h - 24));
      const x = i * slot + (slot - bar) / 2;
      return `<rect x="${x.toFixed(1)}" y="${((h - height) / 2).toFixed(1)}" width="${bar.toFixed(1)}" height="${height.toFixed(1)}" rx="${(bar / 2).toFixed(1)}"/>`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="100%" height="100%" fill="#1d1d2b"/><g fill="#a0a0ff">${bars}</g></svg>`;
}

export async function thumbnail(input: ThumbnailInput, ctx: TaskContext): Promise<Thumbnail> {
  ctx.throwIfCancelled();
  if (input.kind === 'image') return scaled(input.bytes);
  if (input.kind === 'video') return scaled(await posterFrame(input.bytes, ctx));
  const svg = waveformSvg(peaks(await samplesOf(input.bytes, ctx), WAVEFORM_BARS));
  return scaled(Buffer.from(svg));
}
