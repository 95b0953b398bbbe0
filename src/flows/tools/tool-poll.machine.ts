/**
 * Polling a started prediction (TOOL-6 to TOOL-9), the one poller of the app: GET
 * /api/prediction/{id} at the tool's interval, at most its number of checks (the tool's
 * definition: 2 s × 60 for person-to-person, restore and the media tools; 1 s × 180 for text,
 * code and image-to-text). Succeeded → the output (its first element if an array); failed,
 * canceled or aborted → the server's message or 'Generation failed'; the last check without an
 * end → 'Generation timed out'. Progress follows the tool's curve, capped at 95 %.
 *
 * A failed status fetch (network blip, 5xx) is not the prediction failing: the run is paid and
 * its result may still arrive, so the check is retried within the same budget. Only three failed
 * fetches in a row end the run with 'Failed to check status'.
 */
import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import { pollProgress } from '../../catalog/tool-checks';
import { POLL_PROGRESS_CAP, SPEC_POLL, type PollRule, type ProgressCurve } from '../../catalog/tool-rules';
import { notProvided } from '../shared/errors';
import { CHECK_FAILED, GENERATION_FAILED, GENERATION_TIMED_OUT, INVALID_RESPONSE } from './errors';
import type { PollOutcome, PredictionAnswer, ToolError } from './tool-run.types';
import { facts } from '../shared/meta';

/** TOOL-6: 60 checks. */
export const MAX_POLLS = SPEC_POLL.attempts;
export { POLL_PROGRESS_CAP, pollProgress };
/** Consecutive failed status fetches that end the run. */
export const MAX_CHECK_FAILURES = 3;

/** The first element of an array output, else the output; null when there is none. */
export function firstOutput(output: PredictionAnswer['output']): string | null {
  const first = Array.isArray(output) ? output[0] : output;
  return typeof first === 'string' && first !== '' ? first : null;
}

export interface ToolPollInput {
  id: string;
  /** The tool's interval, checks and curve; the spec's 2 s × 60 by default. */
  rule?: PollRule;
  /** Only the flows viewer and model tests shrink the checks, to keep the drawn graph small. */
  maxPolls?: number;
  onProgress?: (value: number) => void;
  /** RUNS-15: the run waits in its account's queue at this place (1 = next), or has left it (null). */
  onQueued?: (place: number | null) => void;
}

export interface ToolPollContext {
  id: string;
  maxPolls: number;
  intervalMs: number;
  curve: ProgressCurve;
  /** Status checks answered or failed so far. */
  checks: number;
  /** Failed status fetches in a row. */
  failures: number;
  progress: number;
  output: string | null;
  error: ToolError | null;
  /** The server ended the run itself (failed, canceled): it has refunded the reservation. */
  serverEnded: boolean;
  onProgress: ((value: number) => void) | null;
  /** The run's place in its account's queue at the last check (RUNS-4), null once it has left it. */
  place: number | null;
  onQueued: ((place: number | null) => void) | null;
}

const ended = (status: string) => status === 'failed' || status === 'canceled' || status === 'aborted';

