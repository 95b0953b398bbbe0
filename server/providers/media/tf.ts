/**
 * One TensorFlow.js for every offline model (ESRGAN-slim, Human, nsfwjs), on the WebAssembly backend.
 * Runs inside a worker thread of the model pool (server/workers/pool.ts): the backend and each model are
 * set up once per thread and kept. Models are read from files inside node_modules with fs and handed to
 * tfjs from memory (tf.io.fromMemory): Node's fetch cannot read file: addresses, and nothing is ever
 * fetched from the network. The cpu backend is ~34× slower than wasm: if wasm cannot start, the task
 * fails and says so rather than falling back silently.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/*
 * The few parts of TensorFlow.js used here, typed by hand: tfjs's own declarations reference
 * @webgpu/types, which would change the DOM typings of the whole project (canvas contexts).
 */
export interface Tensor {
  readonly shape: number[];
  data(): Promise<Float32Array | Int32Array | Uint8Array>;
  clipByValue(min: number, max: number): Tensor;
  dispose(): void;
}

export interface WeightsEntry {
  readonly name: string;
  readonly shape: number[];
  readonly dtype: string;
}

export interface ModelArtifacts {
  readonly modelTopology?: object;
  readonly format?: string;
  readonly weightSpecs?: WeightsEntry[];
  readonly weightData?: ArrayBuffer;
  readonly [key: string]: unknown;
}

export interface IOHandler {
  load(): Promise<ModelArtifacts>;
}

export interface LayersModel {
  predict(input: Tensor): Tensor | Tensor[];
}

export interface TfModule {
  setBackend(name: string): Promise<boolean>;
  ready(): Promise<void>;
  getBackend(): string;
  enableProdMode(): void;
  tidy<T extends Tensor>(fn: () => T): T;
  tensor3d(values: Float32Array | Int32Array, shape: [number, number, number], dtype?: 'float32' | 'int32'): Tensor;
  tensor4d(values: Float32Array, shape: [number, number, number, number]): Tensor;
  loadLayersModel(handler: IOHandler): Promise<LayersModel>;
  io: {
    fromMemory(artifacts: ModelArtifacts): IOHandler;
    registerLoadRouter(router: (url: string | string[]) => IOHandler | null): void;
  };
}

/** The folder of an installed package (found from its entry point: some export maps hide package.json). */
export function packageDir(name: string): string {
  let dir = path.dirname(require.resolve(name));
  while (!fs.existsSync(path.join(dir, 'package.json')) || !dir.endsWith(path.join('node_modules', name))) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`Cannot find the folder of ${name}`);
    dir = up;
  }
  return dir;
}

/** Requires a package's file by its path (for files its export map does not list). */
export function requireFile<T>(name: string, file: string): T {
  return require(path.join(packageDir(name), file)) as T;
}

interface WeightsGroup {
  readonly paths: string[];
  readonly weights: WeightsEntry[];
}

/** A model.json and its weight shards, read from disk, as tfjs model artifacts (signature kept). */
export function readArtifacts(modelJson: string): ModelArtifacts {
  const json = JSON.parse(fs.readFileSync(modelJson, 'utf8')) as { weightsManifest: WeightsGroup[] } & ModelArtifacts;
  const dir = path.dirname(modelJson);
  const { weightsManifest, ...rest } = json;
  const bytes = Buffer.concat(weightsManifest.flatMap((g) => g.paths.map((p) => fs.readFileSync(path.join(dir, p)))));
  return {
    ...rest,
    weightSpecs: weightsManifest.flatMap((g) => g.weights),
    weightData: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength),
  };
}

let ready: Promise<TfModule> | undefined;

async function start(): Promise<TfModule> {
  const tf = require('@tensorflow/tfjs') as TfModule;
  require('@tensorflow/tfjs-backend-wasm');
  // Human asks for its models by file:// address: answer from the disk, never through fetch.
  tf.io.registerLoadRouter((url) => {
    const address = Array.isArray(url) ? url[0] : url;
    if (typeof address !== 'string' || !address.startsWith('file://')) return null;
    const file = new URL(address).pathname;
    return { load: () => Promise.resolve(readArtifacts(file)) };
  });
  const ok = await tf.setBackend('wasm');
  await tf.ready();
  if (!ok || tf.getBackend() !== 'wasm')
    throw new Error(
      `The offline models need the TensorFlow.js wasm backend, and it did not start (${tf.getBackend()})`,
    );
  tf.enableProdMode();
  return tf;
}

/** TensorFlow.js with the wasm backend ready (once per thread). */
export function tensorflow(): Promise<TfModule> {
  ready ??= start().catch((error: unknown) => {
    ready = undefined;
    throw error;
  });
  return ready;
}
