/**
 * Runs written straight into the database for the history tests (search, detail, files, shares, ZIP):
 * finished runs with a stored output where the tool makes files, at the times a test needs, and many
 * runs at once with generate_series (the search index's EXPLAIN test, `npm run bench:search`).
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { toolByKey, type ToolKey } from '../../src/catalog';
import type { Executor } from '../../server/db/client';
import { predictions } from '../../server/db/schema';
import { storeFile } from '../../server/services/storage';
import { tinyPng, type TestContext } from './helpers';

export interface SeededRun {
  readonly id: string;
  /** The output as stored: a bare /files/outputs/… path, or the text. */
  readonly output: string | null;
}

/** One run of `toolKey` by the user, succeeded unless told; an image output is stored as a real PNG. */
export async function seedRun(
  t: TestContext,
  userId: string,
  toolKey: ToolKey,
  options: {
    prompt?: string;
    status?: 'succeeded' | 'failed' | 'processing' | 'queued' | 'canceled';
    createdAt?: Date;
    input?: Record<string, string | number | boolean | null>;
    text?: string;
    /** The stored output (a tiny PNG unless given). */
    file?: { bytes: Uint8Array; contentType: string; ext: string };
  } = {},
): Promise<SeededRun> {
  const { db, files } = t.runtime.deps;
  const tool = toolByKey(toolKey);
  const status = options.status ?? 'succeeded';
  const createdAt = options.createdAt ?? t.now;
  let output: string | null = null;
  if (status === 'succeeded') {
    output =
      tool.output === 'text' || tool.output === 'code'
        ? (options.text ?? `The answer to ${options.prompt ?? 'nothing'}`)
        : await storeFile(
            db,
            files,
            userId,
            'output',
            options.file ?? { bytes: tinyPng, contentType: 'image/png', ext: 'png' },
          );
  }
  const id = crypto.randomUUID();
  await db.insert(predictions).values({
    id,
    userId,
    toolKey: tool.key,
    modelId: tool.id,
    status,
    cost: tool.cost,
    output,
    input: { ...(options.prompt === undefined ? {} : { prompt: options.prompt }), ...options.input },
    deadlineAt: new Date(createdAt.getTime() + 120_000),
    createdAt,
    completedAt: status === 'succeeded' || status === 'failed' ? new Date(createdAt.getTime() + 2500) : null,
  });
  return { id, output };
}

/**
 * `count` finished text runs of the user in one statement, one a second back from now: every
 * `rareEvery`-th prompt says 'zebra crossing n', the others 'a red fox in the snow n'.
 */
export async function seedManyRuns(db: Executor, userId: string, count: number, rareEvery = 1000): Promise<void> {
  const tool = toolByKey('text-to-text');
  await db.execute(sql`
    INSERT INTO predictions (id, user_id, tool_key, model_id, status, cost, output, input, deadline_at, created_at, completed_at)
    SELECT ${userId} || '-' || n, ${userId}, ${tool.key}, ${tool.id}, 'succeeded', ${tool.cost},
      to_jsonb('text ' || n),
      jsonb_build_object('prompt', CASE WHEN n % ${rareEvery} = 0 THEN 'zebra crossing ' || n ELSE 'a red fox in the snow ' || n END),
      now(), now() - make_interval(secs => n), now() - make_interval(secs => n) + interval '2 seconds'
    FROM generate_series(1, ${count}::int) AS n`);
  await db.execute(sql`ANALYZE predictions`);
}
