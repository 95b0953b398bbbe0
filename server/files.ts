/** Uploads and outputs on disk under DATA_DIR, named randomly, served from /files/{kind}s/{name}. */
import fs from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';

export type FileKind = 'upload' | 'output';

export interface StoredFile {
  /** Relative to DATA_DIR, e.g. uploads/3f…e1.png */
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
}

const dirOf = (kind: FileKind) => (kind === 'upload' ? 'uploads' : 'outputs');
const nameRe = /^[a-f0-9]{32}\.[a-z0-9]{2,5}$/;

export function createFileStore(dataDir: string, appUrl: string): FileStore {
  return {
    async save(kind, bytes, ext) {
      const dir = dirOf(kind);
      const name = `${crypto.randomBytes(16).toString('hex')}.${ext}`;
      await fs.mkdir(path.join(dataDir, dir), { recursive: true });
      await fs.writeFile(path.join(dataDir, dir, name), bytes);
      return { relPath: `${dir}/${name}`, url: `/files/${dir}/${name}` };
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
    relPathOfUrl(url, kind) {
      let pathname = url;
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
      const prefix = `/files/${dirOf(kind)}/`;
      if (!pathname.startsWith(prefix)) return undefined;
      const name = pathname.slice(prefix.length);
      return nameRe.test(name) ? `${dirOf(kind)}/${name}` : undefined;
    },
  };
}

export interface SniffedImage {
  readonly contentType: string;
  readonly ext: string;
}

/** Recognises image bytes by their magic numbers; 'heic' for HEIC/HEIF (rejected with the §5 text). */
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
  gif2: 'image/gif',
  glb: 'model/gltf-binary',
  txt: 'text/plain; charset=utf-8',
};
