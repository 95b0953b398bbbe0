/**
 * The generic call helper (CALL-1): JSON headers, the optional bearer token, credentials; a
 * non-OK reply throws with the server's `message` (else 'Network response was not ok'), logs
 * 'API Error' and rethrows. Answers are parsed with the valibot schemas of schemas.ts.
 */
import { ofetch, type $Fetch } from 'ofetch';
import * as v from 'valibot';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly details: unknown;
  readonly expired: boolean;
  /**
   * false when the server gave no message (a 500 with an empty body): the helper's own text is
   * kept for the log, and every flow shows its own fallback message instead (src/flows/shared/errors.ts).
   */
  readonly fromServer: boolean;
  /** true when the server said the refused call charged nothing (`charged: false`: a busy model's 504). */
  readonly nothingCharged: boolean;

  constructor(
    message: string,
    status: number,
    details?: unknown,
    expired = false,
    fromServer = true,
    nothingCharged = false,
  ) {
    super(message);
    this.status = status;
    this.details = details;
    this.expired = expired;
    this.fromServer = fromServer;
    this.nothingCharged = nothingCharged;
  }
}

export const NOT_OK = 'Network response was not ok';
export const INVALID_RESPONSE = 'Invalid response from the API';

export type Method = 'GET' | 'POST' | 'DELETE';

/** Where the bearer token comes from (the session, src/flows/shared/api.effects.ts), and who hears that it was refused. */
export interface ApiCredentials {
  getToken?: () => string | null;
  /** A call sent with `token` was answered 401: the session of that token has expired. */
  onUnauthorized?: (token: string) => void;
}

export interface ApiClientOptions extends ApiCredentials {
  /** Relative ('') by default: the SPA is served by the API server. */
  baseURL?: string;
  fetch?: typeof fetch;
}

export interface RequestOptions {
  body?: unknown;
  signal?: AbortSignal | null;
  /** Extra request headers (the tool calls' Idempotency-Key). */
  headers?: Record<string, string>;
  /** false for the calls that are not made on behalf of a session (login, register, reset…): no token. */
  auth?: boolean;
  /** 'blob' for an answer that is a file (the ZIP of several creations): the answer is read as a Blob. */
  responseType?: 'json' | 'blob';
}

export interface ApiClient {
  request<S extends v.GenericSchema>(
    method: Method,
    path: string,
    schema: S,
    options?: RequestOptions,
  ): Promise<v.InferOutput<S>>;
}

/** A refused file call's answer is a Blob (of any realm) of the server's JSON error. */
async function refusalBody(data: unknown): Promise<unknown> {
  if (typeof data !== 'object' || data === null || typeof (data as Blob).text !== 'function') return data;
  try {
    return JSON.parse(await (data as Blob).text()) as unknown;
  } catch {
    return null;
  }
}

function errorFromBody(body: unknown, status: number): ApiError {
  if (typeof body === 'object' && body !== null) {
    const { message, details, expired, charged } = body as Record<string, unknown>;
    if (typeof message === 'string' && message !== '') {
      return new ApiError(message, status, details, expired === true, true, charged === false);
    }
  }
  return new ApiError(NOT_OK, status, undefined, false, false);
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const $fetch: $Fetch = ofetch.create(
    { baseURL: options.baseURL ?? '', retry: false },
    options.fetch ? { fetch: options.fetch } : {},
  );
  // Without credentials the client sends no token: it never reads the browser's storage itself.
  const getToken = options.getToken ?? (() => null);

  return {
    async request(
      method,
      path,
      schema,
      { body, signal = null, headers: extra, auth = true, responseType = 'json' } = {},
    ) {
      try {
        const token = auth ? getToken() : null;
        const headers: Record<string, string> = { Accept: 'application/json', 'Content-Type': 'application/json' };
        if (token) headers['Authorization'] = `Bearer ${token}`;
        if (extra) Object.assign(headers, extra);
        const response = await $fetch.raw(path, {
          method,
          headers,
          credentials: 'include',
          ignoreResponseError: true,
          // exactOptionalPropertyTypes: ofetch wants null, not undefined.
          signal,
          ...(responseType === 'blob' ? { responseType: 'blob' as const } : {}),
          ...(body === undefined ? {} : { body: body as Record<string, unknown> }),
        });
        if (!response.ok) {
          if (response.status === 401 && token) options.onUnauthorized?.(token);
          throw errorFromBody(await refusalBody(response._data), response.status);
        }
        const parsed = v.safeParse(schema, response._data);
        if (!parsed.success) {
          throw new ApiError(INVALID_RESPONSE, response.status, v.flatten(parsed.issues).nested);
        }
        return parsed.output;
      } catch (error) {
        console.error('API Error', error);
        throw error;
      }
    },
  };
}
