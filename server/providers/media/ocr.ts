/**
 * Reads the text of a picture offline with tesseract.js and the English model shipped in the
 * @tesseract.js-data/eng package (no download: langPath is the package folder, no cache).
 * One tesseract worker per pool thread, started on first use and kept.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { createWorker, type Worker } from 'tesseract.js';
import type { TaskContext } from '../../workers/context';
import { openImage, readSize } from './image';

const require = createRequire(import.meta.url);
const langPath = path.join(path.dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');

let worker: Promise<Worker> | undefined;

function tesseract(): Promise<Worker> {
  worker ??= createWorker('eng', 1, { langPath, cacheMethod: 'none', gzip: true }).catch((error: unknown) => {
    worker = undefined;
    throw error;
  });
  return worker;
}

export async function readText(image: Uint8Array, ctx: TaskContext): Promise<string> {
  const { width, height } = await readSize(image);
  // Tesseract reads best with dark text on light ground at roughly 30 px letters: greyscale,
  // stretch the levels, enlarge small pictures and shrink huge ones.
  const scale =
    Math.max(width, height) < 1000 ? 2 : Math.max(width, height) > 3000 ? 3000 / Math.max(width, height) : 1;
  const prepared = await openImage(image)
    .resize(Math.round(width * scale), Math.round(height * scale))
    .greyscale()
    .normalise()
    .png()
    .toBuffer();
  ctx.throwIfCancelled();
  const ocr = await tesseract();
  const stop = ctx.onCancel(() => {
    // recognize() cannot be interrupted: drop the worker; the next task starts a fresh one.
    worker = undefined;
    void ocr.terminate();
  });
  try {
    const { data } = await ocr.recognize(prepared);
    ctx.throwIfCancelled();
    return data.text
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
      .join('\n');
  } finally {
    stop();
  }
}
