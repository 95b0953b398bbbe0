/**
 * The default, offline generation provider. It makes real files of the right kind from the
 * input, deterministically (same model id and input give the same bytes), clearly labelled as
 * the offline preview model. No network, no native code: tests and demos run anywhere.
 */
import { createHash } from 'node:crypto';
import type { Tool } from '../../src/catalog';
import { decodePng, encodePng, type RasterImage } from './media/png';
import { encodeWav } from './media/wav';
import { encodeGlb, makeBlobMesh } from './media/glb';
import { encodeMp4 } from './media/mp4';
import type { GenerationJob, GenerationProvider, InputValue, OutputFile, ProviderResult } from './types';

export const OFFLINE_MODEL = 'offline preview model';
export const OFFLINE_NOTICE =
  'Written by the offline preview model: no AI service is configured, so this is placeholder output.';

const MAX_SIDE = 1024;
const MAX_AUDIO_SECONDS = 10;
const SAMPLE_RATE = 22_050;

export interface LocalProviderOptions {
  /** Artificial delay before answering, so the UI shows realistic progress. Default 0. */
  readonly latencyMs?: number;
}

// ---------- determinism ----------

function stableInput(input: Readonly<Record<string, InputValue>>): string {
  return JSON.stringify(
    Object.keys(input)
      .sort()
      .map((k) => [k, input[k]]),
  );
}

/** 32 bytes from the model id, the input and any input images. */
export function jobSeed(job: GenerationJob): Buffer {
  const hash = createHash('sha256').update(job.tool.id).update('\0').update(stableInput(job.input));
  for (const key of Object.keys(job.images ?? {}).sort()) {
    const image = job.images?.[key];
    if (image) hash.update('\0').update(key).update(image.bytes);
  }
  return hash.digest();
}

/** mulberry32: small, fast and good enough for art. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function hsl(h: number, s: number, l: number): [number, number, number] {
  const k = (n: number) => (n + h * 12) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [f(0) * 255, f(8) * 255, f(4) * 255];
}

const text = (value: InputValue | undefined): string => (typeof value === 'string' ? value.trim() : '');

const num = (value: InputValue | undefined): number | undefined => {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : undefined;
};

const clamp = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, v));

// ---------- images ----------

/** Requested size from width/height or aspect_ratio ("16:9"), longest side capped at 1024. */
export function imageSize(input: Readonly<Record<string, InputValue>>): {
  width: number;
  height: number;
} {
  let width = num(input['width']);
  let height = num(input['height']);
  const ratio = /^(\d+(?:\.\d+)?):(\d+(?:\.\d+)?)$/.exec(text(input['aspect_ratio']));
  if ((width === undefined || height === undefined) && ratio) {
    const rw = Number(ratio[1]);
    const rh = Number(ratio[2]);
    if (rw > 0 && rh > 0) {
      width = rw >= rh ? MAX_SIDE : (MAX_SIDE * rw) / rh;
      height = rw >= rh ? (MAX_SIDE * rh) / rw : MAX_SIDE;
    }
  }
  width = clamp(Math.round(width ?? MAX_SIDE), 16, 8192);
  height = clamp(Math.round(height ?? MAX_SIDE), 16, 8192);
  const scale = Math.min(1, MAX_SIDE / Math.max(width, height));
  return {
    width: Math.max(16, Math.round(width * scale)),
    height: Math.max(16, Math.round(height * scale)),
  };
}

interface Blob {
  x: number;
  y: number;
  r: number;
  color: [number, number, number];
}

function artScene(seed: Buffer) {
  const random = rng(seed.readUInt32LE(0));
  const hue = random();
  const from = hsl(hue, 0.55, 0.22);
  const to = hsl((hue + 0.3 + random() * 0.2) % 1, 0.6, 0.55);
  const blobs: Blob[] = Array.from({ length: 5 + Math.floor(random() * 4) }, () => ({
    x: random(),
    y: random(),
    r: 0.08 + random() * 0.3,
    color: hsl((hue + random() * 0.5) % 1, 0.65 + random() * 0.3, 0.45 + random() * 0.3),
  }));
  const waves = 2 + random() * 6;
  const angle = random() * Math.PI;
  return { from, to, blobs, waves, angle };
}

