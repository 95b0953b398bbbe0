/** POST /api/upload: a data URL of real image bytes → a URL of ours. Also decodes data URLs for generation. */
import { Hono } from 'hono';
import { UploadBody } from '../../src/api/schemas';
import { requireAuth } from '../auth';
import type { AppDeps, AppEnv } from '../context';
import { files } from '../db/schema';
import { HttpError } from '../errors';
import { sniffImage } from '../files';
import { readBody } from '../validate';

export const MAX_IMAGE_BYTES = 15 * 1024 * 1024;
export const tooLargeMessage = 'Image is too large. Please choose a smaller image.';
export const heicMessage = 'This image format is not supported. Please take a new photo or choose a JPG/PNG image.';

export interface DecodedImage {
  readonly bytes: Uint8Array;
  readonly contentType: string;
  readonly ext: string;
}

/** Decodes a base64 data URL and checks the bytes are an image we accept (PNG, JPEG, GIF, WebP, BMP). */
export function decodeImageDataUrl(dataUrl: string): DecodedImage {
  const match = /^data:([\w.+-]+\/[\w.+-]+)?((?:;[\w-]+=[\w.+-]+)*);base64,/i.exec(dataUrl);
  if (!match) throw new HttpError(400, 'The image must be sent as a base64 data URL');
  const base64 = dataUrl.slice(match[0].length).replace(/\s+/g, '');
  // Checked before decoding: 4 base64 characters carry 3 bytes.
  if (Math.floor((base64.length * 3) / 4) - 2 > MAX_IMAGE_BYTES) throw new HttpError(413, tooLargeMessage);
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(base64)) throw new HttpError(400, 'The image data is not valid base64');
  const bytes = new Uint8Array(Buffer.from(base64, 'base64'));
  if (bytes.length > MAX_IMAGE_BYTES) throw new HttpError(413, tooLargeMessage);
  if (bytes.length === 0) throw new HttpError(400, 'The image is empty');
  const kind = sniffImage(bytes);
  if (kind === 'heic' || /image\/hei[cf]/i.test(match[1] ?? '')) throw new HttpError(400, heicMessage);
  if (!kind) throw new HttpError(400, 'This file is not a supported image. Please choose a JPG or PNG image.');
  return { bytes, ...kind };
}

/** Stores decoded image bytes as the user's upload; returns its URL path. */
export async function storeUpload(deps: AppDeps, userId: string, image: DecodedImage): Promise<string> {
  const stored = await deps.files.save('upload', image.bytes, image.ext);
  await deps.db.insert(files).values({ path: stored.relPath, userId, kind: 'upload', contentType: image.contentType });
  return stored.url;
}

export const uploadRoutes = new Hono<AppEnv>().post('/', requireAuth, async (c) => {
  const body = await readBody(c, UploadBody);
  const url = await storeUpload(c.var.deps, c.var.userId, decodeImageDataUrl(body.image));
  return c.json({ url }, 201);
});
