/**
 * Types of a tool run (TOOL-2 to TOOL-10, TOOL-26 to TOOL-34). The lifecycle (toolRun) composes three small machines:
 * toolRequest (time-out and retries), toolPoll (prediction polling) and toolProgress (simulated
 * progress); the effects below are provided once, through `toolRunImplementations` (effects.ts).
 * What differs from tool to tool is the tool's definition in src/catalog.
 */
import type { CreationDetail, Run } from '../../api/schemas';
import type { StartOperation, Tool } from '../../catalog/tools';
import type { ToolShape } from '../../catalog/tool-rules';
import type { DraftForm } from './draft';

/** The id the result view carries, so the run can scroll it into view (TOOL-25). */
export const TOOL_RESULT_ID = 'tool-result';

// ---------- errors ----------

/**
 * What a failed effect looks like to the machines: the app's ApiError has `status` and
 * `message`; an aborted fetch has `name` 'AbortError'; the request machine's own time-out is a
 * 'TimeoutError'. Anything else thrown is normalised to this by `toToolError`.
 */
export interface ToolError {
  status?: number;
  message: string;
  name?: 'AbortError' | 'TimeoutError';
  /** The server refused the call before charging anything (TOOL-44). */
  nothingCharged?: true;
}

// ---------- the tool's call shape: part of its definition in src/catalog ----------

export type { AspectReading, CallKind, ErrorWording, PollRule, Requirement, ToolShape } from '../../catalog/tool-rules';

// ---------- effects the app provides ----------

/** The body of a generation call (TOOL-33). */
export interface GenerationBody {
  modelId: string;
  provider?: Tool['provider'];
  /** /api/generate/image reads `cost`; the start endpoints read `modelCost`. */
  cost?: number;
  modelCost?: number;
  input: Record<string, string | number | boolean | null>;
  /** COLLECT-6: the collection the run joins as it starts. */
  collectionId?: string;
}

/**
 * One attempt of a generation call. The app sends `idempotencyKey` as the Idempotency-Key
 * header: every attempt of one click carries the same key, so the server charges once.
 */
export interface CallInput {
  /** The catalogue's start operation of the tool (its operationId). */
  startOperation: StartOperation;
  body: GenerationBody;
  idempotencyKey: string;
  /** 1, 2 or 3. */
  attempt: number;
}

/** POST /api/generate/image (and the advertisement's single call). */
export interface SyncAnswer {
  output?: unknown;
  credits?: number | undefined;
}

/** POST /api/generate or a per-tool endpoint: the prediction it started. */
export interface StartAnswer {
  id?: unknown;
  credits?: number | undefined;
}

export type CallAnswer = SyncAnswer & StartAnswer;

/** GET /api/prediction/{id}. */
export interface PredictionAnswer {
  status: string;
  /** A queued run's place in its account's queue (1 = next to start: RUNS-4). */
  position?: number | null | undefined;
  output?: string | readonly string[] | null | undefined;
  error?: string | null | undefined;
}

/** POST /api/upload {image as data URL}. */
export interface UploadInput {
  image: string;
  which: 'main' | 'pose';
}
export interface UploadAnswer {
  url: string;
}

/** GET /api/creations/{id}: the creation whose settings a tool page takes (CREATIONS-13). */
export type CreationAnswer = CreationDetail;

/** A run of the account as the runs tray lists it (GET /api/runs): what a page needs to follow it (RUNS-14). */
export type ListedRun = Pick<Run, 'id' | 'toolKey' | 'prompt' | 'status'>;

/** How the request machine ended: it never throws, the lifecycle reads this. */
export type RequestOutcome =
  { ok: true; answer: CallAnswer; attempts: number } | { ok: false; error: ToolError; attempts: number };

/**
 * How the poll machine ended. `ended`: the server itself ended the run (failed, canceled), so it has
 * given back the run's reservation; a check that gave up or ran out of attempts cannot say.
 */
export type PollOutcome = { ok: true; output: string } | { ok: false; error: ToolError; ended?: true };

// ---------- the lifecycle ----------

export interface ToolRunInput {
  /** The tool's definition: a catalogue tool, or any other made the same way (a test's own). */
  tool: Tool<string>;
  /** Defaults to the tool definition's own (`tool.run`). */
  shape?: ToolShape;
  signedIn?: boolean;
  credits?: number;
  /** One idempotency key per click; the app gives crypto.randomUUID (the default). */
  newKey?: () => string;
  /** The random source of simulated progress, in [0, 1); Math.random by default. */
  random?: () => number;
}

