/**
 * A working run's percentage (RUNS-26), as its provider reports it through RunTrack.progress: stored on the
 * run's row (predictions.progress) for the tray's list. Writes follow the provider's own steps (no timer of
 * ours), only when the whole percent has risen by PROGRESS_STEP or more since the last write, one at a time,
 * and never lower a stored value (the UPDATE checks it too, so another attempt's writes cannot move it back).
 * A working run reads at most 99: 100 is written when it succeeds (launch.ts).
 */
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { predictions } from '../../db/schema';

/** The least rise of the whole percent that is written. */
export const PROGRESS_STEP = 5;
/** The most a working run reads. */
export const WORKING_MAX = 99;

export interface ProgressWriter {
  /** A provider's report (any number; non-finite ones are ignored). */
  report(percent: number): void;
  /** Settles when the writes asked so far are done (never rejects). */
  settled(): Promise<void>;
}

export function progressWriter(db: Executor, id: string, stored: number | null): ProgressWriter {
  let last = stored;
  let pending = Promise.resolve();
  return {
    report(percent) {
      if (typeof percent !== 'number' || !Number.isFinite(percent)) return;
      const whole = Math.max(0, Math.min(WORKING_MAX, Math.floor(percent)));
      if (last !== null && whole - last < PROGRESS_STEP) return;
      last = whole;
      pending = pending
        .then(() =>
          db
            .update(predictions)
            .set({ progress: whole })
            .where(
              and(
                eq(predictions.id, id),
                eq(predictions.status, 'processing'),
                or(isNull(predictions.progress), lt(predictions.progress, whole)),
              ),
            ),
        )
        .then(
          () => undefined,
          () => undefined,
        );
    },
    settled: () => pending,
  };
}
