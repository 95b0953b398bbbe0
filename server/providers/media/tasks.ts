/**
 * The offline provider's work, as worker-pool tasks (registered in server/workers/tasks.ts).
 * Everything here runs in a worker thread; inputs and outputs are plain data and Uint8Arrays.
 */
import type { TaskContext } from '../../workers/context';
import { speak, synthesise } from './audio';
import { renderScene, transformImage, type SceneOptions, type TransformInput } from './image';
import { makeModel, type ModelInput } from './model';
import { readText } from './ocr';
import { describeImage, type DescribeSettings } from './describe';
import { classifyImage } from './moderate';
import { restoreImage, upscale2x, type RawImage } from './upscale';
import {
  editVideo,
  imageToVideo,
  textToVideo,
  type ImageVideoInput,
  type TextVideoInput,
  type VideoEdit,
} from './video';

export const mediaTasks = {
  'image.scene': (input: SceneOptions) => renderScene(input),
  'image.transform': (input: TransformInput, ctx: TaskContext) => transformImage(input, ctx),
  'image.ocr': (input: { image: Uint8Array }, ctx: TaskContext) => readText(input.image, ctx),
  'audio.voice': (input: { text: string; preset: string }, ctx: TaskContext) => speak(input.text, input.preset, ctx),
  'audio.synth': async (input: { kind: 'music' | 'sound'; seed: Uint8Array; seconds: number }, ctx: TaskContext) =>
    synthesise(input.kind, input.seed, input.seconds, ctx),
  'video.text': (input: TextVideoInput, ctx: TaskContext) => textToVideo(input, ctx),
  'video.image': (input: ImageVideoInput, ctx: TaskContext) => imageToVideo(input, ctx),
  'video.edit': async (
    input: { video?: Uint8Array | undefined; source?: TextVideoInput | undefined; edit: VideoEdit },
    ctx: TaskContext,
  ) => {
    // No clip given: edit one made from the prompt, so the edit is still real and visible.
    const video = input.video ?? (input.source ? await textToVideo(input.source, ctx) : undefined);
    if (!video) throw new Error('video.edit needs a video or a source');
    return editVideo(video, input.edit, ctx);
  },
  'model.glb': (input: ModelInput, ctx: TaskContext) => makeModel(input, ctx),
};

/**
 * The tasks that run an offline model (tfjs, wasm backend): the pool sends them to its model threads
 * (MODEL_RUNS of them), so only those threads load models and memory stays bounded.
 */
export const modelTasks = {
  /** Restore Image: clean-up, then ESRGAN-slim 2× (classic above the pixel cap). */
  'image.restore': (input: { image: Uint8Array; maxModelPixels: number }, ctx: TaskContext) => restoreImage(input, ctx),
  /** The model step alone on raw RGB (quality tests, benchmarks). */
  'image.upscale': (input: RawImage, ctx: TaskContext) => upscale2x(input, ctx),
  /** Image to Text's description of what the detection models find. */
  'image.describe': (input: { image: Uint8Array; settings: DescribeSettings }, ctx: TaskContext) =>
    describeImage(input, ctx),
  /** Moderation: the unsafe score of a picture. */
  'image.moderate': (input: { image: Uint8Array }, ctx: TaskContext) => classifyImage(input, ctx),
};