/** An abstract artwork (gradient, soft discs, wave bands) whose colours come from the seed. */
export function renderArt(seed: Buffer, width: number, height: number, phase = 0): Uint8Array {
  return renderArtInto(artScene(seed), width, height, phase, new Uint8Array(width * height * 4));
}

function renderArtInto(
  scene: ReturnType<typeof artScene>,
  width: number,
  height: number,
  phase: number,
  out: Uint8Array,
): Uint8Array {
  const { from, to, blobs, waves, angle } = scene;
  const ca = Math.cos(angle);
  const sa = Math.sin(angle);
  const aspect = width / height;
  for (let y = 0; y < height; y++) {
    const v = y / height;
    for (let x = 0; x < width; x++) {
      const u = x / width;
      const t = clamp(u * 0.6 + v * 0.4, 0, 1);
      let r = from[0] + (to[0] - from[0]) * t;
      let g = from[1] + (to[1] - from[1]) * t;
      let b = from[2] + (to[2] - from[2]) * t;
      for (const blob of blobs) {
        const dx = (u - blob.x - Math.sin(phase + blob.r * 9) * 0.05) * aspect;
        const dy = v - blob.y - Math.cos(phase + blob.x * 7) * 0.05;
        const d = Math.sqrt(dx * dx + dy * dy) / blob.r;
        if (d < 1) {
          const w = (1 - d * d) * 0.85;
          r += (blob.color[0] - r) * w;
          g += (blob.color[1] - g) * w;
          b += (blob.color[2] - b) * w;
        }
      }
      const band = 0.9 + 0.1 * Math.sin((u * ca + v * sa) * waves * Math.PI * 2 + phase * 2);
      const i = (y * width + x) * 4;
      out[i] = clamp(r * band, 0, 255);
      out[i + 1] = clamp(g * band, 0, 255);
      out[i + 2] = clamp(b * band, 0, 255);
      out[i + 3] = 255;
    }
  }
  return out;
}

/** Nearest-neighbour resize to RGBA, used to cap large inputs and to fit video frames. */
function toRgba(image: RasterImage, width: number, height: number): Uint8Array {
  const out = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    const sy = Math.min(image.height - 1, Math.floor((y * image.height) / height));
    for (let x = 0; x < width; x++) {
      const sx = Math.min(image.width - 1, Math.floor((x * image.width) / width));
      const si = (sy * image.width + sx) * image.channels;
      const di = (y * width + x) * 4;
      out[di] = image.pixels[si] ?? 0;
      out[di + 1] = image.pixels[si + 1] ?? 0;
      out[di + 2] = image.pixels[si + 2] ?? 0;
      out[di + 3] = image.channels === 4 ? (image.pixels[si + 3] ?? 255) : 255;
    }
  }
  return out;
}

function inputPng(job: GenerationJob, key = 'image'): RasterImage | null {
  const image = job.images?.[key];
  return image ? decodePng(image.bytes) : null;
}

