/**
 * Files: uploads and outputs named randomly, kept by a FileStore (a folder under DATA_DIR by default, an
 * S3-compatible bucket when S3_BUCKET is set: storage-s3.ts), always served by us from /files/{kind}s/{name};
 * each one also a row of `files` (owner, content type). Decodes uploaded image data URLs.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import { and, asc, eq, inArray, lt, notExists, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { files, predictions } from '../db/schema';
import type { ModelSettings } from '../config';
import { HttpError } from '../errors';
import { moderateUpload } from './moderation';
import { userMessageOf } from '../workers/context';
import { PoolBusyError, type WorkerPool } from '../workers/pool';
import { imageTooLargeMessage as tooManyPixelsMessage } from '../workers/upload-checks';
import { MAX_INPUT_PIXELS } from '../providers/media/image';
import { claimedDimensions } from '../lib/image-header';
import { fileAddress } from '../../src/api/operations/addresses';

export type FileKind = 'upload' | 'output';

export interface StoredFile {
  /** The store's key, e.g. uploads/3f…e1.png (relative to DATA_DIR, or to the bucket's prefix). */
  readonly relPath: string;
  /** The URL path the server serves it at. */
  readonly url: string;
}

export interface FileStore {
  save(kind: FileKind, bytes: Uint8Array, ext: string): Promise<StoredFile>;
  read(relPath: string): Promise<Uint8Array | undefined>;
  remove(relPath: string): Promise<void>;
  /** Maps an URL (absolute or path) of this server to the stored path, or undefined. */
  relPathOfUrl(url: string, kind: FileKind): string | undefined;
  /** Lets go of what the store holds open (the S3 client's sockets); the local folder has nothing. */
  close?(): void;
}

const dirOf = (kind: FileKind) => (kind === 'upload' ? 'uploads' : 'outputs');
const nameRe = /^[a-f0-9]{32}\.[a-z0-9]{2,5}$/;

/** A new random name of that kind: its key in the store and the URL we serve it at. */
export function newStoredFile(kind: FileKind, ext: string): StoredFile {
  const dir = dirOf(kind);
  const name = `${crypto.randomBytes(16).toString('hex')}.${ext}`;
  return { relPath: `${dir}/${name}`, url: fileAddress(`${dir}/${name}`) };
}

/** Whether a key is one this server made (uploads|outputs/<32 hex>.<ext>): nothing else is read or removed. */
export function isStoredPath(relPath: string): boolean {
  const [dir, name, ...rest] = relPath.split('/');
  return rest.length === 0 && (dir === 'uploads' || dir === 'outputs') && name !== undefined && nameRe.test(name);
}

/**
 * Maps an URL (absolute on APP_URL's origin, or a path) of a stored file to its key, or undefined. A signed
 * address's query (?exp=…&sig=…, FILES-2) is not part of the key: what the answer signed is read by its key.
 */
export function relPathOfUrl(appUrl: string, url: string, kind: FileKind): string | undefined {
  let pathname = url.replace(/[?#].*$/s, '');
  if (/^https?:\/\//i.test(url)) {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return undefined;
    }
    if (parsed.origin !== new URL(appUrl).origin) return undefined;
    pathname = parsed.pathname;
  }
  const prefix = fileAddress(`${dirOf(kind)}/`);
  if (!pathname.startsWith(prefix)) return undefined;
  const name = pathname.slice(prefix.length);
  return nameRe.test(name) ? `${dirOf(kind)}/${name}` : undefined;
}

export function createFileStore(dataDir: string, appUrl: string): FileStore {
  return {
    async save(kind, bytes, ext) {
      const stored = newStoredFile(kind, ext);
      await fs.mkdir(path.join(dataDir, dirOf(kind)), { recursive: true });
      await fs.writeFile(path.join(dataDir, stored.relPath), bytes);
      return stored;
    },
    async read(relPath) {
      try {
        return new Uint8Array(await fs.readFile(path.join(dataDir, relPath)));
      } catch {
        return undefined;
      }
    },
    async remove(relPath) {
      await fs.rm(path.join(dataDir, relPath), { force: true });
    },
    relPathOfUrl: (url, kind) => relPathOfUrl(appUrl, url, kind),
  };
}

export interface SniffedImage {
  readonly contentType: string;
  readonly ext: string;
}

/** Recognises image bytes by their magic numbers; 'heic' for HEIC/HEIF (rejected with TOOL-15's text). */
export function sniffImage(b: Uint8Array): SniffedImage | 'heic' | undefined {
  const starts = (sig: number[], at = 0) => sig.every((x, i) => b[at + i] === x);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { contentType: 'image/png', ext: 'png' };
  if (starts([0xff, 0xd8, 0xff])) return { contentType: 'image/jpeg', ext: 'jpg' };
  if (starts([0x47, 0x49, 0x46, 0x38])) return { contentType: 'image/gif', ext: 'gif' };
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8))
    return { contentType: 'image/webp', ext: 'webp' };
  if (starts([0x42, 0x4d]) && b.length > 14) return { contentType: 'image/bmp', ext: 'bmp' };
  if (starts([0x66, 0x74, 0x79, 0x70], 4)) {
    const brand = String.fromCharCode(...b.slice(8, 12));
    if (['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1'].includes(brand)) return 'heic';
  }
  return undefined;
}

