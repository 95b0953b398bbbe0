/**
 * Simulated progress of a single-call tool (TOOL-5): every 800 ms a random increment that
 * shrinks as progress grows (up to 5 below 30 %, 3 below 60 %, 1 above), held at 85 % until the
 * answer. The lifecycle invokes it while the call is out, sets 100 on the answer and 0 on an
 * error; stopping it (leaving `working`) stops the ticks.
 */
import { assign, setup } from 'xstate';
import { facts } from '../shared/meta';

export const PROGRESS_CAP = 85;

/** The largest increment at a given progress. */
export function maxIncrement(progress: number): number {
  if (progress < 30) return 5;
  if (progress < 60) return 3;
  return 1;
}

/** The next value for a random draw r in [0, 1): a whole number, never above the cap. */
export function nextProgress(progress: number, r: number): number {
  return Math.min(PROGRESS_CAP, progress + Math.ceil(r * maxIncrement(progress)));
}

export interface ToolProgressInput {
  random?: () => number;
  /** Where the bar starts: 0. Only the flows viewer and model tests start it near the cap, to keep the drawn graph short. */
  from?: number;
  /** Receives every new value (the lifecycle passes one that sends it `progress.tick`). */
  onProgress?: (value: number) => void;
}

export interface ToolProgressContext {
  value: number;
  random: () => number;
  onProgress: ((value: number) => void) | null;
}

export const toolProgressMachine = setup({
  types: {
    context: {} as ToolProgressContext,
    input: {} as ToolProgressInput,
  },
  actions: {
    advance: assign({ value: ({ context }) => nextProgress(context.value, context.random()) }),
    /** Tells the owner the new value; the default calls the onProgress callback of the input. */
    reportProgress: ({ context }) => context.onProgress?.(context.value),
  },
  guards: {
    /** Progress has reached the cap: no more ticks until the answer. */
    reachesCap: ({ context }) => context.value >= PROGRESS_CAP,
  },
  delays: {
    /** TOOL-5: simulated progress ticks every 800 ms. */
    progressTick: 800,
  },
}).createMachine({
  id: 'toolProgress',
  description: "Following a running generation's progress until it ends.",
  meta: facts({ sends: [] }),
  context: ({ input }) => ({
    value: Math.min(PROGRESS_CAP, input.from ?? 0),
    random: input.random ?? Math.random,
    onProgress: input.onProgress ?? null,
  }),
  initial: 'running',
  states: {
    running: {
      description: 'Generating... N%: a random step every 800 ms, smaller as the bar fills',
      meta: facts({ rules: ['TOOL-5'], sees: [{ kind: 'bar', says: 'the bar has reached the value, at most 85 %' }] }),
      after: {
        progressTick: { target: 'running', reenter: true, actions: ['advance', 'reportProgress'] },
      },
      always: { guard: 'reachesCap', target: 'capped' },
    },
    capped: {
      description: 'Held at 85 % until the answer arrives',
      meta: facts({
        rules: ['TOOL-5'],
        sees: [{ kind: 'capped', says: 'the bar stops at Generating... 85% while the call is out' }],
      }),
    },
  },
});

export type ToolProgressMachine = typeof toolProgressMachine;
