/**
 * The caller's runs as the tray reads them (GET /api/runs: queued, in progress, and finished in the last
 * ten minutes) and their cancel (POST /api/runs/{id}/cancel: ended, refunded, its job cancelled and the place
 * it frees filled, in one transaction; its worker stops the provider work at its next heartbeat, within 2 s).
 */
import { and, asc, desc, eq, gte, inArray, or } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import { creditLedger, predictions } from '../../db/schema';
import { HttpError } from '../../errors';
import { queues } from '../jobs';
import { fillPlaces, inProgressStatuses } from './launch';
import { canceledMessage, type PredictionRow } from './prediction';
import { refundReservation } from './ending';

/** How long a finished run stays in the list. */
export const RECENT_RUNS_MS = 10 * 60_000;
/** The most runs one list answers. */
export const MAX_LISTED_RUNS = 100;

const activeStatuses = ['queued', ...inProgressStatuses] as const;

export const runNotFoundMessage = 'Run not found';
export const runFinishedMessage = 'This run has already finished.';

/** One run of the list: what the tray shows. */
export function toRunAnswer(row: PredictionRow, position: number | null, refunded: number) {
  const prompt = row.input?.['prompt'];
  return {
    id: row.id,
    toolKey: row.toolKey,
    prompt: typeof prompt === 'string' ? prompt : null,
    status: row.status,
    // RUNS-26: what its provider reported while working (100 once succeeded), null when nothing was.
    progress: row.progress ?? null,
    position,
    cost: row.cost,
    refunded,
    error: row.error ?? null,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.completedAt?.toISOString() ?? null,
    output: row.status === 'succeeded' ? (row.output ?? null) : null,
  };
}

/** The account's queue, oldest first: each queued run's place (1 = next to start). */
export async function queuePositions(deps: Pick<AppDeps, 'db'>, userId: string): Promise<Map<string, number>> {
  const waiting = await deps.db
    .select({ id: predictions.id })
    .from(predictions)
    .where(and(eq(predictions.userId, userId), eq(predictions.status, 'queued')))
    .orderBy(asc(predictions.createdAt), asc(predictions.id));
  return new Map(waiting.map((w, i) => [w.id, i + 1]));
}

/** GET /api/runs: the caller's runs queued or in progress and those finished lately, newest first. */
export async function listRuns(deps: Pick<AppDeps, 'db' | 'now'>, userId: string) {
  const since = new Date(deps.now().getTime() - RECENT_RUNS_MS);
  const rows = await deps.db
    .select()
    .from(predictions)
    .where(
      and(
        eq(predictions.userId, userId),
        or(inArray(predictions.status, [...activeStatuses]), gte(predictions.completedAt, since)),
      ),
    )
    .orderBy(desc(predictions.createdAt), desc(predictions.id))
    .limit(MAX_LISTED_RUNS);
  const refunds = rows.length
    ? await deps.db
        .select({ reference: creditLedger.reference, delta: creditLedger.delta })
        .from(creditLedger)
        .where(
          and(
            eq(creditLedger.userId, userId),
            inArray(
              creditLedger.reference,
              rows.map((r) => `refund:${r.id}`),
            ),
          ),
        )
    : [];
  const refunded = new Map(refunds.map((r) => [r.reference.slice('refund:'.length), r.delta]));
  const positions = await queuePositions(deps, userId);
  return {
    runs: rows.map((row) => toRunAnswer(row, positions.get(row.id) ?? null, refunded.get(row.id) ?? 0)),
  };
}

/**
 * Cancels a queued or running run of the caller: status 'canceled', its reservation refunded, its job
 * cancelled (pg-boss) and the account's next queued run started, in one transaction; a run worked by this
 * process stops at once, one worked elsewhere at its worker's next heartbeat.
 * Someone else's run answers 404 like a missing one; a finished run 409.
 */
export async function cancelRun(deps: AppDeps, userId: string, id: string) {
  const row = await deps.db.transaction(async (tx) => {
    const [found] = await tx.select().from(predictions).where(eq(predictions.id, id)).for('update');
    if (!found || found.userId !== userId) throw new HttpError(404, runNotFoundMessage);
    if (!(activeStatuses as readonly string[]).includes(found.status)) throw new HttpError(409, runFinishedMessage);
    const [ended] = await tx
      .update(predictions)
      .set({ status: 'canceled', error: canceledMessage, completedAt: deps.now() })
      .where(eq(predictions.id, id))
      .returning();
    await refundReservation(tx, userId, id);
    if (found.status !== 'queued') {
      await deps.jobs.cancel(tx, queues.run, id);
      await fillPlaces(deps, tx, userId);
    }
    return ended!;
  });
  deps.runs.abort(id, new Error(canceledMessage));
  const [refund] = await deps.db
    .select({ delta: creditLedger.delta })
    .from(creditLedger)
    .where(eq(creditLedger.reference, `refund:${id}`));
  return toRunAnswer(row, null, refund?.delta ?? 0);
}
