/**
 * The one rule of every account flow's errors (AUTH-13, RESET-2, RESET-5, VERIFY-4, ACCOUNT-2): show
 * the server's message when the failure carries one, else the flow's own fallback text.
 */
export function messageOf(error: unknown, fallback: string): string {
  // The client's own 'Network response was not ok' is not the server's message (src/api/client.ts).
  if (typeof error === 'object' && error !== null && (error as { fromServer?: unknown }).fromServer === false) {
    return fallback;
  }
  if (typeof error === 'object' && error !== null && 'message' in error) {
    const message = (error as { message: unknown }).message;
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return fallback;
}

/** The HTTP status a failed call carries (ApiError of src/api/client.ts), if any. */
export function statusOf(error: unknown): number | null {
  if (typeof error !== 'object' || error === null) return null;
  const status = (error as { status?: unknown }).status;
  return typeof status === 'number' ? status : null;
}

/** Details a failed call may carry (verify-email appends them, VERIFY-4). */
export function detailsOf(error: unknown): string | null {
  if (typeof error === 'object' && error !== null && 'details' in error) {
    const details = (error as { details: unknown }).details;
    if (typeof details === 'string' && details !== '') return details;
    if (details !== undefined && details !== null) return JSON.stringify(details);
  }
  return null;
}

/** The server flags an expired verification link (VERIFY-3). */
export function isExpired(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { expired?: unknown }).expired === true;
}

/** A failure that has never reached the flow: the default of every named actor the app must provide. */
export function notProvided(name: string): never {
  throw new Error(`The effect '${name}' was not provided`);
}
