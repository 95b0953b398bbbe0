/**
 * Thumbnails of creations (CREATIONS-15): made ONCE, when a run's output is stored (generation/launch.ts,
 * succeed), by the worker pool's `thumbnail` task, stored beside the output as another output file of the user
 * (a WebP of at most 384 px on its long side) and named with its size on the run's row (`predictions.thumb`).
 * Made at save time rather than on a first look: the job already holds the output's bytes and runs off the web
 * process, so listing My creations only reads rows and never decodes or waits for a picture, and every output
 * (the offline provider's too) has one from the moment it is listed. Text and code need none: the list carries a
 * snippet of the text. A thumbnail that cannot be made (a full pool, an unreadable output) leaves the run without
 * one: its tile shows the output itself, as before.
 */
import type { StoredThumb } from '../db/schema';
import type { Executor } from '../db/client';
import type { WorkerPool } from '../workers/pool';
import { storeFile, type FileStore } from './storage';

/** How many characters of a text or code output the list sends as its snippet. */
export const SNIPPET_CHARS = 240;

/** The first characters of a text output, whitespace folded, cut at a word with an ellipsis. */
export function snippetOf(text: string): string {
  const folded = text.replace(/\s+/g, ' ').trim();
  if (folded.length <= SNIPPET_CHARS) return folded;
  const cut = folded.slice(0, SNIPPET_CHARS);
  const space = cut.lastIndexOf(' ');
  return `${(space > SNIPPET_CHARS / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** What a stored output's type gives a thumbnail from, or undefined (3D, text, anything else). */
export function thumbKindOf(contentType: string): 'image' | 'video' | 'audio' | undefined {
  const [type] = contentType.split('/');
  return type === 'image' || type === 'video' || type === 'audio' ? type : undefined;
}

export interface ThumbDeps {
  readonly db: Executor;
  readonly files: FileStore;
  readonly pool: WorkerPool;
  readonly log: (line: string) => void;
}

/**
 * Makes and stores the thumbnail of a run's (first) output file, or undefined when its kind has none or it
 * could not be made (logged; the run still succeeds).
 */
export async function makeThumb(
  deps: ThumbDeps,
  userId: string,
  file: { readonly bytes: Uint8Array; readonly contentType: string },
  signal?: AbortSignal,
): Promise<StoredThumb | undefined> {
  const kind = thumbKindOf(file.contentType);
  if (!kind) return undefined;
  try {
    const made = await deps.pool.run('thumbnail', { kind, bytes: file.bytes }, { signal });
    const url = await storeFile(deps.db, deps.files, userId, 'output', {
      bytes: made.bytes,
      contentType: 'image/webp',
      ext: 'webp',
    });
    return { url, width: made.width, height: made.height };
  } catch (error) {
    if (signal?.aborted) throw error;
    deps.log(`thumbnail: ${String(error)}`);
    return undefined;
  }
}
