/**
 * My creations: a user's runs, newest first, paged by a cursor over (created_at, id); one run;
 * and deleting one with its stored files. Someone else's run is answered exactly like a missing one.
 */
import { and, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import { tools, type Category, type Tool } from '../../src/catalog';
import type { AppDeps } from '../context';
import type { Executor } from '../db/client';
import { creditLedger, files, predictions } from '../db/schema';
import { HttpError } from '../errors';

export const DEFAULT_PAGE = 12;
export const notFoundMessage = 'Creation not found';
export const stillRunningMessage = 'This creation is still being made. Delete it once it has finished.';

type Row = typeof predictions.$inferSelect & { refunded: boolean };

const encodeCursor = (row: { createdAt: Date; id: string }) =>
  Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString('base64url');

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(at ?? '');
  if (!id || Number.isNaN(createdAt.getTime())) throw new HttpError(400, 'Invalid cursor');
  return { createdAt, id };
}

function toolOf(key: string): Tool | undefined {
  return tools.find((t) => t.key === key);
}

export function toCreation(row: Row) {
  const tool = toolOf(row.toolKey);
  const input = row.input ?? {};
  return {
    id: row.id,
    tool: row.toolKey,
    title: tool?.title ?? row.toolKey,
    category: tool?.category ?? 'Image',
    prompt: typeof input['prompt'] === 'string' ? input['prompt'] : null,
    input,
    // My creations has no word for a queue yet: a queued run shows as starting (in progress, not begun).
    status: row.status === 'queued' ? ('starting' as const) : row.status,
    cost: row.cost,
    refunded: row.refunded,
    output: row.output ?? null,
    outputKind: tool?.output ?? 'image',
    error: row.error ?? null,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt ? row.completedAt.toISOString() : null,
  };
}

const columns = {
  row: predictions,
  // Qualified by hand: inside the sub-select a bare "id" would be the ledger's own id.
  refunded: sql<boolean>`exists (select 1 from ${creditLedger} where ${creditLedger.reference} = 'refund:' || "predictions"."id")`,
};

const withRefund = (r: { row: typeof predictions.$inferSelect; refunded: boolean }): Row => ({
  ...r.row,
  refunded: Boolean(r.refunded),
});

export async function listCreations(
  db: Executor,
  userId: string,
  query: { cursor?: string | undefined; category?: Category | undefined; limit?: number | undefined },
) {
  const limit = query.limit ?? DEFAULT_PAGE;
  const conditions = [eq(predictions.userId, userId)];
  if (query.category) {
    conditions.push(
      inArray(
        predictions.toolKey,
        tools.filter((t) => t.category === query.category).map((t) => t.key),
      ),
    );
  }
  if (query.cursor) {
    const after = decodeCursor(query.cursor);
    conditions.push(
      or(
        lt(predictions.createdAt, after.createdAt),
        and(eq(predictions.createdAt, after.createdAt), lt(predictions.id, after.id)),
      )!,
    );
  }
  const rows = await db
    .select(columns)
    .from(predictions)
    .where(and(...conditions))
    .orderBy(desc(predictions.createdAt), desc(predictions.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit).map(withRefund);
  const last = page[page.length - 1];
  return { items: page.map(toCreation), nextCursor: rows.length > limit && last ? encodeCursor(last) : null };
}

async function ownRow(db: Executor, userId: string, id: string): Promise<Row> {
  const [found] = await db
    .select(columns)
    .from(predictions)
    .where(and(eq(predictions.id, id), eq(predictions.userId, userId)));
  if (!found) throw new HttpError(404, notFoundMessage);
  return withRefund(found);
}

export async function getCreation(db: Executor, userId: string, id: string) {
  return toCreation(await ownRow(db, userId, id));
}

/** The stored files of a run: its outputs, and the uploads it was given that no other run of the user uses. */
async function filesOf(deps: AppDeps, row: Row): Promise<string[]> {
  const { files: store, db } = deps;
  const outputs = (Array.isArray(row.output) ? row.output : row.output ? [row.output] : [])
    .map((url) => store.relPathOfUrl(url, 'output'))
    .filter((p): p is string => p !== undefined);
  const uploads: string[] = [];
  for (const field of ['image', 'pose_image', 'video']) {
    const url = row.input?.[field];
    if (typeof url !== 'string') continue;
    const relPath = store.relPathOfUrl(url, 'upload');
    if (!relPath) continue;
    const [shared] = await db
      .select({ id: predictions.id })
      .from(predictions)
      .where(
        and(
          eq(predictions.userId, row.userId),
          sql`${predictions.id} <> ${row.id}`,
          sql`${predictions.input} @> ${JSON.stringify({ [field]: url })}::jsonb`,
        ),
      )
      .limit(1);
    if (!shared) uploads.push(relPath);
  }
  return [...outputs, ...uploads];
}

/** Deletes a finished run of the user and its files: the output's URL then answers 404. */
export async function deleteCreation(deps: AppDeps, userId: string, id: string): Promise<void> {
  const row = await ownRow(deps.db, userId, id);
  if (row.status === 'processing' || row.status === 'starting' || row.status === 'queued')
    throw new HttpError(409, stillRunningMessage);
  const paths = await filesOf(deps, row);
  await deps.db.transaction(async (tx) => {
    if (paths.length) await tx.delete(files).where(and(eq(files.userId, userId), inArray(files.path, paths)));
    await tx.delete(predictions).where(and(eq(predictions.id, id), eq(predictions.userId, userId)));
  });
  // After the rows: a file that outlives its row is never served (serving reads the row first).
  await Promise.all(paths.map((p) => deps.files.remove(p)));
}
