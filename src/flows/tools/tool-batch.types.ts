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
  newKey: () => string;
}

export type ToolBatchEvent =
  | { type: 'batch.toggle' }
  | { type: 'batch.text'; text: string }
  | { type: 'batch.start' }
  | { type: 'batch.balance'; signedIn: boolean; credits: number }
  | { type: 'batch.shared'; input: SharedInput };

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

/** RUNS-18: the answer's runs, counted: those started now and those queued. */
export const startedOf = (answer: BatchAnswer): BatchStarted => {
  const queued = answer.runs.filter((r) => r.status === 'queued').length;
  return { started: answer.runs.length - queued, queued };
};

/** RUNS-18: what the page says of a started batch ('Started 6 runs: 4 in progress, 2 queued.'). */
export function startedText({ started, queued }: BatchStarted): string {
  const total = started + queued;
  const parts = [`${started} in progress`, ...(queued > 0 ? [`${queued} queued`] : [])];
  return `Started ${plural(total, 'run')}: ${parts.join(', ')}. Follow them in the Runs tray.`;
}
