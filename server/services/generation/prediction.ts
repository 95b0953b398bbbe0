/** A prediction's stored row: its type, the messages a run ends with, and how the API answers it. */
import { and, count, eq, lt, or } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { predictions } from '../../db/schema';
import { HttpError } from '../../errors';

export type PredictionRow = typeof predictions.$inferSelect;

export const timedOutMessage = 'Generation timed out';
export const canceledMessage = 'You canceled this run. Its credits have been returned.';
export const restartedMessage = 'The server restarted during this generation. Your credits have been refunded.';

export async function getPrediction(db: Executor, id: string): Promise<PredictionRow | undefined> {
  const [row] = await db.select().from(predictions).where(eq(predictions.id, id));
  return row;
}

/** The caller's own prediction as the API answers it; someone else's is answered exactly like a missing one. */
export async function predictionFor(db: Executor, userId: string, id: string) {
  const row = await getPrediction(db, id);
  if (!row || row.userId !== userId) throw new HttpError(404, 'Prediction not found');
  if (row.status !== 'queued') return toPredictionAnswer(row);
  // A queued run says where it waits (RUNS-4): its place among the account's queued runs, oldest first.
  const [ahead] = await db
    .select({ n: count() })
    .from(predictions)
    .where(
      and(
        eq(predictions.userId, userId),
        eq(predictions.status, 'queued'),
        or(
          lt(predictions.createdAt, row.createdAt),
          and(eq(predictions.createdAt, row.createdAt), lt(predictions.id, row.id)),
        ),
      ),
    );
  return { ...toPredictionAnswer(row), position: (ahead?.n ?? 0) + 1 };
}

export function toPredictionAnswer(row: PredictionRow) {
  return {
    id: row.id,
    status: row.status,
    output: row.output ?? null,
    error: row.error ?? null,
    ...(row.model ? { model: row.model } : {}),
    // RUNS-26: a working run's percentage, when its provider reported one.
    ...(row.status === 'processing' && row.progress !== null ? { progress: row.progress } : {}),
  };
}

/**
 * How a run ended, as the synchronous endpoints answer it: its output, or the failure with the status
 * it is answered with (504 past its deadline, 502 otherwise) and the message the SPA shows. A run whose
 * row cannot be read back (the database failed, the account was deleted) is a failure too.
 */
export type RunEnd =
  | { readonly ok: true; readonly output: string | readonly string[] }
  | { readonly ok: false; readonly status: 502 | 504; readonly message: string };

export const runTimedOutAnswer = 'The request timed out. Please try again with a simpler prompt.';

/** The end of a stored run; `unread` is its error when its row could not be read back. */
export function endOf(row: PredictionRow | undefined, unread = 'Generation failed'): RunEnd {
  if (row?.status === 'succeeded' && row.output) return { ok: true, output: row.output };
  // The reservation has been refunded by now.
  const error = row ? (row.error ?? 'Generation failed') : unread;
  if (error === timedOutMessage) return { ok: false, status: 504, message: runTimedOutAnswer };
  return { ok: false, status: 502, message: error };
}