export interface ToolRunContext {
  /** The tool's definition: a catalogue tool, or any other made the same way (a test's own). */
  tool: Tool<string>;
  shape: ToolShape;
  // form
  prompt: string;
  /** The uploaded file as a data URL (image tools), or null. */
  image: string | null;
  poseImage: string | null;
  /** Name of the chosen aspect-ratio preset; null on pages without presets. */
  aspect: string | null;
  width: number;
  height: number;
  /** The tool's parameters shown as controls (its definition's `params`), starting at the defaults of TOOL-35. */
  params: Readonly<Record<string, string | number>>;
  // session, kept current by the app through `tool.balance`
  signedIn: boolean;
  credits: number;
  // the run
  /** Idempotency key of the current click; null before the first click. */
  key: string | null;
  /** Public URLs of the uploaded images (person-to-person). */
  uploaded: { image: string | null; poseImage: string | null };
  predictionId: string | null;
  /** RUNS-15: the run waits in its account's queue at this place (1 = next to start); null when it is not queued. */
  queuedPlace: number | null;
  /** A run of the account this page follows instead of starting one (RUNS-14): its id, until `working` takes it. */
  resumeId: string | null;
  /** RUNS-14: the page's run is still on the form it opened with (it has not yet left `form.idle`). */
  firstForm: boolean;
  /** TOOL-47, TOOL-49: a visitor pressed Generate on this form: its kept draft asks 'Run it now?' when restored. */
  generatePressed: boolean;
  /** COLLECT-6: the collection the page's runs join as they start ('Save to'), or null: none. */
  collectionId: string | null;
  /** The creation whose settings the form is taking (CREATIONS-13), and whether Generate follows (CREATIONS-14). */
  applying: { id: string; newSeed: boolean } | null;
  progress: number;
  result: string | null;
  error: string | null;
  /** The credits the server gave back for the failed run (TOOL-38); null when it charged nothing or cannot say. */
  refunded: number | null;
  // seams (deterministic in tests)
  newKey: () => string;
  random: () => number;
}

/** A past run's settings, as 'Use these settings' gives them to a tool page's form (CREATIONS-13). */
export interface AppliedSettings {
  prompt: string | null;
  width: number | null;
  height: number | null;
  /** The run's parameters (only the tool's own controls are taken; a seed is not). */
  params: Readonly<Record<string, string | number | boolean | null>>;
  image: string | null;
  poseImage: string | null;
}

export type ToolRunEvent =
  /**
   * RUNS-14: the runs the runs tray lists now (the app tells each kept run when the list changes): a page still
   * on its first, blank form follows the first of its tool still queued or in progress.
   */
  | { type: 'tool.listed'; runs: readonly ListedRun[] }
  /** The poll's word on the queue: the run's place, or null once it has left it (RUNS-15). */
  | { type: 'progress.queued'; place: number | null }
  | { type: 'tool.prompt'; prompt: string }
  /** Clear the prompt: the field empties, the rest of the form stays. */
  | { type: 'tool.prompt.clear' }
  | { type: 'tool.image'; image: string | null }
  | { type: 'tool.poseImage'; image: string | null }
  /** The page refused a file before any call (TOOL-14, TOOL-15): the banner says why. */
  | { type: 'tool.fileRejected'; message: string }
  | { type: 'tool.aspect'; name: string }
  | { type: 'tool.size'; width: number; height: number }
  /** A parameter control (frames, fps, length, duration, guidance, voice preset, quality, edit). */
  | { type: 'tool.param'; name: string; value: string | number }
  /** COLLECT-6: 'Save to' names one of the person's collections (null: none) for the runs started from here. */
  | { type: 'tool.saveTo'; collectionId: string | null }
  | { type: 'tool.generate' }
  /** 'Generate Another' / 'Restore Another' / 'Process Another'. */
  | { type: 'tool.reset' }
  /** 'Run again' (TOOL-43): the same form once more, a new run (and seed), charged again. */
  | { type: 'tool.runAgain' }
  /** 'Edit' (TOOL-43): back to the form with the prompt, parameters and files kept. */
  | { type: 'tool.edit' }
  /**
   * 'Use these settings' (CREATIONS-13) or 'New seed' (CREATIONS-14, `newSeed`) of a creation's page: the run
   * reads that creation, its form takes the run's prompt, size, aspect, parameters and uploaded pictures (their
   * signed addresses), as Edit shows a form; New seed then presses Generate.
   */
  | { type: 'tool.applyCreation'; id: string; newSeed: boolean }
  /** TOOL-47: the login dialog opened from this page (its Sign In): the form is kept for the tab. */
  | { type: 'tool.draft.keep' }
  /** TOOL-48: 'Back to {tool}' brought the tab's kept draft; `generate`: Generate had been pressed (TOOL-49). */
  | { type: 'tool.draft.restore'; toolKey: string; form: DraftForm; generate: boolean }
  /** TOOL-49: 'Run it now?' answered Run it (the normal Generate follows) or Not now. */
  | { type: 'tool.draft.run' }
  | { type: 'tool.draft.decline' }
  /** The app keeps the session's view current: signed in or not, and the balance. */
  | { type: 'tool.balance'; signedIn: boolean; credits: number }
  /** From the progress child, the poll child or the wait callbacks: 0–100. */
  | { type: 'progress.tick'; value: number };