export const contentTypeByExt: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
  wav: 'audio/wav',
  mp3: 'audio/mpeg',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  gif2: 'image/gif',
  glb: 'model/gltf-binary',
  txt: 'text/plain; charset=utf-8',
};

export const MAX_IMAGE_BYTES = 15 * 1024 * 1024;
/** Videos for video editing: the same 15 MB decoded (the /api/* body limit of 22 MB lets it through as base64 JSON). */
export const MAX_VIDEO_BYTES = 15 * 1024 * 1024;
export const tooLargeMessage = 'Image is too large. Please choose a smaller image.';
export const videoTooLargeMessage = 'Video is too large. Please choose a video of at most 15 MB.';
export const heicMessage = 'This image format is not supported. Please take a new photo or choose a JPG/PNG image.';
export const busyMessage = 'The server is busy. Please try again in a moment.';

export const videoTypes = ['video/mp4', 'video/webm', 'video/quicktime'] as const;

export interface DecodedImage {
  readonly bytes: Uint8Array;
  readonly contentType: string;
  readonly ext: string;
}

export interface DataUrl {
  readonly bytes: Uint8Array;
  /** The declared media type, lower case ('' when none). */
  readonly mediaType: string;
}

/** Decodes a base64 data URL, refusing more than `maxBytes` before decoding it. */
export function decodeDataUrl(dataUrl: string, maxBytes: number, tooLarge: string, what = 'image'): DataUrl {
  const match = /^data:([\w.+-]+\/[\w.+-]+)?((?:;[\w-]+=[\w.+-]+)*);base64,/i.exec(dataUrl);
  if (!match) throw new HttpError(400, `The ${what} must be sent as a base64 data URL`);
  const base64 = dataUrl.slice(match[0].length).replace(/\s+/g, '');
  // Checked before decoding: 4 base64 characters carry 3 bytes.
  if (Math.floor((base64.length * 3) / 4) - 2 > maxBytes) throw new HttpError(413, tooLarge);
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(base64)) throw new HttpError(400, `The ${what} data is not valid base64`);
  const bytes = new Uint8Array(Buffer.from(base64, 'base64'));
  if (bytes.length > maxBytes) throw new HttpError(413, tooLarge);
  if (bytes.length === 0) throw new HttpError(400, `The ${what} is empty`);
  return { bytes, mediaType: (match[1] ?? '').toLowerCase() };
}

/** Whether a data URL declares a video type (it is then checked as a video, else as an image). */
export function isVideoDataUrl(dataUrl: string): boolean {
  return /^data:video\//i.test(dataUrl);
}

/**
 * Decodes an image data URL and proves it is one: sharp decodes every pixel in the worker pool,
 * capped at 50 megapixels. JPEG, PNG, WebP and GIF; HEIC/HEIF answer the spec's text.
 */
export async function decodeImageDataUrl(
  pool: WorkerPool,
  dataUrl: string,
  signal?: AbortSignal,
): Promise<DecodedImage> {
  const { bytes, mediaType } = decodeDataUrl(dataUrl, MAX_IMAGE_BYTES, tooLargeMessage);
  if (sniffImage(bytes) === 'heic' || /^image\/hei[cf]/.test(mediaType)) throw new HttpError(400, heicMessage);
  // A header claiming too many pixels is refused at once, before a worker is asked to decode it.
  const claimed = claimedDimensions(bytes);
  if (claimed && claimed.width * claimed.height > MAX_INPUT_PIXELS) throw new HttpError(400, tooManyPixelsMessage);
  const checked = await inPool(() => pool.run('upload.image', { bytes }, { signal }));
  return { bytes, contentType: checked.contentType, ext: checked.ext };
}

/** Decodes a video data URL (MP4, WebM, MOV; at most 15 MB) and probes it with ffmpeg in the worker pool. */
export async function decodeVideoDataUrl(
  pool: WorkerPool,
  dataUrl: string,
  signal?: AbortSignal,
): Promise<DecodedImage> {
  const { bytes, mediaType } = decodeDataUrl(dataUrl, MAX_VIDEO_BYTES, videoTooLargeMessage, 'video');
  if (!(videoTypes as readonly string[]).includes(mediaType))
    throw new HttpError(400, 'This video format is not supported. Please choose an MP4, WebM or MOV video.');
  const checked = await inPool(() => pool.run('upload.video', { bytes, declaredType: mediaType }, { signal }));
  return { bytes, contentType: checked.contentType, ext: checked.ext };
}

/** Runs a check in the pool: its user-facing failures are 400s, a full pool a 503. */
async function inPool<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const message = userMessageOf(error);
    if (message) throw new HttpError(400, message);
    if (error instanceof PoolBusyError) throw new HttpError(503, busyMessage);
    throw error;
  }
}

