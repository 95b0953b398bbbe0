/**
 * Restore Image offline: the classic clean-up (median denoise, levels normalised, by sharp), then a 2×
 * enlargement by ESRGAN-slim (@upscalerjs/esrgan-slim, its x2 weights shipped in the package) in tiles
 * of 160 px with 8 px of overlap (peak memory about 230 MB instead of 580 MB for a whole 256² picture,
 * and no seams). Above the pixel cap (RESTORE_MODEL_MAX_PIXELS) the classic enlargement is used instead,
 * and the result says so. Runs in a thread of the model pool.
 */
import path from 'node:path';
import sharp from 'sharp';
import { TaskUserError, type TaskContext } from '../../workers/context';
import { capSize, openImage, readSize } from './image';
import { packageDir, readArtifacts, tensorflow, type LayersModel, type Tensor } from './tf';

export const UPSCALE_MODEL = 'ESRGAN-slim 2× (offline model)';
export const CLASSIC_RESTORE = 'offline preview model (classic enlargement)';

const TILE = 160;
const OVERLAP = 8;

export interface RawImage {
  readonly data: Uint8Array;
  readonly width: number;
  readonly height: number;
}

let model: Promise<LayersModel> | undefined;

async function loadModel(): Promise<LayersModel> {
  const tf = await tensorflow();
  const file = path.join(packageDir('@upscalerjs/esrgan-slim'), 'models', 'x2', 'model.json');
  return tf.loadLayersModel(tf.io.fromMemory(readArtifacts(file)));
}

/** The ESRGAN-slim x2 model, loaded once per thread. */
export function upscaleModel(): Promise<LayersModel> {
  model ??= loadModel().catch((error: unknown) => {
    model = undefined;
    throw error;
  });
  return model;
}

/** The model step alone: an RGB picture enlarged 2× by ESRGAN-slim, tile by tile. */
export async function upscale2x(image: RawImage, ctx: TaskContext): Promise<RawImage> {
  const tf = await tensorflow();
  const net = await upscaleModel();
  const { width: w, height: h, data } = image;
  const out = new Uint8Array(w * 2 * h * 2 * 3);
  for (let y = 0; y < h; y += TILE) {
    for (let x = 0; x < w; x += TILE) {
      ctx.throwIfCancelled();
      // The tile with its overlap on every side that has a neighbour; only its core is kept.
      const x0 = Math.max(0, x - OVERLAP);
      const y0 = Math.max(0, y - OVERLAP);
      const x1 = Math.min(w, x + TILE + OVERLAP);
      const y1 = Math.min(h, y + TILE + OVERLAP);
      const tw = x1 - x0;
      const th = y1 - y0;
      const tile = new Float32Array(tw * th * 3);
      for (let row = 0; row < th; row++) {
        const from = ((y0 + row) * w + x0) * 3;
        for (let i = 0; i < tw * 3; i++) tile[row * tw * 3 + i] = data[from + i]!;
      }
      const result = tf.tidy(() => {
        const input = tf.tensor4d(tile, [1, th, tw, 3]);
        return (net.predict(input) as Tensor).clipByValue(0, 255);
      });
      const pixels = await result.data();
      result.dispose();
      const coreW = Math.min(TILE, w - x);
      const coreH = Math.min(TILE, h - y);
      const ox = (x - x0) * 2;
      const oy = (y - y0) * 2;
      for (let row = 0; row < coreH * 2; row++) {
        const src = ((oy + row) * tw * 2 + ox) * 3;
        const dst = ((y * 2 + row) * w * 2 + x * 2) * 3;
        for (let i = 0; i < coreW * 2 * 3; i++) out[dst + i] = Math.round(pixels[src + i]!);
      }
    }
  }
  return { data: out, width: w * 2, height: h * 2 };
}

export interface RestoreResult {
  readonly png: Uint8Array;
  /** What made the enlargement: the model, or the classic step with the reason. */
  readonly model: string;
}

/** Restore Image: clean-up, then ESRGAN-slim 2× (or the classic step above the cap), within the output cap. */
export async function restoreImage(
  input: { image: Uint8Array; maxModelPixels: number },
  ctx: TaskContext,
): Promise<RestoreResult> {
  const source = await readSize(input.image);
  const target = capSize(source.width * 2, source.height * 2);
  const cleaned = () => openImage(input.image).median(3).normalise().removeAlpha().toColourspace('srgb');
  if (source.width * source.height > input.maxModelPixels) {
    const png = await unreadableOnFailure(
      cleaned().resize(target.width, target.height, { kernel: 'lanczos3' }).sharpen({ sigma: 1 }).png().toBuffer(),
    );
    const cap = Number((input.maxModelPixels / 1e6).toFixed(2));
    return {
      png: new Uint8Array(png),
      model: `${CLASSIC_RESTORE}: the picture is larger than the ${cap} MP the offline model takes`,
    };
  }
  const { data, info } = await unreadableOnFailure(cleaned().raw().toBuffer({ resolveWithObject: true }));
  ctx.throwIfCancelled();
  const big = await upscale2x({ data, width: info.width, height: info.height }, ctx);
  let out = sharp(big.data, { raw: { width: big.width, height: big.height, channels: 3 } });
  if (big.width !== target.width || big.height !== target.height) out = out.resize(target.width, target.height);
  return { png: new Uint8Array(await out.png().toBuffer()), model: UPSCALE_MODEL };
}

/** A decode that fails (a damaged file past its header) is the user's to fix. */
async function unreadableOnFailure<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch {
    throw new TaskUserError('The uploaded image could not be read. Please upload a PNG, JPEG or WebP picture.');
  }
}
