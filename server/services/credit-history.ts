/**
 * The credit history of one user: the ledger newest first, each row with the balance right after it
 * (a running sum over the user's ledger in id order, so the newest row's balance is the balance), paged
 * by a cursor (the id of the last row shown). Rows that changed nothing (an expiry of zero) are left out.
 * Also the whole history as CSV, and a month's spending by tool.
 */
import { and, desc, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import type { CreditEntry, CreditHistoryAnswer, SpendingAnswer } from '../../src/api/schemas';
import { packById, tools } from '../../src/catalog';
import type { Executor } from '../db/client';
import { checkoutSessions, creditLedger, predictions } from '../db/schema';

export const defaultHistoryPage = 20;

const after = (reference: string, prefix: string): string | undefined =>
  reference.startsWith(prefix) ? reference.slice(prefix.length) : undefined;
/** The checkout session of a pack's grant ('pack:'+id) or of its refund ('pack_refunded:'+id+':'+amount). */
const packSessionOf = (reason: string, reference: string): string | undefined =>
  reason === 'pack'
    ? after(reference, 'pack:')
    : reason === 'pack_refunded'
      ? after(reference, 'pack_refunded:')?.split(':')[0]
      : undefined;

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
    const id = packSessionOf(r.reason, r.reference);
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
    const sessionId = packSessionOf(r.reason, r.reference);
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

/** The words of an entry, as Settings › Billing writes them (features/account/CreditHistory.tsx). */
export function describeEntry(entry: CreditEntry): string {
  switch (entry.kind) {
    case 'signup':
      return 'Free credits on sign-up';
    case 'pack':
      return entry.pack ? `Credit pack: ${entry.pack}` : 'Credit pack';
    case 'subscription':
      return 'Subscription credits';
    case 'spend':
      return `Tool run: ${entry.tool ?? 'tool'}`;
    case 'refund':
      return `Refund: ${entry.tool ?? 'tool'}`;
    case 'expire':
      return 'Unused subscription credits expired';
    case 'pack_refunded':
      return entry.pack ? `Credit pack refunded: ${entry.pack}` : 'Credit pack refunded';
  }
}

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, a quote or a line break (quotes doubled). A text cell
 * that starts with = + - @ (or a tab or CR) gets a leading ' so a spreadsheet shows it instead of running it
 * as a formula (CREDITS-7); numbers are written as numbers.
 */
export function csvCell(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

const CSV_PAGE = 100;

/** The whole credit history as CSV, oldest first: date, description, change, balance (CREDITS-7). */
export async function creditHistoryCsv(db: Executor, userId: string): Promise<string> {
  const entries: CreditEntry[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = await creditHistory(db, userId, { cursor, limit: CSV_PAGE });
    entries.push(...page.entries);
    if (!page.nextCursor) break;
    cursor = page.nextCursor;
  }
  const rows = [['date', 'description', 'change', 'balance'] as (string | number)[]];
  for (const e of entries.reverse()) rows.push([e.at, describeEntry(e), e.delta, e.balance]);
  return rows.map((r) => `${r.map(csvCell).join(',')}\r\n`).join('');
}

/**
 * What the user's runs made in `month` (YYYY-MM, UTC) cost, by tool, most spent first (CREDITS-8): a run
 * counts its cost unless it was refunded.
 */
export async function spendingOf(db: Executor, userId: string, month: string): Promise<SpendingAnswer> {
  const start = new Date(`${month}-01T00:00:00Z`);
  const end = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
  const rows = await db
    .select({
      toolKey: predictions.toolKey,
      runs: sql<number>`count(*)::int`,
      credits: sql<number>`coalesce(sum(${predictions.cost}), 0)::int`,
    })
    .from(predictions)
    .where(
      and(
        eq(predictions.userId, userId),
        gte(predictions.createdAt, start),
        lt(predictions.createdAt, end),
        sql`not exists (select 1 from ${creditLedger} where ${creditLedger.reference} = 'refund:' || ${predictions.id})`,
      ),
    )
    .groupBy(predictions.toolKey);
  const byTool = rows
    .map((r) => ({
      tool: r.toolKey,
      title: tools.find((t) => t.key === r.toolKey)?.title ?? r.toolKey,
      runs: Number(r.runs),
      credits: Number(r.credits),
    }))
    .sort((a, b) => b.credits - a.credits || a.title.localeCompare(b.title));
  return { month, total: byTool.reduce((sum, t) => sum + t.credits, 0), tools: byTool };
}
