/**
 * A batch of prompts on a tool page (RUNS-16 to RUNS-18): its context, events and effects' shapes, and the
 * pure parts the machine (tool-batch.machine.ts) and the view read — the prompts of the text, the
 * check before any call, the cost line and what the answer says.
 */
import {
  batchCostMessage,
  ENTER_PROMPT,
  MAX_BATCH_PROMPTS,
  MAX_PROMPT,
  PROMPT_TOO_LONG,
  tooManyPrompts,
} from '../../catalog';
import type { Tool } from '../../catalog/tools';
import type { Run } from '../../api/schemas';
import { isActive } from '../shared/run-status';
import type { GenerationBody } from './tool-run.types';

/** The parameters every run of the batch shares: the page's settings as one run would send them, without the prompt. */
export type SharedInput = GenerationBody['input'];

export interface ToolBatchInput {
  tool: Tool<string>;
  signedIn?: boolean;
  credits?: number;
  /** The page's shared parameters as it opens (the app keeps them current with `batch.shared`). */
  shared?: SharedInput;
  /** A fresh idempotency key (tests give a fixed one). */
  newKey?: () => string;
}

/** What a started batch says: the runs that started now and those waiting in the queue (RUNS-18). */
export interface BatchStarted {
  started: number;
  queued: number;
}

/**
 * RUNS-24: one run of the last batch started, as its tile shows it: its prompt, then its state as the runs tray
 * last listed it (its place while queued, its progress while it works, its output or its error once ended).
 */
export interface BatchTile {
  id: string;
  prompt: string;
  status: Run['status'];
  position: number | null;
  progress: number | null;
  output: Run['output'];
  error: string | null;
}

export interface ToolBatchContext {
  tool: Tool<string>;
  /** The textarea as typed: one prompt per non-blank line. */
  text: string;
  shared: SharedInput;
  signedIn: boolean;
  credits: number;
  /** The click's idempotency key: kept after a failed start for the same batch tried again, dropped on any change. */
  key: string | null;
  /** The refusal or failure the banner shows. */
  error: string | null;
  /** The last batch started. */
  started: BatchStarted | null;
  /** RUNS-24: the runs of the last batch started, in the order of its prompts (the page's grid). */
  tiles: readonly BatchTile[];
  newKey: () => string;
}

export type ToolBatchEvent =
  | { type: 'batch.toggle' }
  | { type: 'batch.text'; text: string }
  | { type: 'batch.start' }
  | { type: 'batch.balance'; signedIn: boolean; credits: number }
  | { type: 'batch.shared'; input: SharedInput }
  /** RUNS-24: the runs as the runs tray last listed them (the batch's `followRuns` sends it). */
  | { type: 'batch.runs'; runs: readonly Run[] }
  /** RUNS-24: Download all: the finished runs of the grid as one ZIP. */
  | { type: 'batch.zip' };

/** POST /api/generate/batch: the body and the click's key. */
export interface BatchCall {
  body: { modelId: string; prompts: string[]; input: SharedInput };
  idempotencyKey: string;
}

/** What the start call answers: each run's status, and the balance after every run was reserved. */
export interface BatchAnswer {
  runs: ReadonlyArray<{ id: string; status: string; position?: number | undefined }>;
  credits: number;
}

/** RUNS-16: each non-blank line is one prompt, trimmed; blank lines are skipped. */
export const promptsOf = (text: string): string[] =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');

/** The batch's total cost. */
export const batchCost = (tool: Pick<Tool<string>, 'cost'>, text: string): number => promptsOf(text).length * tool.cost;

/** RUNS-16: the form's check before any call (the sign-in and the balance come after it), or null. */
export function batchProblem(text: string): string | null {
  const prompts = promptsOf(text);
  if (prompts.length === 0) return ENTER_PROMPT;
  if (prompts.length > MAX_BATCH_PROMPTS) return tooManyPrompts(prompts.length);
  if (prompts.some((p) => p.length > MAX_PROMPT)) return PROMPT_TOO_LONG;
  return null;
}

/** RUNS-17: the shortfall message when the balance cannot pay the batch, or null. */
export function shortfall(context: Pick<ToolBatchContext, 'tool' | 'text' | 'credits'>): string | null {
  const cost = batchCost(context.tool, context.text);
  return context.credits < cost ? batchCostMessage(cost, context.credits) : null;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** RUNS-16: the total cost line ('3 prompts × 8 credits = 24 credits'). */
export function costLine(tool: Pick<Tool<string>, 'cost'>, text: string): string {
  const count = promptsOf(text).length;
  if (count === 0) return `No prompts yet: ${plural(tool.cost, 'credit')} per prompt.`;
  return `${plural(count, 'prompt')} × ${plural(tool.cost, 'credit')} = ${plural(count * tool.cost, 'credit')}`;
}

/** RUNS-24: the tiles of a batch just started: its runs in the order of its prompts, as the start call answered them. */
export function tilesOf(answer: BatchAnswer, text: string): BatchTile[] {
  const prompts = promptsOf(text);
  return answer.runs.map((run, i) => ({
    id: run.id,
    prompt: prompts[i] ?? '',
    status: run.status as Run['status'],
    position: run.position ?? null,
    progress: null,
    output: null,
    error: null,
  }));
}

/** RUNS-24: the tiles with what the runs tray lists of their runs (a tile the list lacks stays as it was). */
export function tilesWith(tiles: readonly BatchTile[], runs: readonly Run[]): BatchTile[] {
  return tiles.map((tile) => {
    const run = runs.find((r) => r.id === tile.id);
    if (!run) return tile;
    return {
      ...tile,
      status: run.status,
      position: run.position,
      progress: run.progress,
      output: run.output,
      error: run.error,
    };
  });
}

/** RUNS-24: the list changes a tile (its state, place, progress, output or error). */
export const changesTiles = (tiles: readonly BatchTile[], runs: readonly Run[]): boolean =>
  JSON.stringify(tilesWith(tiles, runs)) !== JSON.stringify(tiles);

/** RUNS-24: the tiles whose run has finished (Download all takes them). */
export const finishedTiles = (tiles: readonly BatchTile[]): BatchTile[] =>
  tiles.filter((t) => t.status === 'succeeded');

/** RUNS-24: a tile's run still waits or works. */
export const tileActive = (tile: BatchTile): boolean => isActive(tile);

/** RUNS-24: a tile's first file (a run may answer several): its picture, clip or sound. */
export const tileFile = (tile: BatchTile): string | null => {
  const first = Array.isArray(tile.output) ? tile.output[0] : tile.output;
  return typeof first === 'string' && first !== '' ? first : null;
};

/** RUNS-18: the answer's runs, counted: those started now and those queued. */
export const startedOf = (answer: BatchAnswer): BatchStarted => {
  const queued = answer.runs.filter((r) => r.status === 'queued').length;
  return { started: answer.runs.length - queued, queued };
};

/** RUNS-18: what the page says of a started batch ('Started 6 runs: 4 in progress, 2 queued.'). */
export function startedText({ started, queued }: BatchStarted): string {
  const total = started + queued;
  const parts = [`${started} in progress`, ...(queued > 0 ? [`${queued} queued`] : [])];
  return `Started ${plural(total, 'run')}: ${parts.join(', ')}.`;
}
