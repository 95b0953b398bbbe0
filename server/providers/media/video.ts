/**
 * Offline video: H.264 MP4 written by ffmpeg (the binary shipped in @ffmpeg-installer/ffmpeg,
 * spawned with arguments, never a shell). Frames are drawn with sharp and piped to ffmpeg's stdin
 * as raw RGB; edits of an existing clip run ffmpeg filters on a file in a private temp folder.
 * Cancelling the task kills the ffmpeg process.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { accessSync, constants, copyFileSync, chmodSync, existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { TaskUserError, type TaskContext } from '../../workers/context';
import { capSize, openImage, readSize, renderSceneRgb } from './image';
import { clamp, rngAt } from './seed';

export const MAX_VIDEO_SIDE = 768;
export const MAX_FRAMES = 600;
export const MAX_FPS = 60;

let binary: string | undefined;

/** The ffmpeg binary of @ffmpeg-installer; made executable in a temp copy if the install lost its mode bit. */
export function ffmpegPath(): string {
  if (binary) return binary;
  const require = createRequire(import.meta.url);
  const shipped = (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  try {
    accessSync(shipped, constants.X_OK);
    binary = shipped;
  } catch {
    const copy = path.join(os.tmpdir(), `atelier-ffmpeg-${process.getuid?.() ?? 0}`);
    if (!existsSync(copy)) copyFileSync(shipped, copy);
    chmodSync(copy, 0o755);
    binary = copy;
  }
  return binary;
}

/** Runs ffmpeg; `feed` writes to its stdin (frames) when given. Rejects with the end of its log on failure. */
export async function runFfmpeg(
  args: readonly string[],
  ctx: TaskContext,
  feed?: (stdin: NodeJS.WritableStream) => Promise<void>,
): Promise<void> {
  ctx.throwIfCancelled();
  const common = ['-hide_banner', '-loglevel', 'error', '-y', ...(feed ? [] : ['-nostdin'])];
  const child = spawn(ffmpegPath(), [...common, ...args], { stdio: [feed ? 'pipe' : 'ignore', 'ignore', 'pipe'] });
  let log = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    log = (log + chunk.toString('utf8')).slice(-2000);
  });
  const exited = new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve(code));
  });
  const stop = ctx.onCancel(() => child.kill('SIGKILL'));
  try {
    if (feed && child.stdin) {
      child.stdin.on('error', () => {}); // EPIPE when ffmpeg exits early: its exit code tells
      try {
        await feed(child.stdin);
      } finally {
        child.stdin.end();
      }
    }
    const code = await exited;
    ctx.throwIfCancelled();
    if (code !== 0) throw new Error(`ffmpeg failed (${code}): ${log.trim().slice(-500)}`);
  } finally {
    stop();
    if (child.exitCode === null) child.kill('SIGKILL');
  }
}

async function write(stdin: NodeJS.WritableStream, chunk: Buffer): Promise<void> {
  if (!stdin.write(chunk)) await once(stdin, 'drain');
}

/** x264 settings shared by every output: browser-playable yuv420p, fast start, bit-exact (deterministic). */
const ENCODE = [
  '-c:v',
  'libx264',
  '-preset',
  'veryfast',
  '-crf',
  '23',
  '-pix_fmt',
  'yuv420p',
  '-threads',
  '1',
  '-movflags',
  '+faststart',
  '-map_metadata',
  '-1',
  '-fflags',
  '+bitexact',
  '-flags:v',
  '+bitexact',
  '-an',
];

const even = (n: number) => Math.max(16, Math.round(n / 2) * 2);

/** Output frame size: the requested one, else 16:9, within MAX_VIDEO_SIDE, even for yuv420p. */
export function videoSize(
  width: number | undefined,
  height: number | undefined,
  fallback = { width: 512, height: 288 },
) {
  const size = capSize(width ?? fallback.width, height ?? fallback.height, MAX_VIDEO_SIDE);
  return { width: even(size.width), height: even(size.height) };
}

