/** The one error type routes throw; app.onError turns it into a 4xx JSON answer {message, details?}. */
import * as v from 'valibot';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly extra: Record<string, unknown> = {},
    /** Response headers, e.g. Retry-After on a 429. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** Validates any input against a schema: the first issue's message is the answer, all issues the details. */
export function parseInput<S extends v.GenericSchema>(schema: S, data: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, data);
  if (result.success) return result.output;
  const details = result.issues.map((i) => ({ path: v.getDotPath(i), message: i.message }));
  const first = result.issues[0];
  const path = first ? v.getDotPath(first) : null;
  const message =
    first?.message.startsWith('Invalid ') && path
      ? `Invalid ${path}: ${first.message}`
      : (first?.message ?? 'Invalid request');
  throw new HttpError(400, message, { details });
}
