/**
 * Replicate's error answers, mapped in one place. The SDK retries a 429 itself (and a GET's 5xx); what is
 * left reaches here: an overloaded model (429, 503) ends the run with the busy message (logged as busy, with the
 * provider and the status); the operator's faults
 * (401 revoked key, 402 no credit left, 403, 404 missing model or version, 422 an input the version refuses)
 * are logged once with the provider and the status (never the key) and the person reads the generic failure (CALL-2).
 */
import type { ApiError } from 'replicate';
import { BUSY_MESSAGE, GENERIC_FAILURE, ProviderError, type OperatorLog } from './types';

const OPERATOR_FAULTS: Readonly<Record<number, string>> = {
  401: 'the API token is missing or revoked',
  402: 'the account has no credit left (billing)',
  403: 'the API token may not run this model',
  404: 'the model or its version does not exist (a community model needs its version)',
  422: 'the model refused the input (its schema)',
};

/** The SDK's error for an answer that was not OK (the SDK exports its type only). */
const isApiError = (error: unknown): error is ApiError =>
  error instanceof Error && error.name === 'ApiError' && 'response' in error && error.response instanceof Response;

/** The `detail` of Replicate's problem answer (application/problem+json), which the SDK writes into its message. */
function detailOf(message: string): string | undefined {
  const json = /failed with status \d+[^:]*: (\{.*\})\.?$/s.exec(message)?.[1];
  if (!json) return undefined;
  try {
    const body = JSON.parse(json) as { detail?: unknown; title?: unknown };
    if (typeof body.detail === 'string') return body.detail.slice(0, 300);
    if (typeof body.title === 'string') return body.title.slice(0, 300);
  } catch {
    // Not JSON: nothing to add.
  }
  return undefined;
}

/** The error a failed call to Replicate ends its run with. */
export function replicateFailure(error: unknown, what: string, log: OperatorLog): unknown {
  if (!isApiError(error)) return error;
  const status = error.response.status;
  if (status === 429 || status === 503) {
    // Not the operator's fault, but worth knowing: the provider and its status, so a run of throttles shows.
    log(`Provider busy: replicate answered HTTP ${status} to ${what} after the SDK's retries`);
    return new ProviderError(BUSY_MESSAGE);
  }
  const detail = detailOf(error.message);
  const fault = OPERATOR_FAULTS[status] ?? 'the service failed';
  log(`Operator error: replicate answered HTTP ${status} to ${what}: ${fault}${detail ? ` (${detail})` : ''}`);
  return new ProviderError(GENERIC_FAILURE);
}

/** A prediction that ended `failed`: its error text for the person, unless it says the model is overloaded. */
export function failedRun(error: unknown): ProviderError {
  const text =
    typeof error === 'string' && error.trim()
      ? error.trim()
      : error && typeof error === 'object' && 'detail' in error
        ? String(error.detail)
        : 'The model run failed';
  return /\b(overloaded|capacity|rate.?limit|too many requests)\b/i.test(text)
    ? new ProviderError(BUSY_MESSAGE)
    : new ProviderError(text.slice(0, 500), 'failed');
}
