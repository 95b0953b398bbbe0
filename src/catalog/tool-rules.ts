/**
 * How a tool runs and what its form needs (the TOOL rules of docs/requirements.md), as data in each
 * tool's definition: the tool-run machine, the tool page and the server's input checks read it.
 */

export const ENTER_PROMPT = 'Please enter a prompt';
export const UPLOAD_IMAGE = 'Please upload an image';
export const UPLOAD_MAIN_IMAGE = 'Please upload a main image';
export const UPLOAD_IMAGE_FIRST = 'Please upload an image first';
/** Person-to-person sends this when its optional prompt is empty (TOOL-13). */
export const PERSON_DEFAULT_PROMPT = 'A photo of a person';
/** The longest prompt a run takes, after trimming. */
export const MAX_PROMPT = 4000;
export const PROMPT_TOO_LONG = `The prompt is too long (at most ${MAX_PROMPT} characters).`;

/**
 * How a tool reaches its output:
 * - 'single': one call answers with the output (POST /api/generate/image → {output, credits});
 * - 'poll': a start call answers with a prediction id, then GET /api/prediction/{id} (media, restore, person);
 * - 'wait': the same, checked more often and longer (text, code, image-to-text).
 */
export type CallKind = 'single' | 'poll' | 'wait';

/** A form field a run needs, with the text shown when it is missing (checked in order). */
export interface Requirement {
  readonly field: 'prompt' | 'image';
  readonly message: string;
}

/** Which aspect-ratio presets the page offers (TOOL-36 and TOOL-37 give two readings), if any. */
export type AspectReading = 'general' | 'advertisement';

/** Which wording a page uses for its failures. */
export type ErrorWording = 'image' | 'restore' | 'text' | 'code' | 'imageToText' | 'advertisement' | 'generic';

/** How the bar follows the checks: checks / attempts, or fast at first then slowly (1 − e^(−n/8)). */
export type ProgressCurve = 'linear' | 'easeOut';

/** GET /api/prediction/{id}: how often, how many times, and how the bar moves (capped at 95 %). */
export interface PollRule {
  readonly intervalMs: number;
  readonly attempts: number;
  readonly curve: ProgressCurve;
}

/** TOOL-6: every 2 s, at most 60 checks, the bar at checks / 60. */
export const SPEC_POLL: PollRule = { intervalMs: 2000, attempts: 60, curve: 'linear' };
/** Text, code and image-to-text: every second, at most 3 minutes. */
export const TEXT_POLL: PollRule = { intervalMs: 1000, attempts: 180, curve: 'easeOut' };
export const POLL_PROGRESS_CAP = 95;

/** TOOL-26: an attempt is cancelled after 55 s (45 s on the advertisement page). */
export const REQUEST_TIMEOUT_MS = 55_000;
export const ADVERTISEMENT_TIMEOUT_MS = 45_000;

export interface ToolShape {
  readonly call: CallKind;
  /** Refused in order, each with its message, before any call. */
  readonly requires: readonly Requirement[];
  /** The Generate button stays disabled while one of these is empty (TOOL-11; TOOL-13: person-to-person's prompt). */
  readonly button: readonly Requirement['field'][];
  /** Aspect-ratio buttons (text-to-image, advertisement); null when the page has none. */
  readonly aspect: AspectReading | null;
  /** Free width and height fields, kept by `sizeRule` (image-to-image). */
  readonly freeSize: boolean;
  /** Person-to-person: upload the main and pose images through /api/upload before starting. */
  readonly uploadsFirst: boolean;
  /** Prompt sent when the field is empty (person-to-person: 'A photo of a person'). */
  readonly defaultPrompt: string | null;
  /** Also retry on HTTP 504 and on an abort (the advertisement page, TOOL-26). */
  readonly retryOn504: boolean;
  /** Time-out of one attempt of the call. */
  readonly timeoutMs: number;
  /** The prediction's checks; null for a single call. */
  readonly poll: PollRule | null;
  readonly wording: ErrorWording;
  /** The input field of the upload: a picture (`image`) or a clip (video editing, `video`). */
  readonly upload: 'image' | 'video';
  /**
   * Takes an optional integer `seed` input (text-to-image, image-to-image): the server draws one when it is
   * absent and stores it with the run, so the same prompt with another seed gives another output.
   */
  readonly seed: boolean;
}