function capSize(width: number, height: number) {
  const scale = Math.min(1, MAX_SIDE / Math.max(width, height));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/** A visible, deterministic transformation of an input picture, per tool. */
function transformImage(job: GenerationJob, source: RasterImage, seed: Buffer): Uint8Array {
  const { width, height } = capSize(source.width, source.height);
  const pixels = toRgba(source, width, height);
  const key = job.tool.key;
  if (key === 'restore-image') {
    // "Restoration": stretch the contrast to the full range and warm it slightly.
    let lo = 255;
    let hi = 0;
    for (let i = 0; i < pixels.length; i += 4) {
      const l = ((pixels[i] ?? 0) + (pixels[i + 1] ?? 0) + (pixels[i + 2] ?? 0)) / 3;
      lo = Math.min(lo, l);
      hi = Math.max(hi, l);
    }
    const span = Math.max(1, hi - lo);
    for (let i = 0; i < pixels.length; i += 4) {
      for (let c = 0; c < 3; c++) {
        pixels[i + c] = clamp((((pixels[i + c] ?? 0) - lo) * 255) / span + (c === 0 ? 6 : 0), 0, 255);
      }
    }
    return encodePng({ width, height, channels: 4, pixels });
  }
  // Image to image and person to person: blend the prompt's artwork over the picture.
  const art = renderArt(seed, width, height);
  const strength = clamp(num(job.input['prompt_strength']) ?? 0.5, 0, 1) * 0.6;
  for (let i = 0; i < pixels.length; i += 4) {
    for (let c = 0; c < 3; c++) {
      const p = pixels[i + c] ?? 0;
      pixels[i + c] = Math.round(p + ((art[i + c] ?? 0) - p) * strength);
    }
  }
  return encodePng({ width, height, channels: 4, pixels });
}

function makeImage(job: GenerationJob, seed: Buffer): OutputFile {
  // Text to image ignores any image; the other image tools transform the one they get.
  const source = job.tool.key === 'text-to-image' ? null : inputPng(job);
  let bytes: Uint8Array;
  if (source) {
    bytes = transformImage(job, source, seed);
  } else {
    const { width, height } = imageSize(job.input);
    bytes = encodePng({ width, height, channels: 4, pixels: renderArt(seed, width, height) });
  }
  return { bytes, contentType: 'image/png', ext: 'png' };
}

// ---------- audio ----------

const SCALES = [
  [0, 2, 4, 7, 9], // major pentatonic
  [0, 3, 5, 7, 10], // minor pentatonic
  [0, 2, 4, 5, 7, 9, 11], // major
  [0, 2, 3, 5, 7, 8, 10], // natural minor
];

function audioSeconds(job: GenerationJob, fallback: number): number {
  return clamp(num(job.input['duration']) ?? fallback, 1, MAX_AUDIO_SECONDS);
}

function music(seed: Buffer, seconds: number): Float32Array {
  const random = rng(seed.readUInt32LE(4));
  const scale = SCALES[Math.floor(random() * SCALES.length)] ?? [0, 2, 4, 7, 9];
  const root = 196 * 2 ** (Math.floor(random() * 7) / 12); // around G3
  const beat = 0.2 + random() * 0.2;
  const out = new Float32Array(Math.floor(seconds * SAMPLE_RATE));
  const beatSamples = Math.floor(beat * SAMPLE_RATE);
  let step = Math.floor(random() * scale.length);
  for (let start = 0, n = 0; start < out.length; start += beatSamples, n++) {
    step = clamp(step + Math.floor(random() * 5) - 2, 0, scale.length * 2 - 1);
    const degree = scale[step % scale.length] ?? 0;
    const freq = root * 2 ** ((degree + 12 * Math.floor(step / scale.length)) / 12);
    const bass = (root / 2) * 2 ** ((scale[(n >> 2) % scale.length] ?? 0) / 12);
    for (let i = 0; i < beatSamples && start + i < out.length; i++) {
      const t = i / SAMPLE_RATE;
      const env = Math.min(1, i / 200) * Math.exp(-t * 3.5);
      const s =
        0.45 * Math.sin(2 * Math.PI * freq * t) * env +
        0.12 * Math.sin(4 * Math.PI * freq * t) * env +
        0.2 * Math.sin(2 * Math.PI * bass * ((start + i) / SAMPLE_RATE));
      out[start + i] = s * 0.8;
    }
  }
  fadeOut(out);
  return out;
}

function sound(seed: Buffer, seconds: number): Float32Array {
  const random = rng(seed.readUInt32LE(8));
  const out = new Float32Array(Math.floor(seconds * SAMPLE_RATE));
  // Low-passed noise with a slow swell and a few bursts: wind, rain, rumble, depending on seed.
  const smoothing = 0.02 + random() * 0.4;
  const swell = 0.1 + random() * 0.6;
  const bursts = Array.from({ length: 1 + Math.floor(random() * 5) }, () => random() * seconds);
  let last = 0;
  for (let i = 0; i < out.length; i++) {
    const t = i / SAMPLE_RATE;
    last += (random() * 2 - 1 - last) * smoothing;
    let env = 0.5 + 0.4 * Math.sin(2 * Math.PI * swell * t);
    for (const b of bursts) if (t >= b) env += 0.8 * Math.exp(-(t - b) * 6);
    out[i] = clamp(last * env * 1.5, -1, 1);
  }
  fadeOut(out);
  return out;
}

function voice(seed: Buffer, words: string): Float32Array {
  const random = rng(seed.readUInt32LE(12));
  const letters = (words || 'Hello from Atelier').replace(/\s+/g, ' ').slice(0, 200);
  const syllable = 0.09;
  const seconds = clamp(letters.length * syllable + 0.3, 1, MAX_AUDIO_SECONDS);
  const out = new Float32Array(Math.floor(seconds * SAMPLE_RATE));
  const base = 110 + random() * 110;
  const per = Math.floor(syllable * SAMPLE_RATE);
  for (let n = 0; n < letters.length && (n + 1) * per <= out.length; n++) {
    const ch = letters.charCodeAt(n);
    if (letters[n] === ' ') continue; // a pause between words
    const pitch = base * (1 + ((ch % 12) - 6) / 40);
    const formant = 500 + (ch % 26) * 60;
    for (let i = 0; i < per; i++) {
      const t = i / SAMPLE_RATE;
      const env = Math.sin((Math.PI * i) / per);
      out[n * per + i] =
        0.35 * env * Math.sin(2 * Math.PI * pitch * t) +
        0.15 * env * Math.sin(2 * Math.PI * formant * t) * Math.sin(2 * Math.PI * pitch * t);
    }
  }
  return out;
}

function fadeOut(samples: Float32Array): void {
  const n = Math.min(samples.length, Math.floor(SAMPLE_RATE * 0.05));
  for (let i = 0; i < n; i++) {
    const k = samples.length - 1 - i;
    samples[k] = (samples[k] ?? 0) * (i / n);
  }
}

function makeAudio(job: GenerationJob, seed: Buffer): OutputFile {
  let samples: Float32Array;
  if (job.tool.endpoint === '/api/generate/voice') {
    samples = voice(seed, text(job.input['prompt']) || text(job.input['text']));
  } else if (job.tool.endpoint === '/api/generate/sound') {
    samples = sound(seed, audioSeconds(job, 5));
  } else {
    samples = music(seed, audioSeconds(job, 8));
  }
  return { bytes: encodeWav(samples, SAMPLE_RATE), contentType: 'audio/wav', ext: 'wav' };
}

// ---------- video ----------

async function makeVideo(job: GenerationJob, seed: Buffer, signal: AbortSignal): Promise<OutputFile> {
  const source = inputPng(job);
  const landscape = source ? source.width >= source.height : true;
  const width = landscape ? 256 : 144;
  const height = landscape ? 144 : 256;
  const fps = 10;
  const requested =
    num(job.input['length']) ?? ((num(job.input['num_frames']) ?? 0) / (num(job.input['fps']) || 1) || 3);
  const frameCount = Math.round(clamp(requested, 1, 4) * fps);
  const scene = artScene(seed);
  const still = source ? toRgba(source, width, height) : null;
  const bytes = await encodeMp4({
    width,
    height,
    frameRate: fps,
    frameCount,
    signal,
    drawFrame: (index, rgba) => {
      const phase = (index / frameCount) * Math.PI * 2;
      if (!still) {
        renderArtInto(scene, width, height, phase, rgba);
        return;
      }
      // A slow zoom into the still image (a "Ken Burns" move).
      const zoom = 1 + 0.15 * (index / frameCount);
      for (let y = 0; y < height; y++) {
        const sy = Math.floor(height / 2 + (y - height / 2) / zoom);
        for (let x = 0; x < width; x++) {
          const sx = Math.floor(width / 2 + (x - width / 2) / zoom);
          const si = (sy * width + sx) * 4;
          const di = (y * width + x) * 4;
          rgba[di] = still[si] ?? 0;
          rgba[di + 1] = still[si + 1] ?? 0;
          rgba[di + 2] = still[si + 2] ?? 0;
          rgba[di + 3] = 255;
        }
      }
    },
  });
  return { bytes, contentType: 'video/mp4', ext: 'mp4' };
}

// ---------- 3D ----------

function makeModel(seed: Buffer): OutputFile {
  const random = rng(seed.readUInt32LE(16));
  const lobes = 2 + Math.floor(random() * 5);
  const depth = 0.1 + random() * 0.25;
  const twist = random() * Math.PI;
  const hue = random();
  const mesh = makeBlobMesh(
    24,
    (lat, lon) => 1 + depth * Math.sin(lobes * lon + twist) * Math.sin(lat) ** 2 + 0.05 * Math.cos(lobes * lat),
    (lat, lon) => {
      const [r, g, b] = hsl((hue + lat / Math.PI / 3 + 0.05 * Math.sin(lon * lobes)) % 1, 0.6, 0.5);
      return [r / 255, g / 255, b / 255];
    },
  );
  return { bytes: encodeGlb(mesh), contentType: 'model/gltf-binary', ext: 'glb' };
}

// ---------- text and code ----------

function oneLine(value: string, max = 300): string {
  // Control characters and line breaks removed, so the text is safe in comments and literals.
  return value
    .replace(/\p{Cc}|[\u2028\u2029]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max);
}

function writeText(job: GenerationJob, seed: Buffer): string {
  const prompt = text(job.input['prompt']);
  if (job.tool.endpoint === '/api/generate/image-to-text') {
    const image = job.images?.['image'];
    const png = image ? decodePng(image.bytes) : null;
    let description = 'No readable image was received.';
    if (png) {
      let r = 0;
      let g = 0;
      let b = 0;
      const n = png.width * png.height;
      for (let i = 0; i < n; i++) {
        r += png.pixels[i * png.channels] ?? 0;
        g += png.pixels[i * png.channels + 1] ?? 0;
        b += png.pixels[i * png.channels + 2] ?? 0;
      }
      const avg = [r, g, b].map((c) => Math.round(c / n));
      description = `A ${png.width} × ${png.height} pixel PNG image; its average colour is rgb(${avg.join(', ')}).`;
    } else if (image) {
      description = `An image of ${image.bytes.length} bytes (${image.contentType}).`;
    }
    return `${OFFLINE_NOTICE}\n\nNo text was read from the image: the offline preview model cannot see.\n${description}\n`;
  }
  const random = rng(seed.readUInt32LE(20));
  const topic = oneLine(prompt, 200) || 'your idea';
  const openings = [
    `Here is a first draft about “${topic}”.`,
    `A short piece on “${topic}”.`,
    `Some thoughts to start from, on “${topic}”.`,
  ];
  const middles = [
    'Start with the reader: say what they gain in the first sentence, then show it with one concrete example.',
    'Keep the structure simple: one idea per paragraph, short sentences, and a clear ending that tells the reader what to do next.',
    'Ground it in detail: a name, a place, a number. Specifics make a text feel true.',
    'Read it aloud once before publishing; anything that makes you stumble will make your reader stumble too.',
  ];
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  return [
    OFFLINE_NOTICE,
    '',
    pick(openings),
    '',
    pick(middles),
    '',
    `Configure OPENAI_API_KEY on the server to have a real language model write about “${topic}”.`,
    '',
  ].join('\n');
}

interface Lang {
  readonly comment: string;
  readonly render: (literal: string) => string;
}

const LANGUAGES: Record<string, Lang> = {
  typescript: {
    comment: '//',
    render: (s) =>
      `export function main(): void {\n  const request: string = ${s};\n  console.log(\`Preview for: \${request}\`);\n}\n\nmain();\n`,
  },
  javascript: {
    comment: '//',
    render: (s) =>
      `function main() {\n  const request = ${s};\n  console.log(\`Preview for: \${request}\`);\n}\n\nmain();\n`,
  },
  python: {
    comment: '#',
    render: (s) =>
      `def main() -> None:\n    request = ${s}\n    print(f"Preview for: {request}")\n\n\nif __name__ == "__main__":\n    main()\n`,
  },
  go: {
    comment: '//',
    render: (s) =>
      `package main\n\nimport "fmt"\n\nfunc main() {\n\trequest := ${s}\n\tfmt.Println("Preview for: " + request)\n}\n`,
  },
  rust: {
    comment: '//',
    render: (s) => `fn main() {\n    let request = ${s};\n    println!("Preview for: {}", request);\n}\n`,
  },
  java: {
    comment: '//',
    render: (s) =>
      `public class Main {\n    public static void main(String[] args) {\n        String request = ${s};\n        System.out.println("Preview for: " + request);\n    }\n}\n`,
  },
};

const LANGUAGE_ALIASES: Record<string, string> = {
  ts: 'typescript',
  js: 'javascript',
  node: 'javascript',
  py: 'python',
  golang: 'go',
  rs: 'rust',
};

function writeCode(job: GenerationJob): string {
  const asked = text(job.input['language']).toLowerCase();
  const name = LANGUAGE_ALIASES[asked] ?? (asked in LANGUAGES ? asked : 'typescript');
  const lang = LANGUAGES[name] ?? (LANGUAGES['typescript'] as Lang);
  const prompt = oneLine(text(job.input['prompt'])) || 'a small example';
  // Only `"` and `\` remain to escape after oneLine, which every listed language writes alike.
  const literal = `"${prompt.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
  return [
    `${lang.comment} Offline preview output (${name}): written by the offline preview model, not an AI service.`,
    `${lang.comment} Request: ${prompt}`,
    `${lang.comment} Configure OPENAI_API_KEY on the server for real code generation.`,
    '',
    lang.render(literal),
  ].join('\n');
}

// ---------- the provider ----------

function delay(ms: number, signal: AbortSignal): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason instanceof Error ? signal.reason : new Error('Aborted'));
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

async function produce(job: GenerationJob, signal: AbortSignal): Promise<ProviderResult['output']> {
  const seed = jobSeed(job);
  const tool: Tool = job.tool;
  switch (tool.output) {
    case 'image':
      return { kind: 'files', files: [makeImage(job, seed)] };
    case 'audio':
      return { kind: 'files', files: [makeAudio(job, seed)] };
    case 'video':
      return { kind: 'files', files: [await makeVideo(job, seed, signal)] };
    case 'model3d':
      return { kind: 'files', files: [makeModel(seed)] };
    case 'code':
      return { kind: 'text', text: writeCode(job) };
    case 'text':
      return { kind: 'text', text: writeText(job, seed) };
  }
}

export function createLocalProvider(options: LocalProviderOptions = {}): GenerationProvider {
  const latencyMs = Math.max(0, options.latencyMs ?? 0);
  return {
    name: 'local',
    async run(job, signal) {
      signal.throwIfAborted();
      await delay(latencyMs, signal);
      const output = await produce(job, signal);
      signal.throwIfAborted();
      return { output, model: OFFLINE_MODEL };
    },
  };
}
