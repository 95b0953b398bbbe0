/**
 * The credit history of one user: the ledger newest first, each row with the balance right after it
 * (a running sum over the user's ledger in id order, so the newest row's balance is the balance), paged
 * by a cursor (the id of the last row shown). Rows that changed nothing (an expiry of zero) are left out.
 */
import { and, desc, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import type { CreditEntry, CreditHistoryAnswer } from '../../src/api/schemas';
import { packById, tools } from '../../src/catalog';
import type { Executor } from '../db/client';
import { checkoutSessions, creditLedger, predictions } from '../db/schema';

export const defaultHistoryPage = 20;

const after = (reference: string, prefix: string): string | undefined =>
  reference.startsWith(prefix) ? reference.slice(prefix.length) : undefined;

export async function creditHistory(
  db: Executor,
  userId: string,
  options: { cursor?: string | undefined; limit?: number | undefined } = {},
): Promise<CreditHistoryAnswer> {
  const limit = options.limit ?? defaultHistoryPage;
  const running = db
    .select({
      id: creditLedger.id,
      delta: creditLedger.delta,
      reason: creditLedger.reason,
      reference: creditLedger.reference,
      createdAt: creditLedger.createdAt,
      balance: sql<number>`(SUM(${creditLedger.delta}) OVER (ORDER BY ${creditLedger.id}))::int`.as('balance'),
    })
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId))
    .as('running');
  const rows = await db
    .select()
    .from(running)
    .where(and(ne(running.delta, 0), options.cursor ? lt(running.id, Number(options.cursor)) : undefined))
    .orderBy(desc(running.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);

  const predictionIds = page.flatMap((r) => {
    const id = after(r.reference, 'prediction:') ?? after(r.reference, 'refund:');
    return id ? [id] : [];
  });
  const sessionIds = page.flatMap((r) => {
    const id = r.reason === 'pack' ? after(r.reference, 'pack:') : undefined;
    return id ? [id] : [];
  });
  const runs = predictionIds.length
    ? await db
        .select({ id: predictions.id, toolKey: predictions.toolKey, modelId: predictions.modelId })
        .from(predictions)
        .where(inArray(predictions.id, predictionIds))
    : [];
  const sessions = sessionIds.length
    ? await db
        .select({ id: checkoutSessions.id, priceId: checkoutSessions.priceId })
        .from(checkoutSessions)
        .where(inArray(checkoutSessions.id, sessionIds))
    : [];
  const toolOf = new Map(
    runs.map((r) => [r.id, tools.find((t) => t.key === r.toolKey || t.id === r.modelId)?.title ?? r.modelId]),
  );
  const packOf = new Map(sessions.map((s) => [s.id, s.priceId ? packById(s.priceId)?.name : undefined]));

  const entries = page.map((r): CreditEntry => {
    const predictionId = after(r.reference, 'prediction:') ?? after(r.reference, 'refund:');
    const sessionId = r.reason === 'pack' ? after(r.reference, 'pack:') : undefined;
    const tool = predictionId ? toolOf.get(predictionId) : undefined;
    const pack = sessionId ? packOf.get(sessionId) : undefined;
    return {
      id: String(r.id),
      at: r.createdAt.toISOString(),
      kind: r.reason,
      delta: r.delta,
      balance: Number(r.balance),
      ...(predictionId ? { predictionId } : {}),
      ...(tool ? { tool } : {}),
      ...(pack ? { pack } : {}),
    };
  });
  const last = page[page.length - 1];
  return { entries, nextCursor: rows.length > limit && last ? String(last.id) : null };
}
