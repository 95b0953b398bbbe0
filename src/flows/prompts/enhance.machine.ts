/**
 * Enhance prompt (ENHANCE-1 to ENHANCE-4): the button beside the prompt's label sends what is typed to
 * POST /api/prompts/enhance; the answer replaces the field's text, labelled 'Offline suggestion' when the word
 * table wrote it, and Undo puts back exactly what was typed. Free: no credit moves. The limit's 429 message
 * shows under the field.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { EnhanceAnswer } from '../../api/schemas';
import { messageOf, notProvided } from '../shared/errors';
import { facts } from '../shared/meta';
import type { PromptTarget } from './prompts.types';

export const ENHANCE_FAILED = 'Failed to enhance the prompt. Please try again.';
export const OFFLINE_SUGGESTION = 'Offline suggestion';

export interface EnhanceInput {
  toolKey: string;
  target: PromptTarget;
}

export interface EnhanceContext {
  toolKey: string;
  target: PromptTarget;
  /** What was typed when Enhance was pressed: Undo puts it back (ENHANCE-4). */
  typed: string;
  /** Where the last suggestion came from. */
  source: EnhanceAnswer['source'] | null;
  error: string | null;
}

export type EnhanceEvent = { type: 'enhance.start'; prompt: string } | { type: 'enhance.undo' };

export const enhanceMachine = setup({
  types: {
    context: {} as EnhanceContext,
    events: {} as EnhanceEvent,
    input: {} as EnhanceInput,
  },
  actors: {
    /** POST /api/prompts/enhance. */
    enhancePrompt: fromPromise<EnhanceAnswer, { toolKey: string; prompt: string }>(async () =>
      notProvided('enhancePrompt'),
    ),
  },
  actions: {
    /** The app writes the text into the tool page's prompt field (its run's `tool.prompt`). */
    fillPrompt: (_, _params: { prompt: string }) => {},
  },
  guards: {
    hasPrompt: ({ event }) => event.type === 'enhance.start' && event.prompt.trim() !== '',
  },
}).createMachine({
  id: 'enhance',
  description: 'Enhance prompt: a richer prompt in the field, free, with Undo back to what was typed.',
  meta: facts({
    sends: ['enhance.start', 'enhance.undo'],
    rules: ['ENHANCE-1'],
    guards: { hasPrompt: 'something is typed' },
  }),
  context: ({ input }) => ({ toolKey: input.toolKey, target: input.target, typed: '', source: null, error: null }),
  initial: 'ready',
  states: {
    ready: {
      description: 'Enhance beside the prompt’s label (and the last failure’s message)',
      meta: facts({
        rules: ['ENHANCE-1', 'ENHANCE-3'],
        sees: [
          // Disabled while the field is empty (the hasPrompt guard's twin on the page).
          { role: 'button', name: 'Enhance' },
          { kind: 'enhanceError', says: "the last failure's message (the limit's included), else none" },
        ],
        ignores: [{ events: ['enhance.undo'], why: 'Nothing was enhanced: Undo shows only after Enhance.' }],
      }),
      on: {
        'enhance.start': {
          guard: 'hasPrompt',
          target: 'enhancing',
          actions: assign({ typed: ({ event }) => event.prompt, error: null }),
        },
      },
    },
    enhancing: {
      description: 'Asking the server for a richer prompt',
      tags: ['busy'],
      meta: facts({
        rules: ['ENHANCE-1'],
        sees: [{ role: 'button', name: 'Enhancing...', state: 'disabled' }],
        ignores: [
          {
            events: ['enhance.start', 'enhance.undo'],
            why: 'The suggestion is on its way: the button is disabled until the server answers.',
          },
        ],
      }),
      invoke: {
        id: 'enhancePrompt',
        src: 'enhancePrompt',
        input: ({ context }) => ({ toolKey: context.toolKey, prompt: context.typed }),
        onDone: {
          target: 'enhanced',
          actions: [
            assign({ source: ({ event }) => event.output.source }),
            { type: 'fillPrompt', params: ({ event }) => ({ prompt: event.output.prompt }) },
          ],
        },
        onError: {
          target: 'ready',
          actions: assign({ error: ({ event }) => messageOf(event.error, ENHANCE_FAILED) }),
        },
      },
    },
    enhanced: {
      description: 'The richer prompt is in the field, to read and edit; Undo puts back what was typed',
      meta: facts({
        rules: ['ENHANCE-2', 'ENHANCE-4'],
        sees: [
          { role: 'button', name: 'Undo', state: 'enabled' },
          { role: 'button', name: 'Enhance' },
          { kind: 'enhanceSource', says: "'Offline suggestion' when the word table wrote it" },
        ],
      }),
      on: {
        'enhance.undo': {
          target: 'ready',
          actions: [
            { type: 'fillPrompt', params: ({ context }) => ({ prompt: context.typed }) },
            assign({ source: null }),
          ],
          meta: facts({ rules: ['ENHANCE-4'] }),
        },
        'enhance.start': {
          guard: 'hasPrompt',
          target: 'enhancing',
          actions: assign({ typed: ({ event }) => event.prompt, error: null }),
        },
      },
    },
  },
});

export type EnhanceMachine = typeof enhanceMachine;
