/**
 * Ending a run: the one conditional end of a processing run with its refund, and what fills the place it frees
 * (the account's next queued runs) in the same transaction.
 */
import { and, eq } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { creditLedger, predictions } from '../../db/schema';
import { grantCredits } from '../credits';

/** Gives back what a run reserved ('prediction:'+id) as 'refund:'+id; nothing when nothing was reserved. */
export async function refundReservation(tx: Executor, userId: string, id: string): Promise<void> {
  const [spent] = await tx
    .select({ delta: creditLedger.delta })
    .from(creditLedger)
    .where(eq(creditLedger.reference, `prediction:${id}`));
  if (spent) await grantCredits(tx, userId, -spent.delta, 'refund', `refund:${id}`);
}

/**
 * Ends a processing prediction (once) and refunds its reservation; `after` runs in the same transaction when it
 * ended (the place it freed is filled there). False when the run had already ended.
 */
export async function endPrediction(
  db: Executor,
  id: string,
  status: 'failed' | 'canceled',
  error: string,
  at: Date,
  after?: (tx: Tx, userId: string) => Promise<unknown>,
): Promise<boolean> {
  // One transaction: nobody can read the failed status before the refund has landed.
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(predictions)
      .set({ status, error, completedAt: at })
      .where(and(eq(predictions.id, id), eq(predictions.status, 'processing')))
      .returning({ userId: predictions.userId });
    if (!row) return false;
    await refundReservation(tx, row.userId, id);
    await after?.(tx, row.userId);
    return true;
  });
}