/** Stores bytes as the user's file of that kind; returns its URL path. */
export async function storeFile(
  db: Executor,
  store: FileStore,
  userId: string,
  kind: FileKind,
  file: { readonly bytes: Uint8Array; readonly contentType: string; readonly ext: string },
): Promise<string> {
  const stored = await store.save(kind, file.bytes, file.ext);
  await db.insert(files).values({ path: stored.relPath, userId, kind, contentType: file.contentType });
  return stored.url;
}

/** What storing an upload needs: the database, the file store and the instance's worker pool (the checks). */
export interface UploadDeps {
  readonly db: Executor;
  readonly files: FileStore;
  readonly pool: WorkerPool;
  /** MODERATION (MODEL-3): absent = off. */
  readonly config?: { readonly models: Pick<ModelSettings, 'moderation'> };
}

/**
 * Decodes an image data URL, checks it really is an image (and, with MODERATION=block, that it may be used:
 * MODEL-3) and stores it as the user's upload; returns its URL path.
 */
export async function storeUploadedImage(deps: UploadDeps, userId: string, dataUrl: string) {
  const image = await decodeImageDataUrl(deps.pool, dataUrl);
  const moderation = deps.config?.models.moderation;
  if (moderation) await inPool(() => moderateUpload(deps.pool, moderation, image.bytes));
  return storeFile(deps.db, deps.files, userId, 'upload', image);
}

/** Decodes a video data URL, probes it and stores it as the user's upload; returns its URL path. */
export async function storeUploadedVideo(deps: UploadDeps, userId: string, dataUrl: string) {
  return storeFile(deps.db, deps.files, userId, 'upload', await decodeVideoDataUrl(deps.pool, dataUrl));
}

/** /api/upload: an image or (declared video/*) a video data URL, checked and stored; returns its URL path. */
export async function storeUpload(deps: UploadDeps, userId: string, dataUrl: string) {
  return isVideoDataUrl(dataUrl)
    ? storeUploadedVideo(deps, userId, dataUrl)
    : storeUploadedImage(deps, userId, dataUrl);
}

/** The user's own upload behind one of our URLs, with its bytes; undefined when it is not theirs or gone. */
export async function readUpload(
  db: Executor,
  store: FileStore,
  userId: string,
  url: string,
): Promise<{ bytes: Uint8Array; contentType: string } | undefined> {
  const relPath = store.relPathOfUrl(url, 'upload');
  if (!relPath) return undefined;
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.path, relPath), eq(files.userId, userId)));
  const bytes = row ? await store.read(row.path) : undefined;
  return row && bytes ? { bytes, contentType: row.contentType } : undefined;
}

/** A stored file by its path under DATA_DIR (uploads/… or outputs/…), for serving: its bytes, type and owner. */
export async function readStoredFile(
  db: Executor,
  store: FileStore,
  relPath: string,
): Promise<{ bytes: Uint8Array; contentType: string; userId: string } | undefined> {
  if (!isStoredPath(relPath)) return undefined;
  const [row] = await db.select().from(files).where(eq(files.path, relPath));
  const bytes = row ? await store.read(row.path) : undefined;
  return row && bytes ? { bytes, contentType: row.contentType, userId: row.userId } : undefined;
}

/** Removes every file a user owns from the store (their rows go with the user). */
export async function removeUserFiles(db: Executor, store: FileStore, userId: string): Promise<void> {
  const owned = await db.select({ path: files.path }).from(files).where(eq(files.userId, userId));
  await Promise.all(owned.map((f) => store.remove(f.path)));
}

const SWEEP_BATCH = 200;

/**
 * Deletes uploads older than `maxAgeMs` that no run of their owner names in its input (a picture chosen
 * and never generated with), rows first, then the stored objects. Safe on every instance at once: each
 * batch is claimed by ONE statement (DELETE … WHERE path IN (SELECT … FOR UPDATE SKIP LOCKED) RETURNING),
 * so a row goes to exactly one sweeper, and only that one removes its object. Returns how many it removed.
 */
export async function sweepUnusedUploads(db: Executor, store: FileStore, now: Date, maxAgeMs: number): Promise<number> {
  const cutoff = new Date(now.getTime() - maxAgeMs);
  let removed = 0;
  for (;;) {
    // A run names its uploads by URL (relative or absolute) in `input`; the key (uploads/<random>.<ext>) is in either.
    const usedByARun = db
      .select({ id: predictions.id })
      .from(predictions)
      .where(and(eq(predictions.userId, files.userId), sql`strpos(${predictions.input}::text, ${files.path}) > 0`));
    const unused = db
      .select({ path: files.path })
      .from(files)
      .where(and(eq(files.kind, 'upload'), lt(files.createdAt, cutoff), notExists(usedByARun)))
      .orderBy(asc(files.createdAt))
      .limit(SWEEP_BATCH)
      .for('update', { skipLocked: true });
    const claimed = await db.delete(files).where(inArray(files.path, unused)).returning({ path: files.path });
    // After the rows: an object whose row is gone is never served, even if removing it fails here.
    await Promise.all(claimed.map((f) => store.remove(f.path)));
    removed += claimed.length;
    if (claimed.length < SWEEP_BATCH) return removed;
  }
}
