/**
 * Upload moderation by nsfwjs (MobileNetV2, its weights bundled in the package as base64). Its own
 * loader takes ~12 s; the bundled model is decoded here with Buffer and loaded from memory (~1 s, the
 * same scores). The unsafe score is Porn + Hentai + Sexy (0..1); MODERATION_THRESHOLD decides.
 * Runs in a thread of the model pool.
 */
import { createRequire } from 'node:module';
import type { TaskContext } from '../../workers/context';
import { openImage, readSize } from './image';
import { requireFile, tensorflow, type IOHandler, type ModelArtifacts, type Tensor, type WeightsEntry } from './tf';

/** The part of nsfwjs used here (its own typings pull in tfjs's, see ./tf.ts). */
interface NSFWJS {
  classify(image: Tensor, topk?: number): Promise<{ className: string; probability: number }[]>;
}
interface NsfwModule {
  load(model: IOHandler, options: { size: number }): Promise<NSFWJS>;
}

export const MODERATION_MODEL = 'nsfwjs MobileNetV2';

const require = createRequire(import.meta.url);
const SIZE = 224;
const UNSAFE = new Set(['Porn', 'Hentai', 'Sexy']);

let classifier: Promise<NSFWJS> | undefined;

async function loadClassifier(): Promise<NSFWJS> {
  const tf = await tensorflow();
  // nsfwjs.load takes an IOHandler where its typings say string (it passes anything but a model name on).
  const nsfwjs = require('nsfwjs') as NsfwModule;
  const json = requireFile<{ modelTopology: object; weightsManifest: { weights: WeightsEntry[] }[] }>(
    'nsfwjs',
    'dist/models/mobilenet_v2/model.min.js',
  );
  const shard = requireFile<string>('nsfwjs', 'dist/models/mobilenet_v2/group1-shard1of1.min.js');
  const bytes = Buffer.from(shard, 'base64');
  const artifacts: ModelArtifacts = {
    modelTopology: json.modelTopology,
    weightSpecs: json.weightsManifest.flatMap((g) => g.weights),
    weightData: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength),
  };
  return nsfwjs.load(tf.io.fromMemory(artifacts), { size: SIZE });
}

/** The classifier, loaded once per thread. */
export function moderationModel(): Promise<NSFWJS> {
  classifier ??= loadClassifier().catch((error: unknown) => {
    classifier = undefined;
    throw error;
  });
  return classifier;
}

export interface ModerationVerdict {
  /** Porn + Hentai + Sexy, 0..1. */
  readonly unsafe: number;
  /** Each class's probability. */
  readonly scores: Readonly<Record<string, number>>;
}

export async function classifyImage(input: { image: Uint8Array }, ctx: TaskContext): Promise<ModerationVerdict> {
  await readSize(input.image);
  const raw = await openImage(input.image)
    .resize(SIZE, SIZE, { fit: 'fill' })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer();
  ctx.throwIfCancelled();
  const model = await moderationModel();
  const tf = await tensorflow();
  const tensor = tf.tensor3d(new Int32Array(raw), [SIZE, SIZE, 3], 'int32');
  try {
    const classes = await model.classify(tensor, 5);
    const scores = Object.fromEntries(classes.map((c) => [c.className, c.probability]));
    const unsafe = classes.filter((c) => UNSAFE.has(c.className)).reduce((sum, c) => sum + c.probability, 0);
    return { unsafe, scores };
  } finally {
    tensor.dispose();
  }
}
