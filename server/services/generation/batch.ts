/**
 * A batch of prompts (POST /api/generate/batch): one tool, shared parameters, 1 to 10 prompts. One
 * transaction locks the account and reserves every run's cost or none; every run is stored 'queued' and, in
 * the same transaction, as many as the account has free places start (launch.ts, fillPlaces: processing, their
 * jobs sent), oldest first; the rest start as places free up.
 */
import crypto from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { batchCostMessage, MAX_BATCH_PROMPTS, takesPromptBatch } from '../../../src/catalog';
import type { AppDeps } from '../../context';
import { predictions } from '../../db/schema';
import { recordPrompt } from '../prompts';
import { HttpError } from '../../errors';
import type { InputValue } from '../../providers/types';
import { spendCredits } from '../credits';
import { checkInput } from '../tool-input';
import { toolForStart, withSeed } from './input';
import { fillPlaces, lockAccount } from './launch';
import { idempotencyMismatchMessage, requestHash } from './run';
import { queuePositions } from './runs';

export interface BatchRequest {
  readonly modelId: string;
  readonly prompts: readonly string[];
  readonly input?: Readonly<Record<string, InputValue>> | undefined;
}

export const notBatchToolMessage = 'This tool does not take a batch of prompts.';
export const batchInputMessage = 'A batch takes prompts and parameters only, no files.';

/** The 402 of a batch the balance cannot pay: the words the tool page's batch form says too (src/catalog). */
export { batchCostMessage };

const fileFields = ['image', 'pose_image', 'video'];

/** The stored key of a batch's i-th run ('#' never appears in a client's key, so no clash with a single start's). */
const runKey = (key: string, i: number) => `${key}#${i}`;

export async function startBatch(deps: AppDeps, userId: string, request: BatchRequest, idempotencyKey?: string) {
  const tool = toolForStart(request.modelId, 'any');
  if (!takesPromptBatch(tool)) throw new HttpError(400, notBatchToolMessage, { details: { modelId: tool.id } });
  if (request.prompts.length < 1 || request.prompts.length > MAX_BATCH_PROMPTS)
    throw new HttpError(400, `A batch takes 1 to ${MAX_BATCH_PROMPTS} prompts.`);
  const shared = { ...request.input };
  if (fileFields.some((f) => shared[f] !== undefined && shared[f] !== null && shared[f] !== ''))
    throw new HttpError(400, batchInputMessage);
  // Each prompt checked as one run's (trimmed, not empty, within the tool's cap), before anything is reserved.
  const inputs = request.prompts.map((prompt) => withSeed(tool, checkInput(tool, { ...shared, prompt })));
  const hash = idempotencyKey
    ? requestHash({ modelId: request.modelId, input: { ...shared, prompts: JSON.stringify(request.prompts) } })
    : undefined;
  const cost = tool.cost * inputs.length;
  const at = deps.now().getTime();
  const fresh = inputs.map(() => crypto.randomUUID());
  const reserved = await deps.db.transaction(async (tx) => {
    const balance = await lockAccount(tx, userId);
    // A repeated key answers the batch it started (the account's lock makes a concurrent repeat wait here).
    if (idempotencyKey) {
      const earlier = await tx
        .select()
        .from(predictions)
        .where(
          and(
            eq(predictions.userId, userId),
            inArray(
              predictions.idempotencyKey,
              Array.from({ length: MAX_BATCH_PROMPTS }, (_, i) => runKey(idempotencyKey, i)),
            ),
          ),
        );
      if (earlier.length) {
        if (earlier.some((row) => row.requestHash !== hash)) throw new HttpError(422, idempotencyMismatchMessage);
        const byKey = new Map(earlier.map((row) => [row.idempotencyKey, row]));
        const rows = earlier.map((_, i) => byKey.get(runKey(idempotencyKey, i))).filter((row) => row !== undefined);
        return { ids: rows.map((row) => row.id), credits: rows[0]?.creditsAfter ?? balance };
      }
    }
    if (balance < cost) throw new HttpError(402, batchCostMessage(cost, balance));
    let credits = balance;
    for (const id of fresh) credits = await spendCredits(tx, userId, tool.cost, `prediction:${id}`);
    // Oldest first: created_at one millisecond apart keeps the batch's order in the queue.
    await tx.insert(predictions).values(
      inputs.map((input, i) => ({
        id: fresh[i]!,
        userId,
        toolKey: tool.key,
        modelId: tool.id,
        status: 'queued' as const,
        cost: tool.cost,
        input,
        createdAt: new Date(at + i),
        deadlineAt: new Date(at + deps.config.generationTimeoutMs),
        creditsAfter: credits,
        ...(idempotencyKey ? { idempotencyKey: runKey(idempotencyKey, i), requestHash: hash } : {}),
      })),
    );
    // PROMPT-1: each prompt of the batch is kept with the batch's own start.
    for (const input of inputs) await recordPrompt(tx, userId, tool.key, input['prompt'], new Date(at));
    await fillPlaces(deps, tx, userId);
    return { ids: fresh, credits };
  });
  const { ids, credits } = reserved;
  const positions = await queuePositions(deps, userId);
  return {
    runs: ids.map((id) => {
      const position = positions.get(id);
      // Not queued any more: started (perhaps already over; its prediction says).
      return position === undefined
        ? { id, status: 'processing' as const }
        : { id, status: 'queued' as const, position };
    }),
    credits,
  };
}
