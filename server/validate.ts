/**
 * Reads and validates a JSON body in one place (server/lib/operation.ts, for every operation with a body):
 * malformed JSON and schema failures become 400 {message, details}; and the generation starts' optional
 * Idempotency-Key header (server/routes/generate.ts, runs.ts).
 */
import type { Context } from 'hono';
import type * as v from 'valibot';
import { HttpError, parseInput } from './errors';

export async function readBody<S extends v.GenericSchema>(c: Context, schema: S): Promise<v.InferOutput<S>> {
  let data: unknown;
  try {
    data = await c.req.json();
  } catch {
    throw new HttpError(400, 'Malformed JSON body');
  }
  return parseInput(schema, data);
}

const idempotencyKeyRe = /^[A-Za-z0-9_-]{8,128}$/;

/** The optional Idempotency-Key header: 8–128 characters of A–Z, a–z, 0–9, '_' and '-'. */
export function idempotencyKey(c: Context): string | undefined {
  const key = c.req.header('Idempotency-Key');
  if (key === undefined) return undefined;
  if (!idempotencyKeyRe.test(key)) {
    throw new HttpError(400, 'The Idempotency-Key header must be 8 to 128 characters of letters, digits, "_" or "-".');
  }
  return key;
}
