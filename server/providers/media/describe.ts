/**
 * Image to Text's description of a picture with little or no text, by Human (@vladmandic/human, its
 * models inside the package): people (body pose and person detection), faces, and objects of the 80
 * COCO classes with counts. Detections are hedged ("likely", "possibly") and kept only above the score
 * settings; its object detector is weak (it may call a cat a dog), so nothing is stated as fact.
 * Approximate age and expression only when DESCRIBE_APPROXIMATE=1, labelled approximate.
 * Runs in a thread of the model pool; Human shares the thread's one tfjs (wasm backend).
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { openImage, readSize } from './image';
import { packageDir, requireFile, tensorflow, type Tensor } from './tf';
import type { TaskContext } from '../../workers/context';

/** The part of Human's result used here (its own typings pull in tfjs's, see ./tf.ts). */
export interface Detections {
  readonly error?: string | null;
  readonly face: readonly {
    readonly score: number;
    readonly age?: number;
    readonly emotion?: readonly { readonly score: number; readonly emotion: string }[];
  }[];
  readonly body: readonly { readonly score: number }[];
  readonly object: readonly { readonly score: number; readonly label: string }[];
}

interface Human {
  load(): Promise<void>;
  detect(input: Tensor): Promise<Detections>;
  readonly tf: { tensor4d(values: Float32Array, shape: [number, number, number, number]): Tensor };
}

export interface DescribeSettings {
  readonly personScore: number;
  readonly faceScore: number;
  readonly objectScore: number;
  readonly approximate: boolean;
}

/** Longest side a picture is detected at (Human resizes its inputs anyway). */
const DETECT_SIDE = 1024;

let human: Promise<Human> | undefined;

async function loadHuman(): Promise<Human> {
  await tensorflow();
  const { Human: HumanClass } = requireFile<{ Human: new (config: object) => Human }>(
    '@vladmandic/human',
    'dist/human.node-wasm.js',
  );
  const models = pathToFileURL(path.join(packageDir('@vladmandic/human'), 'models') + path.sep).href;
  const instance = new HumanClass({
    backend: 'wasm',
    modelBasePath: models,
    wasmPath: '',
    debug: false,
    async: true,
    warmup: 'none',
    cacheSensitivity: 0,
    filter: { enabled: false },
    face: {
      enabled: true,
      detector: { rotation: false, maxDetected: 20 },
      mesh: { enabled: false },
      iris: { enabled: false },
      attention: { enabled: false },
      description: { enabled: true },
      emotion: { enabled: true },
      antispoof: { enabled: false },
      liveness: { enabled: false },
    },
    body: { enabled: true, maxDetected: 10 },
    hand: { enabled: false },
    object: { enabled: true },
    gesture: { enabled: false },
    segmentation: { enabled: false },
  });
  await instance.load();
  return instance;
}

/** Human with its models loaded, once per thread. */
export function humanModels(): Promise<Human> {
  human ??= loadHuman().catch((error: unknown) => {
    human = undefined;
    throw error;
  });
  return human;
}

/** What Human finds in a picture. */
export async function detect(image: Uint8Array, ctx: TaskContext): Promise<Detections> {
  const { width, height } = await readSize(image);
  const scale = Math.min(1, DETECT_SIDE / Math.max(width, height));
  const { data, info } = await openImage(image)
    .resize(Math.max(1, Math.round(width * scale)), Math.max(1, Math.round(height * scale)))
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  ctx.throwIfCancelled();
  const h = await humanModels();
  const tensor = h.tf.tensor4d(new Float32Array(data), [1, info.height, info.width, 3]);
  try {
    const result = await h.detect(tensor);
    if (result.error) throw new Error(`Human: ${result.error}`);
    return result;
  } finally {
    tensor.dispose();
  }
}

const NUMBERS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
const count = (n: number) => NUMBERS[n] ?? String(n);
const hedge = (score: number) => (score >= 0.7 ? 'likely' : 'possibly');
const plural = (n: number, one: string, many = `${one}s`) => `${count(n)} ${n === 1 ? one : many}`;

/** The description of a detection result, worded as likely, within the thresholds. */
export function describeResult(result: Detections, settings: DescribeSettings): string {
  const bodies = result.body.filter((b) => b.score >= settings.personScore);
  const personObjects = result.object.filter((o) => o.label === 'person' && o.score >= settings.objectScore);
  const seenPerson = bodies.length > 0 || personObjects.length > 0;
  // A face counts only beside a person: the face detector also answers to cats and patterns.
  const faces = seenPerson ? result.face.filter((f) => f.score >= settings.faceScore) : [];
  const people = Math.max(bodies.length, personObjects.length, faces.length);
  const lines: string[] = [];
  if (people > 0) {
    const best = Math.max(...bodies.map((b) => b.score), ...personObjects.map((o) => o.score));
    lines.push(`${hedge(best)} ${plural(people, 'person', 'people')}`);
  }
  if (faces.length > 0) {
    lines.push(`${plural(faces.length, 'face')} visible`);
    if (settings.approximate) {
      faces.forEach((face, i) => {
        const parts: string[] = [];
        if (face.age !== undefined) parts.push(`age about ${Math.round(face.age)}`);
        const emotion = face.emotion?.[0];
        if (emotion && emotion.score >= 0.5) parts.push(`expression ${emotion.emotion}`);
        if (parts.length) lines.push(`face ${i + 1} (approximate): ${parts.join(', ')}`);
      });
    }
  }
  const objects = new Map<string, { n: number; score: number }>();
  for (const o of result.object) {
    if (o.label === 'person' || o.score < settings.objectScore) continue;
    const seen = objects.get(o.label) ?? { n: 0, score: 0 };
    objects.set(o.label, { n: seen.n + 1, score: Math.max(seen.score, o.score) });
  }
  for (const [label, { n, score }] of objects)
    lines.push(`${hedge(score)} ${n === 1 ? `a ${label}` : `${count(n)} × ${label}`}`);
  if (lines.length === 0) return 'The detection model recognised no people or objects with confidence.';
  return ['What the detection model likely sees (it can be wrong):', ...lines.map((line) => `- ${line}`)].join('\n');
}

export async function describeImage(
  input: { image: Uint8Array; settings: DescribeSettings },
  ctx: TaskContext,
): Promise<string> {
  return describeResult(await detect(input.image, ctx), input.settings);
}
