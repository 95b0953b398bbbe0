/** glTF 2.0 binary (GLB) writer for one indexed triangle mesh with normals and vertex colours. */

export interface Mesh {
  /** xyz per vertex. */
  readonly positions: Float32Array;
  /** xyz per vertex, unit length. */
  readonly normals: Float32Array;
  /** rgba per vertex in [0, 1]. */
  readonly colors: Float32Array;
  readonly indices: Uint16Array;
}

const FLOAT = 5126;
const UNSIGNED_SHORT = 5123;
const ARRAY_BUFFER = 34962;
const ELEMENT_ARRAY_BUFFER = 34963;

const pad4 = (n: number): number => (n + 3) & ~3;

function bounds(positions: Float32Array): { min: number[]; max: number[] } {
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < positions.length; i++) {
    const axis = i % 3;
    const v = positions[i] ?? 0;
    if (v < (min[axis] ?? 0)) min[axis] = v;
    if (v > (max[axis] ?? 0)) max[axis] = v;
  }
  return { min, max };
}

export function encodeGlb(mesh: Mesh, name = 'Atelier preview'): Uint8Array {
  const count = mesh.positions.length / 3;
  if (!Number.isInteger(count) || count < 3 || count > 65535) throw new RangeError('Bad mesh');
  if (mesh.normals.length !== count * 3 || mesh.colors.length !== count * 4) {
    throw new RangeError('Mesh attribute sizes do not match');
  }
  const parts = [mesh.positions, mesh.normals, mesh.colors, mesh.indices];
  const offsets: number[] = [];
  let length = 0;
  for (const part of parts) {
    offsets.push(length);
    length = pad4(length + part.byteLength);
  }
  const bin = new Uint8Array(length);
  parts.forEach((part, i) => {
    bin.set(new Uint8Array(part.buffer, part.byteOffset, part.byteLength), offsets[i] ?? 0);
  });
  const view = (i: number, target: number) => ({
    buffer: 0,
    byteOffset: offsets[i] ?? 0,
    byteLength: parts[i]?.byteLength ?? 0,
    target,
  });
  const gltf = {
    asset: { version: '2.0', generator: 'Atelier offline preview model' },
    scene: 0,
    scenes: [{ nodes: [0] }],
    nodes: [{ mesh: 0, name }],
    meshes: [
      {
        name,
        primitives: [
          {
            attributes: { POSITION: 0, NORMAL: 1, COLOR_0: 2 },
            indices: 3,
            material: 0,
            mode: 4,
          },
        ],
      },
    ],
    materials: [
      {
        name: 'preview',
        pbrMetallicRoughness: { baseColorFactor: [1, 1, 1, 1], metallicFactor: 0.1, roughnessFactor: 0.6 },
      },
    ],
    accessors: [
      { bufferView: 0, componentType: FLOAT, count, type: 'VEC3', ...bounds(mesh.positions) },
      { bufferView: 1, componentType: FLOAT, count, type: 'VEC3' },
      { bufferView: 2, componentType: FLOAT, count, type: 'VEC4' },
      { bufferView: 3, componentType: UNSIGNED_SHORT, count: mesh.indices.length, type: 'SCALAR' },
    ],
    bufferViews: [view(0, ARRAY_BUFFER), view(1, ARRAY_BUFFER), view(2, ARRAY_BUFFER), view(3, ELEMENT_ARRAY_BUFFER)],
    buffers: [{ byteLength: bin.length }],
  };
  // The JSON chunk is padded with spaces, the BIN chunk with zeros (glTF 2.0 §4.4.3).
  const jsonText = JSON.stringify(gltf);
  const jsonBytes = Buffer.from(jsonText.padEnd(pad4(Buffer.byteLength(jsonText)), ' '));
  const total = 12 + 8 + jsonBytes.length + 8 + bin.length;
  const out = Buffer.alloc(total);
  out.writeUInt32LE(0x46546c67, 0); // 'glTF'
  out.writeUInt32LE(2, 4);
  out.writeUInt32LE(total, 8);
  out.writeUInt32LE(jsonBytes.length, 12);
  out.writeUInt32LE(0x4e4f534a, 16); // 'JSON'
  out.set(jsonBytes, 20);
  const binStart = 20 + jsonBytes.length;
  out.writeUInt32LE(bin.length, binStart);
  out.writeUInt32LE(0x004e4942, binStart + 4); // 'BIN\0'
  out.set(bin, binStart + 8);
  return out;
}

/**
 * A faceted sphere-like shape (a UV sphere whose radius is bumped by `bumps`) with flat normals
 * per vertex and colours from `color(latitude, longitude)`.
 */
export function makeBlobMesh(
  segments: number,
  radius: (lat: number, lon: number) => number,
  color: (lat: number, lon: number) => [number, number, number],
): Mesh {
  const rings = Math.max(3, segments);
  const sectors = Math.max(3, segments * 2);
  const positions: number[] = [];
  const normals: number[] = [];
  const colors: number[] = [];
  for (let i = 0; i <= rings; i++) {
    const lat = (i / rings) * Math.PI;
    for (let j = 0; j <= sectors; j++) {
      const lon = (j / sectors) * Math.PI * 2;
      const nx = Math.sin(lat) * Math.cos(lon);
      const ny = Math.cos(lat);
      const nz = Math.sin(lat) * Math.sin(lon);
      const r = radius(lat, lon);
      positions.push(nx * r, ny * r, nz * r);
      normals.push(nx, ny, nz);
      colors.push(...color(lat, lon), 1);
    }
  }
  const indices: number[] = [];
  for (let i = 0; i < rings; i++) {
    for (let j = 0; j < sectors; j++) {
      const a = i * (sectors + 1) + j;
      const b = a + sectors + 1;
      indices.push(a, b, a + 1, b, b + 1, a + 1);
    }
  }
  return {
    positions: Float32Array.from(positions),
    normals: Float32Array.from(normals),
    colors: Float32Array.from(colors),
    indices: Uint16Array.from(indices),
  };
}
