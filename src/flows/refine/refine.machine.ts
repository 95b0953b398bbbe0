/**
 * Upscale 2× and Vary of image results (REFINE-1 to REFINE-7): a tool page's image result, a creation's page and
 * My creations' Select mode each start this flow with their image creations (one, or the chosen ones, told again
 * by `refine.sources` as the choice changes). Upscale 2× starts one Restore Image run per source; Vary first asks
 * Subtle or Strong, then starts one Image to Image run per source. The costs (per run, from the catalogue) show
 * before the click; the server prices and refuses (402) each start itself. Once started the view says so and
 * links to the new run.
 */
import { assign, fromPromise, setup } from 'xstate';
import { toolByKey } from '../../catalog';
import { messageOf, notProvided } from '../shared/errors';
import { facts } from '../shared/meta';

export type VaryStrength = 'subtle' | 'strong';
export type RefineKind = 'upscale' | 'vary';

export const REFINE_FAILED = 'Failed to start. Please try again.';
/** REFINE-2: the cost of one run of each, as its catalogue tool (Restore Image, Image to Image). */
export const UPSCALE_COST = toolByKey('restore-image').cost;
export const VARY_COST = toolByKey('image-to-image').cost;

/** REFINE-1: of My creations' chosen runs, the finished images (the ones Upscale 2× and Vary take), in list order. */
export function chosenImages(
  items: readonly { id: string; outputKind: string; status: string }[],
  selected: readonly string[],
): string[] {
  return items
    .filter((item) => selected.includes(item.id) && item.outputKind === 'image' && item.status === 'succeeded')
    .map((item) => item.id);
}

export interface RefineInput {
  /** The image creations it refines: one on a result or a creation's page; the chosen ones in Select mode. */
  ids?: readonly string[];
}

/** What a start answered: the runs that started (one per source, in order) and why the next one did not. */
export interface RefineOutcome {
  started: string[];
  error: string | null;
}

export interface RefineContext {
  ids: readonly string[];
  /** The runs the last start made (their ids), null before one. */
  started: string[] | null;
  /** What the last start was (its message says so). */
  kind: RefineKind | null;
  /** The server's message (or the fallback) when the last start failed, or stopped before its end. */
  error: string | null;
}

export type RefineEvent =
  | { type: 'refine.sources'; ids: readonly string[] }
  | { type: 'refine.upscale' }
  | { type: 'refine.vary.open' }
  | { type: 'refine.vary.cancel' }
  | { type: 'refine.vary'; strength: VaryStrength };

export interface RefineStartInput {
  ids: readonly string[];
  kind: RefineKind;
  strength: VaryStrength | null;
}

const startEvents = ['refine.upscale', 'refine.vary.open'];
const choiceEvents = ['refine.vary', 'refine.vary.cancel'];

export const refineMachine = setup({
  types: {
    context: {} as RefineContext,
    events: {} as RefineEvent,
    input: {} as RefineInput,
  },
  actors: {
    /**
     * POST /api/creations/{id}/upscale or /vary for each source in turn: the runs started, and the first refusal's
     * message (the starts after it are not tried). Rejects when the first start fails.
     */
    startRefine: fromPromise<RefineOutcome, RefineStartInput>(async () => notProvided('startRefine')),
  },
  guards: {
    hasSources: ({ context }) => context.ids.length > 0,
  },
}).createMachine({
  id: 'refine',
  description:
    'Upscale 2× or Vary (subtle or strong) one image creation or several: a new run each, its cost shown first.',
  meta: facts({
    sends: ['refine.sources', ...startEvents, ...choiceEvents],
    rules: ['REFINE-1', 'REFINE-2', 'REFINE-7'],
    guards: { hasSources: 'at least one image creation is chosen' },
  }),
  context: ({ input }) => ({ ids: [...(input.ids ?? [])], started: null, kind: null, error: null }),
  initial: 'ready',
  on: {
    // Select mode tells the chosen image creations as they change; the costs shown follow them.
    'refine.sources': { actions: assign({ ids: ({ event }) => [...event.ids] }) },
  },
  states: {
    ready: {
      description: 'Upscale 2× and Vary with their costs; what the last start did, or why it failed',
      meta: facts({
        rules: ['REFINE-1', 'REFINE-2', 'REFINE-7'],
        sees: [
          {
            kind: 'refineButtons',
            says: "'Upscale 2× · N credits' and 'Vary', N the cost of its runs (both disabled while nothing is chosen)",
          },
          {
            kind: 'refineStatus',
            says: "what the last start made, with 'Open it' for one run; the failure's message when it failed; else none",
          },
        ],
        ignores: [
          { events: choiceEvents, why: 'The Vary choice is not open: Subtle, Strong and Cancel show only in it.' },
        ],
      }),
      on: {
        'refine.upscale': {
          guard: 'hasSources',
          target: 'starting',
          actions: assign({ kind: 'upscale' as const, started: null, error: null }),
          meta: facts({ rules: ['REFINE-2', 'REFINE-4'] }),
        },
        'refine.vary.open': { guard: 'hasSources', target: 'choosing', actions: assign({ error: null }) },
      },
    },
    choosing: {
      description: 'The Vary choice: Subtle and Strong, each with its cost, and Cancel',
      meta: facts({
        rules: ['REFINE-2', 'REFINE-3'],
        sees: [
          { kind: 'varyChoice', says: "'Subtle · N credits' and 'Strong · N credits', N the cost of its runs" },
          { role: 'button', name: 'Cancel', state: 'enabled' },
        ],
        ignores: [
          { events: startEvents, why: 'The Vary choice shows in place of Upscale 2× and Vary until it is answered.' },
        ],
      }),
      on: {
        'refine.vary': {
          target: 'starting',
          actions: assign({ kind: 'vary' as const, started: null, error: null }),
          meta: facts({ rules: ['REFINE-3'] }),
        },
        'refine.vary.cancel': { target: 'ready' },
      },
    },
    starting: {
      description: 'Starting one run per source on the server',
      tags: ['busy'],
      meta: facts({
        rules: ['REFINE-1', 'REFINE-2'],
        sees: [{ kind: 'refineBusy', says: "'Starting...' in place of the buttons, disabled" }],
        ignores: [
          {
            events: [...startEvents, ...choiceEvents],
            why: 'The runs are being started: the buttons are disabled until the server has answered each.',
          },
        ],
      }),
      invoke: {
        id: 'startRefine',
        src: 'startRefine',
        input: ({ context, event }) => ({
          ids: context.ids,
          kind: context.kind ?? 'upscale',
          strength: event.type === 'refine.vary' ? event.strength : null,
        }),
        onDone: {
          target: 'ready',
          actions: [assign({ started: ({ event }) => event.output.started, error: ({ event }) => event.output.error })],
          meta: facts({ rules: ['REFINE-7'] }),
        },
        onError: {
          target: 'ready',
          actions: assign({ error: ({ event }) => messageOf(event.error, REFINE_FAILED) }),
          meta: facts({ rules: ['REFINE-2'] }),
        },
      },
    },
  },
});

export type RefineMachine = typeof refineMachine;
