/**
 * The built SPA's files as the server answers them: which file a path names (a prerendered page, a
 * static file, or nothing), and each file's bytes with its gzip and brotli forms. The compressed forms
 * come from the .br/.gz files written at build time (vite.config.ts) when they are there and up to
 * date, else they are made once on first use; either way they are kept in memory, keyed on the file's
 * size and mtime, so a request costs one stat.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export const staticTypes: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.map': 'application/json',
  '.wasm': 'application/wasm',
};

/** Text formats worth compressing (images, fonts and wasm are compressed already or rarely fetched). */
export const compressibleExtensions: ReadonlySet<string> = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.svg',
  '.webmanifest',
  '.txt',
  '.xml',
  '.map',
]);
/** Below this a compressed answer saves less than its headers cost. */
export const minCompressBytes = 512;

export type Encoding = 'br' | 'gzip';
type Bytes = Uint8Array<ArrayBuffer>;

export interface StaticFile {
  readonly file: string;
  readonly type: string;
  readonly body: Bytes;
  readonly br?: Bytes;
  readonly gzip?: Bytes;
}

/** The encoding to answer with, from Accept-Encoding (brotli first; `;q=0` refuses). */
export function pickEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((x) => x !== undefined);
    if (q === undefined || Number(q) > 0) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

/** A path segment that may name a file: no separators, no dot-only names, no control characters. */
const safeSegment = /^(?!\.{1,2}$)[\w.~@+-]+$/;

/** The file under `root` that `urlPath` names, or undefined when the path could leave it. */
function within(root: string, segments: readonly string[]): string | undefined {
  if (!segments.every((s) => safeSegment.test(s))) return undefined;
  const file = path.resolve(root, ...segments);
  return file.startsWith(root + path.sep) ? file : undefined;
}

function segmentsOf(urlPath: string): string[] | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\\') || decoded.includes('\0')) return undefined;
  return decoded.split('/').filter((s) => s !== '');
}

/** True for a path that names a file (an extension on its last segment) or anything under /assets/. */
export function looksLikeFile(urlPath: string): boolean {
  return urlPath.startsWith('/assets/') || /\.[^/]*$/.test(urlPath.slice(urlPath.lastIndexOf('/') + 1));
}

/** The static file a file-like path names under `root` (dist/), if it is inside and exists. */
export function assetPath(root: string, urlPath: string): string | undefined {
  const segments = segmentsOf(urlPath);
  return segments && segments.length > 0 ? within(root, segments) : undefined;
}

/**
 * The prerendered page of an app path: `/` → pages/index.html, `/all-tools` → pages/all-tools.html,
 * `/tools/x` → pages/tools/x.html. Undefined when the path is not a plain one.
 */
export function prerenderedPath(root: string, urlPath: string): string | undefined {
  const segments = segmentsOf(urlPath);
  if (!segments) return undefined;
  if (segments.length === 0) return within(root, ['pages', 'index.html']);
  const last = segments[segments.length - 1]!;
  return within(root, ['pages', ...segments.slice(0, -1), `${last}.html`]);
}

async function compressedForm(file: string, encoding: Encoding, body: Bytes, mtimeMs: number): Promise<Bytes> {
  const suffix = encoding === 'br' ? '.br' : '.gz';
  try {
    const stat = await fs.stat(file + suffix);
    if (stat.isFile() && stat.mtimeMs >= mtimeMs) return new Uint8Array(await fs.readFile(file + suffix));
  } catch {
    // Not precompressed: made here once.
  }
  return new Uint8Array(
    encoding === 'br'
      ? await brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
      : await gzip(body, { level: 9 }),
  );
}

export interface StaticFiles {
  /** The file with its compressed forms, or undefined when it is not a regular file. */
  read(file: string): Promise<StaticFile | undefined>;
}

export function createStaticFiles(): StaticFiles {
  const cache = new Map<string, { key: string; value: Promise<StaticFile> }>();
  return {
    async read(file) {
      let stat;
      try {
        stat = await fs.stat(file);
      } catch {
        return undefined;
      }
      if (!stat.isFile()) return undefined;
      const key = `${stat.size}:${stat.mtimeMs}`;
      const hit = cache.get(file);
      if (hit?.key === key) return hit.value;
      const value = (async (): Promise<StaticFile> => {
        const ext = path.extname(file);
        const body = new Uint8Array(await fs.readFile(file));
        const type = staticTypes[ext] ?? 'application/octet-stream';
        if (!compressibleExtensions.has(ext) || body.byteLength < minCompressBytes) return { file, type, body };
        const [br, gz] = await Promise.all([
          compressedForm(file, 'br', body, stat.mtimeMs),
          compressedForm(file, 'gzip', body, stat.mtimeMs),
        ]);
        return { file, type, body, br, gzip: gz };
      })();
      cache.set(file, { key, value });
      value.catch(() => cache.delete(file));
      return value;
    },
  };
}
