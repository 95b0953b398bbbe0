/**
 * My creations: a user's runs, newest first, paged by a cursor over (created_at, id), searched by the words of
 * their prompts and filtered by category, tool, status and day (CREATIONS-4); one run with its parameters
 * (CREATIONS-5); and deleting one or several with their stored files (CREATIONS-7). Someone else's run is
 * answered exactly like a missing one.
 */
import { and, asc, desc, eq, gt, gte, inArray, lt, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { CreationDetail } from '../../src/api/schemas';
import { tools, type Category, type Tool } from '../../src/catalog';
import type { AppDeps } from '../context';
import type { Executor } from '../db/client';
import { creditLedger, files, predictions } from '../db/schema';
import { HttpError } from '../errors';
import { markFilters, marksOf } from './collections';
import { shareOf } from './shares';
import { snippetOf } from './thumbnails';
import type { FileStore } from './storage';

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
  const outputKind = tool?.output ?? 'image';
  const textOutput = (outputKind === 'text' || outputKind === 'code') && typeof row.output === 'string';
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
    outputKind,
    // CREATIONS-15: what a tile shows: a thumbnail (image, video's poster, audio's waveform), or the text's start.
    ...(row.thumb ? { thumb: row.thumb } : {}),
    ...(textOutput ? { snippet: snippetOf(row.output as string) } : {}),
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

/**
 * The prompt's words as the search index holds them (predictions_prompt_search_idx, schema.ts): the same
 * expression, or the planner cannot use the index.
 */
export const promptVector = sql`to_tsvector('simple', coalesce(${predictions.input} ->> 'prompt', ''))`;

/** At most this many words of a search are used (each at most 64 characters). */
const MAX_SEARCH_WORDS = 8;

/**
 * A search as a tsquery's text: its words (letters and digits only, lower case), each matching a word or the
 * start of one, all required: 'Red fo' → 'red:* & fo:*'. Undefined when it has no word. Only letters and digits
 * reach the text, and the text is sent as a bound parameter of to_tsquery, never written into the SQL.
 */
export function prefixQuery(q: string): string | undefined {
  const words = (
    q
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  )
    .slice(0, MAX_SEARCH_WORDS)
    .map((w) => `${w.slice(0, 64)}:*`);
  return words.length ? words.join(' & ') : undefined;
}

/** The condition of a search, for the list and for `npm run bench:search`. */
export const promptMatches = (tsquery: string): SQL => sql`${promptVector} @@ to_tsquery('simple', ${tsquery})`;

const DAY_MS = 24 * 3600_000;

export interface CreationsQuery {
  readonly cursor?: string | undefined;
  readonly category?: Category | undefined;
  readonly limit?: number | undefined;
  readonly q?: string | undefined;
  readonly tool?: string | undefined;
  readonly status?: 'starting' | 'processing' | 'succeeded' | 'failed' | 'canceled' | undefined;
  /** YYYY-MM-DD (UTC), included. */
  readonly from?: string | undefined;
  readonly to?: string | undefined;
  /** COLLECT-7: only the starred ones, only one collection's. */
  readonly starred?: '1' | undefined;
  readonly collection?: string | undefined;
}

/**
 * CREATIONS-19: a search first looks among the account's newest runs (this many, read from the recency index
 * with the other filters), matching their prompts one by one: a word found in most prompts fills its page
 * there, without the prompt index handing over every run that has it to be sorted. When the newest runs do not
 * fill the page, the same query runs on the prompt index (a rare word, or none).
 */
export const RECENT_WINDOW = 300;

/**
 * The prompt's words as an expression the prompt index does not hold (the same words: `|| ''` changes nothing
 * but the expression), so the planner matches the newest runs it was handed instead of choosing the index.
 */
const promptVectorUnindexed = sql`to_tsvector('simple', coalesce(${predictions.input} ->> 'prompt', '') || '')`;

export async function listCreations(db: Executor, userId: string, query: CreationsQuery) {
  const limit = query.limit ?? DEFAULT_PAGE;
  const conditions = [eq(predictions.userId, userId)];
  const tsquery = query.q ? prefixQuery(query.q) : undefined;
  if (query.tool) conditions.push(eq(predictions.toolKey, query.tool));
  // A queued run is listed as starting (toCreation): the filter says the same.
  if (query.status)
    conditions.push(inArray(predictions.status, query.status === 'starting' ? ['starting', 'queued'] : [query.status]));
  if (query.from) conditions.push(gte(predictions.createdAt, new Date(`${query.from}T00:00:00Z`)));
  if (query.to) conditions.push(lt(predictions.createdAt, new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS)));
  if (query.category) {
    conditions.push(
      inArray(
        predictions.toolKey,
        tools.filter((t) => t.category === query.category).map((t) => t.key),
      ),
    );
  }
  conditions.push(
    ...(await markFilters(db, userId, {
      ...(query.starred ? { starred: query.starred } : {}),
      ...(query.collection ? { collection: query.collection } : {}),
    })),
  );
  if (query.cursor) {
    const after = decodeCursor(query.cursor);
    conditions.push(
      or(
        lt(predictions.createdAt, after.createdAt),
        and(eq(predictions.createdAt, after.createdAt), lt(predictions.id, after.id)),
      )!,
    );
  }
  const page = (where: SQL | undefined) =>
    db
      .select(columns)
      .from(predictions)
      .where(where)
      .orderBy(desc(predictions.createdAt), desc(predictions.id))
      .limit(limit + 1);
  let rows: Awaited<ReturnType<typeof page>> | undefined;
  if (tsquery) {
    const newest = db
      .select({ id: predictions.id })
      .from(predictions)
      .where(and(...conditions))
      .orderBy(desc(predictions.createdAt), desc(predictions.id))
      .limit(RECENT_WINDOW);
    const found = await page(
      and(inArray(predictions.id, newest), sql`${promptVectorUnindexed} @@ to_tsquery('simple', ${tsquery})`),
    );
    // A full page (and one more) among the newest runs is the page itself: they are the first matches in order.
    if (found.length > limit) rows = found;
    // Else every match, from the prompt index (OFFSET 0 keeps the planner from walking the recency index and
    // reading each prompt instead), sorted by recency: few runs, as the newest ones had so few.
    else
      rows = await page(
        inArray(
          predictions.id,
          sql`(select matched.id from (select ${predictions.id}, ${predictions.createdAt} from ${predictions} where ${and(
            ...conditions,
            promptMatches(tsquery),
          )} offset 0) as matched order by matched.created_at desc, matched.id desc limit ${limit + 1})`,
        ),
      );
  }
  rows ??= await page(and(...conditions));
  const shown = rows.slice(0, limit).map(withRefund);
  const last = shown[shown.length - 1];
  // COLLECT-7: each run with its star and the collections it is in.
  const marks = await marksOf(
    db,
    userId,
    shown.map((r) => r.id),
  );
  return {
    items: shown.map((r) => ({ ...toCreation(r), ...marks.get(r.id)! })),
    nextCursor: rows.length > limit && last ? encodeCursor(last) : null,
  };
}