export const toolPollMachine = setup({
  types: {
    context: {} as ToolPollContext,
    input: {} as ToolPollInput,
    output: {} as PollOutcome,
  },
  actors: {
    /** GET /api/prediction/{id}. */
    fetchPrediction: fromPromise<PredictionAnswer, { id: string }>(async () => notProvided('fetchPrediction')),
  },
  actions: {
    /** Tells the owner the poll progress; the default calls the onProgress callback of the input. */
    reportProgress: ({ context }) => context.onProgress?.(context.progress),
    /** Tells the owner the run's place in the queue (or that it has left it); the default calls onQueued. */
    reportPlace: ({ context }) => context.onQueued?.(context.place),
  },
  guards: {
    succeeded: (_, answer: PredictionAnswer) => answer.status === 'succeeded' && firstOutput(answer.output) !== null,
    succeededEmpty: (_, answer: PredictionAnswer) => answer.status === 'succeeded',
    failed: (_, answer: PredictionAnswer) => ended(answer.status),
    /** RUNS-15: the run is still waiting for a free place: the check does not count against the tool's limit. */
    queued: (_, answer: PredictionAnswer) => answer.status === 'queued',
    /** The run was queued at the previous check and is not any more. */
    leftQueue: ({ context }) => context.place !== null,
    /** This check was the last the tool allows. */
    lastCheck: ({ context }) => context.checks + 1 >= context.maxPolls,
    /** This failed fetch is the third in a row (or the budget is spent). */
    giveUpChecking: ({ context }) =>
      context.failures + 1 >= MAX_CHECK_FAILURES || context.checks + 1 >= context.maxPolls,
  },
  delays: {
    /** The tool's interval: TOOL-6's 2 s, or 1 s for the text tools. */
    pollInterval: ({ context }) => context.intervalMs,
  },
}).createMachine({
  id: 'toolPoll',
  description: 'Polling a queued generation until it succeeds, fails or times out.',
  meta: facts({ sends: [] }),
  context: ({ input }) => ({
    id: input.id,
    maxPolls: input.maxPolls ?? input.rule?.attempts ?? MAX_POLLS,
    intervalMs: input.rule?.intervalMs ?? SPEC_POLL.intervalMs,
    curve: input.rule?.curve ?? SPEC_POLL.curve,
    checks: 0,
    failures: 0,
    progress: 0,
    output: null,
    error: null,
    serverEnded: false,
    onProgress: input.onProgress ?? null,
    place: null,
    onQueued: input.onQueued ?? null,
  }),
  initial: 'checking',
  states: {
    checking: {
      description: 'Asking the server how the prediction is doing',
      meta: facts({
        rules: ['TOOL-6'],
        sees: [
          { kind: 'pollProgress', says: 'the bar shows Generating... N% (the checks over 60, at most 95 %)' },
          { kind: 'statusCheck', says: "the page asks the prediction's status (GET /api/prediction/:id)" },
        ],
      }),
      invoke: {
        id: 'fetchPrediction',
        src: 'fetchPrediction',
        input: ({ context }) => ({ id: context.id }),
        onDone: [
          {
            guard: { type: 'succeeded', params: ({ event }) => event.output },
            target: 'succeeded',
            actions: assign({ output: ({ event }) => firstOutput(event.output.output) }),
          },
          {
            guard: { type: 'succeededEmpty', params: ({ event }) => event.output },
            target: 'failed',
            actions: assign({ error: { message: INVALID_RESPONSE } }),
          },
          {
            guard: { type: 'failed', params: ({ event }) => event.output },
            target: 'failed',
            actions: assign({
              error: ({ event }) => ({ message: event.output.error?.trim() ? event.output.error : GENERATION_FAILED }),
              serverEnded: true,
            }),
          },
          {
            guard: { type: 'queued', params: ({ event }) => event.output },
            target: 'waiting',
            meta: facts({ rules: ['RUNS-15'] }),
            actions: [assign({ failures: 0, place: ({ event }) => event.output.position ?? null }), 'reportPlace'],
          },
          {
            guard: 'lastCheck',
            target: 'failed',
            actions: assign({ checks: ({ context }) => context.checks + 1, error: { message: GENERATION_TIMED_OUT } }),
          },
          {
            target: 'waiting',
            actions: [
              enqueueActions(({ enqueue, check }) => {
                // Out of the queue: the page shows the progress again instead of the place.
                if (check('leftQueue')) {
                  enqueue.assign({ place: null });
                  enqueue('reportPlace');
                }
              }),
              assign({
                checks: ({ context }) => context.checks + 1,
                failures: 0,
                progress: ({ context }) =>
                  pollProgress(context.checks + 1, { attempts: context.maxPolls, curve: context.curve }),
              }),
              'reportProgress',
            ],
          },
        ],
        onError: [
          {
            guard: 'giveUpChecking',
            target: 'failed',
            actions: assign({ checks: ({ context }) => context.checks + 1, error: { message: CHECK_FAILED } }),
          },
          {
            target: 'waiting',
            actions: [
              assign({
                checks: ({ context }) => context.checks + 1,
                failures: ({ context }) => context.failures + 1,
                progress: ({ context }) =>
                  pollProgress(context.checks + 1, { attempts: context.maxPolls, curve: context.curve }),
              }),
              'reportProgress',
            ],
          },
        ],
      },
    },
    waiting: {
      description:
        'The interval between status checks (2 s, or 1 s for text); the bar moves with the checks (at most 95 %)',
      meta: facts({
        rules: ['TOOL-6'],
        sees: [{ kind: 'pollProgress', says: 'the bar shows Generating... N% (the checks over 60, at most 95 %)' }],
      }),
      after: { pollInterval: 'checking' },
    },
    succeeded: {
      description: 'The prediction succeeded with an output',
      type: 'final',
      meta: facts({
        rules: ['TOOL-7'],
        sees: [{ kind: 'output', says: 'the result plays or shows the first output' }],
      }),
    },
    failed: {
      description: 'Failed, canceled, timed out or no longer reachable',
      type: 'final',
      meta: facts({
        rules: ['TOOL-8', 'TOOL-9', 'TOOL-27'],
        sees: [{ kind: 'failureBanner', says: "the red banner with the failure's message" }],
      }),
    },
  },
  output: ({ context }): PollOutcome =>
    context.output !== null
      ? { ok: true, output: context.output }
      : {
          ok: false,
          error: context.error ?? { message: GENERATION_FAILED },
          ...(context.serverEnded ? { ended: true as const } : {}),
        },
});

export type ToolPollMachine = typeof toolPollMachine;
