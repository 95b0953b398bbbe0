/**
 * The generic call helper of spec §7: JSON headers, the optional bearer token, credentials; a
 * non-OK reply throws with the server's `message` (else 'Network response was not ok'), logs
 * 'API Error' and rethrows. Answers are parsed with the valibot schemas of schemas.ts.
 */
import { ofetch, type $Fetch } from 'ofetch';
import * as v from 'valibot';
import { readToken } from '../app/token-storage';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly details: unknown;
  readonly expired: boolean;

  constructor(message: string, status: number, details?: unknown, expired = false) {
    super(message);
    this.status = status;
    this.details = details;
    this.expired = expired;
  }
}

export const NOT_OK = 'Network response was not ok';
export const INVALID_RESPONSE = 'Invalid response from the API';

export type Method = 'GET' | 'POST' | 'DELETE';

export interface ApiClientOptions {
  /** Relative ('') by default: the SPA is served by the API server. */
  baseURL?: string;
  fetch?: typeof fetch;
  getToken?: () => string | null;
}

export interface RequestOptions {
  body?: unknown;
  signal?: AbortSignal | null;
}

export interface ApiClient {
  request<S extends v.GenericSchema>(
    method: Method,
    path: string,
    schema: S,
    options?: RequestOptions,
  ): Promise<v.InferOutput<S>>;
}

function errorFromBody(body: unknown, status: number): ApiError {
  if (typeof body === 'object' && body !== null) {
    const { message, details, expired } = body as { message?: unknown; details?: unknown; expired?: unknown };
    if (typeof message === 'string' && message !== '') {
      return new ApiError(message, status, details, expired === true);
    }
  }
  return new ApiError(NOT_OK, status);
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const $fetch: $Fetch = ofetch.create(
    { baseURL: options.baseURL ?? '', retry: false },
    options.fetch ? { fetch: options.fetch } : {},
  );
  const getToken = options.getToken ?? readToken;

  return {
    async request(method, path, schema, { body, signal = null } = {}) {
      try {
        const token = getToken();
        const headers: Record<string, string> = { Accept: 'application/json', 'Content-Type': 'application/json' };
        if (token) headers['Authorization'] = `Bearer ${token}`;
        const response = await $fetch.raw(path, {
          method,
          headers,
          credentials: 'include',
          ignoreResponseError: true,
          // exactOptionalPropertyTypes: ofetch wants null, not undefined (design.md).
          signal,
          ...(body === undefined ? {} : { body: body as Record<string, unknown> }),
        });
        if (!response.ok) throw errorFromBody(response._data, response.status);
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

export const api = createApiClient();
