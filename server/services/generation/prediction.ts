/** A prediction's stored row: its type, the messages a run ends with, and how the API answers it. */
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { predictions } from '../../db/schema';
import { HttpError } from '../../errors';

export type PredictionRow = typeof predictions.$inferSelect;

export const timedOutMessage = 'Generation timed out';
export const restartedMessage = 'The server restarted during this generation. Your credits have been refunded.';

export async function getPrediction(db: Executor, id: string): Promise<PredictionRow | undefined> {
  const [row] = await db.select().from(predictions).where(eq(predictions.id, id));
  return row;
}

/** The caller's own prediction as the API answers it; someone else's is answered exactly like a missing one. */
export async function predictionFor(db: Executor, userId: string, id: string) {
  const row = await getPrediction(db, id);
  if (!row || row.userId !== userId) throw new HttpError(404, 'Prediction not found');
  return toPredictionAnswer(row);
}

export function toPredictionAnswer(row: PredictionRow) {
  return {
    id: row.id,
    status: row.status,
    output: row.output ?? null,
    error: row.error ?? null,
    ...(row.model ? { model: row.model } : {}),
  };
}
