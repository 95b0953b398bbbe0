/**
 * Comparing creations (COMPARE-1 to COMPARE-8): /creations/compare?ids=a,b[,c,d] checks the ids (2 to 4, distinct),
 * reads each creation (GET /api/creations/{id}), and shows them side by side, with a slider over one another for
 * two images, and beneath them the settings that differ. Ids of someone else's creations read as not found.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { CreationDetail } from '../../api/schemas';
import { messageOf, notProvided, statusOf } from '../shared/errors';
import { facts } from '../shared/meta';
import { creationsProblem, idsProblem, sliderFits } from './compare-rules';

export const COMPARE_FAILED = 'Failed to load the creations to compare. Please try again.';
export const COMPARE_MISSING = 'A creation to compare was not found. It may have been deleted.';
/** Where the slider's divider starts: halfway. */
export const SLIDER_START = 50;

export type CompareView = 'slider' | 'sideBySide';

export interface CompareInput {
  /** The address's ids, in its order. */
  ids: readonly string[];
}

export interface CompareContext {
  ids: readonly string[];
  /** The creations read, in the address's order (empty until they are). */
  creations: readonly CreationDetail[];
  /** The divider's place over the two images, 0 to 100 (percent from the left). */
  position: number;
  /** Why the creations are not compared (refused, mixed, missing, failed), else null. */
  error: string | null;
}

export type CompareEvent =
  | { type: 'compare.slide'; position: number }
  | { type: 'compare.show'; view: CompareView }
  | { type: 'compare.reload' };

const viewEvents = ['compare.slide', 'compare.show'];

const clamp = (n: number) => (Number.isFinite(n) ? Math.min(100, Math.max(0, Math.round(n))) : SLIDER_START);

