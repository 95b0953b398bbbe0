/**
 * The pure parts of a tool run the lifecycle (tool-run.machine.ts) assigns and reads: the blank
 * form and run, what an answer carries, and the request its call makes from the tool's definition.
 */
import { DEFAULT_SIZE } from '../../catalog/sizes';
import { defaultParamValues } from '../../catalog/tool-params';
import type { Tool } from '../../catalog/tools';
import { defaultAspect } from './aspect';
import { generationBody } from './body';
import { REQUEST_TIMED_OUT } from './errors';
import { isActive } from '../shared/run-status';
import type { ToolRequestInput } from './tool-request.machine';
import type { ListedRun, PollOutcome, RequestOutcome, ToolRunContext, ToolShape } from './tool-run.types';

/**
 * The form a page starts with, and returns to on 'Generate Another' (TOOL-3): the prompt field holds
 * the tool's default prompt where it has one (person to person, TOOL-39).
 */
export function blankForm(tool: Tool<string>, shape: ToolShape) {
  const preset = shape.aspect === null ? null : defaultAspect(shape.aspect);
  return {
    prompt: shape.defaultPrompt ?? '',
    image: null,
    poseImage: null,
    aspect: preset?.name ?? null,
    width: preset?.width ?? DEFAULT_SIZE,
    height: preset?.height ?? DEFAULT_SIZE,
    params: defaultParamValues(tool.params, tool.defaultParams),
  };
}

export const blankRun = {
  key: null,
  uploaded: { image: null, poseImage: null },
  predictionId: null,
  progress: 0,
  queuedPlace: null,
  result: null,
  error: null,
  refunded: null,
} as const;

export const outputOf = (outcome: RequestOutcome): string | null =>
  outcome.ok && typeof outcome.answer.output === 'string' && outcome.answer.output !== ''
    ? outcome.answer.output
    : null;
export const idOf = (outcome: RequestOutcome): string | null =>
  outcome.ok && typeof outcome.answer.id === 'string' && outcome.answer.id !== '' ? outcome.answer.id : null;
export const creditsOf = (outcome: RequestOutcome): number | undefined =>
  outcome.ok && typeof outcome.answer.credits === 'number' ? outcome.answer.credits : undefined;

/** The part of the tool run's `enqueue` that `takeBalance` uses. */
interface BalanceQueue {
  (action: 'refreshCredits' | { type: 'creditsChanged'; params: { credits: number } }): void;
  assign: (values: { credits: number }) => void;
}

/** The answer's balance when it has one, else ask the server (CREDITS-4). */
export function takeBalance(enqueue: BalanceQueue, outcome: RequestOutcome): void {
  const credits = creditsOf(outcome);
  if (credits === undefined) return enqueue('refreshCredits');
  enqueue.assign({ credits });
  enqueue({ type: 'creditsChanged', params: { credits } });
}

export function requestInput(context: ToolRunContext): ToolRequestInput {
  return {
    startOperation: context.tool.startOperation,
    body: generationBody(context),
    idempotencyKey: context.key ?? '',
    retryOn504: context.shape.retryOn504,
    timeoutMs: context.shape.timeoutMs,
  };
}

/**
 * The credits a failed run got back (TOOL-38). The prediction answer carries no refund, so the page
 * reads the server's contract: a run the server ended itself (a prediction failed or canceled, or a
 * single call answered 502, or 504 with the server's own time-out words) was charged and refunded;
 * a refusal before the charge (400, 402, 429, a busy model's 504), a failed upload, a check that gave
 * up or a page-side time-out says nothing.
 */
export function refundOf(outcome: RequestOutcome | PollOutcome, cost: number): number | null {
  if (outcome.ok) return null;
  if ('ended' in outcome) return outcome.ended ? cost : null;
  const { status, message } = outcome.error;
  return status === 502 || (status === 504 && message === REQUEST_TIMED_OUT) ? cost : null;
}

/**
 * RUNS-14: the listed run a page may follow, if any: the first of its tool still queued or in progress, while the
 * page's run is checked by id (not a single call) and its form is as it opened: nothing typed, picked or refused.
 * (The machine follows it only while its run has never left its first form: `firstForm`.)
 */
export function runToFollow(context: ToolRunContext, runs: readonly ListedRun[]): ListedRun | undefined {
  if (context.shape.call === 'single' || context.error !== null) return undefined;
  const blank = blankForm(context.tool, context.shape);
  const untouched =
    context.prompt === blank.prompt &&
    context.image === null &&
    context.poseImage === null &&
    JSON.stringify(context.params) === JSON.stringify(blank.params);
  return untouched ? runs.find((run) => run.toolKey === context.tool.key && isActive(run)) : undefined;
}
