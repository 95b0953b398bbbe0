/**
 * Several creations as one ZIP (CREATIONS-6), streamed with yazl: the archive is written as it is sent, and
 * each entry's bytes are read from the store only when yazl reaches it, so the server holds at most one
 * output at a time, never the archive. Entries are named {tool}-{date}-{id}.{ext} ({…}-{n}.{ext} for a run
 * with several files); a text output is a .txt, a code output a .md.
 */
import { Readable } from 'node:stream';
import { and, eq, inArray } from 'drizzle-orm';
import yazl from 'yazl';
import { tools } from '../../src/catalog';
import type { AppDeps } from '../context';
import { predictions } from '../db/schema';
import { HttpError } from '../errors';
import { notFoundMessage } from './creations';

interface Entry {
  readonly name: string;
  readonly read: () => Promise<Uint8Array>;
}

/** The entries of the user's runs `ids` (404 when one is not theirs), in the order asked. */
async function entriesOf(deps: AppDeps, userId: string, ids: readonly string[]): Promise<Entry[]> {
  const wanted = [...new Set(ids)];
  const rows = await deps.db
    .select({
      id: predictions.id,
      toolKey: predictions.toolKey,
      output: predictions.output,
      status: predictions.status,
      createdAt: predictions.createdAt,
    })
    .from(predictions)
    .where(and(eq(predictions.userId, userId), inArray(predictions.id, wanted)));
  if (rows.length !== wanted.length) throw new HttpError(404, notFoundMessage);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const entries: Entry[] = [];
  for (const id of wanted) {
    const row = byId.get(id)!;
    if (row.status !== 'succeeded' || row.output === null) continue;
    const base = `${row.toolKey}-${row.createdAt.toISOString().slice(0, 10)}-${row.id}`;
    const kind = tools.find((t) => t.key === row.toolKey)?.output;
    if ((kind === 'text' || kind === 'code') && typeof row.output === 'string') {
      const text = row.output;
      entries.push({ name: `${base}.${kind === 'code' ? 'md' : 'txt'}`, read: async () => Buffer.from(text, 'utf8') });
      continue;
    }
    const urls = Array.isArray(row.output) ? row.output : [row.output];
    urls.forEach((url, i) => {
      const relPath = deps.files.relPathOfUrl(url, 'output');
      if (!relPath) return;
      const ext = relPath.split('.').pop() ?? 'bin';
      entries.push({
        name: `${base}${urls.length > 1 ? `-${i + 1}` : ''}.${ext}`,
        read: async () => {
          const bytes = await deps.files.read(relPath);
          if (!bytes) throw new Error(`creations zip: ${relPath} is missing from the store`);
          return bytes;
        },
      });
    });
  }
  return entries;
}

/** The ZIP of the user's runs `ids`, as a Response whose body is written while it is sent. */
export async function creationsZip(deps: AppDeps, userId: string, ids: readonly string[]): Promise<Response> {
  const entries = await entriesOf(deps, userId, ids);
  const zip = new yazl.ZipFile();
  const mtime = deps.now();
  for (const entry of entries) {
    zip.addReadStreamLazy(entry.name, { mtime }, (done) => {
      entry.read().then(
        (bytes) => done(null, Readable.from([Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)])),
        (error: unknown) => {
          deps.log(String(error));
          done(error, Readable.from([]));
        },
      );
    });
  }
  zip.end();
  const name = `atelier-creations-${mtime.toISOString().slice(0, 10)}.zip`;
  return new Response(Readable.toWeb(zip.outputStream as Readable) as ReadableStream<Uint8Array>, {
    status: 200,
    headers: {
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename="${name}"`,
      'Cache-Control': 'no-store',
    },
  });
}