async function ownRow(db: Executor, userId: string, id: string): Promise<Row> {
  const [found] = await db
    .select(columns)
    .from(predictions)
    .where(and(eq(predictions.id, id), eq(predictions.userId, userId)));
  if (!found) throw new HttpError(404, notFoundMessage);
  return withRefund(found);
}

/** The input fields that hold uploaded files (their addresses). */
export const uploadFields = ['image', 'pose_image', 'video'] as const;

/** One run for its page (CREATIONS-5): the list's card and its parameters, uploads, seed, duration and link. */
export async function getCreation(deps: AppDeps, userId: string, id: string): Promise<CreationDetail> {
  const row = await ownRow(deps.db, userId, id);
  const input = row.input ?? {};
  const parameters = Object.fromEntries(
    Object.entries(input).filter(([k]) => !(uploadFields as readonly string[]).includes(k)),
  );
  const uploads = uploadFields.flatMap((field) => {
    const url = input[field];
    return typeof url === 'string' && url ? [{ field, url }] : [];
  });
  const marks = await marksOf(deps.db, userId, [row.id]);
  return {
    ...toCreation(row),
    ...marks.get(row.id)!,
    parameters,
    uploads,
    seed: typeof input['seed'] === 'number' ? input['seed'] : null,
    durationMs: row.completedAt ? row.completedAt.getTime() - row.createdAt.getTime() : null,
    shared: await shareOf(deps, row.id),
    ...(await neighboursOf(deps.db, row)),
    source: await sourceOf(deps.db, row),
  };
}

