/**
 * The seam between the generation routes (server/routes) and the model providers.
 * A provider turns one job into output bytes or text; the server stores the files, keeps the
 * prediction row, reserves and refunds credits. Providers never touch the database.
 */
import type { Tool } from '../../src/catalog';

export type InputValue = string | number | boolean | null;

export interface GenerationJob {
  /** The catalogue entry being run (its id is the provider's model identifier). */
  readonly tool: Tool;
  /** tool.defaultParams merged with the caller's validated input (the caller's values win). */
  readonly input: Readonly<Record<string, InputValue>>;
  /** Optional model version (Replicate). */
  readonly version?: string;
  /**
   * Images referred to by the input (input.image, input.pose_image) resolved by the server
   * from its own upload URLs: providers receive bytes, never read the disk themselves.
   */
  readonly images?: Readonly<Record<string, { bytes: Uint8Array; contentType: string }>>;
  /** When the server gives the run up (its deadline): a provider that bills by time stops there too. */
  readonly deadline?: Date;
}

export interface OutputFile {
  readonly bytes: Uint8Array;
  readonly contentType: string; // e.g. image/png, audio/wav, video/mp4, model/gltf-binary
  readonly ext: string; // without the dot: png, wav, mp4, glb
}

export type ProviderOutput =
  { readonly kind: 'files'; readonly files: readonly OutputFile[] } | { readonly kind: 'text'; readonly text: string };

export interface ProviderResult {
  readonly output: ProviderOutput;
  /** Human-readable model label, e.g. 'offline preview model' for the local provider. */
  readonly model: string;
}

/** Raised by providers for failures a user should read (a rejected prompt, a failed run). */
export class ProviderError extends Error {
  constructor(
    message: string,
    /** 'failed' for a run that failed, 'canceled' for one the provider canceled or aborted. */
    readonly status: 'failed' | 'canceled' = 'failed',
    /** The HTTP status the server answers with when the run is refused outright (504: busy). */
    readonly httpStatus?: 504,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

/** What the person reads when a provider is still overloaded after the SDK's retries (429, 503). */
export const BUSY_MESSAGE = 'The model is busy. Please try again in a moment.';

/** What the person reads when the fault is the operator's (quota, key, missing model): the generic failure. */
export const GENERIC_FAILURE = 'Generation failed';

/** An operator's line: names the provider and the HTTP status, never the key. */
export type OperatorLog = (line: string) => void;

/** The model cannot take the run now (overloaded, queue full): the server answers 504 and charges nothing. */
export class ProviderBusyError extends ProviderError {
  constructor(message = 'The model is busy right now. Please try again in a moment.') {
    super(message, 'failed', 504);
    this.name = 'ProviderBusyError';
  }
}

/**
 * The abort reason when a run moves to another worker (this one stops or lost the job's claim): the provider
 * stops waiting here but leaves its remote work going, since the next attempt resumes reading it.
 */
export class RunHandOff extends Error {
  constructor(message = 'The run moves to another worker') {
    super(message);
    this.name = 'RunHandOff';
  }
}

/** A remote run's end as its provider's signed webhook reported it (stored on the run's row: remote_result). */
export interface RemoteResult {
  /** The provider's terminal status (Replicate: succeeded, failed, canceled, aborted). */
  readonly status: string;
  readonly output: unknown;
  readonly error: unknown;
}

/** A run's remote work as the server keeps it across attempts (the run's stored remote_id). */
export interface RunTrack {
  /** The provider's id of the work an earlier attempt created: read it again, never create another. */
  readonly remoteId?: string | undefined;
  /** Called the moment the provider answers the create, before anything else waits on it (stores the id). */
  created?(remoteId: string): Promise<void>;
  /**
   * The end a webhook reported for the run (any web process stores it on the run's row), or undefined: a
   * provider that asked for a webhook reads this often (one row) and its own API rarely, as a fallback.
   */
  reported?(): Promise<RemoteResult | undefined>;
  /**
   * How far the run has got, 0–100, reported as the provider's work advances (its steps, its log's percentages):
   * the server stores it for the runs tray, throttled and never lowered. Never throws; a provider with no
   * measure of its progress (OpenAI) does not call it.
   */
  progress?(percent: number): void;
}

export interface GenerationProvider {
  readonly name: 'local' | 'replicate' | 'openai';
  /**
   * Runs the job to completion. Must stop and reject when `signal` aborts (the server aborts on
   * its deadline and on cancellation; a RunHandOff reason leaves remote work going). Rejects with
   * ProviderError for a user-facing failure. A provider with remote work reports and resumes it by `track`.
   */
  run(job: GenerationJob, signal: AbortSignal, track?: RunTrack): Promise<ProviderResult>;
  /** Cancels remote work an earlier attempt created (a run past its deadline); best effort. */
  cancel?(remoteId: string): Promise<void>;
  /**
   * Optional check before the server reserves credits: throws ProviderBusyError (or another
   * ProviderError with an httpStatus) to refuse the run at once.
   */
  admit?(job: GenerationJob): void;
  /** Enhance prompt (ENHANCE-1): the text model's rewrite of `prompt` under `instruction` (OpenAI only). */
  enhancePrompt?(instruction: string, prompt: string): Promise<string>;
}
