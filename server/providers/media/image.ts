/**
 * Offline images with sharp (libvips): every decode, encode and resize goes through it, and every
 * decode of an uploaded picture is capped by MAX_INPUT_PIXELS (a small PNG can claim gigapixels).
 * Runs inside the worker pool (server/workers/tasks.ts), never on the server's event loop.
 */
import sharp, { type Metadata, type OverlayOptions, type Sharp } from 'sharp';
import { TaskUserError, type TaskContext } from '../../workers/context';
import { clamp, cssColor, hsl, rngAt } from './seed';

/** Largest picture decoded (width × height): 50 megapixels, above any phone camera's output. */
export const MAX_INPUT_PIXELS = 50_000_000;
/** Longest side of any picture the offline model writes. */
export const MAX_OUTPUT_SIDE = 2048;

export const OFFLINE_LABEL = 'Offline preview model';
/** The band under an offline picture that carries its label: near-black, white text (contrast above 15:1). */
export const BAND_COLOR = '#141414';
/**
 * The band's height: a 14th of the shorter side (its words stay legible when a phone shows the picture a third
 * of its size), at least 16 px and at most 80, never more than a quarter of the height.
 */
export const bandHeight = (width: number, height: number): number =>
  Math.min(Math.floor(height / 4), clamp(Math.round(Math.min(width, height) / 14), 16, 80));

/** Opens untrusted image bytes with the pixel cap, EXIF orientation applied. */
export function openImage(bytes: Uint8Array): Sharp {
  return sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
}

/** Size of an uploaded picture after orientation (header only), or a user-facing error. */
export async function readSize(bytes: Uint8Array): Promise<{ width: number; height: number }> {
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch (error) {
    throw unreadable(error);
  }
  const { width = 0, height = 0 } = meta;
  if (width < 1 || height < 1) throw unreadable(undefined);
  if (width * height > MAX_INPUT_PIXELS) throw unreadable(new Error('pixel limit'));
  const turned = (meta.orientation ?? 1) >= 5;
  return turned ? { width: height, height: width } : { width, height };
}

function unreadable(error: unknown): TaskUserError {
  const detail = error instanceof Error && /pixel limit/i.test(error.message) ? ' (it is too large)' : '';
  return new TaskUserError(`The uploaded image could not be read${detail}. Please upload a PNG, JPEG or WebP picture.`);
}

export const xmlEscape = (s: string) =>
  s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

/** Greedy word wrap by an estimated glyph width (0.56 em for a sans face). */
export function wrap(text: string, fontSize: number, width: number, maxLines: number): string[] {
  const perLine = Math.max(4, Math.floor(width / (fontSize * 0.56)));
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const piece = word.length > perLine ? `${word.slice(0, perLine - 1)}…` : word;
    if (line && line.length + 1 + piece.length > perLine) {
      lines.push(line);
      line = piece;
    } else line = line ? `${line} ${piece}` : piece;
    if (lines.length === maxLines) break;
  }
  if (line && lines.length < maxLines) lines.push(line);
  if (lines.length === maxLines && text.length > lines.join(' ').length + 1) {
    lines[maxLines - 1] = `${lines[maxLines - 1]!.replace(/…?$/, '')}…`;
  }
  return lines;
}

const FONT = 'DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif';

export interface SceneOptions {
  readonly width: number;
  readonly height: number;
  readonly seed: Uint8Array;
  /** 0..1: animates the discs and the gradient (video frames). */
  readonly phase?: number;
  readonly prompt: string;
  /** 'art': prompt as a caption; 'ad': prompt as a large headline with a call to action. */
  readonly style: 'art' | 'ad';
  readonly label?: string;
}