/** REFINE-5: the creation an Upscale 2× or a Vary was made from, named by its prompt or its tool; null if none. */
async function sourceOf(db: Executor, row: Row): Promise<{ id: string; label: string } | null> {
  if (!row.sourceId) return null;
  const [source] = await db
    .select({ id: predictions.id, toolKey: predictions.toolKey, input: predictions.input })
    .from(predictions)
    .where(and(eq(predictions.id, row.sourceId), eq(predictions.userId, row.userId)));
  if (!source) return null;
  const prompt = source.input?.['prompt'];
  return {
    id: source.id,
    label: typeof prompt === 'string' && prompt ? prompt : (toolOf(source.toolKey)?.title ?? source.toolKey),
  };
}

/**
 * CREATIONS-18: the runs beside one in My creations' order (newest first, by created_at then id): `previous` the
 * newer one, `next` the older one, each null at an end of the list.
 */
async function neighboursOf(db: Executor, row: Row): Promise<{ previous: string | null; next: string | null }> {
  const mine = eq(predictions.userId, row.userId);
  const at = row.createdAt;
  const [newer] = await db
    .select({ id: predictions.id })
    .from(predictions)
    .where(and(mine, or(gt(predictions.createdAt, at), and(eq(predictions.createdAt, at), gt(predictions.id, row.id)))))
    .orderBy(asc(predictions.createdAt), asc(predictions.id))
    .limit(1);
  const [older] = await db
    .select({ id: predictions.id })
    .from(predictions)
    .where(and(mine, or(lt(predictions.createdAt, at), and(eq(predictions.createdAt, at), lt(predictions.id, row.id)))))
    .orderBy(desc(predictions.createdAt), desc(predictions.id))
    .limit(1);
  return { previous: newer?.id ?? null, next: older?.id ?? null };
}

/** The stored files of a run: its outputs, and the uploads it was given that no other run of the user uses. */
async function filesOf(db: Executor, store: FileStore, row: Row, alsoGoing: readonly string[]): Promise<string[]> {
  const outputs = [...(Array.isArray(row.output) ? row.output : row.output ? [row.output] : []), row.thumb?.url ?? '']
    .map((url) => store.relPathOfUrl(url, 'output'))
    .filter((p): p is string => p !== undefined);
  const uploads: string[] = [];
  for (const field of uploadFields) {
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
          notInArray(predictions.id, [row.id, ...alsoGoing]),
          sql`${predictions.input} @> ${JSON.stringify({ [field]: url })}::jsonb`,
        ),
      )
      .limit(1);
    if (!shared) uploads.push(relPath);
  }
  return [...outputs, ...uploads];
}

const inProgress = (row: Row) => row.status === 'processing' || row.status === 'starting' || row.status === 'queued';

/** Deletes a finished run of the user and its files: the output's URL then answers 404. */
export async function deleteCreation(deps: AppDeps, userId: string, id: string): Promise<void> {
  await deleteCreations(deps, userId, [id]);
}

/**
 * Deletes finished runs of the user and their files, all or none (CREATIONS-7): one transaction that
 * locks the rows, so a run that started meanwhile or an id that is not the user's refuses the whole set.
 * Their files' addresses then answer 404 at once (FILES-3), their links too (a share goes with its run).
 */
export async function deleteCreations(deps: AppDeps, userId: string, ids: readonly string[]): Promise<number> {
  const wanted = [...new Set(ids)];
  const paths = await deps.db.transaction(async (tx) => {
    const rows = (
      await tx
        .select(columns)
        .from(predictions)
        .where(and(eq(predictions.userId, userId), inArray(predictions.id, wanted)))
        .for('update', { of: predictions })
    ).map(withRefund);
    if (rows.length !== wanted.length) throw new HttpError(404, notFoundMessage);
    if (rows.some(inProgress)) throw new HttpError(409, stillRunningMessage);
    const going: string[] = [];
    for (const row of rows) going.push(...(await filesOf(tx, deps.files, row, wanted)));
    if (going.length) await tx.delete(files).where(and(eq(files.userId, userId), inArray(files.path, going)));
    await tx.delete(predictions).where(and(eq(predictions.userId, userId), inArray(predictions.id, wanted)));
    return going;
  });
  // After the rows: a file that outlives its row is never served (serving reads the row first).
  await Promise.all(paths.map((p) => deps.files.remove(p)));
  return wanted.length;
}
