/**
 * A Vite plugin that writes `<file>.br` (brotli, best) and `<file>.gz` (gzip -9) beside every text file of
 * the build, so the server sends them without compressing per request (server/lib/static-files.ts). A
 * later step that adds pages (prerendering) may call `precompressDir` again; the server compresses
 * any file that lacks them on first use.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';
import { compressibleExtensions, minCompressBytes } from '../server/lib/static-files.ts';

export function precompressDir(dir: string): number {
  let count = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !compressibleExtensions.has(path.extname(entry.name))) continue;
    const file = path.join(entry.parentPath, entry.name);
    const body = fs.readFileSync(file);
    if (body.byteLength < minCompressBytes) continue;
    fs.writeFileSync(
      `${file}.br`,
      zlib.brotliCompressSync(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
        },
      }),
    );
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
    count++;
  }
  return count;
}

export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'atelier-precompress',
    // Builds only, and not the prerender's server build (scripts/prerender.ts).
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      precompressDir(outDir);
    },
  };
}
