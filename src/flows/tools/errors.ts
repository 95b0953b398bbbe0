/**
 * Generation errors (TOOL-27 to TOOL-31) as pure functions: what the red banner of a tool page says for a
 * failure, and which failures are retried (TOOL-26). The machines call these; nothing here has effects.
 */
import type { ErrorWording } from '../../catalog/tool-rules';
import type { ToolError } from './tool-run.types';

export const GENERATION_FAILED = 'Generation failed';
export const GENERATION_TIMED_OUT = 'Generation timed out';
export const INVALID_RESPONSE = 'Invalid response from the API';
export const CHECK_FAILED = 'Failed to check status';
export const UPLOAD_FAILED = 'Failed to upload image';
/** HTTP 504. */
export const REQUEST_TIMED_OUT = 'The request timed out. Please try again with a simpler prompt.';
/** An abort after the time-out. */
export const TOOK_TOO_LONG = 'The request took too long. Please try again with a simpler prompt.';

/** The advertisement page's alternative wording. */
export const AD_HIGH_LOAD = 'The server is experiencing high load. Please try again in a moment.';
export const AD_BUSY = 'The server is busy. Please try again in a moment.';

/** The second line of a failed or canceled run whose cost came back: the tool page's banner (TOOL-38), the tray (RUNS-8). */
export const creditsReturned = (credits: number): string =>
  `Your ${credits} ${credits === 1 ? 'credit has' : 'credits have'} been returned.`;
export const AD_UNAVAILABLE = 'The server is temporarily unavailable. Please try again in a moment.';

export const FALLBACKS: Record<ErrorWording, string> = {
  image: 'Failed to generate image. Please try again.',
  advertisement: 'Failed to generate image. Please try again.',
  restore: 'Failed to restore image. Please try again.',
  text: 'Failed to generate text. Please try again.',
  code: 'Failed to generate code. Please try again.',
  imageToText: 'Failed to process image. Please try again.',
  generic: GENERATION_FAILED,
};

export const uploadFailed = (which: 'main' | 'pose', message: string): string =>
  `Failed to upload ${which} image: ${message}`;

/** The request machine's own time-out, as the effects see an abort. */
export const timeoutError = (): ToolError => ({ name: 'TimeoutError', message: TOOK_TOO_LONG });

/** Whatever an effect threw, as a ToolError (a missing message becomes ''). */
export function toToolError(error: unknown): ToolError {
  if (typeof error !== 'object' || error === null) {
    return { message: typeof error === 'string' ? error : '' };
  }
  const { status, message, name, fromServer, nothingCharged } = error as Record<string, unknown>;
  return {
    // The client's own 'Network response was not ok' (a reply without a message) is not the
    // server's error: the run shows its own fallback instead (TOOL-29) (src/api/client.ts, fromServer).
    message: typeof message === 'string' && fromServer !== false ? message : '',
    ...(typeof status === 'number' ? { status } : {}),
    ...(name === 'AbortError' || name === 'TimeoutError' ? { name } : {}),
    ...(nothingCharged === true ? { nothingCharged } : {}),
  };
}

const isAbort = (e: ToolError) => e.name === 'AbortError' || e.name === 'TimeoutError';
/** The "time-out messages" of TOOL-26: the server's or a proxy's words for a time-out. */
const TIMEOUT_WORDS = /time[d\s-]*out/i;

/**
 * TOOL-26: every tool retries on a time-out (its own, or a message saying so); the advertisement
 * also retries on HTTP 504 and on any abort.
 */
export function isRetryable(error: ToolError, retryOn504: boolean): boolean {
  if (error.name === 'TimeoutError' || TIMEOUT_WORDS.test(error.message)) return true;
  return retryOn504 && (error.status === 504 || error.name === 'AbortError');
}

/** What a 504 refused before the charge adds to its banner (TOOL-44). */
export const NOTHING_CHARGED = 'Nothing was charged.';

/** The banner text of a 504: the wording's own, and whether nothing was charged when the server says so (TOOL-44). */
const gatewayText = (text: string, error: ToolError) => (error.nothingCharged ? `${text} ${NOTHING_CHARGED}` : text);

/** The banner text of a failed run (TOOL-27 to TOOL-30, TOOL-44). */
export function generationErrorText(error: ToolError, wording: ErrorWording): string {
  if (wording === 'advertisement') {
    if (isAbort(error)) return TOOK_TOO_LONG;
    if (/unexpected token/i.test(error.message)) return AD_HIGH_LOAD;
    if (error.status === 504) return gatewayText(AD_BUSY, error);
    if (error.message.includes('An error occurred')) return AD_UNAVAILABLE;
    return FALLBACKS.advertisement;
  }
  if (isAbort(error)) return TOOK_TOO_LONG;
  if (error.status === 504) return gatewayText(REQUEST_TIMED_OUT, error);
  if (error.message.trim() !== '') return error.message;
  return FALLBACKS[wording];
}

/** A failed upload, wrapped by the generation (TOOL-31). */
export function uploadErrorText(error: unknown, which: 'main' | 'pose'): string {
  const { message } = toToolError(error);
  return uploadFailed(which, message.trim() === '' ? UPLOAD_FAILED : message);
}

/** The insufficient-balance banner; the view adds links to /credits and /subscribe. */
export const notEnoughCredits = (cost: number, credits: number): string =>
  `You need ${cost} credits to run this tool. You have ${credits}.`;
