/**
 * Stars and collections (COLLECT-1 to COLLECT-8): a person stars their finished creations and gathers them in
 * named collections. Every list of ids is all or none, in one transaction: an id that is not one of the caller's
 * finished creations refuses the whole list (404) and nothing changes. Another account's collection or creation
 * is answered exactly like a missing one.
 */
import crypto from 'node:crypto';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Collection } from '../../src/api/schemas';
import type { Executor } from '../db/client';
import { collectionItems, collections, predictions, stars } from '../db/schema';
import { HttpError } from '../errors';
import { notFoundMessage } from './creations';

export const collectionNotFoundMessage = 'Collection not found';
export const nameTakenMessage = 'You already have a collection with this name.';
export const collectionDeletedMessage = 'Collection deleted';

const finishedStatuses = ['succeeded', 'failed', 'canceled'] as const;

const plural = (n: number) => `${n} creation${n === 1 ? '' : 's'}`;

/** A unique violation of Postgres (the name index), whichever driver reports it. */
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** The caller's collection, locked with FOR UPDATE when `lock`: 404 for a missing one or another account's. */
export async function ownCollection(db: Executor, userId: string, id: string, lock = false) {
  const query = db
    .select()
    .from(collections)
    .where(and(eq(collections.id, id), eq(collections.userId, userId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new HttpError(404, collectionNotFoundMessage);
  return row;
}

const toCollection = (row: typeof collections.$inferSelect, n: number): Collection => ({
  id: row.id,
  name: row.name,
  count: n,
  createdAt: row.createdAt.toISOString(),
});

/** COLLECT-3: the caller's collections by name (case-insensitive), each with its number of creations. */
export async function listCollections(db: Executor, userId: string): Promise<Collection[]> {
  const rows = await db
    .select({ row: collections, n: count(collectionItems.predictionId) })
    .from(collections)
    .leftJoin(collectionItems, eq(collectionItems.collectionId, collections.id))
    .where(eq(collections.userId, userId))
    .groupBy(collections.id)
    .orderBy(asc(sql`lower(${collections.name})`), asc(collections.createdAt));
  return rows.map((r) => toCollection(r.row, Number(r.n)));
}

async function countOf(db: Executor, id: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(collectionItems).where(eq(collectionItems.collectionId, id));
  return Number(row?.n ?? 0);
}

/** COLLECT-3: a new collection; a name the caller already uses (whatever its case) answers 409. */
export async function createCollection(db: Executor, userId: string, name: string): Promise<Collection> {
  try {
    const [row] = await db.insert(collections).values({ id: crypto.randomUUID(), userId, name }).returning();
    return toCollection(row!, 0);
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, nameTakenMessage);
    throw error;
  }
}

/** COLLECT-3: renames one of the caller's collections (404 for another account's, 409 for a name in use). */
export async function renameCollection(db: Executor, userId: string, id: string, name: string): Promise<Collection> {
  await ownCollection(db, userId, id);
  try {
    const [row] = await db
      .update(collections)
      .set({ name })
      .where(and(eq(collections.id, id), eq(collections.userId, userId)))
      .returning();
    if (!row) throw new HttpError(404, collectionNotFoundMessage);
    return toCollection(row, await countOf(db, id));
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, nameTakenMessage);
    throw error;
  }
}

/** COLLECT-5: deletes one of the caller's collections and its items; the creations stay. */
export async function deleteCollection(db: Executor, userId: string, id: string): Promise<void> {
  const gone = await db
    .delete(collections)
    .where(and(eq(collections.id, id), eq(collections.userId, userId)))
    .returning({ id: collections.id });
  if (gone.length === 0) throw new HttpError(404, collectionNotFoundMessage);
}

/**
 * The ids as the caller's creations, locked until the transaction ends (a delete waits): all of them or a 404.
 * `finished` also refuses a run still in progress (COLLECT-2: only a finished creation is starred or collected).
 */
async function ownCreations(tx: Executor, userId: string, ids: readonly string[], finished: boolean) {
  const wanted = [...new Set(ids)];
  const rows = await tx
    .select({ id: predictions.id })
    .from(predictions)
    .where(
      and(
        eq(predictions.userId, userId),
        inArray(predictions.id, wanted),
        ...(finished ? [inArray(predictions.status, [...finishedStatuses])] : []),
      ),
    )
    .for('update', { of: predictions });
  if (rows.length !== wanted.length) throw new HttpError(404, notFoundMessage);
  return wanted;
}

/** COLLECT-4: adds the caller's finished creations to one of their collections, all or none. */
export async function addToCollection(db: Executor, userId: string, id: string, ids: readonly string[]) {
  return db.transaction(async (tx) => {
    const found = await ownCollection(tx, userId, id, true);
    const wanted = await ownCreations(tx, userId, ids, true);
    await tx
      .insert(collectionItems)
      .values(wanted.map((predictionId) => ({ collectionId: id, predictionId })))
      .onConflictDoNothing();
    return { changed: wanted.length, message: `${plural(wanted.length)} added to ${found.name}` };
  });
}

/** COLLECT-4: takes creations of the caller out of one of their collections (the creations stay), all or none. */
export async function removeFromCollection(db: Executor, userId: string, id: string, ids: readonly string[]) {
  return db.transaction(async (tx) => {
    const found = await ownCollection(tx, userId, id, true);
    const wanted = await ownCreations(tx, userId, ids, false);
    await tx
      .delete(collectionItems)
      .where(and(eq(collectionItems.collectionId, id), inArray(collectionItems.predictionId, wanted)));
    return { changed: wanted.length, message: `${plural(wanted.length)} removed from ${found.name}` };
  });
}

/** COLLECT-1, COLLECT-2: stars (or unstars) the caller's creations, all or none. */
export async function setStars(db: Executor, userId: string, ids: readonly string[], starred: boolean) {
  return db.transaction(async (tx) => {
    const wanted = await ownCreations(tx, userId, ids, starred);
    if (starred)
      await tx
        .insert(stars)
        .values(wanted.map((predictionId) => ({ userId, predictionId })))
        .onConflictDoNothing();
    else await tx.delete(stars).where(and(eq(stars.userId, userId), inArray(stars.predictionId, wanted)));
    return { changed: wanted.length, message: `${plural(wanted.length)} ${starred ? 'starred' : 'unstarred'}` };
  });
}

/** COLLECT-1, COLLECT-4: for each of the caller's creations, whether it is starred and which collections hold it. */
export async function marksOf(
  db: Executor,
  userId: string,
  ids: readonly string[],
): Promise<Map<string, { starred: boolean; collectionIds: string[] }>> {
  const marks = new Map(ids.map((id) => [id, { starred: false, collectionIds: [] as string[] }]));
  if (ids.length === 0) return marks;
  const starredRows = await db
    .select({ id: stars.predictionId })
    .from(stars)
    .where(and(eq(stars.userId, userId), inArray(stars.predictionId, [...ids])));
  for (const r of starredRows) marks.get(r.id)!.starred = true;
  const held = await db
    .select({ id: collectionItems.predictionId, collectionId: collectionItems.collectionId })
    .from(collectionItems)
    .innerJoin(collections, eq(collections.id, collectionItems.collectionId))
    .where(and(eq(collections.userId, userId), inArray(collectionItems.predictionId, [...ids])))
    .orderBy(asc(collectionItems.addedAt));
  for (const r of held) marks.get(r.id)!.collectionIds.push(r.collectionId);
  return marks;
}

/** COLLECT-7: the list's conditions for `starred=1` and `collection=<id>` (the collection must be the caller's). */
export async function markFilters(db: Executor, userId: string, query: { starred?: '1'; collection?: string }) {
  const conditions = [];
  if (query.starred)
    conditions.push(
      sql`exists (select 1 from ${stars} where ${stars.userId} = ${userId} and ${stars.predictionId} = "predictions"."id")`,
    );
  if (query.collection) {
    await ownCollection(db, userId, query.collection);
    conditions.push(
      sql`exists (select 1 from ${collectionItems} where ${collectionItems.collectionId} = ${query.collection} and ${collectionItems.predictionId} = "predictions"."id")`,
    );
  }
  return conditions;
}

/** COLLECT-6: inside a start's transaction, the new run joins the caller's collection (404 when it is not theirs). */
export async function addStartedRun(tx: Executor, userId: string, collectionId: string, predictionId: string) {
  await ownCollection(tx, userId, collectionId, true);
  await tx.insert(collectionItems).values({ collectionId, predictionId });
}
