/**
 * Reads and validates a JSON body in one place (server/lib/operation.ts, for every operation with a body):
 * malformed JSON and schema failures become 400 {message, details}.
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
