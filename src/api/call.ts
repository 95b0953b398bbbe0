/**
 * A call of the operation table (operations/) through the ApiClient: the method, the path (its
 * parameters filled in) and the answer schema come from the entry, and the input is typed by it, so a
 * path, method or field renamed in the table changes or breaks every caller's types.
 */
import type * as v from 'valibot';
import type { ApiClient, Method, RequestOptions } from './client';
import { operationUrl, type OperationSpec, type PathParams, type QuerySchema } from './operations';

type ParamsInput<O extends OperationSpec> =
  PathParams<O['path']> extends undefined ? { params?: undefined } : { params: PathParams<O['path']> };
type BodyInput<O extends OperationSpec> = O['body'] extends v.GenericSchema
  ? { body: v.InferInput<O['body']> }
  : { body?: undefined };
type QueryInput<O extends OperationSpec> = O['query'] extends QuerySchema
  ? { query?: { readonly [K in keyof v.InferInput<O['query']>]?: string | null } }
  : { query?: undefined };

export type CallInput<O extends OperationSpec> = ParamsInput<O> &
  BodyInput<O> &
  QueryInput<O> &
  Omit<RequestOptions, 'body'>;

/**
 * Calls `op`. `reply` is how the SPA reads the answer when it reads less than the documented schema
 * (a missing checkout session id is the checkout flow's own error); by default, the entry's answer.
 */
export function callOperation<O extends OperationSpec, S extends v.GenericSchema = O['answer']>(
  api: ApiClient,
  op: O,
  input: CallInput<O> & { reply?: S },
): Promise<v.InferOutput<S>> {
  const { params, query, body, reply, ...options } = input as Omit<RequestOptions, 'body'> & {
    params?: Record<string, string>;
    query?: Record<string, string | null | undefined>;
    body?: unknown;
    reply?: v.GenericSchema;
  };
  const path = operationUrl(op.path, params, query);
  // A file answer (the credit CSV, the ZIP) is asked for by its media type.
  const headers = op.media ? { Accept: op.media, ...options.headers } : options.headers;
  return api.request(op.method.toUpperCase() as Method, path, (reply ?? op.answer) as S, {
    ...options,
    ...(headers ? { headers } : {}),
    ...(body === undefined ? {} : { body }),
  });
}