async function withTempDir<T>(fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'atelier-video-'));
  try {
    return await fn(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Encodes frames drawn by `frame(i)` (raw RGB, width × height × 3) to an MP4. */
async function encodeFrames(
  o: { width: number; height: number; fps: number; frames: number },
  frame: (index: number) => Promise<Buffer>,
  ctx: TaskContext,
): Promise<Uint8Array> {
  return withTempDir(async (dir) => {
    const out = path.join(dir, 'out.mp4');
    await runFfmpeg(
      [
        '-f',
        'rawvideo',
        '-pix_fmt',
        'rgb24',
        '-s',
        `${o.width}x${o.height}`,
        '-r',
        String(o.fps),
        '-i',
        'pipe:0',
        ...ENCODE,
        '-r',
        String(o.fps),
        out,
      ],
      ctx,
      async (stdin) => {
        for (let i = 0; i < o.frames; i++) {
          ctx.throwIfCancelled();
          await write(stdin, await frame(i));
        }
      },
    );
    return new Uint8Array(await readFile(out));
  });
}

export interface TextVideoInput {
  readonly prompt: string;
  readonly seed: Uint8Array;
  readonly frames: number;
  readonly fps: number;
  readonly width?: number | undefined;
  readonly height?: number | undefined;
}

/** Text to video: the prompt's scene, animated (the discs drift, the gradient turns). */
export function textToVideo(input: TextVideoInput, ctx: TaskContext): Promise<Uint8Array> {
  const { width, height } = videoSize(input.width, input.height);
  const frames = Math.round(clamp(input.frames, 1, MAX_FRAMES));
  const fps = clamp(input.fps, 1, MAX_FPS);
  return encodeFrames(
    { width, height, fps, frames },
    (i) => renderSceneRgb({ width, height, seed: input.seed, phase: i / frames, prompt: input.prompt, style: 'art' }),
    ctx,
  );
}

export interface ImageVideoInput {
  readonly image: Uint8Array;
  readonly seed: Uint8Array;
  readonly seconds: number;
  readonly fps: number;
}

/** Image to video: a slow pan and zoom over the picture ("Ken Burns"), direction from the seed. */
export async function imageToVideo(input: ImageVideoInput, ctx: TaskContext): Promise<Uint8Array> {
  const source = await readSize(input.image);
  const { width, height } = videoSize(source.width, source.height);
  const fps = clamp(input.fps, 1, MAX_FPS);
  const frames = Math.round(clamp(input.seconds * fps, 1, MAX_FRAMES));
  // The picture once, 1.3× the frame, as raw RGB; each frame crops a window of it and scales it down.
  const zoomMax = 1.3;
  const bw = Math.round(width * zoomMax);
  const bh = Math.round(height * zoomMax);
  const base = await openImage(input.image).resize(bw, bh, { fit: 'cover' }).removeAlpha().raw().toBuffer();
  const random = rngAt(input.seed, 16);
  const zoomIn = random() < 0.5;
  const [fx, fy, tx, ty] = [random(), random(), random(), random()];
  return encodeFrames(
    { width, height, fps, frames },
    async (i) => {
      const t = frames === 1 ? 0 : i / (frames - 1);
      const ease = t * t * (3 - 2 * t);
      const zoom = zoomIn ? 1 + (zoomMax - 1) * ease : zoomMax - (zoomMax - 1) * ease;
      const cw = Math.min(bw, Math.round(bw / zoom));
      const ch = Math.min(bh, Math.round(bh / zoom));
      const left = Math.round((bw - cw) * (fx + (tx - fx) * ease));
      const top = Math.round((bh - ch) * (fy + (ty - fy) * ease));
      return sharp(base, { raw: { width: bw, height: bh, channels: 3 } })
        .extract({ left, top, width: cw, height: ch })
        .resize(width, height, { fit: 'fill' })
        .raw()
        .toBuffer();
    },
    ctx,
  );
}

export type VideoEdit =
  | { readonly edit: 'trim'; readonly start: number; readonly end: number | undefined }
  | { readonly edit: 'speed'; readonly factor: number }
  | { readonly edit: 'filter'; readonly filter: VideoFilter }
  /** The clip re-timed to `fps` frames a second, its length kept (a model that makes its frames at its own rate). */
  | { readonly edit: 'fps'; readonly fps: number };

export const VIDEO_FILTERS = {
  grayscale: 'hue=s=0',
  sepia: 'colorchannelmixer=.393:.769:.189:0:.349:.686:.168:0:.272:.534:.131',
  blur: 'boxblur=4:1',
  invert: 'negate',
  vivid: 'eq=saturation=1.8:contrast=1.1',
} as const;
export type VideoFilter = keyof typeof VIDEO_FILTERS;

/** The ffmpeg filter chain of an edit. */
export function editFilter(edit: VideoEdit): string {
  const scale = `scale='min(${MAX_VIDEO_SIDE},iw)':-2`;
  switch (edit.edit) {
    case 'trim': {
      const start = Math.max(0, edit.start);
      const end = edit.end !== undefined && edit.end > start ? `:end=${edit.end}` : '';
      return `trim=start=${start}${end},setpts=PTS-STARTPTS,${scale}`;
    }
    case 'speed':
      return `setpts=PTS/${clamp(edit.factor, 0.25, 4)},${scale}`;
    case 'filter':
      return `${VIDEO_FILTERS[edit.filter]},${scale}`;
    case 'fps':
      return `fps=${clamp(edit.fps, 1, MAX_FPS)},${scale}`;
  }
}

/** The frame rate ffmpeg reports for a file (its stream summary on stderr), or undefined. */
async function probeFps(file: string, ctx: TaskContext): Promise<number | undefined> {
  const child = spawn(ffmpegPath(), ['-hide_banner', '-nostdin', '-i', file], { stdio: ['ignore', 'ignore', 'pipe'] });
  const stop = ctx.onCancel(() => child.kill('SIGKILL'));
  let log = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    log += chunk.toString('utf8');
  });
  try {
    await once(child, 'close');
  } finally {
    stop();
  }
  const fps = Number(/Video:.*?, (\d+(?:\.\d+)?) fps/.exec(log)?.[1]);
  return Number.isFinite(fps) && fps > 0 ? fps : undefined;
}

/** Video editing: a real edit of `video` (MP4/WebM/… bytes) with ffmpeg. */
export function editVideo(video: Uint8Array, edit: VideoEdit, ctx: TaskContext): Promise<Uint8Array> {
  return withTempDir(async (dir) => {
    const source = path.join(dir, 'in.bin');
    const out = path.join(dir, 'out.mp4');
    await writeFile(source, video);
    // A speed change keeps every frame: the output rate is the source's times the factor.
    const rate =
      edit.edit === 'speed'
        ? ['-r', String(clamp(((await probeFps(source, ctx)) ?? 24) * clamp(edit.factor, 0.25, 4), 1, MAX_FPS))]
        : edit.edit === 'fps'
          ? ['-r', String(clamp(edit.fps, 1, MAX_FPS))]
          : ['-vsync', 'vfr'];
    try {
      await runFfmpeg(['-i', source, '-vf', editFilter(edit), ...rate, ...ENCODE, out], ctx);
    } catch (error) {
      if (ctx.cancelled) throw error;
      throw new TaskUserError('The video could not be edited: it may not be a readable video file.');
    }
    const bytes = await readFile(out);
    if (bytes.length === 0) throw new TaskUserError('The edit left no video (is the trim inside the clip?).');
    return new Uint8Array(bytes);
  });
}
