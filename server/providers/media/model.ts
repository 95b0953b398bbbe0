/**
 * Offline 3D: a closed, vertex-coloured mesh written as glTF 2.0 binary (.glb) with
 * @gltf-transform/core. Its shape comes from the seed, its colour from the picture (when given),
 * and `quality` sets how finely it is subdivided.
 */
import { Document, NodeIO } from '@gltf-transform/core';
import type { TaskContext } from '../../workers/context';
import { dominantColor } from './image';
import { hsl, rngAt } from './seed';

export const SEGMENTS = { low: 16, medium: 32, high: 64 } as const;
export type Quality = keyof typeof SEGMENTS;

export function segmentsFor(quality: string): number {
  return SEGMENTS[(quality in SEGMENTS ? quality : 'high') as Quality];
}

export interface ModelInput {
  readonly seed: Uint8Array;
  readonly quality: string;
  readonly image?: Uint8Array | undefined;
  readonly label: string;
}

export async function makeModel(input: ModelInput, ctx: TaskContext): Promise<Uint8Array> {
  const random = rngAt(input.seed, 20);
  const lobes = 2 + Math.floor(random() * 5);
  const depth = 0.1 + random() * 0.25;
  const twist = random() * Math.PI;
  const squash = 0.75 + random() * 0.5;
  const base: [number, number, number] = input.image
    ? await dominantColor(input.image)
    : (hsl(random(), 0.6, 0.5).map((c) => c / 255) as [number, number, number]);
  ctx.throwIfCancelled();

  // A UV sphere (lat 0..π, lon 0..2π) whose radius ripples with the seed's lobes.
  const lat = segmentsFor(input.quality);
  const lon = lat * 2;
  const positions: number[] = [];
  const normals: number[] = [];
  const colors: number[] = [];
  const radius = (a: number, b: number) =>
    1 + depth * Math.sin(lobes * b + twist) * Math.sin(a) ** 2 + 0.05 * Math.cos(lobes * a);
  for (let i = 0; i <= lat; i++) {
    const a = (i / lat) * Math.PI;
    for (let j = 0; j <= lon; j++) {
      const b = (j / lon) * Math.PI * 2;
      const r = radius(a, b);
      const x = r * Math.sin(a) * Math.cos(b);
      const y = r * Math.cos(a) * squash;
      const z = r * Math.sin(a) * Math.sin(b);
      positions.push(x, y, z);
      const n = Math.hypot(x, y / squash, z) || 1;
      normals.push(x / n, y / squash / n, z / n);
      const shade = 0.75 + 0.25 * Math.cos(a);
      colors.push(base[0] * shade, base[1] * shade, base[2] * shade);
    }
  }
  const indices: number[] = [];
  for (let i = 0; i < lat; i++) {
    for (let j = 0; j < lon; j++) {
      const p = i * (lon + 1) + j;
      const q = p + lon + 1;
      indices.push(p, q, p + 1, p + 1, q, q + 1);
    }
  }

  const doc = new Document();
  doc.getRoot().getAsset().generator = input.label;
  const buffer = doc.createBuffer();
  const accessor = (type: 'VEC3' | 'SCALAR', array: Float32Array | Uint32Array) =>
    doc.createAccessor().setType(type).setArray(array).setBuffer(buffer);
  const material = doc
    .createMaterial('offline-preview')
    .setBaseColorFactor([1, 1, 1, 1])
    .setRoughnessFactor(0.6)
    .setMetallicFactor(0.1);
  const primitive = doc
    .createPrimitive()
    .setAttribute('POSITION', accessor('VEC3', new Float32Array(positions)))
    .setAttribute('NORMAL', accessor('VEC3', new Float32Array(normals)))
    .setAttribute('COLOR_0', accessor('VEC3', new Float32Array(colors)))
    .setIndices(accessor('SCALAR', new Uint32Array(indices)))
    .setMaterial(material);
  const mesh = doc.createMesh('offline-preview').addPrimitive(primitive);
  const node = doc.createNode('offline-preview').setMesh(mesh);
  doc.createScene('scene').addChild(node);
  return new NodeIO().writeBinary(doc);
}