export const compareMachine = setup({
  types: {
    context: {} as CompareContext,
    events: {} as CompareEvent,
    input: {} as CompareInput,
  },
  actors: {
    /** GET /api/creations/{id} of each id, in order; the first failure fails the whole read. */
    loadCreations: fromPromise<CreationDetail[], { ids: readonly string[] }>(async () => notProvided('loadCreations')),
  },
  guards: {
    badIds: ({ context }) => idsProblem(context.ids) !== null,
    notComparable: ({ context }) => creationsProblem(context.creations) !== null,
    twoImages: ({ context }) => sliderFits(context.creations),
    wantsSlider: ({ context, event }) =>
      event.type === 'compare.show' && event.view === 'slider' && sliderFits(context.creations),
    wantsSideBySide: ({ event }) => event.type === 'compare.show' && event.view === 'sideBySide',
    notFound: ({ event }) => statusOf((event as { error?: unknown }).error) === 404,
  },
}).createMachine({
  id: 'compare',
  description:
    'Two to four creations of one kind side by side, two images under a slider, and the settings that differ.',
  meta: facts({
    sends: ['compare.slide', 'compare.show', 'compare.reload'],
    rules: ['COMPARE-1'],
    guards: {
      badIds: 'the address does not name 2 to 4 different creations',
      notComparable: 'one is not finished with a result, or they are not all of one kind',
      twoImages: 'exactly two images',
      wantsSlider: 'the slider is asked for, and there are exactly two images',
      wantsSideBySide: 'side by side is asked for',
      notFound: 'the server answered 404 for one of them',
    },
  }),
  context: ({ input }) => ({ ids: input.ids, creations: [], position: SLIDER_START, error: null }),
  initial: 'checking',
  states: {
    checking: {
      description: 'The address names 2 to 4 different creations, or not',
      meta: facts({
        ignores: [
          {
            events: [...viewEvents, 'compare.reload'],
            why: 'Never at rest: the flow passes at once to reading the creations or to the refusal.',
          },
        ],
      }),
      always: [
        {
          guard: 'badIds',
          target: 'refused',
          actions: assign({ error: ({ context }) => idsProblem(context.ids) }),
        },
        { target: 'loading' },
      ],
    },
    loading: {
      description: 'Reading each creation',
      tags: ['loading'],
      meta: facts({
        rules: ['COMPARE-1'],
        sees: [{ kind: 'loading', says: "'Loading the creations...' where they will show" }],
        ignores: [
          { events: viewEvents, why: 'Nothing is shown yet: the slider and the view switch come with the creations.' },
          { events: ['compare.reload'], why: 'They are being read: Try again shows only after a failure.' },
        ],
      }),
      invoke: {
        id: 'loadCreations',
        src: 'loadCreations',
        input: ({ context }) => ({ ids: context.ids }),
        onDone: { target: 'sorting', actions: assign({ creations: ({ event }) => event.output, error: null }) },
        onError: [
          {
            guard: 'notFound',
            target: 'missing',
            actions: assign({ creations: [], error: COMPARE_MISSING }),
            meta: facts({ rules: ['COMPARE-8'] }),
          },
          { target: 'failed', actions: assign({ error: ({ event }) => messageOf(event.error, COMPARE_FAILED) }) },
        ],
      },
    },
    sorting: {
      description: 'The creations read can be compared, or not',
      meta: facts({
        ignores: [
          {
            events: [...viewEvents, 'compare.reload'],
            why: 'Never at rest: the flow passes at once to the comparison or to the reason it cannot be made.',
          },
        ],
      }),
      always: [
        {
          guard: 'notComparable',
          target: 'mixed',
          actions: assign({ error: ({ context }) => creationsProblem(context.creations) }),
        },
        { target: 'ready' },
      ],
    },
    ready: {
      description: 'The creations compared, and beneath them the settings that differ',
      meta: facts({
        rules: ['COMPARE-3', 'COMPARE-6', 'COMPARE-7'],
        sees: [
          { kind: 'compared', says: 'each creation, its prompt and tool above it, and the view chosen' },
          {
            kind: 'differences',
            says: "the settings that differ, one row each, or 'All other settings are the same.'",
          },
        ],
        ignores: [{ events: ['compare.reload'], why: 'Nothing failed: Try again shows only after a failure.' }],
      }),
      initial: 'choosing',
      states: {
        choosing: {
          description: 'Two images open under the slider, anything else side by side',
          meta: facts({
            ignores: [
              { events: [...viewEvents], why: 'Never at rest: the flow passes at once to the slider or side by side.' },
            ],
          }),
          always: [{ guard: 'twoImages', target: 'slider' }, { target: 'sideBySide' }],
        },
        slider: {
          description: 'Two images over one another, the top one cut at a divider the person moves',
          meta: facts({
            rules: ['COMPARE-4'],
            sees: [
              {
                kind: 'slider',
                says: "the two images stacked and the range 'Divider position' at its place, in percent",
              },
              { role: 'radio', name: 'Slider', state: 'enabled' },
              { role: 'radio', name: 'Side by side', state: 'enabled' },
            ],
          }),
          on: {
            'compare.slide': {
              actions: assign({ position: ({ event }) => clamp(event.position) }),
              meta: facts({ rules: ['COMPARE-4'] }),
            },
            'compare.show': [{ guard: 'wantsSideBySide', target: 'sideBySide' }],
          },
        },
        sideBySide: {
          description: 'The creations side by side (one at a time on a phone), with their players or text',
          meta: facts({
            rules: ['COMPARE-3', 'COMPARE-5'],
            sees: [{ kind: 'sideBySide', says: 'each creation in its own column, with its player, picture or text' }],
            ignores: [{ events: ['compare.slide'], why: 'The slider shows only over two images in the Slider view.' }],
          }),
          on: {
            'compare.show': [{ guard: 'wantsSlider', target: 'slider' }],
          },
        },
      },
    },
    refused: {
      type: 'final',
      description: 'The address does not name 2 to 4 different creations: why, and the way back to My creations',
      meta: facts({
        rules: ['COMPARE-1'],
        sees: [
          { kind: 'notCompared', says: 'the reason (too few or too many, or one listed twice)' },
          { role: 'link', name: 'Back to My creations' },
        ],
        ignores: [
          { events: [...viewEvents], why: 'Nothing is compared: there is no slider or view switch.' },
          { events: ['compare.reload'], why: 'Reading again changes nothing: the address itself is wrong.' },
        ],
      }),
    },
    mixed: {
      type: 'final',
      description: 'They cannot be compared: one is not finished with a result, or their kinds differ',
      meta: facts({
        rules: ['COMPARE-2'],
        sees: [
          { kind: 'notCompared', says: 'the reason (not finished, kinds differ, or 3D)' },
          { role: 'link', name: 'Back to My creations' },
        ],
        ignores: [
          { events: [...viewEvents], why: 'Nothing is compared: there is no slider or view switch.' },
          { events: ['compare.reload'], why: 'Reading again gives the same creations: choose others in My creations.' },
        ],
      }),
    },
    missing: {
      type: 'final',
      description: COMPARE_MISSING,
      meta: facts({
        rules: ['COMPARE-8'],
        sees: [{ text: COMPARE_MISSING }, { role: 'link', name: 'Back to My creations' }],
        ignores: [
          { events: [...viewEvents], why: 'Nothing is compared: none of the creations shows.' },
          { events: ['compare.reload'], why: 'The server said not found: reading again finds nothing more.' },
        ],
      }),
    },
    failed: {
      description: 'The creations could not be read: the message and Try again',
      meta: facts({
        rules: ['COMPARE-1'],
        sees: [{ kind: 'failed', says: 'the error message and Try again' }],
        ignores: [{ events: [...viewEvents], why: 'Nothing is compared: there is no slider or view switch.' }],
      }),
      on: { 'compare.reload': { target: 'loading', actions: assign({ error: null }) } },
    },
  },
});

export type CompareMachine = typeof compareMachine;