/** The offline model's picture of a prompt, as SVG: gradient, soft discs, the prompt, a label. */
export function sceneSvg(o: SceneOptions): string {
  const { width: w, height: h } = o;
  const random = rngAt(o.seed, 0);
  const phase = (o.phase ?? 0) * Math.PI * 2;
  const hue = random();
  const from = cssColor(hsl(hue, 0.55, 0.22));
  const to = cssColor(hsl((hue + 0.3 + random() * 0.2) % 1, 0.6, 0.55));
  const angle = random() * 360 + (o.phase ?? 0) * 90;
  const m = Math.min(w, h);
  const discs = Array.from({ length: 5 + Math.floor(random() * 4) }, () => {
    const x = random();
    const y = random();
    const r = 0.08 + random() * 0.3;
    const color = cssColor(hsl((hue + random() * 0.5) % 1, 0.65 + random() * 0.3, 0.45 + random() * 0.3));
    const cx = (x + Math.sin(phase + r * 9) * 0.06) * w;
    const cy = (y + Math.cos(phase + x * 7) * 0.06) * h;
    return `<circle cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" r="${(r * m).toFixed(1)}" fill="${color}" fill-opacity="0.75"/>`;
  }).join('');
  // The label is a readable band below the picture (BAND_COLOR), never written over it: the picture is the rest.
  const band = bandHeight(w, h);
  const picture = h - band;
  const prompt = o.prompt.replace(/\s+/g, ' ').trim() || 'Untitled';
  let words = '';
  if (o.style === 'ad') {
    const size = clamp(Math.round(m / 9), 12, 120);
    const lines = wrap(prompt, size, w * 0.84, 3);
    const top = h * 0.38 - ((lines.length - 1) * size * 1.15) / 2;
    words =
      lines
        .map(
          (l, i) =>
            `<text x="${w / 2}" y="${(top + i * size * 1.15).toFixed(1)}" text-anchor="middle" font-size="${size}" font-weight="bold" fill="#fff" stroke="#000" stroke-opacity="0.35" stroke-width="${Math.max(1, size / 24).toFixed(1)}">${xmlEscape(l)}</text>`,
        )
        .join('') +
      (() => {
        const cta = 'Discover more';
        const font = size * 0.6;
        const bw = Math.min(w * 0.9, cta.length * font * 0.68 + font * 2);
        return (
          `<rect x="${((w - bw) / 2).toFixed(1)}" y="${(h * 0.68).toFixed(1)}" width="${bw.toFixed(1)}" height="${(size * 1.3).toFixed(1)}" rx="${(size * 0.3).toFixed(1)}" fill="#fff" fill-opacity="0.92"/>` +
          `<text x="${w / 2}" y="${(h * 0.68 + size * 0.87).toFixed(1)}" text-anchor="middle" font-size="${font.toFixed(1)}" font-weight="bold" fill="${from}">${cta}</text>`
        );
      })();
  } else {
    const size = clamp(Math.round(m / 22), 9, 48);
    const lines = wrap(prompt, size, w * 0.9, 2);
    words = lines
      .map(
        (l, i) =>
          `<text x="${w * 0.05}" y="${(picture - size * (lines.length - i + 0.9)).toFixed(1)}" font-size="${size}" fill="#fff" fill-opacity="0.9">${xmlEscape(l)}</text>`,
      )
      .join('');
  }
  const labelSize = Math.max(8, Math.round(band * 0.46));
  const label =
    `<rect y="${picture}" width="${w}" height="${band}" fill="${BAND_COLOR}"/>` +
    `<text x="${w / 2}" y="${(picture + band / 2 + labelSize * 0.36).toFixed(1)}" text-anchor="middle" font-size="${labelSize}" fill="#fff">${xmlEscape(o.label ?? OFFLINE_LABEL)}</text>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" font-family="${FONT}">` +
    `<defs><linearGradient id="g" gradientTransform="rotate(${angle.toFixed(1)} 0.5 0.5)"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>` +
    `<filter id="soft"><feGaussianBlur stdDeviation="${(m / 40).toFixed(1)}"/></filter></defs>` +
    `<rect width="${w}" height="${h}" fill="url(#g)"/><g filter="url(#soft)">${discs}</g>${words}${label}</svg>`
  );
}

