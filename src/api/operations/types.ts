/**
 * The shape of one entry of the operation table (operations/index.ts): everything a call of the API is —
 * its method and path, its name for generators (operationId, the table's key), who may make it, what it
 * takes and answers, every error status it can answer, and an example of both sides. The server binds
 * its handlers to these entries and builds /api/openapi.json from them; the SPA's calls are typed by them.
 */
import type * as v from 'valibot';

export type HttpMethod = 'get' | 'post' | 'delete';

/** The failures the API answers, each with {message, details?}. */
export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 413 | 422 | 429 | 500 | 502 | 503 | 504;

export const tagDescriptions = {
  auth: 'Accounts: sign-up, email verification, sign-in, password reset, email change',
  users: 'The signed-in user: theme, credit balance and history, account deletion',
  payments: 'Subscriptions and credit packs through the checkout, and the signed payment webhook',
  files: 'Uploads of the images and videos the tools take',
  generation: 'Starting tool runs (each charged from the catalogue) and reading their predictions',
  runs: "The caller's runs in progress: batches of prompts and their queue, the list the tray shows, cancel",
  creations: "The caller's runs: search and list, one run, share, download as a ZIP, delete",
  prompts: 'The prompts the caller ran per tool, saved prompt styles, and Enhance prompt',
  collections: "The caller's stars and named collections of runs",
} as const;
export type Tag = keyof typeof tagDescriptions;

/** A query string: every value arrives as a string. */
export type QuerySchema = v.ObjectSchema<v.ObjectEntries, undefined>;

/** A request header the operation reads (documented; the route checks it). */
export interface HeaderParam {
  readonly name: string;
  readonly description: string;
  readonly pattern?: string;
  readonly required: boolean;
}

export interface OperationExamples {
  readonly request?: {
    readonly params?: Readonly<Record<string, string>>;
    readonly query?: Readonly<Record<string, string>>;
    readonly body?: unknown;
  };
  readonly answer: unknown;
}

export interface OperationSpec {
  readonly method: HttpMethod;
  /** OpenAPI form: /api/creations/{id}. */
  readonly path: string;
  readonly summary: string;
  readonly description?: string;
  readonly tags: readonly [Tag];
  /** 'bearer': the session token in `Authorization: Bearer …` (else 401); 'none': a public call. */
  readonly security: 'bearer' | 'none';
  readonly query?: QuerySchema;
  readonly body?: v.GenericSchema;
  readonly headers?: readonly HeaderParam[];
  readonly answer: v.GenericSchema;
  /** An answer that is a file, not JSON (its `answer` is then FileBody): its media type. */
  readonly media?: 'text/csv' | 'application/zip';
  readonly status: 200 | 201;
  readonly errors: readonly ErrorStatus[];
  readonly examples: OperationExamples;
}

/** The names of a path's parameters: '/api/creations/{id}' → 'id'. */
export type PathParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParamNames<Rest>
  : never;
export type PathParams<P extends string> = [PathParamNames<P>] extends [never]
  ? undefined
  : { readonly [K in PathParamNames<P>]: string };

export type BodyOf<O extends OperationSpec> = O['body'] extends v.GenericSchema ? v.InferInput<O['body']> : undefined;
export type QueryOf<O extends OperationSpec> = O['query'] extends QuerySchema ? v.InferInput<O['query']> : undefined;
/** What the server answers on success (the schema's input: the JSON as sent). */
export type AnswerOf<O extends OperationSpec> = v.InferInput<O['answer']>;

/** The OpenAPI path with its parameters filled in (each encoded), and the query string if any. */
export function operationUrl(
  path: string,
  params?: Readonly<Record<string, string>>,
  query?: Readonly<Record<string, string | null | undefined>>,
): string {
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params?.[name] ?? ''));
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value) search.set(key, value);
  return search.size ? `${filled}?${search.toString()}` : filled;
}
