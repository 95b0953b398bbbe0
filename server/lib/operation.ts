/**
 * Binds a route handler to an entry of the operation table (src/api/operations): the method and path
 * come from the entry, a 'bearer' entry gets requireAuth, the query and the JSON body are validated with
 * the entry's schemas (failures: 400 {message, details}), and the handler's answer is typed by the
 * entry's answer schema and sent with the entry's status, its file addresses signed (FILES-2).
 */
import type { Context, Hono, MiddlewareHandler } from 'hono';
import type * as v from 'valibot';
import type { AnswerOf, OperationSpec, PathParamNames, QuerySchema } from '../../src/api/operations';
import type { AppEnv } from '../context';
import { parseInput } from '../errors';
import { requireAuth } from '../middleware/require-auth';
import { signFileUrls } from '../services/file-urls';
import { readBody } from '../validate';

export interface OperationInput<O extends OperationSpec> {
  readonly params: { readonly [K in PathParamNames<O['path']>]: string };
  readonly query: O['query'] extends QuerySchema ? v.InferOutput<O['query']> : undefined;
  readonly body: O['body'] extends v.GenericSchema ? v.InferOutput<O['body']> : undefined;
}

export type OperationHandler<O extends OperationSpec> = (
  c: Context<AppEnv>,
  input: OperationInput<O>,
) => AnswerOf<O> | Promise<AnswerOf<O>>;

/** '/api/creations/{id}' → '/api/creations/:id'. */
export const honoPath = (path: string): string => path.replace(/\{(\w+)\}/g, ':$1');

/**
 * Registers `handler` for an entry whose answer is a file (`media`: CSV, ZIP): the same checks and input,
 * and the handler answers the Response itself (its body may be a stream).
 */
export function bindFileOperation<O extends OperationSpec>(
  app: Hono<AppEnv>,
  op: O,
  handler: (c: Context<AppEnv>, input: OperationInput<O>) => Promise<Response>,
  ...middleware: MiddlewareHandler<AppEnv>[]
): void {
  const before = op.security === 'bearer' ? [requireAuth, ...middleware] : middleware;
  app.on(op.method.toUpperCase(), [honoPath(op.path)], ...before, async (c: Context<AppEnv>) =>
    handler(c, await inputOf(c, op)),
  );
}

const inputOf = async <O extends OperationSpec>(c: Context<AppEnv>, op: O) =>
  ({
    params: c.req.param(),
    query: op.query ? parseInput(op.query, c.req.query()) : undefined,
    body: op.body ? await readBody(c, op.body) : undefined,
  }) as OperationInput<O>;

/**
 * Registers `handler` for `op` on `app`, after requireAuth (bearer entries) and `middleware` (rate
 * limits), which run before anything reads the body.
 */
export function bindOperation<O extends OperationSpec>(
  app: Hono<AppEnv>,
  op: O,
  handler: OperationHandler<O>,
  ...middleware: MiddlewareHandler<AppEnv>[]
): void {
  const before = op.security === 'bearer' ? [requireAuth, ...middleware] : middleware;
  app.on(op.method.toUpperCase(), [honoPath(op.path)], ...before, async (c: Context<AppEnv>) => {
    const answer = await handler(c, await inputOf(c, op));
    // Every file address an answer carries is signed as it leaves (FILES-2): stored rows keep bare paths.
    return c.json(signFileUrls(answer, c.var.deps.fileUrls, c.var.deps.now()) as never, op.status);
  });
}
