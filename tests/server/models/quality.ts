/** Picture quality figures for the offline models' tests: PSNR (dB) and SSIM (ssim.js) against an original. */
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { ssim } from 'ssim.js';

export const photoDir = path.resolve(import.meta.dirname, '../../fixtures/photos');
export const photos = ['astronaut.png', 'camera.png', 'chelsea.png', 'coffee.png', 'rocket.jpg'];

export interface Raw {
  readonly data: Uint8Array;
  readonly width: number;
  readonly height: number;
}

/** The middle 256 × 256 of a photo as raw sRGB (small enough for seconds of model time, even so it halves). */
export async function original(file: string): Promise<Raw> {
  const meta = await sharp(path.join(photoDir, file)).metadata();
  const side = 256;
  const left = Math.floor(((meta.width ?? side) - side) / 2);
  const top = Math.floor(((meta.height ?? side) - side) / 2);
  return raw(sharp(path.join(photoDir, file)).extract({ left, top, width: side, height: side }));
}

export async function raw(image: Sharp): Promise<Raw> {
  const { data, info } = await image.removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data), width: info.width, height: info.height };
}

export const fromRaw = (image: Raw) =>
  sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } });

/** The picture downscaled 2× (area average), the input of the restoration. */
export const halve = (image: Raw) => raw(fromRaw(image).resize(image.width / 2, image.height / 2, { kernel: 'cubic' }));

export function psnr(a: Raw, b: Raw): number {
  let sum = 0;
  for (let i = 0; i < a.data.length; i++) sum += (a.data[i]! - b.data[i]!) ** 2;
  const mse = sum / a.data.length;
  return 10 * Math.log10((255 * 255) / mse);
}

export function structural(a: Raw, b: Raw): number {
  const rgba = (image: Raw) => {
    const out = new Uint8ClampedArray(image.width * image.height * 4);
    for (let p = 0; p < image.width * image.height; p++) {
      out.set(image.data.subarray(p * 3, p * 3 + 3), p * 4);
      out[p * 4 + 3] = 255;
    }
    return { data: out, width: image.width, height: image.height, colorSpace: 'srgb' as const };
  };
  return ssim(rgba(a), rgba(b), { downsample: false }).mssim;
}

export const mean = (values: number[]) => values.reduce((s, v) => s + v, 0) / values.length;
