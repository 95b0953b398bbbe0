/**
 * Ending runs and recovering them: the one conditional end of a run (with its refund), the sweeper of
 * runs past their deadline, the owner's lease heartbeat, and the recovery of runs whose owner is gone.
 */
import { and, eq, inArray, isNull, lt, lte, notInArray, or } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { creditLedger, predictions } from '../../db/schema';
import { grantCredits } from '../credits';
import type { RunsInFlight } from './in-flight';
import { canceledMessage, restartedMessage, timedOutMessage } from './prediction';

/**
 * A run's lease: its owner (the instance running it) renews it every LEASE_MS / 4; once it has expired
 * the owner is gone, and any instance's sweeper fails and refunds the run — once.
 */
export const LEASE_MS = 60_000;

/** Gives back what a run reserved ('prediction:'+id) as 'refund:'+id; nothing when nothing was reserved. */
export async function refundReservation(tx: Executor, userId: string, id: string): Promise<void> {
  const [spent] = await tx
    .select({ delta: creditLedger.delta })
    .from(creditLedger)
    .where(eq(creditLedger.reference, `prediction:${id}`));
  if (spent) await grantCredits(tx, userId, -spent.delta, 'refund', `refund:${id}`);
}

/** Ends a processing prediction (once) and refunds its reservation if one was made. */
export async function endPrediction(
  db: Executor,
  id: string,
  status: 'failed' | 'canceled',
  error: string,
  at: Date,
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
    return true;
  });
}

/**
 * Ends predictions past their deadline and refunds them; the runs among them that this instance has
 * going (`inFlight`, its deps.runs) are stopped too. Run on an interval.
 */
export async function sweepPredictions(db: Executor, now: Date, inFlight?: RunsInFlight): Promise<number> {
  const stuck = await db
    .select({ id: predictions.id })
    .from(predictions)
    .where(and(eq(predictions.status, 'processing'), lte(predictions.deadlineAt, now)));
  let ended = 0;
  for (const { id } of stuck) {
    // End (and refund) the run first, then stop its provider: stopped first, the run's own failure
    // handler raced this sweep to end it (the sweep then counted nothing on a busy Postgres).
    if (await endPrediction(db, id, 'failed', timedOutMessage, now)) ended++;
    inFlight?.abort(id, new Error(timedOutMessage));
  }
  // Runs of ours canceled through another instance (POST /api/runs/{id}/cancel ended and refunded them there):
  // their provider work stops here.
  const ours = inFlight?.ids() ?? [];
  if (inFlight && ours.length) {
    const over = await db
      .select({ id: predictions.id })
      .from(predictions)
      .where(and(inArray(predictions.id, ours), notInArray(predictions.status, ['processing', 'starting'])));
    for (const { id } of over) inFlight.abort(id, new Error(canceledMessage));
  }
  return ended;
}

/** The owner's heartbeat: extends the lease of every run this instance still has going. */
export async function renewLeases(db: Executor, instanceId: string, now: Date): Promise<number> {
  const renewed = await db
    .update(predictions)
    .set({ leaseExpiresAt: new Date(now.getTime() + LEASE_MS) })
    .where(and(eq(predictions.owner, instanceId), inArray(predictions.status, ['processing', 'starting'])))
    .returning({ id: predictions.id });
  return renewed.length;
}

/**
 * Runs whose owner stopped renewing their lease (a killed or crashed instance) can never finish: fail
 * and refund them. One conditional UPDATE … WHERE status = 'processing' AND lease expired … RETURNING
 * claims each run for exactly one caller, and its refund lands in the same transaction, so it is safe
 * at every instance's boot and in every instance's sweeper, even racing. A live instance's runs (lease
 * renewed) are left alone.
 */
export async function recoverPredictions(db: Executor, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const ended = await tx
      .update(predictions)
      .set({ status: 'failed', error: restartedMessage, completedAt: now })
      .where(
        and(
          inArray(predictions.status, ['processing', 'starting']),
          or(isNull(predictions.leaseExpiresAt), lt(predictions.leaseExpiresAt, now)),
        ),
      )
      .returning({ id: predictions.id, userId: predictions.userId });
    for (const row of ended) await refundReservation(tx, row.userId, row.id);
    return ended.length;
  });
}
