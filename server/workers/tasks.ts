/**
 * Every task the worker pool can run, by name. Each handler runs inside a worker thread: it may
 * block (decode, encode, synthesise) without stalling the server. Inputs and outputs cross the
 * thread boundary by structured clone: plain data, Uint8Array for bytes.
 * To add a task: write `(input, ctx) => Promise<output>` in its own module and list it here.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { TaskContext } from './context';
import { mediaTasks, modelTasks } from '../providers/media/tasks';
import { checkImage, checkVideo } from './upload-checks';
import { shareImage, type ShareImageInput } from './share-image';
import { thumbnail, type ThumbnailInput } from './thumbnail';

export const tasks = {
  /** For tests of the pool itself. */
  'pool.echo': async (
    input: { value: unknown; delayMs?: number; spinMs?: number; ignoreCancel?: boolean },
    ctx: TaskContext,
  ) => {
    if (input.spinMs) {
      // Busy: blocks this thread, not the server's.
      const end = Date.now() + input.spinMs;
      while (Date.now() < end) if (ctx.cancelled && !input.ignoreCancel) break;
    }
    if (input.delayMs) {
      // A cancel ends the wait early; throwIfCancelled below then says so.
      const cancel = new AbortController();
      ctx.onCancel(() => cancel.abort());
      await sleep(input.delayMs, undefined, { signal: cancel.signal }).catch(() => undefined);
    }
    ctx.throwIfCancelled();
    return { value: input.value, threadId: (await import('node:worker_threads')).threadId };
  },
  ...mediaTasks,
  ...modelTasks,
  /** An uploaded image, decoded by sharp under the pixel cap. */
  'upload.image': (input: { bytes: Uint8Array }, ctx: TaskContext) => checkImage(input, ctx),
  /** An uploaded video, probed and its first frame decoded by ffmpeg. */
  'upload.video': (input: { bytes: Uint8Array; declaredType: string }, ctx: TaskContext) => checkVideo(input, ctx),
  /** A shared creation's og:image: the image, a video's first frame, or a card (1200×630 PNG). */
  'share.image': (input: ShareImageInput, ctx: TaskContext) => shareImage(input, ctx),
  /** A creation's thumbnail (WebP, 384 px long side): the image scaled, a video's first frame, audio's waveform. */
  thumbnail: (input: ThumbnailInput, ctx: TaskContext) => thumbnail(input, ctx),
} satisfies Record<string, (input: never, ctx: TaskContext) => Promise<unknown>>;

export type Tasks = typeof tasks;
export type TaskName = keyof Tasks;
export type TaskInput<N extends TaskName> = Parameters<Tasks[N]>[0];
export type TaskOutput<N extends TaskName> = Awaited<ReturnType<Tasks[N]>>;