/** Renders the scene to PNG bytes (or raw RGB for video frames). */
export async function renderScene(o: SceneOptions): Promise<Uint8Array> {
  return new Uint8Array(
    await sharp(Buffer.from(sceneSvg(o)))
      .png()
      .toBuffer(),
  );
}

export async function renderSceneRgb(o: SceneOptions): Promise<Buffer> {
  return sharp(Buffer.from(sceneSvg(o)))
    .removeAlpha()
    .raw()
    .toBuffer();
}

// ---------- transformations of an uploaded picture ----------

export interface TransformInput {
  readonly tool: 'image-to-image' | 'restore-image' | 'person-to-person';
  readonly image: Uint8Array;
  readonly pose?: Uint8Array | undefined;
  readonly width?: number | undefined;
  readonly height?: number | undefined;
  readonly prompt: string;
  readonly seed: Uint8Array;
  /** image-to-image: how far the picture moves towards the prompt's colours (0..1). */
  readonly strength: number;
}

/** Fits (w, h) inside the longest-side cap, keeping even numbers ≥ 16. */
export function capSize(width: number, height: number, max = MAX_OUTPUT_SIDE) {
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(16, Math.round(width * scale)), height: Math.max(16, Math.round(height * scale)) };
}

export async function transformImage(input: TransformInput, ctx: TaskContext): Promise<Uint8Array> {
  const source = await readSize(input.image);
  ctx.throwIfCancelled();
  const random = rngAt(input.seed, 4);
  const hue = Math.round(random() * 360);
  const tint = hsl(hue / 360, 0.7, 0.55);
  try {
    if (input.tool === 'restore-image') {
      // Restoration: median denoise, normalise the levels, upscale 2× (within the cap), sharpen.
      const target = capSize(source.width * 2, source.height * 2);
      const out = await openImage(input.image)
        .median(3)
        .normalise()
        .resize(target.width, target.height, { kernel: 'lanczos3' })
        .sharpen({ sigma: 1 })
        .png()
        .toBuffer();
      return new Uint8Array(out);
    }
    const size =
      input.width && input.height ? capSize(input.width, input.height) : capSize(source.width, source.height, 1024);
    const base = openImage(input.image).resize(size.width, size.height, { fit: 'cover' });
    if (input.tool === 'image-to-image') {
      // Stylised by the prompt: hue turned, saturation raised, then a wash of the prompt's colour.
      const strength = clamp(input.strength, 0, 1);
      const wash = Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}"><rect width="100%" height="100%" fill="${cssColor(tint)}" fill-opacity="${(0.45 * strength).toFixed(2)}"/></svg>`,
      );
      const out = await base
        .modulate({ hue: Math.round(hue * strength), saturation: 1 + strength * 0.6 })
        .composite([{ input: wash, blend: 'soft-light' }])
        .png()
        .toBuffer();
      return new Uint8Array(out);
    }
    // Person to person: the main picture, warmed, with the pose picture laid over it when given.
    const layers: OverlayOptions[] = [];
    if (input.pose) {
      await readSize(input.pose);
      const pose = await openImage(input.pose)
        .resize(size.width, size.height, { fit: 'cover' })
        .greyscale()
        .png()
        .toBuffer();
      layers.push({ input: pose, blend: 'soft-light' });
    }
    const out = await base
      .modulate({ saturation: 1.15, brightness: 1.03 })
      .tint({ r: 255, g: 236, b: 220 })
      .composite(layers)
      .png()
      .toBuffer();
    return new Uint8Array(out);
  } catch (error) {
    if (error instanceof TaskUserError) throw error;
    throw unreadable(error);
  }
}

/** The dominant colour of a picture (0..1 RGB), for the 3D model's material. */
export async function dominantColor(bytes: Uint8Array): Promise<[number, number, number]> {
  try {
    const { dominant } = await openImage(bytes).resize(64, 64, { fit: 'inside' }).stats();
    return [dominant.r / 255, dominant.g / 255, dominant.b / 255];
  } catch (error) {
    throw unreadable(error);
  }
}
