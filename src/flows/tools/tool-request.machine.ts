/**
 * One generation call with the time-out and retries of TOOL-26: an attempt is cancelled after the tool's
 * time-out (55 s, or 45 s on the advertisement page: its `signal` aborts the request); up to 3
 * attempts, 2 s apart. Every tool retries a time-out; a tool whose definition says `retryOn504`
 * (the advertisement) also retries HTTP 504 and aborts. Every attempt of
 * one click carries the click's idempotency key, so the server runs and charges once.
 *
 * The lifecycle invokes it twice over: `syncRequest` (the output itself) and `startRequest` (a
 * prediction id); the app gives each its `attempt` effect (toolRunImplementations, effects.ts).
 * It never fails as an actor: the lifecycle reads its output.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { StartOperation } from '../../catalog/tools';
import { notProvided } from '../shared/errors';
import { isRetryable, timeoutError, toToolError } from './errors';
import type { CallAnswer, CallInput, GenerationBody, RequestOutcome, ToolError } from './tool-run.types';
import { facts } from '../shared/meta';

/** What the page shows while a call is out or its next attempt waits. */
const working = { kind: 'working', says: "the page's working button (Generating...), disabled, with the bar" } as const;

export const MAX_ATTEMPTS = 3;

export interface ToolRequestInput {
  /** The catalogue's start operation of the tool (its operationId). */
  startOperation: StartOperation;
  body: GenerationBody;
  idempotencyKey: string;
  /** From the tool's definition: also retry on HTTP 504 and on an abort. */
  retryOn504: boolean;
  /** From the tool's definition: the time-out of one attempt (55 s, 45 s on the advertisement page). */
  timeoutMs: number;
}

export interface ToolRequestContext extends ToolRequestInput {
  attempt: number;
  answer: CallAnswer | null;
  error: ToolError | null;
}

export const toolRequestMachine = setup({
  types: {
    context: {} as ToolRequestContext,
    input: {} as ToolRequestInput,
    output: {} as RequestOutcome,
  },
  actors: {
    /** One attempt: POST the body to the tool's start operation with the Idempotency-Key header; pass `signal`. */
    attempt: fromPromise<CallAnswer, CallInput>(async () => notProvided('attempt')),
  },
  actions: {
    recordTimeout: assign({ error: () => timeoutError() }),
    nextAttempt: assign({ attempt: ({ context }) => context.attempt + 1 }),
  },
  guards: {
    attemptsLeft: ({ context }) => context.attempt < MAX_ATTEMPTS,
    retryable: ({ context }, error: unknown) =>
      context.attempt < MAX_ATTEMPTS && isRetryable(toToolError(error), context.retryOn504),
  },
  delays: {
    /** TOOL-26: the tool's time-out per attempt (55 s, 45 s on the advertisement page). */
    requestTimeout: ({ context }) => context.timeoutMs,
    /** TOOL-26: 2 s between attempts. */
    retryPause: 2000,
  },
}).createMachine({
  id: 'toolRequest',
  description: 'One tool request to the server, retried on a retryable failure up to a limit.',
  meta: facts({ sends: [] }),
  context: ({ input }) => ({ ...input, attempt: 1, answer: null, error: null }),
  initial: 'attempting',
  states: {
    attempting: {
      description: 'One attempt of the call, with the click’s idempotency key; cancelled at the time-out',
      meta: facts({
        rules: ['TOOL-26'],
        sees: [
          working,
          { kind: 'attemptOut', says: "the server holds this attempt, with the click's Idempotency-Key" },
        ],
      }),
      invoke: {
        id: 'attempt',
        src: 'attempt',
        input: ({ context }) => ({
          startOperation: context.startOperation,
          body: context.body,
          idempotencyKey: context.idempotencyKey,
          attempt: context.attempt,
        }),
        onDone: { target: 'answered', actions: assign({ answer: ({ event }) => event.output, error: null }) },
        onError: [
          {
            guard: { type: 'retryable', params: ({ event }: { event: { error: unknown } }) => event.error },
            target: 'waiting',
            actions: assign({ error: ({ event }) => toToolError(event.error) }),
          },
          { target: 'failed', actions: assign({ error: ({ event }) => toToolError(event.error) }) },
        ],
      },
      after: {
        requestTimeout: [
          { guard: 'attemptsLeft', target: 'waiting', actions: 'recordTimeout' },
          { target: 'failed', actions: 'recordTimeout' },
        ],
      },
    },
    waiting: {
      description: 'Two seconds before the next attempt (at most 3 in all)',
      meta: facts({
        rules: ['TOOL-26'],
        sees: [working, { kind: 'nextAttemptWaits', says: 'no call out; the attempts so far are all the server saw' }],
      }),
      after: { retryPause: { target: 'attempting', actions: 'nextAttempt' } },
    },
    answered: {
      description: 'The server answered',
      type: 'final',
      meta: facts({
        sees: [{ kind: 'answer', says: "the page shows the answer, each attempt with the click's Idempotency-Key" }],
      }),
    },
    failed: {
      description: 'The last attempt failed, or the failure is not one to retry',
      type: 'final',
      meta: facts({
        rules: ['TOOL-28', 'TOOL-30', 'TOOL-44'],
        sees: [
          {
            kind: 'failureBanner',
            says: "the red banner with the page's message for the failure ('Nothing was charged.' added when the server says so)",
          },
        ],
      }),
    },
  },
  output: ({ context }): RequestOutcome =>
    context.answer !== null
      ? { ok: true, answer: context.answer, attempts: context.attempt }
      : { ok: false, error: context.error ?? { message: '' }, attempts: context.attempt },
});

export type ToolRequestMachine = typeof toolRequestMachine;
